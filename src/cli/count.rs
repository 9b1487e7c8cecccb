//! `satpuz count`: the number of distinct solutions, by projected blocking clauses.

use std::io::IsTerminal;
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::bail;
use clap::Args;
use satpuz::cnf::Cnf;
use satpuz::puzzles::grid::answers::count_answers;
use satpuz::solve::{Varisat, enumerate};
use serde_json::json;

use super::input::{Input, load_input, prepare_for_solving};
use super::{EXIT_NO_SOLUTION, EXIT_OK, EncodeFlags};

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
}

impl CountCmd {
    pub fn run(self) -> anyhow::Result<ExitCode> {
        if !self.all && self.limit.is_none() {
            bail!("say --all to count every solution, or --limit N to stop after N");
        }
        if let Some(puzzle) = super::hooks::resolve(&self.puzzle, &self.hooks)? {
            return super::hooks::count(puzzle, &self.hooks, self.limit, self.json);
        }
        let input = load_input(&self.puzzle, self.lenient, self.text.as_deref())?;
        let start = Instant::now();
        let (count, name, projected_on) = match input {
            Input::Grid { puzzle, .. } => {
                let p = prepare_for_solving(puzzle, self.flags.options())?;
                let n = p.encoded.cnf.primary.len();
                let mut progress = Progress::new();
                let count = count_answers(&p.grid, &p.encoded, self.limit, |_| progress.tick())?;
                progress.finish();
                (count, p.puzzle.name, format!("{n} puzzle variables"))
            }
            Input::Cnf { mut parsed, origin } => {
                let on = if parsed.cnf.primary.is_empty() {
                    format!("all {} variables", parsed.cnf.num_vars())
                } else {
                    format!("{} `c p show` variables", parsed.cnf.primary.len())
                };
                (
                    count_with_progress(&mut parsed.cnf, self.limit)?,
                    origin,
                    on,
                )
            }
        };
        let secs = start.elapsed().as_secs_f64();
        let complete = self.limit.is_none_or(|l| count < l);
        if self.json {
            let v = json!({
                "puzzle": name,
                "solutions": count,
                "complete": complete,
                "projected_on": projected_on,
                "time_ms": secs * 1e3,
            });
            println!("{v:#}");
        } else {
            let bound = if complete { "" } else { "at least " };
            println!(
                "{name}: {bound}{count} solution(s) (projected on {projected_on}; {:.1} ms)",
                secs * 1e3
            );
        }
        Ok(ExitCode::from(if count == 0 {
            EXIT_NO_SOLUTION
        } else {
            EXIT_OK
        }))
    }
}

/// Counts, printing a progress line to a terminal's stderr every second on long runs.
fn count_with_progress(cnf: &mut Cnf, limit: Option<u64>) -> anyhow::Result<u64> {
    let mut solver = Varisat::with_cnf(cnf);
    let mut progress = Progress::new();
    let count = enumerate(cnf, &mut solver, limit, |_| {
        progress.tick();
        ControlFlow::Continue(())
    })?;
    progress.finish();
    Ok(count)
}

/// A progress line on a terminal's stderr, refreshed every second of a long count.
struct Progress {
    show: bool,
    start: Instant,
    next: Duration,
    found: u64,
}

impl Progress {
    fn new() -> Progress {
        Progress {
            show: std::io::stderr().is_terminal(),
            start: Instant::now(),
            next: Duration::from_secs(1),
            found: 0,
        }
    }

    fn tick(&mut self) {
        self.found += 1;
        if self.show && self.start.elapsed() >= self.next {
            eprint!(
                "\r  {} solutions so far ({:.0}/s)",
                self.found,
                self.found as f64 / self.start.elapsed().as_secs_f64()
            );
            self.next += Duration::from_secs(1);
        }
    }

    fn finish(&self) {
        if self.show && self.start.elapsed() >= Duration::from_secs(1) {
            eprintln!();
        }
    }
}
