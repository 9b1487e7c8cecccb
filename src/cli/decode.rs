//! `satpuz decode`: read an external solver's model back into puzzle terms.

use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;
use satpuz::cnf::dimacs::{SolverOutput, parse_model};
use serde_json::json;

use super::input::{load_grid, prepare, read_source};
use super::output::{out, outln};
use super::{EXIT_NO_SOLUTION, EXIT_OK, EncodeFlags};

#[derive(Debug, Args)]
pub struct DecodeCmd {
    /// The puzzle the CNF was exported from (built-in name or .json), with the same encoding flags.
    pub puzzle: String,
    /// The solver's output: minisat's result file (`SAT` + literals), or `s`/`v` lines; `-` for stdin.
    #[arg(long, value_name = "FILE")]
    pub model: String,
    /// Print the answer as JSON.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub flags: EncodeFlags,
}

impl DecodeCmd {
    pub fn run(self) -> anyhow::Result<ExitCode> {
        let (puzzle, _) = load_grid(&self.puzzle)?;
        let p = prepare(puzzle, self.flags.options())?;
        let bytes = read_source(&self.model)?;
        let text = String::from_utf8_lossy(&bytes);
        let values = match parse_model(&text).with_context(|| format!("model `{}`", self.model))? {
            SolverOutput::Unsat => {
                if self.json {
                    outln!("{:#}", json!({"satisfiable": false}))?;
                } else {
                    outln!("the solver reported UNSATISFIABLE: the puzzle has no solution")?;
                }
                return Ok(ExitCode::from(EXIT_NO_SOLUTION));
            }
            SolverOutput::Sat(values) => values,
        };
        let cnf = &p.encoded.cnf;
        if values.len() > cnf.num_vars() as usize {
            bail!(
                "the model mentions variable {} but the puzzle's CNF has {} variables: was it exported \
                 from another puzzle or with other --encoding/--amo flags?",
                values.len(),
                cnf.num_vars()
            );
        }
        if let Some(v) =
            (0..cnf.num_vars() as usize).find(|&i| values.get(i).copied().flatten().is_none())
        {
            bail!(
                "the model gives no value to variable {} of the puzzle's {}: it is truncated, or was \
                 exported from another puzzle or with other --encoding/--amo flags",
                v + 1,
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
                "the model violates clause {} ({} 0): it is not a model of this puzzle's CNF \
                 (another puzzle, or other --encoding/--amo flags?)",
                i + 1,
                lits.join(" ")
            );
        }
        let answer = p.answer(&assignment)?;
        if self.json {
            outln!(
                "{:#}",
                json!({"satisfiable": true, "solution": p.answer_json(&answer)})
            )?;
        } else {
            outln!("{}\n", p.header())?;
            out!("{}", p.render(&answer))?;
        }
        Ok(ExitCode::from(EXIT_OK))
    }
}
