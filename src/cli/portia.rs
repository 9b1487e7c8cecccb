//! Portia's caskets on the command line: `solve portia --statements .. --clue ..` (and Portia
//! JSON files given to `solve`), and `generate portia --generation N`.

use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, bail};
use clap::Args;
use satpuz::encode::card::Card;
use satpuz::puzzles::portia::catalogue::{
    self, CatalogueOptions, Entry, Generation, Rule, Strategy,
};
use satpuz::puzzles::portia::clue::{CountClue, LidClue, MakerStatement};
use satpuz::puzzles::portia::model::{self, Answer, FormulaOptions, Found};
use satpuz::puzzles::portia::{CASKET_NAMES, CASKETS, Puzzle, Record, parse_statement_lists, text};
use serde_json::{Value, json};

use super::output::eoutln;
use super::{EXIT_INPUT, EXIT_MULTIPLE, EXIT_NO_SOLUTION, EXIT_OK, EncodeFlags};

/// `solve` arguments that only apply to PUZZLE=portia.
#[derive(Debug, Clone, Default, Args)]
pub struct PortiaArgs {
    /// Portia (PUZZLE=portia): the portrait statements, one per casket (`1,-2,-1`: +k "the
    /// portrait is in casket k", -k "it is not"), or two lists for Portia II (`2,3,1;-1,-1,-3`).
    #[arg(
        long,
        value_name = "LIST",
        allow_hyphen_values = true,
        help_heading = "Portia's caskets (PUZZLE=portia)"
    )]
    pub statements: Option<String>,
    /// Portia I: how many statements are true (`at most 1 true`, `at least 1 true and at least
    /// 1 false`, `all false`, `only one true`); Portia II: the lids' true counts (`lids 2,1,0`)
    /// or which counts occur (`lids include 2,0`).
    #[arg(long, help_heading = "Portia's caskets (PUZZLE=portia)")]
    pub clue: Option<String>,
    /// Portia III: one maker statement per casket (`same 2, bellini 3, cellini 1`; also
    /// `different K`, `cellini K`).
    #[arg(long, help_heading = "Portia's caskets (PUZZLE=portia)")]
    pub makers: Option<String>,
}

impl PortiaArgs {
    fn given(&self) -> bool {
        self.statements.is_some() || self.clue.is_some() || self.makers.is_some()
    }

    /// The puzzle the arguments describe.
    fn puzzle(&self) -> anyhow::Result<Puzzle> {
        let Some(statements) = &self.statements else {
            bail!(
                "solve portia needs --statements, e.g. `satpuz solve portia --statements 1,-2,-1 \
                 --clue \"at most 1 true\"`"
            );
        };
        let lists = parse_statement_lists(statements, "--statements")?;
        match (lists.as_slice(), &self.clue, &self.makers) {
            (_, Some(_), Some(_)) => {
                bail!("give either --clue (Portia I and II) or --makers (Portia III), not both")
            }
            ([list], Some(clue), None) => Ok(Puzzle::one(*list, CountClue::parse(clue)?)),
            ([a, b], Some(clue), None) => Ok(Puzzle::two([*a, *b], LidClue::parse(clue)?)),
            ([list], None, Some(makers)) => Ok(Puzzle::three(
                *list,
                MakerStatement::parse_all(makers, "--makers")?,
            )),
            ([_, _], None, Some(_)) => {
                bail!("--makers (Portia III) goes with one statement per casket, not two lists")
            }
            (_, None, None) => {
                bail!("solve portia needs --clue (Portia I and II) or --makers (Portia III)")
            }
            _ => unreachable!("parse_statement_lists gives one or two lists"),
        }
    }
}

