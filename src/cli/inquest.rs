//! `satpuz inquest`: deal the case of a date or seed, print it (text or a JSON grid puzzle
//! file), export its CNF, check and hint a player's sheet, and time many deals.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use satpuz::choice::Choice;
use satpuz::cnf::dimacs::write_cnf;
use satpuz::model::EncodeOptions;
use satpuz::puzzles::inquest::{Case, Date, Hint, Length, Mark, Sheet, Square, deal};
use satpuz::puzzles::{BuildOptions, Setting};
use satpuz::report::HintReport;
use satpuz::solve::parallel::{self, Ended};
use satpuz::solve::{Varisat, Verdict, solve_unique};
use serde_json::json;

use super::check_case::{plan_case_dir, write_case_certificate};
use super::input::{prepare, read_source};
use super::output::{OutputFile, note, out, outln, with_stdout};
use super::run::{self, Partial, RunFlags, stopped_name, stopped_words, supervise};
use super::{EXIT_NO_SOLUTION, EXIT_OK, EXIT_STOPPED, choice};

/// Which case: a date (default today, UTC) or a seed, and a length.
#[derive(Debug, Clone, Args)]
pub struct CaseArgs {
    /// The day whose case to deal (YYYY-MM-DD); default today. Same as --seed YYYYMMDD.
    #[arg(long, value_name = "YYYY-MM-DD", conflicts_with = "seed")]
    pub date: Option<String>,
    /// Deal the case of this seed instead of a date.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Short (4 rooms, 6-11 statements) or long (7 rooms, 15-24 statements).
    #[arg(long, value_parser = choice::<Length>(), default_value = Length::default().name())]
    pub length: Length,
}

impl CaseArgs {
    /// The seed, and the date it came from (if it did).
    fn seed(&self) -> anyhow::Result<(u64, Option<Date>)> {
        if let Some(seed) = self.seed {
            return Ok((seed, None));
        }
        let date = match &self.date {
            Some(text) => Date::parse(text)?,
            None => Date::today(),
        };
        Ok((date.seed(), Some(date)))
    }

    fn deal(&self) -> anyhow::Result<(Case, Option<Date>)> {
        let (seed, date) = self.seed()?;
        let case = deal(seed, self.length).with_context(|| format!("dealing case {seed}"))?;
        Ok((case, date))
    }
}

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct InquestCmd {
    #[command(subcommand)]
    pub action: Option<Action>,
    #[command(flatten)]
    pub case: CaseArgs,
    /// Print the case as JSON: a grid puzzle file (`satpuz solve case.json` solves it) with the
    /// case's particulars in an `inquest` section.
    #[arg(long)]
    pub json: bool,
    /// Show the answer too: the arrangement (as the solver finds it) and the thief.
    #[arg(long)]
    pub reveal: bool,
    /// Write the case's CNF (its statements as clauses) as DIMACS to FILE (`-` for standard
    /// output). `--dimacs` is the same flag.
    #[arg(
        short = 'o',
        long = "output",
        visible_alias = "dimacs",
        value_name = "FILE"
    )]
    pub output: Option<PathBuf>,
    /// Write a certificate of the case into DIR (created when missing): the case file, the
    /// answer with one witness arrangement per statement, the formula with the answer blocked,
    /// and its DRAT refutation; `satpuz check-case DIR` checks it without a solver.
    #[arg(long, value_name = "DIR")]
    pub certify: Option<PathBuf>,
    /// Overwrite the output file (or the --certify files) if it exists.
    #[arg(long)]
    pub force: bool,
    /// Deal N cases from consecutive seeds (from --seed, or the date's seed) and report the
    /// median time per deal, solver calls and statement counts.
    #[arg(long, value_name = "N")]
    pub count: Option<u64>,
    /// With --count: deal on N threads (default: every core). The report is the same for any
    /// N; only the wall time changes.
    #[arg(short, long, value_name = "N", requires = "count", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,
    #[command(flatten)]
    pub run: RunFlags,
}

