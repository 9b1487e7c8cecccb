//! `satpuz solve`: a puzzle's answer and its uniqueness (any family), or a DIMACS file's
//! verdict. A puzzle with no answer gets a minimal set of contradicting clues (families with
//! clues), one with several gets two answers side by side and a count; `--why` says for each
//! clue whether the answer needs it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::bail;
use clap::Args;
use satpuz::cnf::renumber::Renumbering;
use satpuz::cnf::{Lit, Var};
use satpuz::puzzles::{Answer, BuildOptions, Family, Purpose, Puzzle};
use satpuz::report::{ClueNote, CnfSolveReport, SCHEMA_VERSION, SolveReport, millis};
use satpuz::solve::Verdict;
use satpuz::solve::external::SolverChoice;

use super::certify::{Outcome, SolverFlags, certify_puzzle, plan_dir, summary, write_dir};
use super::encode::stats_text;
use super::explain::MAX_RATED_FACTS;
use super::input::{DIMACS, GRID, HOOKS, Input, PuzzleArgs, escape, resolve, threads};
use super::output::{OutputFile, eoutln, out, outln};
use super::run::{self, Partial, RunFlags, stopped_name, stopped_words, supervise};
use super::{
    EXIT_INPUT, EXIT_MULTIPLE, EXIT_NO_SOLUTION, EXIT_OK, EXIT_SAT, EXIT_STOPPED, EXIT_UNSAT,
    print_json,
};

/// An answer of any family.
type AnswerBox = Box<dyn Answer>;

/// Solutions counted by default when a puzzle has more than one.
const DEFAULT_LIMIT: u64 = 1000;

#[derive(Debug, Args)]
pub struct SolveCmd {
    #[command(flatten)]
    pub input: PuzzleArgs,
    /// Print the result as JSON (see `satpuz schema`).
    #[arg(long)]
    pub json: bool,
    /// Print variables and clauses per constraint kind.
    #[arg(long)]
    pub stats: bool,
    /// When the puzzle has several answers, count at most N of them (N >= 2: the two shown
    /// are counted) [default: 1000].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    /// For a puzzle with one answer: say for each clue whether the answer needs it.
    #[arg(long, help_heading = GRID)]
    pub why: bool,
    /// For a puzzle with one answer: rate how hard it is to reason out (easy, medium, hard,
    /// fiendish), as `satpuz explain` does. It explains the puzzle to rate it: hundreds of
    /// solver calls where solving takes two.
    #[arg(long, help_heading = GRID)]
    pub rate: bool,
    /// Accept a DIMACS file whose clause count disagrees with its header (with a warning).
    #[arg(long, help_heading = DIMACS)]
    pub lenient: bool,
    /// Threads for a search split into cubes (Hooks 9; other puzzles and DIMACS files refuse
    /// it); the answer and the verdict are the same on any number [default: one per core, at
    /// most 2].
    #[arg(short, long, value_name = "N", alias = "threads", help_heading = HOOKS, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,
    #[command(flatten)]
    pub solver: SolverFlags,
    /// Write a checked certificate of the verdict into DIR (created when missing): the formula
    /// plus the answer's blocking clause (refuted.cnf), its DRAT refutation (proof.drat), the
    /// answer and its model (answer.txt). `satpuz check-drat DIR/refuted.cnf DIR/proof.drat`
    /// re-checks it.
    #[arg(long, value_name = "DIR")]
    pub certify: Option<PathBuf>,
    /// Overwrite the files of --certify DIR that exist.
    #[arg(long, requires = "certify")]
    pub force: bool,
    #[command(flatten)]
    pub run: RunFlags,
}

impl SolveCmd {
    pub fn run(mut self) -> anyhow::Result<ExitCode> {
        self.input.settings.threads = threads(self.jobs);
        let partial = Partial::Nothing {
            what: "solve".into(),
            json: self.json,
        };
        // Refused before any work: files of the certificate that exist (without --force).
        let certify = match &self.certify {
            Some(dir) => Some(plan_dir(dir, self.force)?),
            None => None,
        };
        supervise(self.run, partial, move || self.solve(certify))
    }

