//! `satpuz count`: the number of distinct solutions; a puzzle's by projected blocking clauses,
//! a DIMACS file's by enumeration, components, a race of the two, or blocking clauses
//! (`--method`).

use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use anyhow::bail;
use clap::{Args, ValueEnum};
use num_bigint::BigUint;
use satpuz::cnf::Cnf;
use satpuz::cnf::renumber::Renumbering;
use satpuz::puzzles::{Purpose, Setting};
use satpuz::report::{CountReport, Projection, SCHEMA_VERSION, millis};
use satpuz::solve::components::race::{Finished, Raced, race};
use satpuz::solve::components::{ComponentCount, count_components};
use satpuz::solve::enumerate::count_enumerate;
use satpuz::solve::external::SolverChoice;
use satpuz::solve::parallel::default_jobs;
use satpuz::solve::split::count_until;
use satpuz::solve::stop::{Enumerated, StopReason, count_until_on};

use super::certify::SolverFlags;
use super::input::{DIMACS, Input, PuzzleArgs, resolve, single, threads};
use super::output::{out, outln};
use super::run::{self, Partial, RunFlags, stopped_name, stopped_words, supervise};
use super::solve::contradiction_text;
use super::{EXIT_NO_SOLUTION, EXIT_OK, EXIT_STOPPED, print_json};

#[derive(Debug, Args)]
pub struct CountCmd {
    #[command(flatten)]
    pub input: PuzzleArgs,
    /// Count every solution.
    #[arg(long, conflicts_with = "limit")]
    pub all: bool,
    /// Stop after N solutions (N >= 1; the count is then a lower bound).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    /// Print the result as JSON (see `satpuz schema`).
    #[arg(long)]
    pub json: bool,
    /// Accept a DIMACS file whose clause count disagrees with its header (with a warning).
    #[arg(long, help_heading = DIMACS)]
    pub lenient: bool,
    /// Threads for a DIMACS file's count (default: every core). With one, the default method
    /// is `enumerate`; with more, `auto`. A count by `blocking` uses all N: once 100 models are
    /// found and counting on has cost what splitting would, the rest is split into 32 parts on
    /// the file's variables, each counted by a solver of its own (and split again the same
    /// way); the count is the same for any N. A Hooks puzzle solved in cubes (Hooks 9) shares
    /// its cubes among N threads (default: one per core, at most two), as `solve -j` does.
    #[arg(short, long, value_name = "N", help_heading = DIMACS, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,
    /// How to count a DIMACS file: `blocking` finds each model with the solver and excludes it
    /// by a clause; `enumerate` decides the projected variables first and flips the deepest
    /// after each model, with no clause per model (one thread); `components` splits the
    /// formula into independent parts and counts each once, exactly at any size (no solver; no
    /// count until it is done); `auto` enumerates up
    /// to 10,000 models, then races enumeration against components (a thread each), the first
    /// to finish giving the count. Default: `auto` where two threads may run (see -j),
    /// `enumerate` on one thread or with --limit, `blocking` with --solver (the only method
    /// that runs another solver).
    #[arg(long, value_enum, help_heading = DIMACS)]
    pub method: Option<Method>,
    #[command(flatten)]
    pub solver: SolverFlags,
    #[command(flatten)]
    pub run: RunFlags,
}

/// How `count` counts a DIMACS file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// The solver finds each model; a clause over the projected variables excludes it.
    Blocking,
    /// The solver decides the projected variables first and, after each model, flips its
    /// deepest projected decision: no clause per model (`satpuz::solve::enumerate`).
    Enumerate,
    /// Components: DPLL that splits the formula into independent parts and caches their counts.
    Components,
    /// Enumeration up to [`AUTO_SWITCH`] models, then enumeration and components side by side
    /// from the start, the first to finish giving the count.
    Auto,
}

