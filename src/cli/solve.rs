//! `satpuz solve`: a puzzle's answer and its uniqueness, or a DIMACS file's verdict.

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use satpuz::solve::{Backend, Varisat, Verdict, solve_unique};
use serde_json::json;

use super::input::{Input, load_input, prepare};
use super::{EXIT_MULTIPLE, EXIT_NO_SOLUTION, EXIT_OK, EXIT_SAT, EXIT_UNSAT, EncodeFlags};

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
    #[command(flatten)]
    pub flags: EncodeFlags,
}

impl SolveCmd {
    pub fn run(self) -> anyhow::Result<ExitCode> {
        let input = load_input(&self.puzzle, self.lenient, self.text.as_deref())?;
        match input {
            Input::Cnf { mut parsed, .. } => {
                let cnf = &mut parsed.cnf;
                let mut solver = Varisat::with_cnf(cnf);
                let sat = solver.solve(&[])?;
                if self.json {
                    let model: Option<Vec<i64>> =
                        sat.then(|| signed_model(&solver.model(cnf.num_vars())));
                    println!("{:#}", json!({"satisfiable": sat, "model": model}));
                } else if sat {
                    println!("s SATISFIABLE");
                    print!("{}", v_lines(&signed_model(&solver.model(cnf.num_vars()))));
                } else {
                    println!("s UNSATISFIABLE");
                }
                Ok(ExitCode::from(if sat { EXIT_SAT } else { EXIT_UNSAT }))
            }
            Input::Grid { puzzle, .. } => {
                let start = Instant::now();
                let mut p = prepare(puzzle, self.flags.options())?;
                // Before solving: enumeration adds its activation variable to the formula.
                let header = p.header();
                let mut solver = Varisat::with_cnf(&p.encoded.cnf);
                let verdict = solve_unique(&mut p.encoded.cnf, &mut solver)?;
                let elapsed = start.elapsed();
                let (first, second) = match &verdict {
                    Verdict::Unsat => (None, None),
                    Verdict::Unique(a) => (Some(p.answer(a)?), None),
                    Verdict::Multiple(a, b) => (Some(p.answer(a)?), Some(p.answer(b)?)),
                };
                if self.json {
                    let v = json!({
                        "puzzle": p.puzzle.name,
                        "encoding": p.encoded.opts.encoding.name(),
                        "amo": p.encoded.opts.amo.name(),
                        "summary": header,
                        "satisfiable": first.is_some(),
                        "unique": first.is_some() && second.is_none(),
                        "solution": first.as_ref().map(|a| p.answer_json(a)),
                        "another_solution": second.as_ref().map(|a| p.answer_json(a)),
                        "time_ms": elapsed.as_secs_f64() * 1e3,
                    });
                    println!("{v:#}");
                } else {
                    println!("{header}\n");
                    match (&first, &second) {
                        (None, _) => println!("no solution: the clues contradict each other"),
                        (Some(a), None) => {
                            print!("{}", p.render(a));
                            println!(
                                "\nunique: yes (a second solve with this answer blocked is UNSAT)"
                            );
                        }
                        (Some(a), Some(b)) => {
                            print!("{}", p.render(a));
                            println!("\nunique: no; another solution:\n");
                            print!("{}", p.render(b));
                        }
                    }
                }
                Ok(ExitCode::from(match verdict {
                    Verdict::Unsat => EXIT_NO_SOLUTION,
                    Verdict::Unique(_) => EXIT_OK,
                    Verdict::Multiple(..) => EXIT_MULTIPLE,
                }))
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
