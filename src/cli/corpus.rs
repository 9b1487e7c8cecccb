//! `satpuz generate grid --corpus`: many certified, rated and explained grids as JSON Lines,
//! one record per puzzle, in the order of their index. A record depends only on the corpus
//! seed and its index, so shards (`--shard K/M`), threads and machines all make the same
//! bytes; a shard written to a file grows in `FILE.partial`, which `--resume` continues after
//! a kill and which is renamed to FILE once whole.

use std::fs::{self, File, OpenOptions};
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, bail};
use clap::Args;
use satpuz::choice::Choice;
use satpuz::puzzles::grid::GridPuzzle;
use satpuz::puzzles::grid::corpus::{CorpusPlan, Shard, canonical_form, puzzle_seed};
use satpuz::puzzles::grid::family::clued;
use satpuz::puzzles::grid::generate::{ClueMix, GENERATOR_VERSION, generate_on_one_thread};
use satpuz::puzzles::grid::vocabulary::{Names, VOCABULARY_VERSION, name_puzzle, puzzle_text};
use satpuz::puzzles::{Puzzle, family};
use satpuz::report::{CertificateNote, CorpusGenerator, CorpusRecord, SCHEMA_VERSION};
use satpuz::solve::difficulty::Level;
use satpuz::solve::external::SolverChoice;
use satpuz::solve::parallel::{self, Ended};
use satpuz::solve::steps::explain;
use serde_json::Value;
use sha2::{Digest, Sha256};

use super::certify::{Outcome, certify_puzzle, plan_dir, write_dir};
use super::input::SettingFlags;
use super::output::{eoutln, note, with_stdout};
use super::run;
use super::{EXIT_OK, EXIT_STOPPED};

/// Corpus flags of `generate grid` (any of them asks for corpus records).
#[derive(Debug, Clone, Default, Args)]
#[command(next_help_heading = "Corpus (JSON Lines of certified, rated, explained puzzles)")]
pub struct CorpusFlags {
    /// Write corpus records (JSON Lines, `satpuz schema`: CorpusRecord) instead of puzzle
    /// files: --count N of them (or --per-cell N of each size and level), the puzzle of record
    /// i from --seed and i alone. Implied by every other flag of this section.
    #[arg(long)]
    pub corpus: bool,
    /// Sizes as POSITIONSxCATEGORIES: `5x5`, a list `4x4,6x6`, or a range `3x3..6x6` (every
    /// positions with every number of categories in it). [default: --positions x --categories]
    #[arg(long, value_name = "SIZES", value_parser = parse_sizes)]
    pub sizes: Option<Sizes>,
    /// Rated levels, comma-separated (easy, medium, hard, fiendish): each record is generated
    /// from its seeds until its rated level is the one asked.
    #[arg(long, value_name = "LEVELS", value_delimiter = ',', value_parser = super::choice::<Level>())]
    pub levels: Vec<Level>,
    /// Records of each size and level (sizes outermost, then levels, in the order given).
    #[arg(long, value_name = "N", conflicts_with = "count",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub per_cell: Option<u64>,
    /// Make the K-th (from 1) of M contiguous parts of the corpus; the M parts concatenated in
    /// order are the whole corpus, byte for byte.
    #[arg(long, value_name = "K/M", value_parser = Shard::parse)]
    pub shard: Option<Shard>,
    /// Continue a run that was stopped or killed: keep the whole records of FILE.partial
    /// (the last one checked against a new making of it) and write the rest.
    #[arg(long, requires = "output")]
    pub resume: bool,
    /// Write each record's certificate into DIR/INDEX/ (refuted.cnf, proof.drat,
    /// answer.txt, as `solve --certify`); the record holds the proof's SHA-256 either way.
    #[arg(long, value_name = "DIR")]
    pub certify: Option<PathBuf>,
}

impl CorpusFlags {
    /// Does any flag ask for corpus records?
    pub fn wanted(&self) -> bool {
        self.corpus
            || self.sizes.is_some()
            || !self.levels.is_empty()
            || self.per_cell.is_some()
            || self.shard.is_some()
            || self.resume
            || self.certify.is_some()
    }
}

