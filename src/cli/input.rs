//! Resolving a PUZZLE argument (built-in name, puzzle file, DIMACS file, `-`) and printing grid
//! answers, shared by the subcommands.

use std::io::Read;
use std::path::Path;

use super::output::eoutln;
use anyhow::{Context, bail};
use satpuz::cnf::dimacs::{ParsedCnf, parse_cnf};
use satpuz::model::{EncodeOptions, Encoded};
use satpuz::puzzles::grid::{GridAnswer, GridModel, GridPuzzle};
use satpuz::puzzles::jindosh;
use serde_json::{Map, Value, json};

/// Built-in puzzle names.
pub const BUILTIN: &[&str] = &["jindosh"];

/// What a PUZZLE argument turned out to be.
pub enum Input {
    Grid { puzzle: GridPuzzle, origin: String },
    Cnf { parsed: ParsedCnf, origin: String },
}

/// Reads a file, or standard input for `-`.
pub fn read_source(arg: &str) -> anyhow::Result<Vec<u8>> {
    if arg == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .context("reading standard input")?;
        Ok(buf)
    } else {
        std::fs::read(arg).with_context(|| format!("cannot read `{arg}`"))
    }
}

pub fn load(arg: &str, lenient: bool) -> anyhow::Result<Input> {
    if super::hooks::is_hooks(arg) {
        bail!(
            "`{arg}` is a Hooks puzzle: `solve`, `count` and `encode` take it, this command does not"
        );
    }
    if let Some(puzzle) = builtin(arg)? {
        return Ok(Input::Grid {
            puzzle,
            origin: arg.to_string(),
        });
    }
    if arg != "-" && !Path::new(arg).exists() {
        bail!(
            "`{arg}` is neither a built-in puzzle ({}, {}) nor an existing file",
            BUILTIN.join(", "),
            super::hooks::builtin_names().join(", ")
        );
    }
    let bytes = read_source(arg)?;
    let origin = if arg == "-" { "<stdin>" } else { arg }.to_string();
    let looks_json = bytes
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b == b'{');
    if looks_json {
        let text = std::str::from_utf8(&bytes).with_context(|| format!("{origin}: not UTF-8"))?;
        // A case exported by `satpuz inquest --json` is a grid puzzle plus its own section.
        let text = satpuz::puzzles::inquest::export::grid_text(text);
        let puzzle = GridPuzzle::from_json(&text).with_context(|| origin.clone())?;
        Ok(Input::Grid { puzzle, origin })
    } else {
        let parsed = parse_cnf(&bytes, lenient).with_context(|| origin.clone())?;
        for w in &parsed.warnings {
            eoutln!("warning: {origin}: {w}");
        }
        Ok(Input::Cnf { parsed, origin })
    }
}

/// Like [`load`], but with `--text FILE` a built-in puzzle is read from its text instead (only
/// `jindosh` has a text reader: any version of the riddle as the game prints it).
pub fn load_input(arg: &str, lenient: bool, text: Option<&str>) -> anyhow::Result<Input> {
    let Some(text_arg) = text else {
        return load(arg, lenient);
    };
    if arg != "jindosh" {
        bail!("--text reads the Jindosh Riddle's text: say `jindosh --text {text_arg}`");
    }
    let origin = if text_arg == "-" { "<stdin>" } else { text_arg }.to_string();
    let bytes = read_source(text_arg)?;
    let text = std::str::from_utf8(&bytes).with_context(|| format!("{origin}: not UTF-8"))?;
    let parsed = satpuz::puzzles::jindosh_text::parse(text).with_context(|| origin.clone())?;
    for w in &parsed.warnings {
        eoutln!("warning: {origin}: {w}");
    }
    Ok(Input::Grid {
        puzzle: parsed.puzzle,
        origin,
    })
}

/// A grid puzzle by built-in name, or an error for names that are not puzzles at all.
pub fn builtin(name: &str) -> anyhow::Result<Option<GridPuzzle>> {
    Ok(match name {
        "jindosh" => Some(jindosh::puzzle().context("the shipped jindosh.json is broken")?),
        _ => None,
    })
}

/// A grid puzzle only (for commands that need puzzle terms).
pub fn load_grid(arg: &str) -> anyhow::Result<(GridPuzzle, String)> {
    match load(arg, false)? {
        Input::Grid { puzzle, origin } => Ok((puzzle, origin)),
        Input::Cnf { origin, .. } => {
            bail!("`{origin}` is a CNF file; this command needs a puzzle (name or .json)")
        }
    }
}

/// A puzzle, its model and its encoding, ready to solve.
pub struct Prepared {
    pub puzzle: GridPuzzle,
    pub grid: GridModel,
    pub encoded: Encoded,
}