#[derive(Debug, Subcommand)]
pub enum Action {
    /// Mark each statement satisfied, violated or still open on a (partly) filled sheet, and
    /// say whether the sheet is complete and right.
    Check(SheetCmd),
    /// Fill in one square the statements force given the sheet, naming the few statements that
    /// force it (or the statements a wrong sheet breaks).
    Hint(SheetCmd),
}

#[derive(Debug, Args)]
pub struct SheetCmd {
    #[command(flatten)]
    pub case: CaseArgs,
    /// The sheet: {"rooms": {"<room or number>": {"person": "...", "trade": "...", ...}},
    /// "thief": "..."}; `-` reads standard input.
    #[arg(long, value_name = "FILE")]
    pub sheet: String,
    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub run: RunFlags,
}

impl InquestCmd {
    pub fn run(self) -> anyhow::Result<ExitCode> {
        let nothing = |what: &str, json| Partial::Nothing {
            what: what.into(),
            json,
        };
        match self.action {
            Some(Action::Check(cmd)) => {
                return supervise(cmd.run, nothing("inquest check", cmd.json), move || {
                    cmd.check()
                });
            }
            Some(Action::Hint(cmd)) => {
                return supervise(cmd.run, nothing("inquest hint", cmd.json), move || {
                    cmd.hint()
                });
            }
            None => {}
        }
        if let Some(n) = self.count {
            if n == 0 {
                bail!("--count must be at least 1");
            }
            let (case, json) = (self.case.clone(), self.json);
            let jobs = self
                .jobs
                .map_or_else(parallel::default_jobs, |j| j as usize);
            return supervise(self.run, nothing("inquest --count", json), move || {
                time_deals(&case, n, jobs, json)
            });
        }
        // Refused before dealing: an output file that exists, or in no directory.
        let out = match self.output.as_deref() {
            Some(p) if p.as_os_str() != "-" => Some(OutputFile::plan(p, self.force)?),
            _ => None,
        };
        let certify = match &self.certify {
            Some(dir) => Some(plan_case_dir(dir, self.force)?),
            None => None,
        };
        supervise(self.run, nothing("inquest", self.json), move || {
            self.deal_and_show(out, certify)
        })
    }

    fn deal_and_show(
        self,
        out: Option<OutputFile>,
        certify: Option<Vec<OutputFile>>,
    ) -> anyhow::Result<ExitCode> {
        let start = Instant::now();
        let (case, date) = self.case.deal()?;
        let dealt = start.elapsed();
        if let Some(files) = &certify {
            // Written first, noted second: `note!` leaves out its arguments under -q.
            let written = write_case_certificate(files, &case.to_json(date, false))?;
            note!("{written}");
        }
        let mut prepared = prepare(case.puzzle(), EncodeOptions::default())?;
        if let Some(path) = &self.output {
            // The CNF is the one `encode` writes for the case's JSON (tested), so that is how a
            // solver's model of it is read back.
            let opts = BuildOptions::default();
            let mut comments = vec![
                format!(
                    "satpuz {}: {}",
                    env!("CARGO_PKG_VERSION"),
                    prepared.puzzle.name
                ),
                format!("encoding {} amo {}", opts.encoding.name(), opts.amo.name()),
                "the `c p show` line lists the arrangement's variables".into(),
                format!(
                    "the case as a file: satpuz inquest --seed {} --length {} --json > case.json",
                    case.seed,
                    self.case.length.name()
                ),
            ];
            comments.extend(super::encode::decode_hint(
                "case.json",
                &opts.flags(&[Setting::Encoding, Setting::Amo]),
            ));
            let cnf = &prepared.encoded.cnf;
            let Some(out) = &out else {
                with_stdout(|w| write_cnf(cnf, &comments, w))?;
                return Ok(ExitCode::from(EXIT_OK));
            };
            out.write(|f| write_cnf(cnf, &comments, f))?;
            note!(
                "wrote {} ({} variables, {} clauses)",
                path.display(),
                cnf.num_vars(),
                cnf.num_clauses()
            );
        }
        // The revealed answer is the solver's, and checked against the dealt arrangement.
        let solved = if self.reveal {
            let mut solver = Varisat::with_cnf(&prepared.encoded.cnf);
            let answer = match solve_unique(&mut prepared.encoded.cnf, &mut solver)? {
                Verdict::Unique(model) => prepared.answer(&model)?,
                _ => bail!("internal error: the dealt case does not have exactly one solution"),
            };
            let table = prepared
                .grid
                .answer(&case_values(&case, &prepared), case.rooms());
            if answer != table {
                bail!("internal error: the solver's answer differs from the dealt arrangement");
            }
            Some(answer)
        } else {
            None
        };
        let difficulty = super::explain::rated_grid(&case.puzzle())?;
        if self.json {
            let note = Some(difficulty.note());
            outln!("{}", case.to_json_rated(date, self.reveal, note))?;
            return Ok(ExitCode::from(EXIT_OK));
        }
        out!("{}", render_case(&case, date, dealt))?;
        outln!("Difficulty: {} (`satpuz explain`).", difficulty.words())?;
        if let Some(answer) = solved {
            outln!("\nThe answer (found by the solver, proved unique):\n")?;
            out!("{}", prepared.render(&answer))?;
            outln!(
                "\nThe thief is {}: the {} lay in {}.",
                case.thief(),
                case.left_object(),
                case.arrangement.rooms[thief_room(&case)]
            )?;
        }
        Ok(ExitCode::from(EXIT_OK))
    }
}