/// `--sizes`, as (positions, categories) pairs (a type of its own: clap reads an
/// `Option<Vec<_>>` as a flag given several times).
#[derive(Debug, Clone)]
pub struct Sizes(pub Vec<(u64, u64)>);

fn parse_sizes(text: &str) -> Result<Sizes, String> {
    satpuz::puzzles::grid::corpus::parse_sizes(text).map(Sizes)
}

/// Seeds tried for one record before its level is given up: the rarest level of a size may
/// not exist at all (a 3 x 3 grid is never fiendish).
const MAX_LEVEL_ATTEMPTS: u64 = 1_000;

/// What every record is made from.
#[derive(Debug, Clone)]
pub struct RecordMaker {
    pub plan: CorpusPlan,
    pub corpus_seed: u64,
    pub mix: ClueMix,
    pub budget: Option<u64>,
    pub names: Names,
    /// `--certify DIR`, and whether its files may be replaced.
    pub certify: Option<(PathBuf, bool)>,
}

/// A generated puzzle with its words, as `generate grid` makes it alone from `seed`.
pub fn named_puzzle(
    shape: satpuz::puzzles::grid::generate::GridShape,
    seed: u64,
    mix: ClueMix,
    budget: Option<u64>,
    names: Names,
) -> anyhow::Result<GridPuzzle> {
    let mut puzzle = generate_on_one_thread(shape, seed, mix, budget)?.puzzle;
    name_puzzle(&mut puzzle, seed, names)?;
    Ok(puzzle)
}

impl RecordMaker {
    /// Record `index` as one line of JSON (no newline).
    pub fn record(&self, index: u64) -> anyhow::Result<String> {
        let cell = self.plan.cell(index);
        for attempt in 0..MAX_LEVEL_ATTEMPTS {
            if attempt > 0 && run::stop().should_stop() {
                bail!("stopped");
            }
            let seed = puzzle_seed(self.corpus_seed, index, attempt);
            let puzzle = named_puzzle(cell.shape, seed, self.mix, self.budget, self.names)
                .with_context(|| format!("record {index} ({}), seed {seed}", cell.words()))?;
            let clued = clued(&puzzle)?;
            let explanation = explain(&clued, &[])?;
            let difficulty = explanation.difficulty();
            let proved_level = difficulty.level_proved().then_some(difficulty.level);
            if cell.level.is_some_and(|level| Some(level) != proved_level) {
                continue;
            }
            let certificate = self
                .certificate(index, &puzzle)
                .with_context(|| format!("record {index} ({}), seed {seed}", cell.words()))?;
            let positions = answer_positions(&puzzle, &certificate.1)?;
            let record = CorpusRecord {
                schema_version: SCHEMA_VERSION,
                index,
                size: satpuz::puzzles::grid::corpus::shape_name(cell.shape),
                requested_level: cell.level.map(|l| l.name().to_string()),
                generator: CorpusGenerator {
                    version: GENERATOR_VERSION,
                    vocabulary: VOCABULARY_VERSION,
                    corpus_seed: self.corpus_seed,
                    seed,
                    attempts: attempt + 1,
                },
                puzzle: serde_json::to_value(&puzzle)?,
                text: puzzle_text(&puzzle),
                answer: certificate.1,
                difficulty: difficulty.note(),
                steps: clued.explanation_notes(&explanation),
                certificate: certificate.0,
                canonical_sha256: sha256_hex(canonical_form(&puzzle, &positions).as_bytes()),
            };
            return Ok(serde_json::to_string(&record)?);
        }
        bail!(
            "record {index} ({}): none of {MAX_LEVEL_ATTEMPTS} seeds gives a {} puzzle of this \
             size; leave that level out for this size",
            cell.words(),
            cell.level.map_or("", |l| l.name())
        )
    }