    /// On the worker thread of [`supervise`], the certificate's files planned.
    fn solve(self, certify: Option<Vec<OutputFile>>) -> anyhow::Result<ExitCode> {
        // `time_ms` covers all the command's work, reading the input included.
        let start = Instant::now();
        match resolve(&self.input, self.lenient)? {
            Input::Cnf { mut parsed, origin } => {
                if certify.is_some() {
                    bail!(
                        "--certify applies to puzzles; for a DIMACS file say `satpuz prove {} \
                         --proof FILE` (a refutation of an UNSAT formula)",
                        escape(&origin)
                    );
                }
                for (given, flag) in [
                    (self.why, "--why"),
                    (self.rate, "--rate"),
                    (self.limit.is_some(), "--limit"),
                    (self.jobs.is_some(), "-j/--jobs"),
                ] {
                    if given {
                        bail!(
                            "{flag} applies to puzzles; `{}` is a DIMACS file (use `satpuz \
                             count` to count its models)",
                            escape(&origin)
                        );
                    }
                }
                if !self.json {
                    // One varisat call, which cannot be interrupted: a stop ends it from
                    // supervise() with the competition's `s UNKNOWN`.
                    run::set_partial(Partial::SolverLine);
                }
                let cnf = &mut parsed.cnf;
                let (variables, clauses) = (cnf.num_vars(), cnf.num_clauses());
                let renumbering = Renumbering::compact_sparse(cnf);
                let mut solver = self.solver.choice().backend(cnf);
                let sat = solver.solve(&[])?;
                let solver_note = self.solver.note(start.elapsed());
                // The model up to the last variable the file uses: a header may declare far
                // more (`p cnf 2147483646 0` made 19 GB of model); the rest take any value.
                let used = used_vars(cnf);
                let model = sat.then(|| {
                    let values = solver.model(used);
                    match &renumbering {
                        None => signed_model(&values),
                        Some(r) => file_model(&values, r),
                    }
                });
                if self.json {
                    print_json(&CnfSolveReport {
                        schema_version: SCHEMA_VERSION,
                        puzzle: origin,
                        family: "cnf".into(),
                        variables,
                        clauses,
                        satisfiable: sat,
                        model,
                        time_ms: millis(start.elapsed()),
                    })?;
                } else if let Some(model) = model {
                    if let Some(note) = solver_note {
                        outln!("c {note}")?;
                    }
                    outln!("s SATISFIABLE")?;
                    if renumbering.is_some() {
                        outln!(
                            "c {} of the {variables} variables are in no clause and not listed: \
                             any values satisfy the formula",
                            variables - used
                        )?;
                    } else if used < variables {
                        outln!(
                            "c variables {} to {variables} are in no clause: any values satisfy \
                             the formula (not listed)",
                            used + 1
                        )?;
                    }
                    out!("{}", v_lines(&model))?;
                } else {
                    if let Some(note) = solver_note {
                        outln!("c {note}")?;
                    }
                    outln!("s UNSATISFIABLE")?;
                }
                Ok(ExitCode::from(if sat { EXIT_SAT } else { EXIT_UNSAT }))
            }
            Input::Puzzles {
                family, puzzles, ..
            } => {
                if self.why
                    && let Some(p) = puzzles.iter().find(|p| !p.has_clues())
                {
                    bail!(
                        "--why judges a puzzle's clues one by one; `{}` (a {} puzzle) has no \
                         clue list to judge",
                        escape(&p.name()),
                        family.name()
                    );
                }
                if self.rate
                    && let Some(p) = puzzles.iter().find(|p| !p.has_clues())
                {
                    bail!(
                        "--rate rates the steps from a puzzle's clues to its answer; `{}` (a {} \
                         puzzle) has no clues to reason from",
                        escape(&p.name()),
                        family.name()
                    );
                }
                if certify.is_some() && puzzles.len() > 1 {
                    bail!(
                        "--certify writes one puzzle's certificate; the file holds {} puzzles",
                        puzzles.len()
                    );
                }
                let opts = self.input.settings.options();
                let mut code = EXIT_OK;
                let mut reports = Vec::with_capacity(puzzles.len());
                let mut text = String::new();
                let mut disagreements = Vec::new();
                // Each puzzle's `time_ms` runs from the previous one's end (the first's from
                // the start, reading included): together they are the command's time.
                let mut since = start;
                for (i, puzzle) in puzzles.iter().enumerate() {
                    let solved =
                        self.solve_one(family, puzzle.as_ref(), &opts, certify.as_deref(), since)?;
                    since = Instant::now();
                    code = code.max(solved.code);
                    if i > 0 {
                        text.push('\n');
                    }
                    text.push_str(&solved.text);
                    disagreements.extend(solved.disagreement);
                    reports.push(solved.report);
                }
                if self.json {
                    if reports.len() == 1 {
                        print_json(&reports[0])?;
                    } else {
                        print_json(&reports)?;
                    }
                } else {
                    out!("{text}")?;
                }
                if !disagreements.is_empty() {
                    for d in &disagreements {
                        eoutln!("error: {d}");
                    }
                    return Ok(ExitCode::from(EXIT_INPUT));
                }
                Ok(ExitCode::from(code))
            }
        }
    }