/// `solve`'s Portia branch: PUZZLE=portia with the arguments, or a Portia JSON file (an object
/// or array of objects with `caskets`). Returns None when PUZZLE is something else.
pub fn solve_if_portia(
    puzzle: &str,
    args: &PortiaArgs,
    json: bool,
    flags: EncodeFlags,
) -> anyhow::Result<Option<ExitCode>> {
    let opts = FormulaOptions {
        encoding: flags.encoding,
        amo: flags.amo,
        card: Card::default(),
    };
    if puzzle == "portia" {
        let p = args.puzzle()?;
        return Ok(Some(report(&[(None, p)], json, opts)?));
    }
    if args.given() {
        bail!(
            "--statements, --clue and --makers are for PUZZLE=portia, e.g. `satpuz solve portia \
             --statements 1,-2,-1 --clue \"at most 1 true\"`"
        );
    }
    let Some(records) = portia_file(puzzle)? else {
        return Ok(None);
    };
    let mut puzzles = Vec::with_capacity(records.len());
    for (i, r) in records.into_iter().enumerate() {
        let place = match &r.id {
            Some(id) => format!("{puzzle}: {id}"),
            None if i == 0 => puzzle.to_string(),
            None => format!("{puzzle}, record {}", i + 1),
        };
        let p = r.puzzle(&place)?;
        puzzles.push((Some(r), p));
    }
    Ok(Some(report(&puzzles, json, opts)?))
}

/// The records of a Portia JSON file, or None when the file is not one (not JSON, or JSON
/// without `caskets`: another puzzle family's file).
fn portia_file(arg: &str) -> anyhow::Result<Option<Vec<Record>>> {
    if arg == "-" || !Path::new(arg).is_file() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(arg).with_context(|| format!("cannot read `{arg}`"))?;
    let Ok(value) = serde_json::from_str::<Value>(&text) else {
        return Ok(None);
    };
    let is_portia = |v: &Value| v.get("caskets").is_some();
    let portia = match &value {
        Value::Array(items) => items.first().is_some_and(is_portia),
        v => is_portia(v),
    };
    if !portia {
        return Ok(None);
    }
    Ok(Some(Record::parse_many(&text, arg)?))
}

fn casket_name(c: usize) -> String {
    format!("{} casket ({})", CASKET_NAMES[c], c + 1)
}

/// Solves each puzzle, prints the answers, and gives the exit code: the worst of the verdicts,
/// or an input error when a file's `solution` disagrees with the solver.
fn report(
    puzzles: &[(Option<Record>, Puzzle)],
    json: bool,
    opts: FormulaOptions,
) -> anyhow::Result<ExitCode> {
    let mut out = String::new();
    let mut code = EXIT_OK;
    let mut mismatches = Vec::new();
    let mut json_out = Vec::new();
    for (i, (record, puzzle)) in puzzles.iter().enumerate() {
        let start = Instant::now();
        let solved = model::solve(puzzle, opts)?;
        let elapsed = start.elapsed();
        let expected = record.as_ref().and_then(|r| r.solution);
        let label = record
            .as_ref()
            .and_then(|r| r.id.clone())
            .unwrap_or_else(|| puzzle.generation().title().to_string());
        let (first, second) = match &solved.answer {
            Answer::None => (None, None),
            Answer::Unique(a) => (Some(a), None),
            Answer::Multiple(a, b) => (Some(a), Some(b)),
        };
        code = code.max(match solved.answer {
            Answer::None => EXIT_NO_SOLUTION,
            Answer::Unique(_) => EXIT_OK,
            Answer::Multiple(..) => EXIT_MULTIPLE,
        });
        if let (Some(want), Some(found)) = (expected, first)
            && (second.is_some() || found.portrait + 1 != want)
        {
            mismatches.push(format!(
                "{label}: the file says casket {want}, the solver {}",
                match second {
                    Some(b) => format!(
                        "allows caskets {} and {}",
                        found.portrait + 1,
                        b.portrait + 1
                    ),
                    None => format!("proves casket {}", found.portrait + 1),
                }
            ));
        } else if expected.is_some() && first.is_none() {
            mismatches.push(format!(
                "{label}: the file gives a solution, the solver finds none"
            ));
        }
        if json {
            json_out.push(json!({
                "id": record.as_ref().and_then(|r| r.id.clone()),
                "generation": puzzle.generation().number(),
                "statements": puzzle.lists().iter().map(|l| l.map(|s| s.pointer())).collect::<Vec<_>>(),
                "clue": puzzle.clue().to_string(),
                "text": text::render(puzzle),
                "satisfiable": first.is_some(),
                "unique": first.is_some() && second.is_none(),
                "portrait": first.map(|f| f.portrait + 1),
                "another_portrait": second.map(|f| f.portrait + 1),
                "truths": first.map(|f| &f.truths),
                "bellini": first.filter(|f| !f.bellini.is_empty()).map(|f| &f.bellini),
                "expected": expected,
                "variables": solved.variables,
                "clauses": solved.clauses,
                "time_ms": elapsed.as_secs_f64() * 1e3,
            }));
            continue;
        }
        if i > 0 {
            out.push('\n');
        }
        let _ = writeln!(
            out,
            "{label}: clue `{}`\nencoding {}, amo {}, card {}: {} variables, {} clauses\n",
            puzzle.clue(),
            opts.encoding.name(),
            opts.amo.name(),
            opts.card.name(),
            solved.variables,
            solved.clauses
        );
        let _ = writeln!(out, "{}\n", text::render(puzzle));
        match (first, second) {
            (None, _) => {
                let _ = writeln!(out, "no solution: the clue contradicts the inscriptions");
            }
            (Some(a), None) => {
                let _ = write!(out, "{}", describe(a));
                let _ = writeln!(
                    out,
                    "unique: yes (a second solve with this portrait blocked is UNSAT)"
                );
            }
            (Some(a), Some(b)) => {
                let _ = write!(out, "{}", describe(a));
                let _ = writeln!(
                    out,
                    "unique: no; the portrait could also be in the {}",
                    casket_name(b.portrait)
                );
            }
        }
        if let Some(want) = expected {
            let _ = writeln!(out, "expected by the file: casket {want}");
        }
    }
    if json {
        let v = if json_out.len() == 1 {
            json_out.pop().unwrap_or(Value::Null)
        } else {
            Value::Array(json_out)
        };
        let _ = writeln!(out, "{v:#}");
    }
    // A reader that stops early (`| head`) ends the process quietly (main.rs).
    super::output::out!("{out}")?;
    if !mismatches.is_empty() {
        for m in &mismatches {
            eoutln!("error: {m}");
        }
        return Ok(ExitCode::from(EXIT_INPUT));
    }
    Ok(ExitCode::from(code))
}

