//! `satpuz count`: the number of distinct solutions, by projected blocking clauses.

use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::bail;
use clap::Args;
use satpuz::cnf::Cnf;
use satpuz::puzzles::grid::answers::count_answers;
use satpuz::solve::Varisat;
use satpuz::solve::stop::{Enumerated, enumerate_until};
use serde_json::json;

use super::input::{Input, load_input, prepare_for_solving};
use super::output::outln;
use super::run::{self, Partial, RunFlags, stopped_name, stopped_words, supervise};
use super::{EXIT_NO_SOLUTION, EXIT_OK, EXIT_STOPPED, EncodeFlags};

#[derive(Debug, Args)]
pub struct CountCmd {
    /// Built-in puzzle name, puzzle file (.json), DIMACS file, or `-` for standard input.
    pub puzzle: String,
    /// Count every solution.
    #[arg(long)]
    pub all: bool,
    /// Stop after N solutions (the count is then a lower bound).
    #[arg(long, value_name = "N")]
    pub limit: Option<u64>,
    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
    /// Accept a DIMACS file whose clause count disagrees with its header (with a warning).
    #[arg(long)]
    pub lenient: bool,
    /// Read the puzzle from its text (`jindosh --text riddle.txt`, or `-` for standard input).
    #[arg(long, value_name = "FILE")]
    pub text: Option<String>,
    #[command(flatten)]
    pub flags: EncodeFlags,
    #[command(flatten)]
    pub hooks: super::hooks::HooksFlags,
    #[command(flatten)]
    pub run: RunFlags,
}

impl CountCmd {
    pub fn run(self) -> anyhow::Result<ExitCode> {
        if !self.all && self.limit.is_none() {
            bail!("say --all to count every solution, or --limit N to stop after N");
        }
        let partial = Partial::Count {
            name: self.puzzle.clone(),
            json: self.json,
        };
        supervise(self.run, partial, move || self.count())
    }

    /// On the worker thread of [`supervise`]: stops, with the count so far, when the run's
    /// stop condition says so.
    fn count(self) -> anyhow::Result<ExitCode> {
        if let Some(puzzle) = super::hooks::resolve(&self.puzzle, &self.hooks)? {
            // The Hooks count reports no progress: if stopped, there is no count to show.
            run::set_partial(Partial::Nothing {
                what: format!("count {}", self.puzzle),
                json: self.json,
            });
            return super::hooks::count(puzzle, &self.hooks, self.limit, self.json);
        }
        let input = load_input(&self.puzzle, self.lenient, self.text.as_deref())?;
        let start = Instant::now();
        let (counted, name, projected_on) = match input {
            Input::Grid { puzzle, .. } => {
                let p = prepare_for_solving(puzzle, self.flags.options())?;
                run::set_partial(Partial::Count {
                    name: p.puzzle.name.clone(),
                    json: self.json,
                });
                let n = p.encoded.cnf.primary.len();
                // No stop check inside count_answers yet: a stop ends it from supervise(), which
                // reports the answers counted so far.
                let found = count_answers(&p.grid, &p.encoded, self.limit, |_| run::found(1))?;
                let counted = Enumerated {
                    found,
                    stopped: None,
                };
                (counted, p.puzzle.name, format!("{n} puzzle variables"))
            }
            Input::Cnf { mut parsed, origin } => {
                let on = if parsed.cnf.primary.is_empty() {
                    format!("all {} variables", parsed.cnf.num_vars())
                } else {
                    format!("{} `c p show` variables", parsed.cnf.primary.len())
                };
                run::set_partial(Partial::Count {
                    name: origin.clone(),
                    json: self.json,
                });
                (count_cnf(&mut parsed.cnf, self.limit)?, origin, on)
            }
        };
        let elapsed = start.elapsed();
        let secs = elapsed.as_secs_f64();
        let count = counted.found;
        let complete = counted.stopped.is_none() && self.limit.is_none_or(|l| count < l);
        if self.json {
            let v = json!({
                "puzzle": name,
                "solutions": count,
                "complete": complete,
                "stopped": counted.stopped.map(stopped_name),
                "projected_on": projected_on,
                "time_ms": secs * 1e3,
            });
            outln!("{v:#}")?;
        } else {
            let bound = if complete { "" } else { "at least " };
            let after = run::stop().stopped_after().unwrap_or(elapsed);
            let stopped = counted
                .stopped
                .map_or(String::new(), |r| format!("{}; ", stopped_words(r, after)));
            outln!(
                "{name}: {bound}{count} solution(s) ({stopped}projected on {projected_on}; {:.1} ms)",
                secs * 1e3
            )?;
        }
        Ok(ExitCode::from(if counted.stopped.is_some() {
            EXIT_STOPPED
        } else if count == 0 {
            EXIT_NO_SOLUTION
        } else {
            EXIT_OK
        }))
    }
}

/// Counts a CNF's projected models until done, `limit`, or the run's stop condition.
fn count_cnf(cnf: &mut Cnf, limit: Option<u64>) -> anyhow::Result<Enumerated> {
    let mut solver = Varisat::with_cnf(cnf);
    let stop = run::stop();
    Ok(enumerate_until(cnf, &mut solver, limit, &stop, |_| {
        run::found(1);
        ControlFlow::Continue(())
    })?)
}
