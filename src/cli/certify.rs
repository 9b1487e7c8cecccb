//! The solver a command uses (`--solver`), and certificates: for a puzzle, its formula plus the
//! answer's blocking clause, refuted by a DRAT proof from a fresh solver; for a CNF, the formula
//! itself. Every proof is checked in process by satpuz's own checker before anything is said.
//! Shared by `prove`, `solve --certify` and `cross-check`.

use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use clap::Args;
use satpuz::cnf::dimacs::write_cnf;
use satpuz::cnf::{ClauseSink, Cnf, Lit};
use satpuz::puzzles::hooks::Connectivity;
use satpuz::puzzles::{Instance, Purpose, Puzzle};
use satpuz::solve::external::{SolverChoice, UnknownSolver};
use satpuz::solve::proof::{DratFormat, ProofStats, check_drat};
use satpuz::solve::{Verdict, blocking_clause};
use serde_json::Value;

use super::input::{SettingFlags, escape};
use super::output::OutputFile;
use super::solve::{signed_model, v_lines};

/// `--solver`: which SAT solver answers.
#[derive(Debug, Clone, Default, Args)]
pub struct SolverFlags {
    /// The SAT solver: varisat (in process, the default), minisat, cadical or kissat (run as
    /// processes: they must be on the PATH; cadical and kissat in process when built with the
    /// cargo feature of their name), or cmd:"PROGRAM ARGS" ({in}: the formula's file,
    /// appended if absent; {out}: a minisat-style result file, else competition `s`/`v` lines are
    /// read from standard output; {proof}: where it writes DRAT, for `prove`).
    #[arg(long, value_name = "SOLVER", value_parser = parse_solver)]
    pub solver: Option<SolverChoice>,
}

fn parse_solver(text: &str) -> Result<SolverChoice, UnknownSolver> {
    SolverChoice::parse(text)
}

impl SolverFlags {
    /// The solver chosen (varisat unless one was named).
    pub fn choice(&self) -> SolverChoice {
        self.solver.clone().unwrap_or_default()
    }

    /// The line saying which external solver answered and how long it took; None for varisat.
    pub fn note(&self, time: Duration) -> Option<String> {
        let how = match self.choice() {
            SolverChoice::Varisat => return None,
            SolverChoice::Program(_) => "external process",
            #[cfg(feature = "kissat")]
            SolverChoice::Kissat => "in process",
            #[cfg(feature = "cadical")]
            SolverChoice::Cadical => "in process",
        };
        Some(format!(
            "solver: {} ({how}), {:.1} ms in all",
            self.choice().name(),
            time.as_secs_f64() * 1e3
        ))
    }
}

/// A checked certificate.
pub struct Certificate {
    /// The refuted formula: the puzzle's CNF plus the answer's blocking clause, or the CNF.
    pub refuted: Cnf,
    /// What its refutation shows.
    pub claim: &'static str,
    /// The answer (puzzles with one), as JSON.
    pub answer: Option<Value>,
    /// The answer's full model of the formula without the blocking clause (checked to satisfy
    /// every clause): with the refutation, "exactly one answer".
    pub model: Option<Vec<bool>>,
    /// The DRAT proof as the solver wrote it.
    pub proof: Vec<u8>,
    /// Text or binary.
    pub format: DratFormat,
    /// What the checker found in it.
    pub stats: ProofStats,
    /// The solver that wrote the proof.
    pub solver: String,
    /// Notes on how the formula was built (Hooks' eager connectivity).
    pub notes: Vec<String>,
    /// Time spent solving and proving (the check excluded).
    pub solver_time: Duration,
}

/// What certification found.
pub enum Outcome {
    /// Unique (or no solution, or an UNSAT CNF), with its certificate.
    Certified(Box<Certificate>),
    /// More than one answer: nothing to certify.
    Multiple,
    /// A satisfiable CNF: no refutation exists.
    Satisfiable,
}

/// The puzzle's formula, built to state every rule in the CNF: a Hooks puzzle with the
/// connectivity rule is rebuilt with eager connectivity unless `--connect` was given (a lazy
/// formula is then refused by `incomplete`). Notes say what was changed.
pub fn self_contained(
    puzzle: &dyn Puzzle,
    settings: &SettingFlags,
) -> anyhow::Result<(Box<dyn Instance>, Vec<String>)> {
    let mut opts = settings.options();
    let inst = puzzle.build(&opts, Purpose::Export)?;
    if inst.incomplete().is_none() || settings.connect.is_some() {
        return Ok((inst, Vec::new()));
    }
    opts.connect = Connectivity::Eager;
    let note = "built with --connect eager: reachability (and for GCD clues the nogoods a solve \
                needs, each forbidding one line word with another GCD) is in the CNF, so the \
                refutation alone implies the claim (lazy cuts would certify nothing)";
    Ok((
        puzzle.build(&opts, Purpose::Export)?,
        vec![note.to_string()],
    ))
}