pub fn prepare(puzzle: GridPuzzle, opts: EncodeOptions) -> anyhow::Result<Prepared> {
    let grid = puzzle.build()?;
    let encoded = grid.model.encode(opts);
    Ok(Prepared {
        puzzle,
        grid,
        encoded,
    })
}

/// Like [`prepare`], with the model merged for solving and counting (values that clues tie at
/// a fixed distance share a variable: the same answers, a smaller formula). Not for exports:
/// `encode` and `decode` keep one variable per value.
pub fn prepare_for_solving(puzzle: GridPuzzle, opts: EncodeOptions) -> anyhow::Result<Prepared> {
    let grid = puzzle.build_merged()?;
    let encoded = grid.model.encode(opts);
    Ok(Prepared {
        puzzle,
        grid,
        encoded,
    })
}

impl Prepared {
    /// The answer table of a model of the formula.
    pub fn answer(&self, assignment: &[bool]) -> anyhow::Result<GridAnswer> {
        let values = self
            .encoded
            .decode(assignment)
            .context("the model does not assign every puzzle variable a valid value")?;
        Ok(self.grid.answer(&values, self.puzzle.positions.count))
    }

    /// The seat table as text: one row per category, one column per position.
    pub fn render(&self, answer: &GridAnswer) -> String {
        let p = &self.puzzle;
        let labels = p.position_labels();
        let mut rows: Vec<Vec<String>> =
            vec![std::iter::once(String::new()).chain(labels).collect()];
        for (c, cat) in p.categories.iter().enumerate() {
            rows.push(
                std::iter::once(cat.name.clone())
                    .chain(answer.table.iter().map(|row| cat.values[row[c]].clone()))
                    .collect(),
            );
        }
        let mut out = text_table(&rows);
        if let Some(q) = &p.question {
            out.push('\n');
            out.push_str(q.text.as_deref().unwrap_or("Answer:"));
            out.push('\n');
            for (each, show) in self.question_pairs(answer) {
                out.push_str(&format!("  {each}: {show}\n"));
            }
        }
        out
    }

    /// (value of `each`, value of `show` at the same position), in `each`'s value order.
    pub fn question_pairs(&self, answer: &GridAnswer) -> Vec<(String, String)> {
        let p = &self.puzzle;
        let Some(q) = &p.question else {
            return Vec::new();
        };
        let idx = |name: &str| p.categories.iter().position(|c| c.name == name);
        let (Some(e), Some(s)) = (idx(&q.each), idx(&q.show)) else {
            return Vec::new();
        };
        let mut pairs: Vec<(usize, String, String)> = answer
            .table
            .iter()
            .map(|row| {
                (
                    row[e],
                    p.categories[e].values[row[e]].clone(),
                    p.categories[s].values[row[s]].clone(),
                )
            })
            .collect();
        pairs.sort();
        pairs.into_iter().map(|(_, a, b)| (a, b)).collect()
    }

    /// The answer as JSON: one object per position, plus the question's pairs.
    pub fn answer_json(&self, answer: &GridAnswer) -> Value {
        let p = &self.puzzle;
        let positions: Vec<Value> = p
            .position_labels()
            .into_iter()
            .zip(&answer.table)
            .map(|(label, row)| {
                let mut m = Map::new();
                m.insert(p.positions.noun.clone(), json!(label));
                for (c, cat) in p.categories.iter().enumerate() {
                    m.insert(cat.name.clone(), json!(cat.values[row[c]]));
                }
                Value::Object(m)
            })
            .collect();
        let pairs: Map<String, Value> = self
            .question_pairs(answer)
            .into_iter()
            .map(|(a, b)| (a, json!(b)))
            .collect();
        json!({ "positions": positions, "answer": pairs })
    }

    pub fn header(&self) -> String {
        let c = &self.encoded.cnf;
        format!(
            "{}: {} {}s, {} categories, {} clues\nencoding {}, amo {}: {} variables, {} clauses",
            self.puzzle.name,
            self.puzzle.positions.count,
            self.puzzle.positions.noun,
            self.puzzle.categories.len(),
            self.puzzle.clues.len(),
            self.encoded.opts.encoding.name(),
            self.encoded.opts.amo.name(),
            c.num_vars(),
            c.num_clauses()
        )
    }
}

/// Rows of cells as left-aligned columns two spaces apart, trailing blanks trimmed.
pub fn text_table(rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|i| {
            rows.iter()
                .filter_map(|r| r.get(i))
                .map(|c| c.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for r in rows {
        let cells: Vec<String> = r
            .iter()
            .zip(&widths)
            .map(|(s, &w)| format!("{s:<w$}"))
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out
}