impl Method {
    /// The method a DIMACS file is counted by when `--method` is not given: the fastest
    /// measured (docs/counting.md) that can apply. Enumeration beat blocking clauses on every
    /// file measured; where a second thread may run, `auto` also races components, which win
    /// past a million models on formulas that fall apart. Only blocking runs another solver,
    /// and `auto` counts every model (no `--limit`).
    fn default_for(limit: bool, other_solver: bool, jobs: usize) -> Method {
        if other_solver {
            Method::Blocking
        } else if limit || jobs < 2 {
            Method::Enumerate
        } else {
            Method::Auto
        }
    }

    /// The name `--method` and the JSON `method` field use.
    fn name(self) -> &'static str {
        match self {
            Method::Blocking => "blocking",
            Method::Enumerate => "enumerate",
            Method::Components => "components",
            Method::Auto => "auto",
        }
    }
}

/// Models past which `--method auto` races components against enumeration: up to here
/// enumeration is as fast as any counter measured (docs/counting.md) and needs no second
/// thread; past it, which one wins depends on the formula's shape, not on its count.
pub const AUTO_SWITCH: u64 = 10_000;

/// What a count found, whichever method made it.
struct Counted {
    /// Exact when the count ran to its end; else what was found before it stopped (a lower
    /// bound; 0 for a count by components, which knows none).
    count: BigUint,
    stopped: Option<StopReason>,
    /// The method that made `count`.
    method: Method,
}

impl Counted {
    fn blocking(enumerated: Enumerated) -> Counted {
        Counted {
            count: enumerated.found.into(),
            stopped: enumerated.stopped,
            method: Method::Blocking,
        }
    }

    fn enumerated(enumerated: Enumerated) -> Counted {
        Counted {
            method: Method::Enumerate,
            ..Counted::blocking(enumerated)
        }
    }
}

impl CountCmd {
    pub fn run(self) -> anyhow::Result<ExitCode> {
        if !self.all && self.limit.is_none() {
            bail!("say --all to count every solution, or --limit N to stop after N");
        }
        let partial = Partial::Count {
            name: self.input.puzzle.clone(),
            json: self.json,
        };
        supervise(self.run, partial, move || self.count())
    }