/// The dealt arrangement as model values (one per value variable).
fn case_values(case: &Case, prepared: &super::input::Prepared) -> Vec<usize> {
    let mut values = vec![0; prepared.grid.model.vars.len()];
    for (c, vars) in prepared.grid.value_var.iter().enumerate() {
        for (i, &v) in vars.iter().enumerate() {
            values[v] = case.arrangement.room_of[c][i];
        }
    }
    values
}

fn thief_room(case: &Case) -> usize {
    let o = case
        .categories
        .iter()
        .position(|c| *c == "object")
        .unwrap_or_default();
    case.arrangement.room_of[o][case.left_behind]
}

fn render_case(case: &Case, date: Option<Date>, dealt: Duration) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}\n", case.title(date));
    let _ = writeln!(out, "{}\n", wrap(&case.setting.scene, 78));
    let _ = writeln!(out, "{}\n", wrap(&case.intro(), 78));
    let _ = writeln!(out, "{}\n", wrap(&case.layout(), 78));
    for (cat, values) in case.categories.iter().zip(&case.arrangement.values) {
        let label = match *cat {
            "person" => "People",
            "trade" => "Trades",
            "object" => "On the floors",
            "clock" => "Clock faces",
            other => other,
        };
        let line = format!("{label}: {}.", values.join(", "));
        let _ = writeln!(out, "{}", wrap_hanging(&line, 78, 4));
    }
    let _ = writeln!(out, "\nStatements\n");
    for (i, s) in case.statements.iter().enumerate() {
        let _ = writeln!(out, "{:>3}. {}", i + 1, wrap_hanging(&s.text, 73, 5));
    }
    let _ = writeln!(out, "\nWho is the thief?\n");
    let proof = format!(
        "Exactly one arrangement fits these {} statements, and without any one of them more do \
         (proved by the solver: {} of {} true statements kept, {} solver calls, {:.2} ms).",
        case.statements.len(),
        case.statements.len(),
        case.stats.true_statements,
        case.stats.cut.solver_calls,
        dealt.as_secs_f64() * 1e3
    );
    let _ = writeln!(out, "{}", wrap(&proof, 78));
    out
}

/// Greedy word wrap.
fn wrap(text: &str, width: usize) -> String {
    wrap_hanging(text, width, 0)
}

