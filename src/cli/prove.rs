//! `satpuz prove`: a checkable certificate for "unique" (or "no solution"), and
//! `satpuz check-drat` for any CNF + DRAT pair.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, bail};
use clap::Args;
use satpuz::cnf::Lit;
use satpuz::cnf::dimacs::{parse_cnf, write_cnf};
use satpuz::cnf::renumber::Renumbering;
use satpuz::report::{ProveReport, SCHEMA_VERSION, millis};
use satpuz::solve::proof::{DratFormat, check_drat, rename_drat};

use super::certify::{Certificate, Outcome, SolverFlags, certify_cnf, certify_puzzle, summary};
use super::input::{DIMACS, Input, PuzzleArgs, escape, read_source, resolve, single};
use super::output::{OutputFile, eoutln, outln, plan_outputs};
use super::run::{Partial, RunFlags, supervise};
use super::{EXIT_MULTIPLE, EXIT_NO_SOLUTION, EXIT_NOT_VERIFIED, EXIT_OK, EXIT_SAT, print_json};

#[derive(Debug, Args)]
pub struct ProveCmd {
    #[command(flatten)]
    pub input: PuzzleArgs,
    /// Write the refuted formula (the puzzle's CNF plus the answer's blocking clause) here.
    #[arg(
        short = 'o',
        long = "output",
        visible_alias = "dimacs",
        value_name = "FILE"
    )]
    pub output: Option<PathBuf>,
    /// Write the DRAT proof here (check it with `satpuz check-drat`, or drat-trim).
    #[arg(long = "proof", visible_alias = "drat", value_name = "FILE")]
    pub proof: Option<PathBuf>,
    #[command(flatten)]
    pub solver: SolverFlags,
    /// Overwrite output files that exist.
    #[arg(long)]
    pub force: bool,
    /// Print the result as JSON (see `satpuz schema`).
    #[arg(long)]
    pub json: bool,
    /// Accept a DIMACS file whose clause count disagrees with its header (with a warning).
    #[arg(long, help_heading = DIMACS)]
    pub lenient: bool,
    #[command(flatten)]
    pub run: RunFlags,
}

#[derive(Debug, Args)]
pub struct CheckDratCmd {
    /// The formula (DIMACS).
    pub cnf: String,
    /// The DRAT proof (text or binary, told apart by its bytes) claiming the formula is UNSAT.
    pub drat: String,
    /// Accept a formula whose clause count disagrees with its header (with a warning).
    #[arg(long)]
    pub lenient: bool,
    #[command(flatten)]
    pub run: RunFlags,
}

impl ProveCmd {
    pub fn run(self) -> anyhow::Result<ExitCode> {
        // Every refusal before any work: a file that exists, in no directory, or named twice.
        let named: Vec<_> = [(&self.output, "--output"), (&self.proof, "--proof")]
            .into_iter()
            .filter_map(|(p, flag)| p.as_deref().map(|p| (p, flag)))
            .collect();
        let mut planned = plan_outputs(&named, self.force)?.into_iter();
        // In `named`'s order; lazily, so a flag left out takes no other flag's file.
        let dimacs_out = self.output.as_ref().and_then(|_| planned.next());
        let drat_out = self.proof.as_ref().and_then(|_| planned.next());
        let partial = Partial::Nothing {
            what: "prove".into(),
            json: self.json,
        };
        supervise(self.run, partial, move || self.prove(dimacs_out, drat_out))
    }