    /// On the worker thread of [`supervise`]: stops, with the count so far, when the run's
    /// stop condition says so.
    fn count(self) -> anyhow::Result<ExitCode> {
        let input = resolve(&self.input, self.lenient)?;
        let start = Instant::now();
        let (counted, name, family, projection, variables, clauses, contradiction) = match input {
            Input::Puzzles {
                family,
                puzzles,
                origin,
            } => {
                if let Some(method) = self.method.filter(|&m| m != Method::Blocking) {
                    bail!(
                        "--method {} counts a DIMACS file; a puzzle is counted by blocking \
                         (export it with `satpuz encode` to count it by components)",
                        method.name()
                    );
                }
                // A Hooks search in cubes is shared by -j threads, as `solve`'s is.
                if self.jobs.is_some() && !family.settings().contains(&Setting::Threads) {
                    bail!(
                        "-j/--jobs splits the count of a DIMACS file or a Hooks search in \
                         cubes; a {} puzzle's count is one solver's walk over its answers \
                         (leave -j out)",
                        family.name()
                    );
                }
                let puzzle = single(puzzles, &origin)?;
                let mut opts = self.input.settings.options();
                opts.threads = threads(self.jobs);
                let mut inst = puzzle.build(&opts, Purpose::Solve)?;
                let (variables, clauses) = (inst.cnf().num_vars(), inst.cnf().num_clauses());
                let projection = Projection {
                    kind: "puzzle".into(),
                    variables: inst.cnf().primary.len(),
                };
                run::set_partial(Partial::Count {
                    name: puzzle.name(),
                    json: self.json,
                });
                let (stop, mut tick) = (run::stop(), || run::found(1));
                let counted = match self.solver.choice() {
                    SolverChoice::Varisat => inst.count(self.limit, &stop, &mut tick)?,
                    solver => inst.count_on(
                        &mut *solver.backend(inst.cnf()),
                        self.limit,
                        &stop,
                        &mut tick,
                    )?,
                };
                // No answer at all: say which clues contradict, as `solve` does.
                let contradiction = if counted.found == 0 && counted.stopped.is_none() {
                    inst.contradiction()?
                } else {
                    None
                };
                let family = family.name().to_string();
                (
                    Counted::blocking(counted),
                    puzzle.name(),
                    family,
                    projection,
                    variables,
                    clauses,
                    contradiction,
                )
            }
            Input::Cnf { mut parsed, origin } => {
                // Counts do not depend on the ids: nothing to map back.
                let _ = Renumbering::compact_sparse(&mut parsed.cnf);
                let cnf = &parsed.cnf;
                let (variables, clauses) = (cnf.num_vars(), cnf.num_clauses());
                let projection = if cnf.primary.is_empty() {
                    Projection {
                        kind: "all".into(),
                        variables: cnf.num_vars() as usize,
                    }
                } else {
                    Projection {
                        kind: "show".into(),
                        variables: cnf.primary.len(),
                    }
                };
                run::set_partial(Partial::Count {
                    name: origin.clone(),
                    json: self.json,
                });
                let solver = self.solver.choice();
                if self.jobs.is_some() && !matches!(solver, SolverChoice::Varisat) {
                    bail!(
                        "-j/--jobs splits varisat's count; --solver {} counts in one process \
                         (leave -j out)",
                        solver.name()
                    );
                }
                let jobs = self.jobs.map_or_else(default_jobs, |j| j as usize);
                let method = self.method.unwrap_or_else(|| {
                    Method::default_for(self.limit.is_some(), self.solver.solver.is_some(), jobs)
                });
                if self.method == Some(Method::Enumerate) && self.jobs.is_some_and(|j| j > 1) {
                    bail!(
                        "--method enumerate counts on one thread (leave -j out, or say \
                         --method blocking to split the count)"
                    );
                }
                if method != Method::Blocking {
                    if self.limit.is_some() && method != Method::Enumerate {
                        bail!(
                            "--limit stops an enumeration; --method {} counts every model \
                             (say --all, or --method blocking)",
                            method.name()
                        );
                    }
                    if self.solver.solver.is_some() && method == Method::Enumerate {
                        bail!(
                            "--method enumerate needs a hook inside the embedded varisat; \
                             --solver counts by blocking (leave --solver out, or say --method \
                             blocking)"
                        );
                    }
                    if self.solver.solver.is_some() {
                        bail!(
                            "--solver chooses the solver that enumerates; --method {} counts \
                             without one (leave --solver out, or say --method blocking)",
                            method.name()
                        );
                    }
                }
                let counted = count_cnf(&parsed.cnf, self.limit, &solver, jobs, method)?;
                (
                    counted,
                    origin,
                    "cnf".to_string(),
                    projection,
                    variables,
                    clauses,
                    None,
                )
            }
        };
        let elapsed = start.elapsed();
        let count = &counted.count;
        let complete =
            counted.stopped.is_none() && self.limit.is_none_or(|l| *count < BigUint::from(l));
        let report = CountReport {
            schema_version: SCHEMA_VERSION,
            puzzle: name,
            family,
            solutions: u64::try_from(count).ok(),
            solutions_decimal: count.to_string(),
            complete,
            method: counted.method.name().to_string(),
            stopped: counted.stopped.map(|r| stopped_name(r).to_string()),
            contradiction,
            projection,
            variables,
            clauses,
            time_ms: millis(elapsed),
        };
        if self.json {
            print_json(&report)?;
        } else {
            let after = run::stop().stopped_after().unwrap_or(elapsed);
            let stopped = counted
                .stopped
                .map_or(String::new(), |r| format!("{}; ", stopped_words(r, after)));
            let on = match report.projection.kind.as_str() {
                "puzzle" => format!("{} puzzle variables", report.projection.variables),
                "show" => format!(
                    "{} variables (the file's `c p show`/`c ind` projection)",
                    report.projection.variables
                ),
                _ => format!("all {} variables", report.projection.variables),
            };
            let by = match counted.method {
                Method::Components => "; by components",
                _ => "",
            };
            let what = if complete {
                format!("{count} solution(s)")
            } else if counted.method == Method::Components && count.bits() == 0 {
                // Nothing enumerated before the components count began: no bound to give.
                "no count".to_string()
            } else {
                format!("at least {count} solution(s)")
            };
            outln!(
                "{}: {what} ({stopped}projected on {on}{by}; {:.1} ms)",
                report.puzzle,
                report.time_ms
            )?;
            if count.bits() == 0 && complete && report.family != "cnf" {
                out!("{}", contradiction_text(report.contradiction.as_deref()))?;
            }
            if let Some(note) = self.solver.note(elapsed) {
                outln!("{note}")?;
            }
        }
        Ok(ExitCode::from(if counted.stopped.is_some() {
            EXIT_STOPPED
        } else if count.bits() == 0 {
            EXIT_NO_SOLUTION
        } else {
            EXIT_OK
        }))
    }
}