/// Word wrap with later lines indented by `indent` spaces.
fn wrap_hanging(text: &str, width: usize, indent: usize) -> String {
    let mut out = String::new();
    let mut line = 0;
    for word in text.split_whitespace() {
        let w = word.chars().count();
        if line > 0 && line + 1 + w > width {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(word);
        line += w;
    }
    out
}

impl SheetCmd {
    fn load(&self) -> anyhow::Result<(Case, Option<Date>, Sheet)> {
        let (case, date) = self.case.deal()?;
        let origin = if self.sheet == "-" {
            "<stdin>"
        } else {
            &self.sheet
        };
        let bytes = read_source(&self.sheet)?;
        let text = std::str::from_utf8(&bytes).with_context(|| format!("{origin}: not UTF-8"))?;
        let sheet = Sheet::from_json(&case, text).with_context(|| origin.to_string())?;
        Ok((case, date, sheet))
    }

    fn check(self) -> anyhow::Result<ExitCode> {
        let (case, date, sheet) = self.load()?;
        let checked = satpuz::puzzles::inquest::sheet::check(&case, &sheet)?;
        let count = |m: Mark| checked.marks.iter().filter(|&&x| x == m).count();
        if self.json {
            super::print_json(&checked.report(&case, case.title(date)))?;
            return Ok(ExitCode::from(EXIT_OK));
        }
        outln!("{}\n", case.title(date))?;
        for (i, (s, m)) in case.statements.iter().zip(&checked.marks).enumerate() {
            let tag = match m {
                Mark::Satisfied => "[ok]  ",
                Mark::Violated => "[BAD] ",
                Mark::Open => "[ ]   ",
            };
            outln!("{tag}{:>2}. {}", i + 1, wrap_hanging(&s.text, 68, 10))?;
        }
        outln!(
            "\n{} satisfied, {} violated, {} open.",
            count(Mark::Satisfied),
            count(Mark::Violated),
            count(Mark::Open)
        )?;
        let filled = sheet
            .placed
            .iter()
            .flatten()
            .filter(|v| v.is_some())
            .count();
        let squares = case.rooms() * case.categories.len();
        if checked.complete {
            if checked.is_right() {
                outln!("The sheet is complete and right.")?;
            } else if checked.wrong.is_empty() {
                outln!("The sheet is complete and right, but the thief named is not the thief.")?;
            } else {
                outln!(
                    "The sheet is complete but not right: {} square(s) are wrong.",
                    checked.wrong.len()
                )?;
            }
        } else {
            outln!("The sheet is not complete: {filled} of {squares} squares filled.")?;
        }
        match checked.thief_right {
            Some(true) if !checked.complete => outln!("The thief named is the thief.")?,
            Some(false) if checked.wrong.is_empty() && !checked.complete => {
                outln!("The thief named is not the thief.")?
            }
            _ => {}
        }
        Ok(ExitCode::from(EXIT_OK))
    }

    fn hint(self) -> anyhow::Result<ExitCode> {
        let (case, date, sheet) = self.load()?;
        let hint = satpuz::puzzles::inquest::sheet::hint(&case, &sheet)?;
        let square_name = |s: &Square| {
            format!(
                "{} {} = {}",
                case.arrangement.rooms[s.room],
                case.categories[s.cat],
                case.arrangement.values[s.cat][s.value]
            )
        };
        let statement_lines = |v: &[usize]| {
            v.iter()
                .map(|&i| {
                    format!(
                        "  {:>2}. {}",
                        i + 1,
                        wrap_hanging(&case.statements[i].text, 72, 6)
                    )
                })
                .collect::<Vec<_>>()
                .join("\n")
        };
        let report = || hint.report(&case, case.title(date));
        match &hint {
            Hint::Fill {
                square,
                statements,
                given,
            } => {
                let filled: Vec<(usize, usize, usize)> = sheet_squares(&sheet);
                let target = (square.cat, square.value, square.room);
                let (clued, steps) =
                    super::explain::steps_to_square(&case.puzzle(), &filled, target)?;
                if self.json {
                    super::print_json(&HintReport {
                        steps: Some(clued.step_notes(&steps)),
                        ..report()
                    })?;
                } else {
                    outln!("{}\n", case.title(date))?;
                    outln!("Fill in: {}.\n", square_name(square))?;
                    let by = if statements.len() == 1 {
                        "statement"
                    } else {
                        "statements"
                    };
                    outln!("Forced by {by}\n{}", statement_lines(statements))?;
                    if !given.is_empty() {
                        let with = format!(
                            "together with what the sheet already says: {}.",
                            given.iter().map(square_name).collect::<Vec<_>>().join("; ")
                        );
                        outln!("{}", wrap(&with, 78))?;
                    }
                    outln!("\nStep by step from the sheet (`satpuz explain` gives them all):")?;
                    for (i, step) in steps.iter().enumerate() {
                        let line = format!("{:>3}. {}", i + 1, clued.sentence(step));
                        outln!("{}", wrap_hanging(&line, 78, 5))?;
                    }
                }
                Ok(ExitCode::from(EXIT_OK))
            }
            Hint::Contradiction {
                statements,
                given,
                broken,
            } => {
                if self.json {
                    super::print_json(&report())?;
                } else {
                    outln!("{}\n", case.title(date))?;
                    if !broken.is_empty() {
                        outln!("The sheet breaks\n{}\n", statement_lines(broken))?;
                    }
                    let squares = given.iter().map(square_name).collect::<Vec<_>>().join("; ");
                    let why = format!(
                        "What is written cannot all be right: no arrangement has {squares} and \
                         fits these statements:"
                    );
                    outln!("{}\n{}", wrap(&why, 78), statement_lines(statements))?;
                }
                // No arrangement fits the sheet and the statements.
                Ok(ExitCode::from(EXIT_NO_SOLUTION))
            }
            Hint::WrongThief { named } => {
                let person = case
                    .categories
                    .iter()
                    .position(|c| *c == "person")
                    .and_then(|p| case.arrangement.values[p].get(*named))
                    .map_or("the person named", String::as_str);
                if self.json {
                    super::print_json(&report())?;
                } else {
                    outln!(
                        "{}\n\nEvery square is filled and right, but {person} is not the thief: \
                         look again at who was in the room where the object was left behind.",
                        case.title(date)
                    )?;
                }
                // The sheet as written (with its thief) is not the case's answer.
                Ok(ExitCode::from(EXIT_NO_SOLUTION))
            }
            Hint::Complete => {
                if self.json {
                    super::print_json(&report())?;
                } else {
                    outln!(
                        "{}\n\nNothing left to fill: the sheet is complete and right.",
                        case.title(date)
                    )?;
                }
                Ok(ExitCode::from(EXIT_OK))
            }
        }
    }
}

/// The squares a sheet has filled: (category, value, room).
fn sheet_squares(sheet: &Sheet) -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    for (room, row) in sheet.placed.iter().enumerate() {
        for (cat, value) in row.iter().enumerate() {
            if let Some(value) = *value {
                out.push((cat, value, room));
            }
        }
    }
    out
}

