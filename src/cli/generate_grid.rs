//! `satpuz generate grid`: a random logic-grid puzzle with one solution, in the puzzle-file
//! format (`--json`, or `-o/--output FILE`) or as numbered clues in words.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, bail};
use clap::Args;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use satpuz::choice::Choice;
use satpuz::model::EncodeOptions;
use satpuz::puzzles::grid::GridPuzzle;
use satpuz::puzzles::grid::corpus::Shard;
use satpuz::puzzles::grid::generate::{
    ClueMix, Generated, GridShape, Phase, add_to_source_command, generate_observed,
    generate_on_one_thread, relax,
};
use satpuz::puzzles::grid::vocabulary::{Names, name_puzzle, puzzle_text};
use satpuz::solve::count;
use satpuz::solve::difficulty::Level;
use satpuz::solve::parallel::{self, Ended};

use super::corpus::{CorpusFlags, RecordMaker, plan_sink};
use super::output::{Dest, eoutln, note, out};
use super::run::{self, Partial, RunFlags, supervise};
use super::{EXIT_OK, EXIT_STOPPED};

#[derive(Debug, Args)]
pub struct GridArgs {
    /// Positions in the row (at least 3; with the categories, at most what `grid_shape` allows).
    #[arg(long, default_value_t = 5)]
    pub positions: u64,
    /// Categories (each a permutation of the positions; at least 2).
    #[arg(long, default_value_t = 5)]
    pub categories: u64,
    /// Random seed: the same seed gives the same puzzle on every machine.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Then remove N clues at random (the puzzle usually gets several solutions).
    #[arg(long, value_name = "N")]
    pub drop: Option<usize>,
    /// Then remove clues at random until the puzzle has between MIN and MAX solutions.
    #[arg(long, value_name = "MIN..MAX", conflicts_with = "drop", value_parser = parse_range)]
    pub solutions: Option<(u64, u64)>,
    /// Generate from --seed on, seed by seed, until the puzzle's rated difficulty is LEVEL
    /// (`satpuz explain`; the seed used is said on standard error).
    #[arg(long, value_name = "LEVEL", value_parser = super::choice::<Level>(),
          conflicts_with_all = ["drop", "solutions"])]
    pub difficulty: Option<Level>,
    /// Which kinds of clue to draw: `standard` (every kind, same and at most often) or
    /// `positional` (mostly somewhere left/right of, next to and distances).
    #[arg(long, value_name = "MIX", default_value = "standard", value_parser = super::choice::<ClueMix>())]
    pub clue_mix: ClueMix,
    /// How many clauses the solver may learn in each trial of the cut (deciding whether a clue
    /// can go) before it gives up and keeps the clue, unproven; `none`: no limit, every clue
    /// proved needed. Counted, not timed: the same seed gives the same puzzle on every
    /// machine. [default: 6000 for the standard mix (0.1-0.4 s a trial at 50 x 5; small
    /// puzzles never reach it), 500 for the positional one, whose trials are harder]
    #[arg(long, value_name = "N|none", value_parser = parse_proof_budget)]
    pub proof_budget: Option<ProofBudget>,
    /// Print the puzzle file (JSON) instead of the clues in words.
    #[arg(long)]
    pub json: bool,
    /// Write the puzzle file (JSON) to FILE (`-` for standard output). `--out` is the same
    /// flag.
    #[arg(
        short = 'o',
        long = "output",
        visible_alias = "out",
        value_name = "FILE"
    )]
    pub output: Option<PathBuf>,
    /// Overwrite FILE if it exists.
    #[arg(long)]
    pub force: bool,
    /// Generate N puzzles, from seeds --seed, --seed + 1, ... (JSON Lines with --json or -o);
    /// with --corpus, N corpus records. [default: 1]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub count: Option<u64>,
    /// With --count or a corpus: generate on N threads (default: every core). The output is
    /// the same for any N.
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,
    /// How values and categories are named: `auto` (words of a themed setting up to 8
    /// positions and 8 categories, numbered names beyond), `words` or `numbered` (`person1`,
    /// `colour3`). The same seed gives the same words.
    #[arg(long, value_name = "NAMES", default_value = "auto", value_parser = super::choice::<Names>())]
    pub names: Names,
    #[command(flatten)]
    pub corpus: CorpusFlags,
    #[command(flatten)]
    pub run: RunFlags,
}

impl GridArgs {
    pub fn run(self) -> anyhow::Result<ExitCode> {
        if self.corpus.wanted() {
            return self.run_corpus();
        }
        // Every refusal before any work: the shape, then the output file.
        let shape = grid_shape(self.positions, self.categories)?;
        let out = self
            .output
            .as_deref()
            .map(|p| Dest::plan(p, self.force))
            .transpose()?;
        let partial = Partial::Nothing {
            what: "generate grid".into(),
            json: self.json,
        };
        supervise(self.run, partial, move || self.generate(shape, out))
    }

