//! `satpuz solve`: a puzzle's answer and its uniqueness, or a DIMACS file's verdict.

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::Args;
use satpuz::solve::{Backend, Varisat};
use serde_json::json;

use super::input::{Input, load_input};
use super::output::{out, outln};
use super::run::{Partial, RunFlags, supervise};
use super::{EXIT_SAT, EXIT_UNSAT, EncodeFlags};

#[derive(Debug, Args)]
pub struct SolveCmd {
    /// Built-in puzzle name, puzzle file (.json), DIMACS file, or `-` for standard input.
    pub puzzle: String,
    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
    /// Accept a DIMACS file whose clause count disagrees with its header (with a warning).
    #[arg(long)]
    pub lenient: bool,
    /// Read the puzzle from its text (`jindosh --text riddle.txt`, or `-` for standard input).
    #[arg(long, value_name = "FILE")]
    pub text: Option<String>,
    /// For a puzzle with one answer: say for each clue whether the answer needs it.
    #[arg(long)]
    pub why: bool,
    /// When a puzzle has several answers, count at most N of them.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub limit: u64,
    #[command(flatten)]
    pub flags: EncodeFlags,
    /// Print variables and clauses per constraint kind (Hooks puzzles).
    #[arg(long)]
    pub stats: bool,
    #[command(flatten)]
    pub hooks: super::hooks::HooksFlags,
    #[command(flatten)]
    pub portia: super::portia::PortiaArgs,
    #[command(flatten)]
    pub run: RunFlags,
}

impl SolveCmd {
    pub fn run(self) -> anyhow::Result<ExitCode> {
        let partial = Partial::Nothing {
            what: "solve".into(),
            json: self.json,
        };
        supervise(self.run, partial, move || self.solve())
    }

    /// On the worker thread of [`supervise`].
    fn solve(self) -> anyhow::Result<ExitCode> {
        if let Some(code) =
            super::portia::solve_if_portia(&self.puzzle, &self.portia, self.json, self.flags)?
        {
            return Ok(code);
        }
        if let Some(puzzle) = super::hooks::resolve(&self.puzzle, &self.hooks)? {
            return super::hooks::solve(puzzle, &self.hooks, self.json, self.stats);
        }
        let input = load_input(&self.puzzle, self.lenient, self.text.as_deref())?;
        match input {
            Input::Cnf { mut parsed, .. } => {
                if !self.json {
                    // One varisat call, which cannot be interrupted: a stop ends it from
                    // supervise() with the competition's `s UNKNOWN`.
                    super::run::set_partial(Partial::SolverLine);
                }
                let cnf = &mut parsed.cnf;
                let mut solver = Varisat::with_cnf(cnf);
                let sat = solver.solve(&[])?;
                if self.json {
                    let model: Option<Vec<i64>> =
                        sat.then(|| signed_model(&solver.model(cnf.num_vars())));
                    outln!("{:#}", json!({"satisfiable": sat, "model": model}))?;
                } else if sat {
                    outln!("s SATISFIABLE")?;
                    out!("{}", v_lines(&signed_model(&solver.model(cnf.num_vars()))))?;
                } else {
                    outln!("s UNSATISFIABLE")?;
                }
                Ok(ExitCode::from(if sat { EXIT_SAT } else { EXIT_UNSAT }))
            }
            Input::Grid { puzzle, .. } => {
                let args = super::grid_report::GridSolveArgs {
                    json: self.json,
                    limit: self.limit,
                    why: self.why,
                };
                super::grid_report::solve_grid(puzzle, self.flags.options(), &args)
            }
        }
    }
}

/// A model as DIMACS literals (1-based, negative = false).
pub fn signed_model(model: &[bool]) -> Vec<i64> {
    model
        .iter()
        .enumerate()
        .map(|(i, &b)| if b { i as i64 + 1 } else { -(i as i64 + 1) })
        .collect()
}

/// Competition-style `v` lines, at most ~80 characters each, ending in `v 0`-style 0.
pub fn v_lines(lits: &[i64]) -> String {
    let mut out = String::new();
    let mut line = String::from("v");
    for l in lits.iter().chain(std::iter::once(&0)) {
        let tok = format!(" {l}");
        if line.len() + tok.len() > 80 {
            let _ = writeln!(out, "{line}");
            line = String::from("v");
        }
        line.push_str(&tok);
    }
    let _ = writeln!(out, "{line}");
    out
}
