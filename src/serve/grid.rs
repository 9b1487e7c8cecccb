//! Any grid puzzle file over the API (the format of `encodings/README.md`): loaded and counted
//! by the solver, a partly filled sheet checked clue by clue, and a hint (a square the clues
//! force, with the fewest clues found, or the clues a wrong sheet contradicts), from the same
//! library code as the Inquest's sheet.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use super::Reply;
use super::Shared;
use super::api::{ApiError, Fields};
use crate::puzzles::grid::answers::grid_solver;
use crate::puzzles::grid::family::{clue_note, question_pairs};
use crate::puzzles::grid::{GridAnswer, GridPuzzle};
use crate::puzzles::inquest::sheet::{Forced, Mark, Square, grid_hint, grid_marks};
use crate::report::{ClueNote, SCHEMA_VERSION};
use crate::solve::{Verdict, solve_unique};

/// The page's example when no puzzle is given: the shipped Zebra puzzle.
const EXAMPLE: &str = include_str!("../../encodings/zebra.json");

/// `POST /api/grid/load`: the puzzle as the page draws it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct GridLoadReport {
    /// The vocabulary's version, `SCHEMA_VERSION`.
    pub schema_version: u32,
    /// Always `grid`.
    pub family: String,
    /// The puzzle's name.
    pub name: String,
    /// Where it comes from, when the file says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// The example's file text (absent when a puzzle was given).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub example: Option<String>,
    /// What a position is called (`house`).
    pub noun: String,
    /// The positions' labels, first to last: the sheet's keys (the file's labels, else
    /// `house1`, `house2`, ...).
    pub positions: Vec<String>,
    /// The positions as a player reads them: the file's labels, else `house 1`, `house 2`.
    pub position_names: Vec<String>,
    /// The file's question (`question.text`), asked above the sheet and answered once it is
    /// solved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub question: Option<String>,
    /// The categories (the sheet's rows) and their values.
    pub categories: Vec<GridCategory>,
    /// The clues, numbered from 1.
    pub clues: Vec<ClueNote>,
    /// Answers, counted by the solver up to 2 (2: two or more); check and hint need 1.
    pub solutions: u64,
}

/// A category of a grid: a row block of the sheet.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct GridCategory {
    /// Its name in the file.
    pub name: String,
    /// Its values.
    pub values: Vec<String>,
}

/// A clue's mark on the sheet.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ClueMark {
    /// From 1.
    pub number: usize,
    /// `satisfied`, `violated` or `open`.
    pub mark: String,
}

/// `POST /api/grid/check`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct GridCheckReport {
    /// The vocabulary's version, `SCHEMA_VERSION`.
    pub schema_version: u32,
    /// Always `grid`.
    pub family: String,
    /// Each clue's mark: satisfied when every way to fill the blank squares makes it true,
    /// violated when none does, open otherwise.
    pub clues: Vec<ClueMark>,
    /// Marks counted.
    pub satisfied: usize,
    /// Marks counted.
    pub violated: usize,
    /// Marks counted.
    pub open: usize,
    /// Every square is filled.
    pub complete: bool,
    /// Complete and the solver's (unique) answer.
    pub right: bool,
    /// Right, and the file has a question: its answer read off the sheet, one pair per value
    /// of the question's `each` category (`{"each": "Japanese", "show": "zebra"}`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub answer: Vec<QuestionPair>,
}

/// A line of the question's answer.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct QuestionPair {
    /// A value of the question's `each` category.
    pub each: String,
    /// The value of its `show` category at the same position.
    pub show: String,
}

/// A square in the puzzle's words.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct GridSquare {
    /// The position's label.
    pub position: String,
    /// The category.
    pub category: String,
    /// The value.
    pub value: String,
}

/// `POST /api/grid/hint`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct GridHintReport {
    /// The vocabulary's version, `SCHEMA_VERSION`.
    pub schema_version: u32,
    /// Always `grid`.
    pub family: String,
    /// `fill`, `contradiction` or `complete`.
    pub hint: String,
    /// `fill`: the square to fill.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub square: Option<GridSquare>,
    /// `fill`: the clues that force it; `contradiction`: the clues that contradict the
    /// squares in `given` (numbers from 1; a minimal set).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clues: Option<Vec<usize>>,
    /// The sheet's squares used with them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub given: Option<Vec<GridSquare>>,
}

/// The puzzle a request gives (`puzzle`, a grid file's object), or the example.
fn puzzle_of(fields: &mut Fields) -> Result<(GridPuzzle, bool), ApiError> {
    let (text, example) = match fields.take_value("puzzle") {
        None => (EXAMPLE.to_string(), true),
        Some(v @ Value::Object(_)) => (v.to_string(), false),
        Some(_) => {
            return Err(ApiError::bad(
                Some("puzzle"),
                "expected a grid puzzle file's object (`positions`, `categories`, `clues`)".into(),
            ));
        }
    };
    // Refused before anything is built when too large for the encoding `count` uses.
    let puzzle = GridPuzzle::from_json_for(&text, crate::model::EncodeOptions::default())
        .map_err(|e| ApiError::bad(Some("puzzle"), e.to_string()))?;
    Ok((puzzle, example))
}

