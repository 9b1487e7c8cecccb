//! `satpuz cross-check`: the same puzzle (or CNF) solved and counted by two solvers, their
//! verdicts, decoded answers and counts compared; any disagreement is an exit code of its own.

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::bail;
use clap::Args;
use satpuz::cnf::Cnf;
use satpuz::cnf::renumber::Renumbering;
use satpuz::puzzles::{BuildOptions, Purpose, Puzzle};
use satpuz::solve::Verdict;
use satpuz::solve::external::{SolverChoice, UnknownSolver};
use satpuz::solve::stop::{Enumerated, count_until_on};

use super::input::{DIMACS, Input, PuzzleArgs, escape, resolve};
use super::output::out;
use super::run::{self, Partial, RunFlags, supervise};
use super::solve::used_vars;
use super::{EXIT_DISAGREE, EXIT_OK, EXIT_STOPPED};

#[derive(Debug, Args)]
pub struct CrossCheckCmd {
    #[command(flatten)]
    pub input: PuzzleArgs,
    /// A solver to compare (varisat, minisat, cadical, kissat, cmd:"PROGRAM ARGS"); give it
    /// twice for two of your choice, once to compare it with varisat [default: varisat and
    /// minisat].
    #[arg(long, value_name = "SOLVER", value_parser = parse_solver)]
    pub solver: Vec<SolverChoice>,
    /// Count at most N solutions with each solver (a count that reaches N is compared as
    /// "at least N").
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,
    /// Accept a DIMACS file whose clause count disagrees with its header (with a warning).
    #[arg(long, help_heading = DIMACS)]
    pub lenient: bool,
    #[command(flatten)]
    pub run: RunFlags,
}

fn parse_solver(text: &str) -> Result<SolverChoice, UnknownSolver> {
    SolverChoice::parse(text)
}

/// What one solver said about one formula.
#[derive(Debug, Clone, PartialEq)]
struct Said {
    /// "no solution", "unique", "several" (puzzles); "SAT", "UNSAT" (CNF).
    verdict: &'static str,
    /// The decoded answer of a unique puzzle, as JSON text.
    answer: Option<String>,
    /// Solutions counted, up to the limit.
    count: u64,
    time: Duration,
}

impl CrossCheckCmd {
    pub fn run(self) -> anyhow::Result<ExitCode> {
        let partial = Partial::Nothing {
            what: "cross-check".into(),
            json: false,
        };
        supervise(self.run, partial, move || self.check())
    }

    /// The two solvers compared.
    fn pair(&self) -> anyhow::Result<[SolverChoice; 2]> {
        let minisat = || SolverChoice::parse("minisat").unwrap_or_default();
        Ok(match self.solver.as_slice() {
            [] => [SolverChoice::Varisat, minisat()],
            [one] if *one == SolverChoice::Varisat => [SolverChoice::Varisat, minisat()],
            [one] => [SolverChoice::Varisat, one.clone()],
            [a, b] => [a.clone(), b.clone()],
            more => bail!(
                "cross-check compares two solvers; {} were named",
                more.len()
            ),
        })
    }

