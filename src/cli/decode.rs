//! `satpuz decode`: read an external solver's model back into puzzle terms (any family).

use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;
use satpuz::cnf::dimacs::{SolverOutput, parse_model};
use satpuz::puzzles::Purpose;
use satpuz::report::{DecodeReport, SCHEMA_VERSION};

use super::input::{Input, PuzzleArgs, escape, read_source, resolve, single};
use super::output::{out, outln};
use super::{EXIT_NO_SOLUTION, EXIT_OK, print_json};

#[derive(Debug, Args)]
pub struct DecodeCmd {
    /// The puzzle the CNF was exported from, given as to `encode` (same flags).
    #[command(flatten)]
    pub input: PuzzleArgs,
    /// The solver's output: minisat's result file (`SAT` + literals), or `s`/`v` lines; `-` for
    /// standard input.
    #[arg(long, value_name = "FILE")]
    pub model: String,
    /// Print the answer as JSON (see `satpuz schema`).
    #[arg(long)]
    pub json: bool,
}

impl DecodeCmd {
    pub fn run(self) -> anyhow::Result<ExitCode> {
        let stdin_puzzle = self.input.puzzle == "-" || self.input.text.as_deref() == Some("-");
        if stdin_puzzle && self.model == "-" {
            bail!(
                "the puzzle and --model both say `-`: standard input can be read once; give one \
                 of them as a file"
            );
        }
        let (family, puzzle, origin) = match resolve(&self.input, false)? {
            Input::Puzzles {
                family,
                puzzles,
                origin,
            } => (family, single(puzzles, &origin)?, origin),
            Input::Cnf { origin, .. } => bail!(
                "`{}` is a DIMACS file; decode needs the puzzle the CNF was exported from (a \
                 built-in name or its .json, with the same encoding flags)",
                escape(&origin)
            ),
        };
        let opts = self.input.settings.options();
        let inst = puzzle.build(&opts, Purpose::Export)?;
        let shown = if self.model == "-" {
            "<stdin>".to_string()
        } else {
            escape(&self.model)
        };
        let place = format!("model `{shown}`");
        let bytes = read_source(&self.model).with_context(|| place.clone())?;
        let text = String::from_utf8_lossy(&bytes);
        let output = parse_model(&text).with_context(|| place.clone())?;
        let report = |answer: Option<serde_json::Value>| DecodeReport {
            schema_version: SCHEMA_VERSION,
            puzzle: puzzle.name(),
            family: family.name().to_string(),
            satisfiable: answer.is_some(),
            answer,
        };
        let values = match output {
            SolverOutput::Unsat => {
                if self.json {
                    print_json(&report(None))?;
                } else {
                    outln!(
                        "{place}: the solver reported UNSATISFIABLE: the puzzle has no solution"
                    )?;
                }
                return Ok(ExitCode::from(EXIT_NO_SOLUTION));
            }
            SolverOutput::Sat(values) => values,
        };
        let cnf = inst.cnf();
        let flags = opts.flags(family.settings());
        let other = if flags.is_empty() {
            "another puzzle".to_string()
        } else {
            format!("another puzzle, or with other flags than {flags}")
        };
        if values.len() > cnf.num_vars() as usize {
            bail!(
                "{place}: mentions variable {} but {}'s CNF has {} variables: was it exported from \
                 {other}?",
                values.len(),
                origin,
                cnf.num_vars()
            );
        }
        if let Some(v) =
            (0..cnf.num_vars() as usize).find(|&i| values.get(i).copied().flatten().is_none())
        {
            bail!(
                "{place}: gives no value to variable {} of {}'s {}: it is truncated, or was \
                 exported from {other}",
                v + 1,
                origin,
                cnf.num_vars()
            );
        }
        let assignment: Vec<bool> = values.iter().map(|v| v.unwrap_or(false)).collect();
        if let Some(i) = cnf.first_violated(&assignment) {
            let lits: Vec<String> = cnf
                .clauses
                .get(i)
                .iter()
                .map(|l| l.to_ipasir().to_string())
                .collect();
            bail!(
                "{place}: violates clause {} ({} 0): it is not a model of {}'s CNF (exported from \
                 {other}?)",
                i + 1,
                lits.join(" "),
                origin
            );
        }
        let answer = inst.answer(&assignment).with_context(|| place.clone())?;
        if self.json {
            print_json(&report(Some(answer.value())))?;
        } else {
            outln!(
                "{}\n{}: {} variables, {} clauses\n",
                puzzle.summary(),
                if flags.is_empty() {
                    "as exported"
                } else {
                    &flags
                },
                cnf.num_vars(),
                cnf.num_clauses()
            )?;
            out!("{}", answer.text())?;
        }
        Ok(ExitCode::from(EXIT_OK))
    }
}