/// Deals `n` consecutive seeds and reports the median time per deal.
///
/// Memory grows with the deals done (4 bytes each), not with `n`: a `--count` of 10^18 is a
/// run that `--timeout` or Ctrl-C ends, reporting the deals done so far, marked partial.
fn time_deals(args: &CaseArgs, n: u64, jobs: usize, as_json: bool) -> anyhow::Result<ExitCode> {
    let (first, _) = args.seed()?;
    run::set_total(n);
    let stop = run::stop();
    // Microseconds per deal (what the report shows), saturating at 71 minutes.
    let mut times: Vec<u32> = Vec::new();
    let mut sizes = std::collections::BTreeMap::<usize, u64>::new();
    let mut first_sizes = std::collections::BTreeMap::<usize, u64>::new();
    let (mut calls, mut truths, mut reshuffled) = (0u64, 0u64, 0u64);
    let wall = Instant::now();
    // Every core deals; the results are taken in seed order, so the report is the same on any
    // number of cores (the times per deal are each deal's own).
    let ended = parallel::try_ordered(
        n,
        jobs,
        &stop,
        || (),
        |(), k| {
            let seed = first.wrapping_add(k);
            let start = Instant::now();
            let case = deal(seed, args.length).with_context(|| format!("dealing case {seed}"))?;
            Ok::<_, anyhow::Error>((case, start.elapsed()))
        },
        |_, (case, took)| {
            times.push(u32::try_from(took.as_micros()).unwrap_or(u32::MAX));
            *sizes.entry(case.statements.len()).or_default() += 1;
            *first_sizes.entry(case.stats.first_cut).or_default() += 1;
            calls += case.stats.cut.solver_calls as u64;
            truths += case.stats.true_statements as u64;
            reshuffled += u64::from(case.stats.attempts > 1);
            run::found(1);
        },
    )?;
    let wall = wall.elapsed();
    let stopped = match ended {
        Ended::Stopped(reason) => Some(reason),
        Ended::Done | Ended::Broken => None,
    };
    if times.is_empty() {
        // Stopped before the first deal.
        let reason = stopped.unwrap_or(satpuz::solve::stop::StopReason::Interrupted);
        if as_json {
            let v = json!({"deals": 0, "complete": false, "stopped": stopped_name(reason)});
            outln!("{v:#}")?;
        } else {
            outln!(
                "no deals ({})",
                stopped_words(
                    reason,
                    stop.stopped_after().unwrap_or_else(|| stop.elapsed())
                )
            )?;
        }
        return Ok(ExitCode::from(EXIT_STOPPED));
    }
    let done = times.len() as u64;
    times.sort_unstable();
    let ms = |us: u32| f64::from(us) / 1e3;
    let median = ms(times[times.len() / 2]);
    let p90 = ms(times[(times.len() * 9 / 10).min(times.len() - 1)]);
    let mean_calls = calls as f64 / done as f64;
    let partial =
        stopped.map(|r| stopped_words(r, stop.stopped_after().unwrap_or_else(|| stop.elapsed())));
    if as_json {
        let v = json!({
            "length": args.length.name(), "first_seed": first, "deals": done,
            "complete": stopped.is_none(),
            "stopped": stopped.map(stopped_name),
            "median_ms": median, "p90_ms": p90, "max_ms": ms(times[times.len() - 1]),
            "jobs": jobs, "wall_ms": satpuz::report::millis(wall),
            "solver_calls_per_deal": mean_calls,
            "true_statements_per_deal": truths as f64 / done as f64,
            "reshuffled": reshuffled,
            "statements": sizes.iter().map(|(k, v)| (k.to_string(), json!(v))).collect::<serde_json::Map<_, _>>(),
            "first_cut_statements": first_sizes.iter().map(|(k, v)| (k.to_string(), json!(v))).collect::<serde_json::Map<_, _>>(),
        });
        outln!("{v:#}")?;
    } else {
        let of = partial.map_or(String::new(), |p| format!(" of {n} ({p})"));
        outln!(
            "{done}{of} {} deals from seed {first}: median {median:.3} ms, p90 {p90:.3} ms, max {:.3} ms per deal",
            args.length.name(),
            ms(times[times.len() - 1])
        )?;
        outln!(
            "solver calls per deal {mean_calls:.1}; true statements per deal {:.0}; re-shuffled (first cut out of range) {reshuffled}",
            truths as f64 / done as f64
        )?;
        outln!(
            "wall {:.3} s on {jobs} thread(s): {:.0} deals/s",
            wall.as_secs_f64(),
            done as f64 / wall.as_secs_f64().max(1e-9)
        )?;
        outln!("statements   first cut   final")?;
        let keys: std::collections::BTreeSet<usize> =
            sizes.keys().chain(first_sizes.keys()).copied().collect();
        for k in keys {
            outln!(
                "{k:>10}   {:>9}   {:>5}",
                first_sizes.get(&k).copied().unwrap_or(0),
                sizes.get(&k).copied().unwrap_or(0)
            )?;
        }
    }
    Ok(ExitCode::from(if stopped.is_some() {
        EXIT_STOPPED
    } else {
        EXIT_OK
    }))
}