    fn solve_one(
        &self,
        family: &dyn Family,
        puzzle: &dyn Puzzle,
        opts: &BuildOptions,
        certify: Option<&[OutputFile]>,
        start: Instant,
    ) -> anyhow::Result<Solved> {
        let solver = self.solver.choice();
        let mut inst = puzzle.build(opts, Purpose::Solve)?;
        let (variables, clauses) = (inst.cnf().num_vars(), inst.cnf().num_clauses());
        let settings = opts.report(family.settings());
        let mut text = format!(
            "{}\n{}{variables} variables, {clauses} clauses\n",
            puzzle.summary(),
            settings_prefix(&opts.flags(family.settings()))
        );
        if self.stats {
            text.push_str(&stats_text(inst.cnf()));
        }
        text.push('\n');
        if let Some(statement) = puzzle.statement() {
            let _ = writeln!(text, "{statement}\n");
        }
        let verdict = match solver {
            SolverChoice::Varisat => inst.solve_unique()?,
            _ => inst.solve_unique_on(&mut *solver.backend(inst.cnf()))?,
        };
        let elapsed = start.elapsed();
        let (first, second): (Option<AnswerBox>, Option<AnswerBox>) = match &verdict {
            Verdict::Unsat => (None, None),
            Verdict::Unique(a) => (Some(inst.answer(a)?), None),
            Verdict::Multiple(a, b) => (Some(inst.answer(a)?), Some(inst.answer(b)?)),
        };
        let mut report = SolveReport {
            schema_version: SCHEMA_VERSION,
            puzzle: puzzle.name(),
            family: family.name().to_string(),
            settings,
            variables,
            clauses,
            satisfiable: first.is_some(),
            unique: first.is_some() && second.is_none(),
            answer: first.as_ref().map(|a| a.value()),
            second_answer: second.as_ref().map(|a| a.value()),
            solutions: None,
            complete: None,
            stopped: None,
            differences: Vec::new(),
            contradiction: None,
            clues: None,
            expected: puzzle.expected(),
            details: merge_details(puzzle.details(), inst.note_details()),
            difficulty: None,
            time_ms: millis(elapsed),
        };
        match (&first, &second, &verdict) {
            (None, _, _) => {
                let why = inst.contradiction()?;
                text.push_str(&contradiction_text(why.as_deref()));
                report.contradiction = why;
            }
            (Some(a), None, Verdict::Unique(model)) => {
                text.push_str(&a.text());
                text.push_str("\nunique: yes (a second solve with this answer blocked is UNSAT)\n");
                if self.rate {
                    match super::explain::rated(puzzle)? {
                        Some(d) => {
                            let _ = writeln!(text, "difficulty: {} (`satpuz explain`)", d.words());
                            report.difficulty = Some(Box::new(d.note()));
                        }
                        None => {
                            let _ = writeln!(
                                text,
                                "difficulty: not rated (over {MAX_RATED_FACTS} facts; `satpuz \
                                 explain` rates any size)"
                            );
                        }
                    }
                }
                if self.why {
                    let clues = inst.why(model)?;
                    if let Some(clues) = &clues {
                        text.push_str(&why_text(clues));
                    }
                    report.clues = clues;
                }
            }
            (Some(a), Some(b), _) => {
                // Two answers are known, so the count is at least 2 whatever the limit.
                let limit = self.limit.unwrap_or(DEFAULT_LIMIT).max(2);
                run::set_partial(Partial::Count {
                    name: puzzle.name(),
                    json: self.json,
                });
                let (stop, mut tick) = (run::stop(), || run::found(1));
                let counted = match solver {
                    SolverChoice::Varisat => inst.count(Some(limit), &stop, &mut tick)?,
                    _ => inst.count_on(
                        &mut *solver.backend(inst.cnf()),
                        Some(limit),
                        &stop,
                        &mut tick,
                    )?,
                };
                let found = counted.found;
                let complete = counted.stopped.is_none() && found < limit;
                let how_many = match counted.stopped {
                    Some(reason) => format!(
                        "at least {found} solutions (counting {})",
                        stopped_words(
                            reason,
                            run::stop()
                                .stopped_after()
                                .unwrap_or_else(|| start.elapsed())
                        )
                    ),
                    None if complete => format!("{found} solutions"),
                    None => format!("at least {found} solutions (counting stopped at {limit})"),
                };
                report.stopped = counted.stopped.map(|r| stopped_name(r).to_string());
                let cells = a.differences(b.as_ref());
                let _ = writeln!(
                    text,
                    "unique: no; {how_many}. Two of them, side by side (* marks the {} cells \
                     where they differ):\n",
                    cells.len()
                );
                match a.side_by_side(b.as_ref()) {
                    Some(table) => text.push_str(&table),
                    None => {
                        let _ =
                            write!(text, "solution 1:\n{}\nsolution 2:\n{}", a.text(), b.text());
                    }
                }
                text.push_str("\ndiffering cells:\n");
                for d in &cells {
                    let place = [d.position.as_str(), d.category.as_str()]
                        .iter()
                        .filter(|s| !s.is_empty())
                        .copied()
                        .collect::<Vec<_>>()
                        .join(" ");
                    let _ = writeln!(text, "  {place}: {} / {}", d.first, d.second);
                }
                if self.why {
                    text.push_str("\n--why needs a unique answer; add clues until there is one.\n");
                }
                report.solutions = Some(found);
                report.complete = Some(complete);
                report.differences = cells;
            }
            _ => {}
        }
        for note in inst.notes() {
            let _ = writeln!(text, "{note}");
        }
        if let Some(note) = self.solver.note(elapsed) {
            let _ = writeln!(text, "{note}");
        }
        if let Some(files) = certify {
            text.push_str(&self.certify_one(puzzle, &solver, files, report.answer.as_ref())?);
        }
        if let Some(expected) = &report.expected {
            let _ = writeln!(text, "expected by the file: {}", expected_text(expected));
        }
        report.time_ms = millis(start.elapsed());
        let disagreement = puzzle.disagreement(first.as_deref(), report.unique);
        let code = match verdict {
            _ if report.stopped.is_some() => EXIT_STOPPED,
            Verdict::Unsat => EXIT_NO_SOLUTION,
            Verdict::Unique(_) => EXIT_OK,
            Verdict::Multiple(..) => EXIT_MULTIPLE,
        };
        Ok(Solved {
            report,
            text,
            code,
            disagreement,
        })
    }
}