    /// `--corpus` and its flags: records of certified, rated, explained puzzles.
    fn run_corpus(self) -> anyhow::Result<ExitCode> {
        if self.drop.is_some() || self.solutions.is_some() || self.difficulty.is_some() {
            bail!(
                "corpus records are minimal puzzles rated as made: --drop, --solutions and \
                 --difficulty do not apply (--levels asks for levels)"
            );
        }
        let plan = super::corpus::plan(&self.corpus, self.positions, self.categories, self.count)?;
        let shard = self.corpus.shard.unwrap_or(Shard::WHOLE);
        let sink = plan_sink(self.output.as_deref(), self.force, self.corpus.resume)?;
        if let Some(dir) = &self.corpus.certify {
            let first = dir.join(super::corpus::record_dir(shard.range(plan.total()).start));
            if first.exists() && !self.force && !self.corpus.resume {
                bail!(
                    "--certify: `{}` exists; pass --force to overwrite the certificates",
                    first.display()
                );
            }
        }
        let maker = RecordMaker {
            plan,
            corpus_seed: self.seed,
            mix: self.clue_mix,
            budget: self.proof_budget(),
            names: self.names,
            certify: self
                .corpus
                .certify
                .clone()
                .map(|d| (d, self.force || self.corpus.resume)),
        };
        let partial = Partial::Nothing {
            what: "generate grid".into(),
            json: false,
        };
        let (resume, jobs) = (self.corpus.resume, self.jobs());
        supervise(self.run, partial, move || {
            super::corpus::build(&maker, shard, sink, resume, jobs)
        })
    }

    fn generate(self, shape: GridShape, out: Option<Dest>) -> anyhow::Result<ExitCode> {
        if self.count() > 1 {
            return self.generate_many(shape, out);
        }
        let start = Instant::now();
        let puzzle = self.puzzle(shape, self.seed)?;
        let file = serde_json::to_string_pretty(&puzzle)? + "\n";
        if let Some(out) = &out {
            out.write(|f| f.write_all(file.as_bytes()))?;
            if let Dest::File(out) = out {
                note!(
                    "wrote {} ({} clues, generated in {:.0} ms)",
                    out.path().display(),
                    puzzle.clues.len(),
                    start.elapsed().as_secs_f64() * 1e3
                );
            }
        } else if self.json {
            out!("{file}")?;
        } else {
            out!("{}", in_words(&puzzle, self.minimal()))?;
        }
        Ok(ExitCode::from(EXIT_OK))
    }

    /// Are the puzzles as generated (every clue needed), not relaxed afterwards?
    fn minimal(&self) -> bool {
        self.drop.is_none() && self.solutions.is_none()
    }

    /// `--count N`: the puzzles of seeds seed..seed+N, made on every core and written in seed
    /// order (JSON Lines with --json or -o, else in words), so the output is the same for any
    /// --jobs. A stop (--timeout, Ctrl-C) writes the puzzles made so far, in order, and exits 4.
    fn generate_many(&self, shape: GridShape, out: Option<Dest>) -> anyhow::Result<ExitCode> {
        let start = Instant::now();
        run::set_total(self.count());
        let jobs = self.jobs();
        let mut puzzles = Vec::new();
        let ended = parallel::try_ordered(
            self.count(),
            jobs,
            &run::stop(),
            || (),
            |(), k| self.puzzle(shape, self.seed.wrapping_add(k)),
            |_, puzzle| {
                puzzles.push(puzzle);
                run::found(1);
            },
        )?;
        let as_lines = self.json || out.is_some();
        let mut text = String::new();
        for puzzle in &puzzles {
            if as_lines {
                text.push_str(&serde_json::to_string(puzzle)?);
                text.push('\n');
            } else {
                text.push_str(&in_words(puzzle, self.minimal()));
                text.push('\n');
            }
        }
        match &out {
            Some(dest) => dest.write(|f| f.write_all(text.as_bytes()))?,
            None => out!("{text}")?,
        }
        if let Some(Dest::File(file)) = &out {
            note!(
                "wrote {} ({} puzzles, one per line, in {:.0} ms on {jobs} thread(s))",
                file.path().display(),
                puzzles.len(),
                start.elapsed().as_secs_f64() * 1e3
            );
        }
        if let Ended::Stopped(reason) = ended {
            eoutln!(
                "generate grid: {} of {} puzzles ({})",
                puzzles.len(),
                self.count(),
                run::stopped_words(reason, start.elapsed())
            );
            return Ok(ExitCode::from(EXIT_STOPPED));
        }
        Ok(ExitCode::from(EXIT_OK))
    }