    /// On the worker thread of [`supervise`], the outputs planned.
    fn prove(
        self,
        dimacs_out: Option<OutputFile>,
        drat_out: Option<OutputFile>,
    ) -> anyhow::Result<ExitCode> {
        let start = Instant::now();
        let solver = self.solver.choice();
        let (outcome, name, family) = match resolve(&self.input, self.lenient)? {
            Input::Puzzles {
                family,
                puzzles,
                origin,
            } => {
                let puzzle = single(puzzles, &origin)?;
                let outcome = certify_puzzle(puzzle.as_ref(), &self.input.settings, &solver)?;
                (outcome, puzzle.name(), family.name().to_string())
            }
            Input::Cnf { mut parsed, origin } => {
                let renumbering = Renumbering::compact_sparse(&mut parsed.cnf);
                let mut outcome = certify_cnf(parsed.cnf, &solver)?;
                if let (Some(mut renumbering), Outcome::Certified(cert)) =
                    (renumbering, &mut outcome)
                {
                    in_file_ids(cert, &mut renumbering)?;
                }
                (outcome, origin, "cnf".to_string())
            }
        };
        let cert = match outcome {
            Outcome::Certified(cert) => cert,
            Outcome::Multiple => {
                outln!("not unique: the puzzle has more than one solution, nothing to certify")?;
                return Ok(ExitCode::from(EXIT_MULTIPLE));
            }
            Outcome::Satisfiable => {
                outln!("satisfiable: there is no refutation to certify")?;
                return Ok(ExitCode::from(EXIT_SAT));
            }
        };
        let exit = if cert.claim.contains("no solution") {
            EXIT_NO_SOLUTION
        } else {
            EXIT_OK
        };
        // Both files written in full before either is put in place.
        let mut staged = Vec::new();
        if let Some(out) = &dimacs_out {
            let mut cnf = cert.refuted.clone();
            cnf.primary.clear(); // the refuted formula has no projection to speak of
            let comments = [format!("refuted formula: {}", cert.claim)];
            staged.push(out.stage(|f| write_cnf(&cnf, &comments, f))?);
        }
        if let Some(out) = &drat_out {
            staged.push(out.stage(|f| f.write_all(&cert.proof))?);
        }
        for file in staged {
            file.commit()?;
        }
        let report = ProveReport {
            schema_version: SCHEMA_VERSION,
            puzzle: name,
            family,
            claim: cert.claim.to_string(),
            certified: true,
            answer: cert.answer.clone(),
            variables: cert.refuted.num_vars(),
            clauses: cert.refuted.num_clauses(),
            lemmas: cert.stats.lemmas,
            rat_lemmas: cert.stats.rat_lemmas,
            deletions: cert.stats.deletions,
            time_ms: millis(start.elapsed()),
        };
        if self.json {
            print_json(&report)?;
        } else {
            for note in &cert.notes {
                outln!("{note}")?;
            }
            if let Some(note) = self.solver.note(cert.solver_time) {
                outln!("{note}")?;
            }
            outln!("{}", summary(&cert))?;
        }
        Ok(ExitCode::from(exit))
    }
}

impl CheckDratCmd {
    pub fn run(self) -> anyhow::Result<ExitCode> {
        let partial = Partial::Nothing {
            what: "check-drat".into(),
            json: false,
        };
        supervise(self.run, partial, move || self.check())
    }

    fn check(self) -> anyhow::Result<ExitCode> {
        if self.cnf == "-" && self.drat == "-" {
            bail!("the formula and the proof both say `-`: standard input can be read once");
        }
        let bytes = read_source(&self.cnf)?;
        let parsed = parse_cnf(&bytes, self.lenient).with_context(|| escape(&self.cnf))?;
        for w in &parsed.warnings {
            eoutln!("warning: {}: {w}", escape(&self.cnf));
        }
        let proof = read_source(&self.drat)?;
        let clauses: Vec<Vec<Lit>> = parsed.cnf.clauses.iter().map(<[Lit]>::to_vec).collect();
        match check_drat(&clauses, &proof) {
            Ok(stats) => {
                outln!(
                    "s VERIFIED: {} ({} DRAT)",
                    stats.summary(),
                    DratFormat::detect(&proof).name()
                )?;
                Ok(ExitCode::from(EXIT_OK))
            }
            Err(e) => {
                outln!(
                    "s NOT VERIFIED: {}: {}",
                    escape(&self.drat),
                    escape(&e.to_string())
                )?;
                Ok(ExitCode::from(EXIT_NOT_VERIFIED))
            }
        }
    }
}

/// A certificate for a renumbered formula (the solver saw its variables as `1..`, see
/// [`Renumbering`]) given back in the file's variables: the refuted formula and the proof
/// that `--output` and `--proof` write.
fn in_file_ids(cert: &mut Certificate, renumbering: &mut Renumbering) -> anyhow::Result<()> {
    cert.refuted = renumbering
        .restore(&cert.refuted)
        .context("the refuted formula names a variable the file does not")?;
    cert.proof = rename_drat(&cert.proof, |l| renumbering.original_lit(l))
        .context("giving the proof back in the file's variables")?;
    cert.notes.push(format!(
        "the solver saw the {} variables the file mentions as 1 to {}; the proof is given back \
         in the file's variables",
        renumbering.mentioned(),
        renumbering.mentioned()
    ));
    Ok(())
}