impl SolveCmd {
    /// `--certify`: the verdict certified afresh and written to the planned files; what to
    /// print. The certified answer must be the one just solved.
    fn certify_one(
        &self,
        puzzle: &dyn Puzzle,
        solver: &SolverChoice,
        files: &[OutputFile],
        solved: Option<&serde_json::Value>,
    ) -> anyhow::Result<String> {
        let cert = match certify_puzzle(puzzle, &self.input.settings, solver)? {
            Outcome::Certified(cert) => cert,
            Outcome::Multiple | Outcome::Satisfiable => {
                return Ok("certificate: none (more than one answer: nothing to certify)\n".into());
            }
        };
        if cert.answer.as_ref() != solved {
            bail!(
                "the certified formula's answer differs from the one solved: {} against {}",
                cert.answer
                    .as_ref()
                    .map_or("none".into(), |a| a.to_string()),
                solved.map_or("none".into(), |a| a.to_string())
            );
        }
        write_dir(files, &cert)?;
        let mut text = String::new();
        for note in &cert.notes {
            let _ = writeln!(text, "{note}");
        }
        let dir = files[0].path().parent().unwrap_or(Path::new("."));
        let _ = writeln!(
            text,
            "{}\ncertificate written to {}/ (check it: satpuz check-drat {} {})",
            summary(&cert),
            dir.display(),
            files[0].path().display(),
            files[1].path().display()
        );
        Ok(text)
    }
}

