//! `satpuz prove`: a checkable certificate for "unique" (or "no solution"), and
//! `satpuz check-drat` for any CNF + DRAT pair.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, bail};
use clap::Args;
use satpuz::cnf::dimacs::{parse_cnf, write_cnf};
use satpuz::cnf::{ClauseSink, Lit};
use satpuz::puzzles::Purpose;
use satpuz::report::{ProveReport, SCHEMA_VERSION, millis};
use satpuz::solve::proof::{check_drat, drat_refutation};
use satpuz::solve::{Verdict, blocking_clause};

use super::input::{DIMACS, Input, PuzzleArgs, escape, read_source, resolve, single};
use super::output::{OutputFile, eoutln, outln, plan_outputs};
use super::run::{Partial, RunFlags, supervise};
use super::{EXIT_MULTIPLE, EXIT_NO_SOLUTION, EXIT_NOT_VERIFIED, EXIT_OK, EXIT_SAT, print_json};

#[derive(Debug, Args)]
pub struct ProveCmd {
    #[command(flatten)]
    pub input: PuzzleArgs,
    /// Write the refuted formula (the puzzle's CNF plus the answer's blocking clause) here.
    #[arg(long, value_name = "FILE")]
    pub dimacs: Option<PathBuf>,
    /// Write the DRAT proof here (check it with `satpuz check-drat`, or drat-trim).
    #[arg(long, value_name = "FILE")]
    pub drat: Option<PathBuf>,
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
    /// The DRAT proof (text format) claiming the formula is UNSAT.
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
        let start = Instant::now();
        // The formula to refute, and what its refutation means.
        let (mut cnf, claim, exit, name, family, answer) = match resolve(&self.input, self.lenient)?
        {
            Input::Puzzles {
                family,
                puzzles,
                origin,
            } => {
                let puzzle = single(puzzles, &origin)?;
                let opts = self.input.settings.options();
                let mut inst = puzzle.build(&opts, Purpose::Export)?;
                if let Some(why) = inst.incomplete() {
                    bail!("cannot certify `{}`: {why}", escape(&origin));
                }
                // Cloned before solving: enumeration declares an activation variable that the
                // refuted formula does not need.
                let mut cnf = inst.cnf().clone();
                let name = puzzle.name();
                let family = family.name().to_string();
                match inst.solve_unique()? {
                    Verdict::Unique(model) => {
                        let answer = inst.answer(&model)?.value();
                        let block = blocking_clause(&cnf.primary, cnf.primary_one_hot, &model);
                        cnf.add_clause(&block);
                        (
                            cnf,
                            "the answer is unique",
                            EXIT_OK,
                            name,
                            family,
                            Some(answer),
                        )
                    }
                    Verdict::Unsat => (
                        cnf,
                        "the puzzle has no solution",
                        EXIT_NO_SOLUTION,
                        name,
                        family,
                        None,
                    ),
                    Verdict::Multiple(..) => {
                        outln!(
                            "not unique: the puzzle has more than one solution, nothing to certify"
                        )?;
                        return Ok(ExitCode::from(EXIT_MULTIPLE));
                    }
                }
            }
            Input::Cnf { parsed, origin } => (
                parsed.cnf,
                "the formula is unsatisfiable",
                EXIT_OK,
                origin,
                "cnf".to_string(),
                None,
            ),
        };
        let Some(proof) = drat_refutation(&cnf, &[])? else {
            outln!("satisfiable: there is no refutation to certify")?;
            return Ok(ExitCode::from(EXIT_SAT));
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
        let report = ProveReport {
            schema_version: SCHEMA_VERSION,
            puzzle: name,
            family,
            claim: claim.to_string(),
            certified: true,
            answer,
            variables: cnf.num_vars(),
            clauses: cnf.num_clauses(),
            lemmas: stats.lemmas,
            rat_lemmas: stats.rat_lemmas,
            deletions: stats.deletions,
            time_ms: millis(start.elapsed()),
        };
        if self.json {
            print_json(&report)?;
        } else {
            outln!(
                "{claim}: certified. DRAT refutation of the {} clauses: {} lemmas ({} RAT), {} \
                 deletions; checked by satpuz's forward checker",
                report.clauses,
                report.lemmas,
                report.rat_lemmas,
                report.deletions
            )?;
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
        let proof_bytes = read_source(&self.drat)?;
        let proof = std::str::from_utf8(&proof_bytes)
            .with_context(|| format!("{}: not a text DRAT proof", escape(&self.drat)))?;
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