    /// --proof-budget, or the clue mix's own.
    fn proof_budget(&self) -> Option<u64> {
        self.proof_budget
            .map_or(Some(self.clue_mix.default_proof_budget()), |b| b.0)
    }

    /// --count, or 1.
    fn count(&self) -> u64 {
        self.count.unwrap_or(1)
    }

    /// --jobs, or every core.
    fn jobs(&self) -> usize {
        self.jobs
            .map_or_else(parallel::default_jobs, |j| j as usize)
    }

    /// The puzzle of `seed`, relaxed as --drop or --solutions ask.
    fn puzzle(&self, shape: GridShape, seed: u64) -> anyhow::Result<GridPuzzle> {
        let mut puzzle = match self.difficulty {
            Some(level) => rated(
                shape,
                seed,
                level,
                self.clue_mix,
                self.proof_budget(),
                self.names,
            )?,
            // One puzzle: its phases are the progress (many: the puzzles done are).
            None => {
                let budget = self.proof_budget();
                let generated = if self.count() == 1 {
                    generate_observed(shape, seed, self.clue_mix, budget, &mut show_phase)?
                } else if self.jobs() > 1 {
                    // Many puzzles on several threads keep the cores busy: each makes its own
                    // trials one at a time.
                    generate_on_one_thread(shape, seed, self.clue_mix, budget)?
                } else {
                    generate_observed(shape, seed, self.clue_mix, budget, &mut |_| {})?
                };
                note_unproven(&generated, seed, budget);
                let mut puzzle = generated.puzzle;
                name_puzzle(&mut puzzle, seed, self.names)?;
                puzzle
            }
        };
        if let Some(drop) = self.drop {
            if drop > puzzle.clues.len() {
                bail!(
                    "--drop {drop}: the puzzle has only {} clues",
                    puzzle.clues.len()
                );
            }
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            puzzle.clues.shuffle(&mut rng);
            puzzle.clues.truncate(puzzle.clues.len() - drop);
            puzzle.name = format!("{} with {drop} clue(s) dropped", puzzle.name);
            add_to_source_command(&mut puzzle, &format!(" --drop {drop}"));
        }
        if let Some((min, max)) = self.solutions {
            let count = |p: &GridPuzzle, limit: u64| {
                let mut encoded = p
                    .build_merged()
                    .expect("generated puzzles build")
                    .model
                    .encode(EncodeOptions::default());
                count(&mut encoded.cnf, Some(limit))
            };
            puzzle = relax(&puzzle, seed, min, max, count)?.with_context(|| {
                format!(
                    "seed {seed}: no way of removing clues gives between {min} and {max} solutions"
                )
            })?;
            add_to_source_command(&mut puzzle, &format!(" --solutions {min}..{max}"));
        }
        Ok(puzzle)
    }
}

/// `--proof-budget`: a number of learnt clauses, or `none`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProofBudget(pub Option<u64>);

impl std::fmt::Display for ProofBudget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Some(n) => write!(f, "{n}"),
            None => f.write_str("none"),
        }
    }
}

fn parse_proof_budget(s: &str) -> Result<ProofBudget, String> {
    if s == "none" {
        return Ok(ProofBudget(None));
    }
    s.parse()
        .map(|n| ProofBudget(Some(n)))
        .map_err(|_| format!("`{s}` is neither a number of learnt clauses nor `none`"))
}

/// Says on standard error how many clues a spent proof budget kept unproven.
fn note_unproven(generated: &Generated, seed: u64, budget: Option<u64>) {
    if generated.kept_unproven > 0 {
        note!(
            "seed {seed}: {} clue(s) kept unproven: their trial spent the proof budget of {} \
             learnt clauses (every other clue is needed; --proof-budget none decides them all)",
            generated.kept_unproven,
            budget.unwrap_or_default()
        );
    }
}

/// Generation's phase as progress: clues drawn (a spinner), then clues decided of the cut.
fn show_phase(phase: Phase) {
    match phase {
        Phase::Drawing { clues } => run::set_phase(&format!("drawing clues: {clues}"), 0, 0),
        Phase::Cutting { decided, of } => {
            run::set_phase("clues decided (kept or cut)", decided as u64, of as u64)
        }
    }
}

/// Seeds tried for `--difficulty` before giving up (the rarest level, fiendish, is about one
/// 5 x 5 grid in twelve; docs/explain.md).
const MAX_DIFFICULTY_SEEDS: u64 = 200;