    /// On the worker thread of [`supervise`].
    fn check(self) -> anyhow::Result<ExitCode> {
        let pair = self.pair()?;
        let mut text = String::new();
        let mut disagree = 0;
        let checks: Vec<(String, [Said; 2])> = match resolve(&self.input, self.lenient)? {
            Input::Puzzles { puzzles, .. } => {
                let opts = self.input.settings.options();
                let mut out = Vec::new();
                for puzzle in &puzzles {
                    let a = self.puzzle(puzzle.as_ref(), &opts, &pair[0])?;
                    let b = self.puzzle(puzzle.as_ref(), &opts, &pair[1])?;
                    out.push((puzzle.name(), [a, b]));
                }
                out
            }
            Input::Cnf { mut parsed, origin } => {
                // Verdicts and counts do not depend on the ids: nothing to map back.
                let _ = Renumbering::compact_sparse(&mut parsed.cnf);
                let a = self.cnf(&parsed.cnf, &pair[0])?;
                let b = self.cnf(&parsed.cnf, &pair[1])?;
                vec![(origin, [a, b])]
            }
        };
        if run::stop().should_stop() {
            out!("cross-check stopped before both solvers finished\n")?;
            return Ok(ExitCode::from(EXIT_STOPPED));
        }
        for (name, [a, b]) in &checks {
            let _ = writeln!(
                text,
                "{}: {} vs {}",
                escape(name),
                pair[0].name(),
                pair[1].name()
            );
            let count = |s: &Said| {
                if s.count >= self.limit {
                    format!("at least {}", s.count)
                } else {
                    s.count.to_string()
                }
            };
            let rows = [
                ("verdict", a.verdict.to_string(), b.verdict.to_string()),
                ("count", count(a), count(b)),
                (
                    "answer",
                    a.answer.clone().unwrap_or("-".into()),
                    b.answer.clone().unwrap_or("-".into()),
                ),
                (
                    "time",
                    format!("{:.1} ms", a.time.as_secs_f64() * 1e3),
                    format!("{:.1} ms", b.time.as_secs_f64() * 1e3),
                ),
            ];
            let mut differs = false;
            for (what, x, y) in rows {
                let same = x == y;
                if what == "time" {
                    let _ = writeln!(text, "  {what:<8} {x} / {y}");
                } else if what == "answer" && same {
                    let shown = if x == "-" { "-" } else { "the same" };
                    let _ = writeln!(text, "  {what:<8} {shown}");
                } else if same {
                    let _ = writeln!(text, "  {what:<8} {x}");
                } else {
                    differs = true;
                    let _ = writeln!(text, "  {what:<8} DIFFERENT: {x} / {y}");
                }
            }
            if differs {
                disagree += 1;
            }
        }
        let _ = writeln!(
            text,
            "{}",
            if disagree == 0 {
                format!(
                    "agree: {} and {} give the same verdicts, answers and counts",
                    pair[0], pair[1]
                )
            } else {
                format!("DISAGREE on {disagree} of {} formulas", checks.len())
            }
        );
        out!("{text}")?;
        Ok(ExitCode::from(if disagree == 0 {
            EXIT_OK
        } else {
            EXIT_DISAGREE
        }))
    }

    /// One solver on one puzzle: verdict, decoded answer, count up to the limit. Each solver
    /// gets its own build (an external solver counts over the export formula).
    fn puzzle(
        &self,
        puzzle: &dyn Puzzle,
        opts: &BuildOptions,
        solver: &SolverChoice,
    ) -> anyhow::Result<Said> {
        let start = Instant::now();
        // The other solver gets the export formula (one variable per value, nothing merged or
        // left out), so that it checks a second formula as well as a second solver.
        let purpose = match solver {
            SolverChoice::Varisat => Purpose::Solve,
            _ => Purpose::Export,
        };
        let mut inst = puzzle.build(opts, purpose)?;
        let verdict = match solver {
            SolverChoice::Varisat => inst.solve_unique()?,
            _ => inst.solve_unique_on(&mut *solver.backend(inst.cnf()))?,
        };
        let (verdict, answer) = match verdict {
            Verdict::Unsat => ("no solution", None),
            Verdict::Unique(model) => ("unique", Some(inst.answer(&model)?.value().to_string())),
            Verdict::Multiple(..) => ("several", None),
        };
        let mut inst = puzzle.build(opts, purpose)?;
        let stop = run::stop();
        let counted = match solver {
            SolverChoice::Varisat => inst.count(Some(self.limit), &stop, &mut || ())?,
            // One model per answer from the other solver: a route independent of the grid walk.
            _ => inst.count_each_on(
                &mut *solver.backend(inst.cnf()),
                Some(self.limit),
                &stop,
                &mut || (),
            )?,
        };
        Ok(Said {
            verdict,
            answer,
            count: counted.found,
            time: start.elapsed(),
        })
    }

    /// One solver on one CNF: its verdict (a model is checked against every clause) and its
    /// projected count up to the limit.
    fn cnf(&self, cnf: &Cnf, solver: &SolverChoice) -> anyhow::Result<Said> {
        let start = Instant::now();
        let mut backend = solver.backend(cnf);
        let sat = backend.solve(&[])?;
        if sat {
            // Up to the last variable the file uses: a header may declare far more.
            let model = backend.model(used_vars(cnf));
            if let Some(i) = cnf.first_violated(&model) {
                bail!("{solver}'s model breaks clause {} of the formula", i + 1);
            }
        }
        drop(backend);
        let Enumerated { found, .. } = count_until_on(
            cnf,
            &mut *solver.backend(cnf),
            Some(self.limit),
            &run::stop(),
            |_| (),
        )?;
        Ok(Said {
            verdict: if sat { "SAT" } else { "UNSAT" },
            answer: None,
            count: found,
            time: start.elapsed(),
        })
    }
}
