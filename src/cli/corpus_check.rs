//! `satpuz corpus check FILE.jsonl`: a corpus's quality, record by record. Each puzzle's
//! uniqueness is proved again (a fresh DRAT refutation, checked in process, whose SHA-256 must
//! be the record's), its answer solved again by a second route (the bit encoding, on
//! `--solver` when given) and compared, its level compared with the level asked, and its
//! canonical form (values and categories renamed away) compared with every other record's to
//! find the same puzzle twice. Every problem names its line.

use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead, BufReader};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use satpuz::encode::Encoding;
use satpuz::puzzles::grid::GridPuzzle;
use satpuz::puzzles::grid::corpus::canonical_form;
use satpuz::puzzles::{BuildOptions, Purpose};
use satpuz::solve::Verdict;
use satpuz::solve::external::SolverChoice;
use satpuz::solve::parallel;
use serde_json::Value;

use super::certify::{Outcome, SolverFlags, certify_puzzle};
use super::corpus::{answer_positions, load, sha256_hex};
use super::input::{SettingFlags, escape};
use super::output::outln;
use super::run::{self, Partial, RunFlags, supervise};
use super::{EXIT_NOT_VERIFIED, EXIT_OK, EXIT_STOPPED};

#[derive(Debug, Args)]
pub struct CorpusCmd {
    #[command(subcommand)]
    pub action: CorpusAction,
}

#[derive(Debug, Subcommand)]
pub enum CorpusAction {
    /// Check a corpus (`generate grid --corpus`): every certificate proved again and its
    /// SHA-256 compared, every answer solved again by the bit encoding (on --solver when
    /// given), levels tallied against the levels asked, the same puzzle under other names
    /// found. Exit 0 when every record passes, 5 when any does not (each problem names its
    /// line).
    Check(CheckArgs),
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The corpus: JSON Lines of records (`-` for standard input).
    pub file: String,
    /// The solver of the second route (the first is varisat's certificate).
    #[command(flatten)]
    pub solver: SolverFlags,
    /// Check on N threads (default: every core).
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,
    #[command(flatten)]
    pub run: RunFlags,
}

impl CorpusCmd {
    pub fn run(self) -> anyhow::Result<ExitCode> {
        match self.action {
            CorpusAction::Check(args) => {
                let partial = Partial::Nothing {
                    what: "corpus check".into(),
                    json: false,
                };
                let run_flags = args.run;
                supervise(run_flags, partial, move || args.check())
            }
        }
    }
}

/// What one record showed.
struct Checked {
    /// Problems, each a sentence.
    problems: Vec<String>,
    /// The record's index (when it has one).
    index: Option<u64>,
    /// Its size, the level asked (or `-`), and the level it has.
    tally: Option<(String, String, String)>,
    /// SHA-256 of its canonical form, as recomputed.
    canonical: Option<String>,
}

/// Lines read and checked at once: enough to keep every core busy, few enough that memory
/// stays flat on any corpus.
const BATCH: usize = 256;

impl CheckArgs {
    fn check(self) -> anyhow::Result<ExitCode> {
        let reader: Box<dyn BufRead + Send> = if self.file == "-" {
            Box::new(BufReader::new(std::io::stdin()))
        } else {
            let f = std::fs::File::open(&self.file)
                .with_context(|| format!("cannot open `{}`", escape(&self.file)))?;
            Box::new(BufReader::new(f))
        };
        let jobs = self
            .jobs
            .map_or_else(parallel::default_jobs, |j| j as usize);
        let solver = self.solver.choice();
        let mut lines = reader.lines();
        let mut line_no = 0usize;
        let mut problems = 0usize;
        let mut records = 0usize;
        let mut failed = 0usize;
        let mut next_index: Option<u64> = None;
        let mut seen: HashMap<String, usize> = HashMap::new();
        let mut tally: BTreeMap<(String, String, String), usize> = BTreeMap::new();
        let mut stopped = false;
        loop {
            let mut batch = Vec::with_capacity(BATCH);
            for line in lines.by_ref().take(BATCH) {
                let line = line.with_context(|| {
                    format!(
                        "reading `{}` line {}",
                        escape(&self.file),
                        line_no + batch.len() + 1
                    )
                })?;
                batch.push(line);
            }
            if batch.is_empty() {
                break;
            }
            let first = line_no;
            line_no += batch.len();
            let mut results = Vec::with_capacity(batch.len());
            let ended = parallel::ordered(
                batch.len() as u64,
                jobs,
                &run::stop(),
                || (),
                |(), k| check_line(&batch[k as usize], &solver),
                |_, checked| {
                    results.push(checked);
                    run::found(1);
                    std::ops::ControlFlow::Continue(())
                },
            );
            for (k, checked) in results.into_iter().enumerate() {
                let n = first + k + 1;
                records += 1;
                let mut said = checked.problems;
                if let Some(index) = checked.index {
                    if let Some(want) = next_index
                        && index != want
                    {
                        said.push(format!(
                            "index {index} where {want} was next (a record missing, repeated \
                             or out of order)"
                        ));
                    }
                    next_index = Some(index + 1);
                }
                if let Some(c) = checked.canonical {
                    match seen.get(&c) {
                        Some(&other) => said.push(format!(
                            "the same puzzle as line {other} (its values and categories renamed)"
                        )),
                        None => {
                            seen.insert(c, n);
                        }
                    }
                }
                if let Some(t) = checked.tally {
                    *tally.entry(t).or_default() += 1;
                }
                for p in &said {
                    outln!("line {n}: {p}")?;
                }
                problems += said.len();
                failed += usize::from(!said.is_empty());
            }
            if ended != parallel::Ended::Done {
                stopped = true;
                break;
            }
        }
        if records == 0 && !stopped {
            bail!("`{}` holds no records", escape(&self.file));
        }
        outln!("size  asked     rated     records")?;
        for ((size, asked, got), n) in &tally {
            outln!("{size:<5} {asked:<9} {got:<9} {n}")?;
        }
        // What was shown of the records without a problem: a summary never claims a proof for
        // a line that failed.
        let passed = records - failed;
        let how = format!(
            "{passed} of {records} record(s) passed (certificate proved again by varisat, answer \
             solved again by {} on the bit encoding), {} distinct puzzle(s)",
            solver.name(),
            seen.len()
        );
        if stopped {
            outln!("{how} (stopped before the end)")?;
            return Ok(ExitCode::from(EXIT_STOPPED));
        }
        if problems > 0 {
            outln!("{how}: {problems} problem(s) on {failed} line(s)")?;
            return Ok(ExitCode::from(EXIT_NOT_VERIFIED));
        }
        outln!("{how}: all pass")?;
        Ok(ExitCode::from(EXIT_OK))
    }
}

