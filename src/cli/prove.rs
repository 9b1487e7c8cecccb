//! `satpuz prove`: a checkable certificate for "unique" (or "no solution"), and
//! `satpuz check-drat` for any CNF + DRAT pair.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use satpuz::cnf::dimacs::{parse_cnf, write_cnf};
use satpuz::cnf::{ClauseSink, Cnf, Lit};
use satpuz::solve::proof::{ProofStats, check_drat, drat_refutation};
use satpuz::solve::{Varisat, Verdict, solve_unique};
use serde_json::json;

use super::input::{Input, load, prepare, read_source};
use super::output::{OutputFile, outln, plan_outputs};
use super::run::{Partial, RunFlags, supervise};
use super::{EXIT_INPUT, EXIT_MULTIPLE, EXIT_NO_SOLUTION, EXIT_OK, EncodeFlags};

#[derive(Debug, Args)]
pub struct ProveCmd {
    /// Built-in puzzle name, puzzle file (.json), DIMACS file, or `-` for standard input.
    pub puzzle: String,
    /// Write the refuted formula (the puzzle's CNF plus the answer's blocking clause) here.
    #[arg(long, value_name = "FILE")]
    pub dimacs: Option<PathBuf>,
    /// Write the DRAT proof here (check it with `satpuz check-drat`, or drat-trim).
    #[arg(long, value_name = "FILE")]
    pub drat: Option<PathBuf>,
    /// Overwrite output files that exist.
    #[arg(long)]
    pub force: bool,
    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub flags: EncodeFlags,
    #[command(flatten)]
    pub run: RunFlags,
}

#[derive(Debug, Args)]
pub struct CheckDratCmd {
    /// The formula (DIMACS).
    pub cnf: String,
    /// The DRAT proof (text format) claiming the formula is UNSAT.
    pub drat: String,
    #[command(flatten)]
    pub run: RunFlags,
}

impl ProveCmd {
    pub fn run(self) -> anyhow::Result<ExitCode> {
        // Every refusal before any work: a file that exists, in no directory, or named twice.
        let named: Vec<_> = [(&self.dimacs, "--dimacs"), (&self.drat, "--drat")]
            .into_iter()
            .filter_map(|(p, flag)| p.as_deref().map(|p| (p, flag)))
            .collect();
        let mut planned = plan_outputs(&named, self.force)?.into_iter();
        let dimacs_out = self.dimacs.as_ref().and(planned.next());
        let drat_out = self.drat.as_ref().and(planned.next());
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
        // The formula to refute, and what its refutation means.
        let (mut cnf, claim, exit) = match load(&self.puzzle, false)? {
            Input::Grid { puzzle, .. } => {
                let mut p = prepare(puzzle, self.flags.options())?;
                let mut solver = Varisat::with_cnf(&p.encoded.cnf);
                match solve_unique(&mut p.encoded.cnf, &mut solver)? {
                    Verdict::Unique(model) => {
                        let values = p.encoded.decode(&model).context("decoding the answer")?;
                        let block = p.encoded.blocking_clause(&values);
                        let mut cnf = p.encoded.cnf.clone();
                        cnf.add_clause(&block);
                        (cnf, "the answer is unique", EXIT_OK)
                    }
                    Verdict::Unsat => (
                        p.encoded.cnf,
                        "the puzzle has no solution",
                        EXIT_NO_SOLUTION,
                    ),
                    Verdict::Multiple(..) => {
                        outln!(
                            "not unique: the puzzle has more than one solution, nothing to certify"
                        )?;
                        return Ok(ExitCode::from(EXIT_MULTIPLE));
                    }
                }
            }
            Input::Cnf { parsed, .. } => (parsed.cnf, "the formula is unsatisfiable", EXIT_OK),
        };
        let Some(proof) = drat_refutation(&cnf, &[])? else {
            outln!("satisfiable: there is no refutation to certify")?;
            return Ok(ExitCode::from(EXIT_NO_SOLUTION));
        };
        let clauses: Vec<Vec<Lit>> = cnf.clauses.iter().map(<[Lit]>::to_vec).collect();
        let stats =
            check_drat(&clauses, &proof).context("satpuz's checker rejected varisat's proof")?;
        // Both files written in full before either is put in place.
        let mut staged = Vec::new();
        if let Some(out) = &dimacs_out {
            cnf.primary.clear(); // the refuted formula has no projection to speak of
            let comments = [format!("refuted formula: {claim}")];
            staged.push(out.stage(|f| write_cnf(&cnf, &comments, f))?);
        }
        if let Some(out) = &drat_out {
            staged.push(out.stage(|f| f.write_all(proof.as_bytes()))?);
        }
        for file in staged {
            file.commit()?;
        }
        report(claim, &stats, &cnf, self.json)?;
        Ok(ExitCode::from(exit))
    }
}

fn report(claim: &str, stats: &ProofStats, cnf: &Cnf, as_json: bool) -> anyhow::Result<()> {
    if as_json {
        let v = json!({
            "claim": claim,
            "checked": true,
            "variables": cnf.num_vars(),
            "clauses": cnf.num_clauses(),
            "lemmas": stats.lemmas,
            "rat_lemmas": stats.rat_lemmas,
            "deletions": stats.deletions,
        });
        outln!("{v:#}")?;
    } else {
        outln!(
            "{claim}: certified. DRAT refutation of the {} clauses: {} lemmas ({} RAT), {} deletions; \
             checked by satpuz's forward checker",
            cnf.num_clauses(),
            stats.lemmas,
            stats.rat_lemmas,
            stats.deletions
        )?;
    }
    Ok(())
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
        let bytes = read_source(&self.cnf)?;
        let parsed = parse_cnf(&bytes, false).with_context(|| self.cnf.clone())?;
        let proof_bytes = read_source(&self.drat)?;
        let proof = std::str::from_utf8(&proof_bytes)
            .with_context(|| format!("{}: not a text DRAT proof", self.drat))?;
        let clauses: Vec<Vec<Lit>> = parsed.cnf.clauses.iter().map(<[Lit]>::to_vec).collect();
        match check_drat(&clauses, proof) {
            Ok(stats) => {
                outln!(
                    "s VERIFIED: {} lemmas ({} RAT), {} deletions",
                    stats.lemmas,
                    stats.rat_lemmas,
                    stats.deletions
                )?;
                Ok(ExitCode::from(EXIT_OK))
            }
            Err(e) => {
                outln!("s NOT VERIFIED: {}: {e}", self.drat)?;
                Ok(ExitCode::from(EXIT_INPUT))
            }
        }
    }
}