/// Certifies a puzzle's verdict with `solver`: builds its self-contained formula, solves it,
/// blocks the answer and refutes the rest.
pub fn certify_puzzle(
    puzzle: &dyn Puzzle,
    settings: &SettingFlags,
    solver: &SolverChoice,
) -> anyhow::Result<Outcome> {
    let start = Instant::now();
    let (mut inst, notes) = self_contained(puzzle, settings)?;
    if let Some(why) = inst.incomplete() {
        bail!("cannot certify `{}`: {why}", escape(&puzzle.name()));
    }
    // Cloned before solving: enumeration declares an activation variable that the refuted
    // formula does not need.
    let mut cnf = inst.cnf().clone();
    let mut backend = solver.backend(inst.cnf());
    let verdict = inst.solve_unique_on(&mut *backend)?;
    drop(backend);
    let (claim, answer, model) = match verdict {
        Verdict::Multiple(..) => return Ok(Outcome::Multiple),
        Verdict::Unsat => ("the puzzle has no solution", None, None),
        Verdict::Unique(model) => {
            // The witness half of "exactly one": the model satisfies the formula itself.
            if let Some(i) = cnf.first_violated(&model) {
                bail!(
                    "{}'s model breaks clause {} of the formula: not a model",
                    solver,
                    i + 1
                );
            }
            let answer = inst.answer(&model)?.value();
            let block = blocking_clause(&cnf.primary, cnf.primary_one_hot, &model);
            cnf.add_clause(&block);
            ("the answer is unique", Some(answer), Some(model))
        }
    };
    let mut cert = refute(cnf, claim, solver, start)?
        .context("the solver found one answer, then a second one while refuting it")?;
    cert.answer = answer;
    cert.model = model;
    cert.notes = notes;
    Ok(Outcome::Certified(Box::new(cert)))
}

/// Certifies that a CNF is unsatisfiable with `solver`.
pub fn certify_cnf(cnf: Cnf, solver: &SolverChoice) -> anyhow::Result<Outcome> {
    Ok(
        match refute(cnf, "the formula is unsatisfiable", solver, Instant::now())? {
            Some(cert) => Outcome::Certified(Box::new(cert)),
            None => Outcome::Satisfiable,
        },
    )
}

/// The solver's refutation of `cnf`, checked; None when `cnf` is satisfiable.
fn refute(
    cnf: Cnf,
    claim: &'static str,
    solver: &SolverChoice,
    start: Instant,
) -> anyhow::Result<Option<Certificate>> {
    let Some(proof) = solver.refute(&cnf)? else {
        return Ok(None);
    };
    let solver_time = start.elapsed();
    let clauses: Vec<Vec<Lit>> = cnf.clauses.iter().map(<[Lit]>::to_vec).collect();
    let format = DratFormat::detect(&proof);
    let stats = check_drat(&clauses, &proof)
        .with_context(|| format!("satpuz's checker rejected {solver}'s proof"))?;
    Ok(Some(Certificate {
        refuted: cnf,
        claim,
        answer: None,
        model: None,
        proof,
        format,
        stats,
        solver: solver.name().to_string(),
        notes: Vec::new(),
        solver_time,
    }))
}

/// The files of a certificate directory.
pub const REFUTED: &str = "refuted.cnf";
/// The proof's file in a certificate directory.
pub const PROOF: &str = "proof.drat";
/// The answer and its model in a certificate directory.
pub const ANSWER: &str = "answer.txt";

/// The planned files of `--certify DIR` (a missing directory is made when they are written;
/// files in it are refused when they exist, unless `force`).
pub fn plan_dir(dir: &Path, force: bool) -> anyhow::Result<Vec<OutputFile>> {
    OutputFile::plan_in_dir(dir, &[REFUTED, PROOF, ANSWER], "--certify", force)
}

/// Writes the certificate into the planned files: the refuted formula, the proof, and the
/// answer with its model (competition `v` lines), all staged before any is put in place.
pub fn write_dir(files: &[OutputFile], cert: &Certificate) -> anyhow::Result<()> {
    let [refuted, proof, answer] = files else {
        bail!("a certificate directory has three files");
    };
    let mut refuted_cnf = cert.refuted.clone();
    refuted_cnf.primary.clear(); // the refuted formula has no projection to speak of
    let comments = [format!("refuted formula: {}", cert.claim)];
    let mut answer_text = format!("c {}\n", cert.claim);
    if let Some(a) = &cert.answer {
        answer_text.push_str(&format!("c answer {a}\n"));
    }
    if let Some(m) = &cert.model {
        answer_text
            .push_str("c a model of the formula without the blocking clause\ns SATISFIABLE\n");
        answer_text.push_str(&v_lines(&signed_model(m)));
    }
    let staged = [
        refuted.stage(|f| write_cnf(&refuted_cnf, &comments, f))?,
        proof.stage(|f| f.write_all(&cert.proof))?,
        answer.stage(|f| f.write_all(answer_text.as_bytes()))?,
    ];
    for file in staged {
        file.commit()?;
    }
    Ok(())
}

/// One line on a checked certificate.
pub fn summary(cert: &Certificate) -> String {
    format!(
        "{}: certified. {} DRAT refutation ({}) of the {} clauses: {}; checked by satpuz's \
         forward checker",
        cert.claim,
        cert.solver,
        cert.format.name(),
        cert.refuted.num_clauses(),
        cert.stats.summary()
    )
}