/// The index of `name` among `known` (positions, categories, values): matched exactly, as the
/// file format matches names, so `X` and `x`, or `pet` and `Pet`, are two names.
pub(super) fn find(known: &[String], name: &str) -> Option<usize> {
    known.iter().position(|k| k == name)
}

/// `sheet`: `{"<position label or number from 1>": {"<category>": "<value>"}}`, as
/// `placed[position][category]`: positions read as the file's clues read them
/// (`GridPuzzle::position_named`), categories and values matched exactly. Every fault names its
/// place, and two keys for one position (`1` and `house1`) are refused rather than one kept.
fn sheet_of(
    puzzle: &GridPuzzle,
    sheet: Option<Value>,
) -> Result<Vec<Vec<Option<usize>>>, ApiError> {
    let labels = puzzle.position_labels();
    let names: Vec<String> = puzzle.categories.iter().map(|c| c.name.clone()).collect();
    let mut placed = vec![vec![None; puzzle.categories.len()]; labels.len()];
    let bad = |m: String| ApiError::bad(Some("sheet"), m);
    let Some(sheet) = sheet else {
        return Ok(placed);
    };
    let Value::Object(rows) = sheet else {
        return Err(bad(
            "expected an object from position to its squares ({\"1\": {\"colour\": \"red\"}})"
                .into(),
        ));
    };
    let mut written: BTreeMap<(usize, usize), String> = BTreeMap::new();
    let mut keys: Vec<Option<String>> = vec![None; labels.len()];
    for (key, squares) in rows {
        let p = puzzle
            .position_named(&key)
            .map_err(|e| bad(format!("position `{key}`: not a position ({e})")))?;
        if let Some(first) = &keys[p] {
            return Err(bad(format!(
                "positions `{first}` and `{key}` are both {}: write its squares under one key",
                labels[p]
            )));
        }
        keys[p] = Some(key.clone());
        let Value::Object(squares) = squares else {
            return Err(bad(format!(
                "position `{key}`: expected an object from category to value"
            )));
        };
        for (cat, value) in squares {
            let c = find(&names, &cat).ok_or_else(|| {
                bad(format!(
                    "position `{key}`: unknown category `{cat}` (categories: {})",
                    names.join(", ")
                ))
            })?;
            let value = match value {
                Value::Null => continue,
                Value::String(s) if s.is_empty() => continue,
                Value::String(s) => s,
                other => {
                    return Err(bad(format!(
                        "position `{key}`, {cat}: expected a value's name, got {other}"
                    )));
                }
            };
            let values = &puzzle.categories[c].values;
            let v = find(values, &value).ok_or_else(|| {
                bad(format!(
                    "position `{key}`, {cat}: `{value}` is not one of {}",
                    values.join(", ")
                ))
            })?;
            if let Some(first) = written.get(&(c, v)) {
                return Err(bad(format!(
                    "position `{key}`, {cat}: `{}` is already written at position `{first}`",
                    values[v]
                )));
            }
            written.insert((c, v), key.clone());
            placed[p][c] = Some(v);
        }
    }
    Ok(placed)
}

/// The solver's count of answers, up to 2.
fn count(puzzle: &GridPuzzle) -> Result<u64, ApiError> {
    let grid = puzzle
        .build()
        .map_err(|e| ApiError::bad(Some("puzzle"), e.to_string()))?;
    let mut encoded = grid.model.encode(crate::model::EncodeOptions::default());
    let mut solver = grid_solver(&encoded.cnf);
    let verdict = solve_unique(&mut encoded.cnf, &mut solver)
        .map_err(|e| ApiError::internal(format!("solving the puzzle: {e}")))?;
    Ok(match verdict {
        Verdict::Unsat => 0,
        Verdict::Unique(_) => 1,
        Verdict::Multiple(..) => 2,
    })
}

/// Check and hint need one answer: the puzzle's count, or a 400 saying why not.
fn require_unique(puzzle: &GridPuzzle) -> Result<(), ApiError> {
    match count(puzzle)? {
        1 => Ok(()),
        0 => Err(ApiError::bad(
            Some("puzzle"),
            "the clues contradict each other: the puzzle has no answer".into(),
        )),
        _ => Err(ApiError::bad(
            Some("puzzle"),
            "the puzzle has more than one answer: a sheet cannot be checked against it".into(),
        )),
    }
}

