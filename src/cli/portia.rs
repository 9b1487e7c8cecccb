//! `generate portia --generation N`: the Portia catalogues. (Solving a Portia puzzle goes
//! through the family registry like every other family: `solve portia --statements ...`.)

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, bail};
use clap::Args;
use satpuz::choice::Choice;
use satpuz::encode::card::Card;
use satpuz::model::EncodeOptions;
use satpuz::puzzles::portia::catalogue::{
    self, CatalogueOptions, Entry, Generation, Rule, Strategy,
};
use satpuz::puzzles::portia::{CASKET_NAMES, Record};

use super::output::{Dest, note};
use super::{EXIT_OK, EncodeFlags, choice};

fn casket_name(c: usize) -> String {
    format!("{} casket ({})", CASKET_NAMES[c], c + 1)
}

/// `generate portia` arguments.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// 1 (Portia I), 2 (Portia II) or 3 (Portia III, Bellini and Cellini).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=3))]
    pub generation: u64,
    /// Portia II: the clue each candidate is judged under. `sound` (default): the lids'
    /// distribution of true statements, 30480 puzzles; `seed`: only which counts occur, which
    /// reproduces the seed generator's 16152 puzzles and ids.
    #[arg(long, value_parser = choice::<Rule>())]
    pub rule: Option<Rule>,
    /// Portia II: one record per physical puzzle (the first of the four that differ only by the
    /// order of a casket's two statements); ids stay those of the full catalogue.
    #[arg(long)]
    pub distinct: bool,
    /// Print the records as a JSON array (the reference's fields plus `clue`/`makers`, `text`).
    #[arg(long)]
    pub json: bool,
    /// Print only the number of puzzles. (Not `--count`: elsewhere `--count N` means "do it N
    /// times".)
    #[arg(long, conflicts_with = "json")]
    pub count_only: bool,
    /// Write the catalogue to FILE instead of standard output (`-` for standard output).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Overwrite the output file if it exists.
    #[arg(long)]
    pub force: bool,
    /// Judge candidates on N threads (default: every core). The catalogue is the same for any
    /// N; only the time changes.
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,
    /// How cardinality constraints (the clues) become clauses.
    #[arg(long, value_parser = choice::<Card>(), default_value = Card::default().name())]
    pub card: Card,
    /// How the solver is used: `shared` (one solver per clue, statements picked by
    /// assumptions), `incremental` (one solver per statement list, clues behind selector
    /// literals) or `fresh` (an encoding and a solver per candidate). Same catalogue, different
    /// speed.
    #[arg(long, value_parser = choice::<Strategy>(), default_value = Strategy::default().name())]
    pub strategy: Strategy,
    #[command(flatten)]
    pub flags: EncodeFlags,
    #[command(flatten)]
    pub run: super::run::RunFlags,
}

impl GenerateArgs {
    pub fn run(self) -> anyhow::Result<ExitCode> {
        let partial = super::run::Partial::Nothing {
            what: "generate portia".into(),
            json: self.json,
        };
        // Refused before any work: an output file that exists, or in no directory.
        let dest = match self.output.as_deref() {
            Some(p) => Dest::plan(p, self.force)?,
            None => Dest::Stdout,
        };
        super::run::supervise(self.run, partial, move || self.generate(dest))
    }

    fn generate(self, dest: Dest) -> anyhow::Result<ExitCode> {
        let generation =
            Generation::from_number(self.generation).context("--generation is 1, 2 or 3")?;
        if generation != Generation::Two && (self.rule.is_some() || self.distinct) {
            bail!(
                "--rule and --distinct apply to --generation 2 only (the Portia I and III \
                 catalogues have one record per puzzle)"
            );
        }
        let opts = CatalogueOptions {
            generation,
            rule: self.rule.unwrap_or_default(),
            distinct: self.distinct,
            formula: EncodeOptions {
                encoding: self.flags.encoding,
                amo: self.flags.amo,
                card: self.card,
                ..EncodeOptions::default()
            },
            strategy: self.strategy,
            jobs: self
                .jobs
                .map_or_else(satpuz::solve::parallel::default_jobs, |j| j as usize),
        };
        let start = Instant::now();
        let entries = catalogue::generate(&opts)?;
        let elapsed = start.elapsed();
        // A reader that stops early (`| head`) ends the process quietly (main.rs).
        dest.write(|out| {
            if self.count_only {
                writeln!(out, "{}", entries.len())
            } else if self.json {
                write_json(out, &entries)
            } else {
                write_table(out, &entries).and_then(|()| {
                    writeln!(
                        out,
                        "\n{} {} puzzles, each answer proved unique by the solver ({} ms)",
                        entries.len(),
                        generation.title(),
                        elapsed.as_millis()
                    )
                })
            }
        })?;
        if let Dest::File(file) = &dest {
            note!(
                "wrote {} ({} puzzles)",
                file.path().display(),
                entries.len()
            );
        }
        Ok(ExitCode::from(EXIT_OK))
    }
}

/// A JSON array with one record per line, as the reference files are laid out.
fn write_json(out: &mut dyn Write, entries: &[Entry]) -> std::io::Result<()> {
    writeln!(out, "[")?;
    for (i, e) in entries.iter().enumerate() {
        let sep = if i + 1 < entries.len() { "," } else { "" };
        let record =
            serde_json::to_string(&Record::from_entry(e)).map_err(std::io::Error::other)?;
        writeln!(out, "  {record}{sep}")?;
    }
    writeln!(out, "]")
}

fn write_table(out: &mut dyn Write, entries: &[Entry]) -> std::io::Result<()> {
    writeln!(
        out,
        "{:<14} {:<24} {:<36} portrait",
        "id", "caskets", "clue"
    )?;
    for e in entries {
        let caskets: Vec<String> = e
            .puzzle
            .lists()
            .iter()
            .map(|l| l.map(|s| s.to_string()).join(","))
            .collect();
        writeln!(
            out,
            "{:<14} {:<24} {:<36} {}",
            e.id(),
            caskets.join("; "),
            e.puzzle.clue().to_string(),
            casket_name(e.solution)
        )?;
    }
    Ok(())
}