/// The puzzle of the first seed from `seed` on whose rated level is `level`, proved.
fn rated(
    shape: GridShape,
    seed: u64,
    level: Level,
    mix: ClueMix,
    budget: Option<u64>,
    names: Names,
) -> anyhow::Result<GridPuzzle> {
    for s in seed..seed.saturating_add(MAX_DIFFICULTY_SEEDS) {
        if super::run::stop().should_stop() {
            break;
        }
        let generated = generate_observed(shape, s, mix, budget, &mut |_| {})?;
        note_unproven(&generated, s, budget);
        let mut puzzle = generated.puzzle;
        name_puzzle(&mut puzzle, s, names)?;
        let difficulty = super::explain::rated_grid(&puzzle)?;
        // A level the searches did not prove is not the one asked for.
        if difficulty.level == level && difficulty.level_proved() {
            eoutln!(
                "seed {s}: difficulty {} ({} seed(s) tried)",
                difficulty.words(),
                s - seed + 1
            );
            return Ok(puzzle);
        }
    }
    bail!(
        "--difficulty {}: no seed from {seed} to {} gives a {} puzzle of {} positions and {} categories (try another --seed or shape)",
        level.name(),
        seed.saturating_add(MAX_DIFFICULTY_SEEDS - 1),
        level.name(),
        shape.positions,
        shape.categories
    )
}

/// The largest structure the generator is asked to build: pairwise at-most-one clauses of the
/// categories (`categories * positions^2 * (positions - 1)`), about 30 bytes each in the solver.
/// Measured: 100 x 26 (25.7 million) holds 0.78 GB, 200 x 3 (23.9 million) 0.70 GB, 60 x 5 75 MB;
/// 200 x 26 (207 million) aborted at 6 GB before the first clue.
const MAX_STRUCTURE_CLAUSES: u64 = 26_000_000;

/// The shape asked for, or why the generator cannot serve it. Checked before any work: the
/// generator draws at least one clue of every kind, and some kinds need 3 positions (a distance
/// of 2) or 2 categories (two values at one position), so smaller shapes would draw forever.
pub fn grid_shape(positions: u64, categories: u64) -> anyhow::Result<GridShape> {
    if positions < 3 {
        bail!(
            "--positions {positions}: the generator needs at least 3 positions (it uses every \
             kind of clue, and `exactly k apart` needs a distance of 2)"
        );
    }
    if categories < 2 {
        bail!(
            "--categories {categories}: the generator needs at least 2 categories (it uses every \
             kind of clue, and `same position` relates two categories)"
        );
    }
    let clauses = categories
        .checked_mul(positions.saturating_mul(positions))
        .and_then(|c| c.checked_mul(positions - 1));
    if clauses.is_none_or(|c| c > MAX_STRUCTURE_CLAUSES) {
        let largest = (3..)
            .take_while(|&n: &u64| {
                categories.saturating_mul(n * n * (n - 1)) <= MAX_STRUCTURE_CLAUSES
            })
            .last();
        let hint = match largest {
            Some(n) => format!("with {categories} categories, at most {n} positions"),
            None => "fewer categories".to_string(),
        };
        let size = clauses.map_or("more than 2^64 clauses".to_string(), |c| {
            format!("{c} clauses, about {:.1} GB", c as f64 * 30e-9)
        });
        bail!(
            "--positions {positions} --categories {categories}: too large to generate (the \
             structure alone would be {size}); the generator takes up to \
             {MAX_STRUCTURE_CLAUSES} clauses: {hint}"
        );
    }
    Ok(GridShape {
        positions: usize::try_from(positions)?,
        categories: usize::try_from(categories)?,
    })
}

/// The puzzle as a person would read it: the setting, the categories, the clues numbered,
/// the question.
fn in_words(p: &GridPuzzle, minimal: bool) -> String {
    let note = if minimal {
        format!(
            "{} clues, each needed for the answer to be unique.\n",
            p.clues.len()
        )
    } else {
        String::new()
    };
    format!(
        "{}\n{}\n{note}\nsolve it with: satpuz generate grid ... --json > p.json && satpuz solve p.json\n",
        p.name,
        puzzle_text(p)
    )
}

/// `MIN..MAX` as two counts.
fn parse_range(s: &str) -> Result<(u64, u64), String> {
    let (a, b) = s
        .split_once("..")
        .ok_or_else(|| format!("`{s}`: expected MIN..MAX, e.g. 24..2000"))?;
    let parse = |x: &str| {
        x.trim()
            .parse::<u64>()
            .map_err(|e| format!("`{x}` in `{s}`: {e}"))
    };
    let (min, max) = (parse(a)?, parse(b)?);
    // The count stops at MAX + 1, which must exist.
    if min < 2 || min > max || max == u64::MAX {
        return Err(format!("`{s}`: need 2 <= MIN <= MAX < 2^64 - 1"));
    }
    Ok((min, max))
}