/// The portrait, which statements are true there and, for Portia III, who made what.
fn describe(f: &Found) -> String {
    let mut out = format!("portrait: {}\n", casket_name(f.portrait));
    let per_casket: Vec<String> = (0..CASKETS)
        .map(|c| {
            let marks: Vec<&str> = f.truths[c]
                .iter()
                .map(|&t| if t { "true" } else { "false" })
                .collect();
            format!("{} {}", CASKET_NAMES[c], marks.join("/"))
        })
        .collect();
    out.push_str(&format!("statements: {}\n", per_casket.join(", ")));
    if !f.bellini.is_empty() {
        let makers: Vec<String> = (0..CASKETS)
            .map(|c| {
                let who = if f.bellini[c] { "Bellini" } else { "Cellini" };
                format!("{} by {who}", CASKET_NAMES[c])
            })
            .collect();
        out.push_str(&format!("makers: {}\n", makers.join(", ")));
    }
    out
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
    #[arg(long, value_enum)]
    pub rule: Option<Rule>,
    /// Portia II: one record per physical puzzle (the first of the four that differ only by the
    /// order of a casket's two statements); ids stay those of the full catalogue.
    #[arg(long)]
    pub distinct: bool,
    /// Print the records as a JSON array (the reference's fields plus `clue`/`makers`, `text`).
    #[arg(long)]
    pub json: bool,
    /// Print only the number of puzzles.
    #[arg(long, conflicts_with = "json")]
    pub count: bool,
    /// How cardinality constraints (the clues) become clauses.
    #[arg(long, value_enum, default_value_t = Card::Totalizer)]
    pub card: Card,
    /// How the solver is used: `shared` (one solver per clue, statements picked by
    /// assumptions), `incremental` (one solver per statement list, clues behind selector
    /// literals) or `fresh` (an encoding and a solver per candidate). Same catalogue, different
    /// speed.
    #[arg(long, value_enum, default_value_t = Strategy::Shared)]
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
        super::run::supervise(self.run, partial, move || self.generate())
    }

    fn generate(self) -> anyhow::Result<ExitCode> {
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
            formula: FormulaOptions {
                encoding: self.flags.encoding,
                amo: self.flags.amo,
                card: self.card,
            },
            strategy: self.strategy,
        };
        let start = Instant::now();
        let entries = catalogue::generate(&opts)?;
        let elapsed = start.elapsed();
        // A reader that stops early (`| head`) ends the process quietly (main.rs).
        super::output::with_stdout(|out| {
            if self.count {
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