/// Counts a CNF's projected models by `method` until done, `limit`, or the run's stop
/// condition. By blocking, varisat's count is split on `jobs` threads and another solver's is
/// one process.
fn count_cnf(
    cnf: &Cnf,
    limit: Option<u64>,
    solver: &SolverChoice,
    jobs: usize,
    method: Method,
) -> anyhow::Result<Counted> {
    let blocking = |limit| -> anyhow::Result<Enumerated> {
        Ok(match solver {
            SolverChoice::Varisat => count_until(cnf, limit, &run::stop(), jobs, &run::found)?,
            _ => count_until_on(
                cnf,
                &mut *solver.backend(cnf),
                limit,
                &run::stop(),
                run::found,
            )?,
        })
    };
    match method {
        Method::Blocking => Ok(Counted::blocking(blocking(limit)?)),
        Method::Enumerate => Ok(Counted::enumerated(count_enumerate(
            cnf,
            limit,
            &run::stop(),
            &mut run::found,
        )?)),
        Method::Components => components(cnf, 0),
        Method::Auto => {
            let enumerated =
                count_enumerate(cnf, Some(AUTO_SWITCH), &run::stop(), &mut run::found)?;
            if enumerated.stopped.is_some() || enumerated.found < AUTO_SWITCH {
                return Ok(Counted::enumerated(enumerated));
            }
            raced(cnf, enumerated.found)
        }
    }
}

/// `--method auto` past [`AUTO_SWITCH`] models: [`race`], the enumeration starting over;
/// `found_before` models counted before stay the lower bound, and the progress counter grows
/// only past them.
fn raced(cnf: &Cnf, found_before: u64) -> anyhow::Result<Counted> {
    let seen = AtomicU64::new(0);
    let on_count = |n: u64| {
        let before = seen.fetch_add(n, Ordering::Relaxed);
        let beyond = (before + n).saturating_sub(before.max(found_before));
        if beyond > 0 {
            run::found(beyond);
        }
    };
    Ok(match race(cnf, &run::stop(), &on_count)? {
        Raced::Done(Finished::Enumerated(found)) => Counted {
            count: found.into(),
            stopped: None,
            method: Method::Enumerate,
        },
        Raced::Done(Finished::Components(count)) => Counted {
            count,
            stopped: None,
            method: Method::Components,
        },
        Raced::Stopped(reason, found) => Counted {
            count: found.max(found_before).into(),
            stopped: Some(reason),
            method: Method::Enumerate,
        },
    })
}

/// Counts by components; `found_before` models an enumeration found first stay the lower
/// bound if the count is stopped.
fn components(cnf: &Cnf, found_before: u64) -> anyhow::Result<Counted> {
    let (count, _) = count_components(cnf, &run::stop())?;
    Ok(match count {
        ComponentCount::Exact(count) => Counted {
            count,
            stopped: None,
            method: Method::Components,
        },
        ComponentCount::Stopped(reason) => Counted {
            count: found_before.into(),
            stopped: Some(reason),
            method: Method::Components,
        },
    })
}
