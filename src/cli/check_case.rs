//! `satpuz inquest --certify DIR` writes a dealt case's certificate; `satpuz check-case DIR`
//! checks it without a solver: the answer and one witness arrangement per statement by
//! evaluating the statements, uniqueness by the DRAT proof against the formula re-encoded from
//! the case file.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use satpuz::cnf::dimacs::{parse_cnf, write_cnf};
use satpuz::puzzles::inquest::certify::{CaseCertificate, case_puzzle, certify_case, check_case};

use super::output::{OutputFile, outln};
use super::run::{Partial, RunFlags, supervise};
use super::{EXIT_NOT_VERIFIED, EXIT_OK};

/// The files of a case certificate directory, in the order they are planned and written.
const FILES: [&str; 4] = ["case.json", "certificate.json", "refuted.cnf", "proof.drat"];

/// The planned files of `inquest --certify DIR` (a missing directory is made when they are
/// written).
pub fn plan_case_dir(dir: &Path, force: bool) -> anyhow::Result<Vec<OutputFile>> {
    OutputFile::plan_in_dir(dir, &FILES, "--certify", force)
}

/// Certifies the case file `case_json`, checks the certificate as `check-case` will, and
/// writes the four files (all staged before any is put in place). Returns a line to print.
pub fn write_case_certificate(files: &[OutputFile], case_json: &str) -> anyhow::Result<String> {
    let puzzle = case_puzzle(case_json).context("the case file")?;
    let certified = certify_case(&puzzle).context("certifying the case")?;
    let checked = check_case(
        &puzzle,
        &certified.certificate,
        &certified.refuted,
        certified.proof.as_bytes(),
    )
    .context("satpuz's own check rejected the certificate it wrote")?;
    let certificate = serde_json::to_string_pretty(&certified.certificate)?;
    let comments = [format!(
        "the case's formula (one-hot, pairwise) plus the answer's blocking clause: {}",
        certified.certificate.claim
    )];
    let [case, cert, cnf, proof] = files else {
        anyhow::bail!("a case certificate has four files");
    };
    let staged = [
        case.stage(|f| writeln!(f, "{case_json}"))?,
        cert.stage(|f| writeln!(f, "{certificate}"))?,
        cnf.stage(|f| write_cnf(&certified.refuted, &comments, f))?,
        proof.stage(|f| f.write_all(certified.proof.as_bytes()))?,
    ];
    for file in staged {
        file.commit()?;
    }
    let dir = case.path().parent().unwrap_or(Path::new("."));
    Ok(format!(
        "certificate written to {}/: unique ({}), {} witnesses, one per statement (check it: \
         satpuz check-case {})",
        dir.display(),
        checked.proof.summary(),
        checked.statements,
        dir.display()
    ))
}

#[derive(Debug, Args)]
pub struct CheckCaseCmd {
    /// The directory `satpuz inquest --certify DIR` wrote (case.json, certificate.json,
    /// refuted.cnf, proof.drat).
    pub dir: PathBuf,
    #[command(flatten)]
    pub run: RunFlags,
}

impl CheckCaseCmd {
    pub fn run(self) -> anyhow::Result<ExitCode> {
        let partial = Partial::Nothing {
            what: "check-case".into(),
            json: false,
        };
        supervise(self.run, partial, move || self.check())
    }

    fn check(self) -> anyhow::Result<ExitCode> {
        let read = |name: &str| {
            let path = self.dir.join(name);
            std::fs::read(&path).with_context(|| format!("reading `{}`", path.display()))
        };
        let [case, cert, cnf, proof] = FILES.map(read);
        let (case, cert, cnf, proof) = (case?, cert?, cnf?, proof?);
        let shown = |name: &str| self.dir.join(name).display().to_string();
        let puzzle =
            case_puzzle(&String::from_utf8_lossy(&case)).with_context(|| shown("case.json"))?;
        let certificate: CaseCertificate =
            serde_json::from_slice(&cert).with_context(|| shown("certificate.json"))?;
        let refuted = parse_cnf(&cnf, false)
            .with_context(|| shown("refuted.cnf"))?
            .cnf;
        match check_case(&puzzle, &certificate, &refuted, &proof) {
            Ok(checked) => {
                outln!(
                    "s VERIFIED: {} statements: the answer fits them all, and each has a witness \
                     arrangement fitting every other statement (checked by evaluation); only \
                     one arrangement fits (the DRAT proof, against the formula re-encoded from \
                     case.json: {})",
                    checked.statements,
                    checked.proof.summary()
                )?;
                Ok(ExitCode::from(EXIT_OK))
            }
            Err(e) => {
                outln!("s NOT VERIFIED: {e}")?;
                Ok(ExitCode::from(EXIT_NOT_VERIFIED))
            }
        }
    }
}