    /// The puzzle's uniqueness certificate (written into `--certify DIR` when asked) and its
    /// answer.
    fn certificate(
        &self,
        index: u64,
        puzzle: &GridPuzzle,
    ) -> anyhow::Result<(CertificateNote, Value)> {
        let loaded = load(puzzle)?;
        let outcome = certify_puzzle(
            loaded.as_ref(),
            &SettingFlags::default(),
            &SolverChoice::Varisat,
        )?;
        let Outcome::Certified(cert) = outcome else {
            bail!("internal error: a generated puzzle is not unique");
        };
        let answer = cert
            .answer
            .clone()
            .context("internal error: a generated puzzle has no answer")?;
        let dir = match &self.certify {
            Some((root, force)) => {
                let name = record_dir(index);
                let files = plan_dir(&root.join(&name), *force)?;
                write_dir(&files, &cert)?;
                Some(name)
            }
            None => None,
        };
        Ok((
            CertificateNote {
                drat_sha256: sha256_hex(&cert.proof),
                format: cert.format.name().to_string(),
                lemmas: cert.stats.lemmas,
                variables: cert.refuted.num_vars() as usize,
                clauses: cert.refuted.num_clauses(),
                dir,
            },
            answer,
        ))
    }
}

/// The directory of record `index`'s certificate under `--certify DIR`.
pub fn record_dir(index: u64) -> String {
    format!("{index:08}")
}

/// A generated puzzle as the grid family loads it (through its file, as any reader would).
pub fn load(puzzle: &GridPuzzle) -> anyhow::Result<Box<dyn Puzzle>> {
    let grid = family("grid").context("the grid family is registered")?;
    let loaded = grid.load_json(&serde_json::to_string(puzzle)?, &puzzle.name)?;
    loaded
        .puzzles
        .into_iter()
        .next()
        .context("a grid file holds one puzzle")
}

/// SHA-256 in lower-case hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// `positions[c][i]`: where value i of category c is in `answer` (a grid answer as JSON).
pub fn answer_positions(puzzle: &GridPuzzle, answer: &Value) -> anyhow::Result<Vec<Vec<usize>>> {
    let rows = answer
        .get("positions")
        .and_then(Value::as_array)
        .context("the answer has no `positions` list")?;
    let mut positions: Vec<Vec<Option<usize>>> = puzzle
        .categories
        .iter()
        .map(|c| vec![None; c.values.len()])
        .collect();
    for (p, row) in rows.iter().enumerate() {
        for (c, cat) in puzzle.categories.iter().enumerate() {
            let value = row
                .get(&cat.name)
                .and_then(Value::as_str)
                .with_context(|| {
                    format!("the answer's position {} has no `{}`", p + 1, cat.name)
                })?;
            let i = cat
                .values
                .iter()
                .position(|v| v == value)
                .with_context(|| format!("the answer names `{value}`, not a {}", cat.name))?;
            positions[c][i] = Some(p);
        }
    }
    positions
        .into_iter()
        .map(|c| c.into_iter().collect::<Option<Vec<usize>>>())
        .collect::<Option<Vec<_>>>()
        .context("the answer leaves a value without a position")
}

/// Where the records go.
pub enum Sink {
    /// Standard output, as they are made.
    Stdout,
    /// FILE, grown in FILE.partial and renamed once whole.
    File { path: PathBuf, force: bool },
}

/// FILE.partial: where a shard bound for FILE grows.
pub fn partial_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(".partial");
    PathBuf::from(name)
}

/// Refusals before any work: FILE exists (without --force), FILE.partial exists (without
/// --resume or --force), --resume with nothing to resume is fine (it starts afresh).
pub fn plan_sink(output: Option<&Path>, force: bool, resume: bool) -> anyhow::Result<Sink> {
    let Some(path) = output.filter(|p| p.as_os_str() != "-") else {
        if resume {
            bail!("--resume needs -o FILE: standard output cannot be continued");
        }
        return Ok(Sink::Stdout);
    };
    let shown = path.display();
    if path.is_dir() {
        bail!("`{shown}` is a directory; give a file name");
    }
    if path.exists() && !force && !resume {
        bail!("`{shown}` exists; pass --force to overwrite it");
    }
    let partial = partial_path(path);
    if partial.exists() && !resume && !force {
        bail!(
            "`{}` exists (a run that stopped before its end): --resume continues it, --force \
             starts again",
            partial.display()
        );
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        bail!(
            "cannot write `{shown}`: the directory `{}` does not exist",
            dir.display()
        );
    }
    Ok(Sink::File {
        path: path.to_path_buf(),
        force,
    })
}