pub(crate) fn load_call(_: &Shared, body: &[u8]) -> Result<Reply, ApiError> {
    let mut fields = Fields::parse(body)?;
    let (puzzle, example) = puzzle_of(&mut fields)?;
    fields.finish(&["puzzle"])?;
    Ok(Reply::json(&GridLoadReport {
        schema_version: SCHEMA_VERSION,
        family: "grid".into(),
        name: puzzle.name.clone(),
        source: puzzle.source.clone(),
        example: example.then(|| EXAMPLE.to_string()),
        noun: puzzle.positions.noun.clone(),
        positions: puzzle.position_labels(),
        position_names: match &puzzle.positions.labels {
            Some(labels) => labels.clone(),
            None => (1..=puzzle.positions.count)
                .map(|i| format!("{} {i}", puzzle.positions.noun))
                .collect(),
        },
        question: puzzle.question.as_ref().map(|q| {
            q.text
                .clone()
                .unwrap_or_else(|| format!("Each {}'s {}?", q.each, q.show))
        }),
        categories: puzzle
            .categories
            .iter()
            .map(|c| GridCategory {
                name: c.name.clone(),
                values: c.values.clone(),
            })
            .collect(),
        clues: (0..puzzle.clues.len())
            .map(|i| clue_note(&puzzle, i))
            .collect(),
        solutions: count(&puzzle)?,
    }))
}

/// `placed[position][category]`: the value index written there, if any.
type Placed = Vec<Vec<Option<usize>>>;

fn puzzle_and_sheet(body: &[u8]) -> Result<(GridPuzzle, Placed), ApiError> {
    let mut fields = Fields::parse(body)?;
    let (puzzle, _) = puzzle_of(&mut fields)?;
    let sheet = sheet_of(&puzzle, fields.take_value("sheet"))?;
    fields.finish(&["puzzle", "sheet"])?;
    require_unique(&puzzle)?;
    Ok((puzzle, sheet))
}

pub(crate) fn check_call(_: &Shared, body: &[u8]) -> Result<Reply, ApiError> {
    let (puzzle, placed) = puzzle_and_sheet(body)?;
    let marks = grid_marks(&puzzle, &placed)
        .map_err(|e| ApiError::internal(format!("checking the sheet: {e}")))?;
    let complete = placed.iter().all(|row| row.iter().all(Option::is_some));
    let right = complete
        && matches!(
            grid_hint(&puzzle, &placed)
                .map_err(|e| ApiError::internal(format!("checking the sheet: {e}")))?,
            Forced::Complete { .. }
        );
    let answer = if right {
        let table = placed
            .iter()
            .map(|row| row.iter().map(|v| v.unwrap_or_default()).collect())
            .collect();
        question_pairs(&puzzle, &GridAnswer { table })
            .into_iter()
            .map(|(each, show)| QuestionPair { each, show })
            .collect()
    } else {
        Vec::new()
    };
    let count = |m: Mark| marks.iter().filter(|&&x| x == m).count();
    Ok(Reply::json(&GridCheckReport {
        schema_version: SCHEMA_VERSION,
        family: "grid".into(),
        satisfied: count(Mark::Satisfied),
        violated: count(Mark::Violated),
        open: count(Mark::Open),
        clues: marks
            .iter()
            .enumerate()
            .map(|(i, m)| ClueMark {
                number: i + 1,
                mark: m.name().into(),
            })
            .collect(),
        complete,
        right,
        answer,
    }))
}

pub(crate) fn hint_call(_: &Shared, body: &[u8]) -> Result<Reply, ApiError> {
    let (puzzle, placed) = puzzle_and_sheet(body)?;
    let forced = grid_hint(&puzzle, &placed)
        .map_err(|e| ApiError::internal(format!("hinting the sheet: {e}")))?;
    let labels = puzzle.position_labels();
    let square = |s: &Square| GridSquare {
        position: labels[s.room].clone(),
        category: puzzle.categories[s.cat].name.clone(),
        value: puzzle.categories[s.cat].values[s.value].clone(),
    };
    let numbers = |v: &[usize]| Some(v.iter().map(|i| i + 1).collect());
    let squares = |v: &[Square]| Some(v.iter().map(square).collect());
    let report = |hint: &str| GridHintReport {
        schema_version: SCHEMA_VERSION,
        family: "grid".into(),
        hint: hint.into(),
        square: None,
        clues: None,
        given: None,
    };
    Ok(Reply::json(&match &forced {
        Forced::Fill {
            square: s,
            clues,
            given,
        } => GridHintReport {
            square: Some(square(s)),
            clues: numbers(clues),
            given: squares(given),
            ..report("fill")
        },
        Forced::Contradiction { clues, given } => GridHintReport {
            clues: numbers(clues),
            given: squares(given),
            ..report("contradiction")
        },
        Forced::Complete { .. } => report("complete"),
    }))
}