struct Solved {
    report: SolveReport,
    text: String,
    code: u8,
    disagreement: Option<String>,
}

/// "encoding one-hot, amo pairwise: " from "--encoding one-hot --amo pairwise".
fn settings_prefix(flags: &str) -> String {
    if flags.is_empty() {
        return String::new();
    }
    let words: Vec<&str> = flags.split(' ').collect();
    let pairs: Vec<String> = words
        .chunks(2)
        .map(|p| {
            format!(
                "{} {}",
                p[0].trim_start_matches('-'),
                p.get(1).unwrap_or(&"")
            )
        })
        .collect();
    format!("{}: ", pairs.join(", "))
}

/// The clue's own sentence if it has one, else its meaning.
/// "no solution" and, when the family found them, the clues that contradict each other.
pub(super) fn contradiction_text(clues: Option<&[ClueNote]>) -> String {
    let Some(clues) = clues else {
        return "no solution: the clues contradict each other\n".into();
    };
    let mut text = format!(
        "no solution: the clues contradict each other. These {} do so on their own (drop any \
         one of them and the rest have a solution):\n",
        clues.len()
    );
    for c in clues {
        let _ = writeln!(text, "  clue {}: {}", c.clue, c.quote());
    }
    text
}

fn why_text(clues: &[ClueNote]) -> String {
    let mut text = String::from("\nwhy: each clue, and whether the answer needs it\n");
    let needed = clues.iter().filter(|c| c.needed == Some(true)).count();
    for c in clues {
        let word = if c.needed == Some(true) {
            "needed   "
        } else {
            "redundant"
        };
        let change = c
            .without_it
            .as_ref()
            .map(|w| format!(" (without it: {w})"))
            .unwrap_or_default();
        let _ = writeln!(text, "  {word} clue {}: {}{change}", c.clue, c.quote());
    }
    let _ = writeln!(
        text,
        "{needed} needed, {} redundant (each redundant clue can be dropped alone, not \
         necessarily together)",
        clues.len() - needed
    );
    text
}

fn expected_text(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::Object(m) => m
            .iter()
            .map(|(k, v)| match v {
                serde_json::Value::String(s) => format!("{k} {s}"),
                v => format!("{k} {v}"),
            })
            .collect::<Vec<_>>()
            .join(", "),
        v => v.to_string(),
    }
}

/// The puzzle's particulars and what solving found, as one JSON object.
fn merge_details(
    a: Option<serde_json::Value>,
    b: Option<serde_json::Value>,
) -> Option<serde_json::Value> {
    match (a, b) {
        (Some(serde_json::Value::Object(mut x)), Some(serde_json::Value::Object(y))) => {
            x.extend(y);
            Some(serde_json::Value::Object(x))
        }
        (a, b) => a.or(b),
    }
}

/// Variables `1..=n` up to the last one a clause or the projection mentions.
pub(super) fn used_vars(cnf: &satpuz::cnf::Cnf) -> u32 {
    let in_clauses = cnf.clauses.iter().flatten().map(|l| l.var().idx32() + 1);
    let shown = cnf.primary.iter().map(|v| v.idx32() + 1);
    in_clauses.chain(shown).max().unwrap_or(0)
}

/// A model as DIMACS literals (1-based, negative = false).
pub fn signed_model(model: &[bool]) -> Vec<i64> {
    model
        .iter()
        .enumerate()
        .map(|(i, &b)| if b { i as i64 + 1 } else { -(i as i64 + 1) })
        .collect()
}

/// A model of a renumbered formula as DIMACS literals of the file's variables (the variables
/// it mentions, in order).
fn file_model(values: &[bool], renumbering: &Renumbering) -> Vec<i64> {
    values
        .iter()
        .enumerate()
        .filter_map(|(i, &b)| {
            let var = renumbering.original(Var::new(i as u32))?;
            Some(i64::from(Lit::new(var.idx32(), !b).to_ipasir()))
        })
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