/// Builds the records `range` of the corpus into `sink`, on `jobs` threads, in index order.
pub fn build(
    maker: &RecordMaker,
    shard: Shard,
    sink: Sink,
    resume: bool,
    jobs: usize,
) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    let range = shard.range(maker.plan.total());
    let (mut writer, done, file): (Out, u64, Option<(PathBuf, PathBuf, bool)>) = match sink {
        Sink::Stdout => (Out::Stdout, 0, None),
        Sink::File { path, force } => {
            if resume && path.exists() {
                note!("`{}` is whole already: nothing to resume", path.display());
                return Ok(ExitCode::from(EXIT_OK));
            }
            let partial = partial_path(&path);
            let done = if resume && partial.exists() {
                resume_partial(&partial, maker, range.clone())?
            } else {
                File::create(&partial)
                    .with_context(|| format!("cannot write `{}`", partial.display()))?;
                0
            };
            let f = OpenOptions::new()
                .append(true)
                .open(&partial)
                .with_context(|| format!("cannot write `{}`", partial.display()))?;
            (
                Out::File(BufWriter::new(f), partial.clone()),
                done,
                Some((path, partial, force)),
            )
        }
    };
    let todo = range.end - range.start - done;
    run::set_total(range.end - range.start);
    run::found(done);
    let first = range.start + done;
    let mut written = 0;
    let mut failed: Option<anyhow::Error> = None;
    let ended = parallel::try_ordered(
        todo,
        jobs,
        &run::stop(),
        || (),
        |(), k| maker.record(first + k),
        |_, line| {
            if failed.is_some() {
                return;
            }
            match writer.line(&line) {
                Ok(()) => {
                    written += 1;
                    run::found(1);
                }
                Err(e) => failed = Some(e),
            }
        },
    );
    let flushed = writer.flush();
    drop(writer);
    if let Some(e) = failed {
        return Err(e);
    }
    let stopped = match ended {
        // A record stopped inside its level search fails with `stopped`: the run was stopped.
        Err(_) if run::stop().should_stop() => true,
        Err(e) => {
            if let Some((_, partial, _)) = &file {
                eoutln!(
                    "generate grid: {} record(s) kept in `{}` (--resume continues after a fix)",
                    done + written,
                    partial.display()
                );
            }
            return Err(e);
        }
        Ok(Ended::Stopped(_)) => true,
        Ok(_) => false,
    };
    flushed?;
    let shard_words = if shard == Shard::WHOLE {
        String::new()
    } else {
        format!(
            " (shard {}/{}: records {}..{})",
            shard.k, shard.m, range.start, range.end
        )
    };
    if stopped {
        let kept = match &file {
            Some((_, partial, _)) => format!(" in `{}`; --resume continues", partial.display()),
            None => String::new(),
        };
        eoutln!(
            "generate grid: {} of {} records{shard_words}{kept} ({})",
            done + written,
            range.end - range.start,
            run::stop()
                .reason()
                .map_or("stopped".to_string(), |r| run::stopped_words(
                    r,
                    start.elapsed()
                ))
        );
        return Ok(ExitCode::from(EXIT_STOPPED));
    }
    if let Some((path, partial, force)) = file {
        File::open(&partial)
            .and_then(|f| f.sync_all())
            .with_context(|| format!("writing `{}`", partial.display()))?;
        if path.exists() && !force && !resume {
            bail!(
                "`{}` appeared while satpuz was working; pass --force to overwrite it",
                path.display()
            );
        }
        fs::rename(&partial, &path)
            .with_context(|| format!("cannot write `{}`", path.display()))?;
        note!(
            "wrote {} ({} records{shard_words}, {} made now in {:.1} s on {jobs} thread(s))",
            path.display(),
            range.end - range.start,
            written,
            start.elapsed().as_secs_f64()
        );
    }
    Ok(ExitCode::from(EXIT_OK))
}

/// The records' writer.
enum Out {
    /// Standard output (a closed pipe ends the run quietly, as everywhere).
    Stdout,
    /// FILE.partial.
    File(BufWriter<File>, PathBuf),
}

impl Out {
    /// One record and its newline.
    fn line(&mut self, line: &str) -> anyhow::Result<()> {
        match self {
            Out::Stdout => Ok(with_stdout(|w| {
                w.write_all(line.as_bytes())?;
                w.write_all(b"\n")
            })?),
            Out::File(f, path) => f
                .write_all(line.as_bytes())
                .and_then(|()| f.write_all(b"\n"))
                .with_context(|| format!("writing `{}`", path.display())),
        }
    }