/// Checks one line; what cannot be read is a problem of the line, not an error of the run.
fn check_line(line: &str, solver: &SolverChoice) -> Checked {
    let mut checked = Checked {
        problems: Vec::new(),
        index: None,
        tally: None,
        canonical: None,
    };
    if let Err(e) = check_record(line, solver, &mut checked) {
        checked.problems.push(format!("{e:#}"));
    }
    checked
}

fn check_record(line: &str, solver: &SolverChoice, out: &mut Checked) -> anyhow::Result<()> {
    let record: Value = serde_json::from_str(line).context("not a JSON record")?;
    let field = |name: &str| {
        record
            .get(name)
            .with_context(|| format!("the record has no `{name}`"))
    };
    let text = |v: &Value, name: &str| -> anyhow::Result<String> {
        v.as_str()
            .map(str::to_string)
            .with_context(|| format!("`{name}` is not a string"))
    };
    out.index = Some(
        field("index")?
            .as_u64()
            .context("`index` is not a whole number")?,
    );
    let puzzle: GridPuzzle =
        serde_json::from_value(field("puzzle")?.clone()).context("`puzzle` is not a grid")?;
    let recorded_answer = field("answer")?;
    let level = text(
        field("difficulty")?
            .get("level")
            .context("`difficulty` has no `level`")?,
        "difficulty.level",
    )?;
    let asked = match record.get("requested_level") {
        Some(v) => Some(text(v, "requested_level")?),
        None => None,
    };
    out.tally = Some((
        text(field("size")?, "size")?,
        asked.clone().unwrap_or_else(|| "-".into()),
        level.clone(),
    ));
    if let Some(asked) = &asked
        && *asked != level
    {
        out.problems
            .push(format!("rated {level}, but {asked} was asked"));
    }
    let loaded = load(&puzzle)?;
    // The certificate, made again: a fresh refutation, checked, whose bytes must be the
    // record's.
    let Outcome::Certified(cert) = certify_puzzle(
        loaded.as_ref(),
        &SettingFlags::default(),
        &SolverChoice::Varisat,
    )?
    else {
        out.problems
            .push("the puzzle has more than one answer: no certificate".into());
        return Ok(());
    };
    let recorded_hash = text(
        field("certificate")?
            .get("drat_sha256")
            .context("`certificate` has no `drat_sha256`")?,
        "certificate.drat_sha256",
    )?;
    if sha256_hex(&cert.proof) != recorded_hash {
        out.problems
            .push("the certificate proved again has another SHA-256 than the record's".into());
    }
    if cert.answer.as_ref() != Some(recorded_answer) {
        out.problems
            .push("the certified answer differs from the record's".into());
    }
    // The second route: the other encoding, on the solver asked for.
    let opts = BuildOptions {
        encoding: Encoding::Bits,
        ..BuildOptions::default()
    };
    let mut instance = loaded.build(&opts, Purpose::Solve)?;
    let mut backend = solver.backend(instance.cnf());
    match instance.solve_unique_on(&mut *backend)? {
        Verdict::Unique(model) => {
            let answer = instance.answer(&model)?.value();
            if answer != *recorded_answer {
                out.problems.push(format!(
                    "{} on the bit encoding finds another answer than the record's",
                    solver.name()
                ));
            }
        }
        Verdict::Multiple(..) => out.problems.push(format!(
            "{} on the bit encoding finds two answers",
            solver.name()
        )),
        Verdict::Unsat => out.problems.push(format!(
            "{} on the bit encoding finds no answer",
            solver.name()
        )),
    }
    let positions = answer_positions(&puzzle, recorded_answer)?;
    let canonical = sha256_hex(canonical_form(&puzzle, &positions).as_bytes());
    match record.get("canonical_sha256").and_then(Value::as_str) {
        Some(c) if c == canonical => {}
        Some(_) => out
            .problems
            .push("`canonical_sha256` is not the puzzle's canonical form's".into()),
        None => out
            .problems
            .push("the record has no `canonical_sha256`".into()),
    }
    out.canonical = Some(canonical);
    Ok(())
}