    fn flush(&mut self) -> anyhow::Result<()> {
        match self {
            Out::Stdout => Ok(with_stdout(|w| w.flush())?),
            Out::File(f, path) => f
                .flush()
                .with_context(|| format!("writing `{}`", path.display())),
        }
    }
}

/// Keeps the whole records of a stopped shard's FILE.partial: cuts a last line left half
/// written, checks that each record is the next index of the shard and that the last one is
/// what this run makes for its index (the same corpus), and says how many there are.
fn resume_partial(
    partial: &Path,
    maker: &RecordMaker,
    range: std::ops::Range<u64>,
) -> anyhow::Result<u64> {
    let shown = partial.display();
    let f = OpenOptions::new()
        .read(true)
        .write(true)
        .open(partial)
        .with_context(|| format!("cannot open `{shown}`"))?;
    // Read a line at a time, keeping only the last whole one: memory stays flat however
    // large the partial file.
    let mut reader = BufReader::new(&f);
    let (mut whole, mut total, mut lines) = (0u64, 0u64, 0u64);
    let mut line = Vec::new();
    let mut last = Vec::new();
    loop {
        line.clear();
        let read = reader
            .read_until(b'\n', &mut line)
            .with_context(|| format!("reading `{shown}`"))?;
        if read == 0 {
            break;
        }
        total += read as u64;
        if line.last() != Some(&b'\n') {
            break; // half written: cut below
        }
        whole = total;
        let want = range.start + lines;
        let index = serde_json::from_slice::<Value>(&line)
            .ok()
            .and_then(|v| v.get("index").and_then(Value::as_u64));
        if index != Some(want) {
            bail!(
                "`{shown}` line {}: not record {want} of this shard (records {}..{}): it was \
                 made with other flags; --force starts again",
                lines + 1,
                range.start,
                range.end
            );
        }
        lines += 1;
        std::mem::swap(&mut last, &mut line);
    }
    drop(reader);
    if lines > 0 {
        let index = range.start + lines - 1;
        let made = maker.record(index)? + "\n";
        if made.as_bytes() != last {
            bail!(
                "`{shown}` line {lines}: record {index} differs from the one these flags make \
                 (another --seed, size, level or version?); --force starts again"
            );
        }
    }
    let size = f
        .metadata()
        .with_context(|| format!("reading `{shown}`"))?
        .len();
    if whole < size {
        note!(
            "`{shown}`: cut a half-written last record ({} bytes)",
            size - whole
        );
    }
    f.set_len(whole)
        .with_context(|| format!("cannot cut `{shown}`"))?;
    note!(
        "resuming `{shown}` after {lines} whole record(s) of {}",
        range.end - range.start
    );
    Ok(lines)
}

/// The cells of the flags: --sizes (or the one shape) with --levels.
pub fn plan(
    flags: &CorpusFlags,
    positions: u64,
    categories: u64,
    count: Option<u64>,
) -> anyhow::Result<CorpusPlan> {
    let sizes = flags
        .sizes
        .clone()
        .map_or_else(|| vec![(positions, categories)], |s| s.0);
    let mut shapes = Vec::new();
    for (p, c) in sizes {
        shapes.push(
            super::generate_grid::grid_shape(p, c).with_context(|| format!("--sizes {p}x{c}"))?,
        );
    }
    let cells = (shapes.len() * flags.levels.len().max(1)) as u64;
    let per_cell = match (flags.per_cell, count) {
        (Some(n), _) => n,
        (None, None) => 1,
        (None, Some(n)) if n % cells == 0 => n / cells,
        (None, Some(n)) => bail!(
            "--count {n} does not share out evenly over {cells} sizes and levels: give --per-cell \
             instead, or a multiple of {cells}"
        ),
    };
    if (cells as u128) * (per_cell as u128) > u128::from(u64::MAX) {
        bail!("{cells} cells of {per_cell} records each: too many records");
    }
    let levels: Vec<Level> = flags.levels.clone();
    for (i, l) in levels.iter().enumerate() {
        if levels[..i].contains(l) {
            bail!("--levels names {} twice", l.name());
        }
    }
    Ok(CorpusPlan::new(&shapes, &levels, per_cell))
}
