//! The Jindosh lock over the API: the built-in riddle or a pasted text (read by the reader of
//! `satpuz solve jindosh --text`, every sentence it cannot read listed), the lock tried with a
//! choice of heirloom for each name against the solver's answer, and why: the clues that
//! answer needs (`satpuz solve --why`).

use std::rc::Rc;

use schemars::JsonSchema;
use serde::Serialize;

use super::Reply;
use super::Shared;
use super::api::{ApiError, Fields};
use super::grid::find;
use crate::puzzles::grid::GridPuzzle;
use crate::puzzles::grid::family::{GridInstance, GridPuzzleView};
use crate::puzzles::jindosh_text::{self, TextError};
use crate::puzzles::{BuildOptions, Instance, Purpose, jindosh};
use crate::report::{ClueNote, SCHEMA_VERSION};
use crate::solve::Verdict;

/// The built-in riddle's text, the page's starting text (`encodings/jindosh.txt`, the same
/// riddle as the built-in puzzle file).
const RIDDLE_TEXT: &str = include_str!("../../encodings/jindosh.txt");

/// The category a lock's names come from, and the one each name is given from.
const NAMES: &str = "person";
const HEIRLOOMS: &str = "heirloom";

/// `POST /api/jindosh/read`: the riddle as the lock page shows it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct LockReport {
    /// The vocabulary's version, `SCHEMA_VERSION`.
    pub schema_version: u32,
    /// Always `grid` (the riddle is a logic grid).
    pub family: String,
    /// The puzzle's name.
    pub puzzle: String,
    /// The built-in riddle's text (absent when the text was given).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The lock's names, in the riddle's order.
    pub names: Vec<String>,
    /// The heirlooms a name can be given.
    pub heirlooms: Vec<String>,
    /// The riddle's categories, in its order (`person`, `colour`, ...).
    pub categories: Vec<String>,
    /// The clues read, each with its sentence and what satpuz takes it to mean.
    pub clues: Vec<ClueNote>,
    /// Sentences the reader could not read (they add no clue).
    pub unreadable: Vec<UnreadableSentence>,
    /// Misspellings corrected and sentences that placed nobody.
    pub warnings: Vec<String>,
    /// Answers the clues read allow, counted by the solver up to 2 (2: two or more). The
    /// lock can be tried only when it is 1.
    pub solutions: u64,
}

/// A sentence the reader could not read.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct UnreadableSentence {
    /// Its number in the text, from 1.
    pub number: usize,
    /// The sentence as found.
    pub sentence: String,
    /// What the reader could not make of it.
    pub problem: String,
}

/// `POST /api/jindosh/try`: does the lock open?
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct LockTryReport {
    /// The vocabulary's version, `SCHEMA_VERSION`.
    pub schema_version: u32,
    /// Always `grid`.
    pub family: String,
    /// Whether every name was given the heirloom the solver's (unique) answer gives it.
    pub opens: bool,
    /// `opens` or `stays shut`.
    pub verdict: String,
    /// Names given no heirloom.
    pub missing: Vec<String>,
    /// Heirlooms given to more than one name (each woman owns one of her own).
    pub shared: Vec<SharedHeirloom>,
    /// Answers the clues allow: 1, proved by the solver.
    pub solutions: u64,
}

/// An heirloom given to several names at once.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SharedHeirloom {
    /// The heirloom.
    pub heirloom: String,
    /// The names it was given to, in the riddle's order.
    pub names: Vec<String>,
}

/// `POST /api/jindosh/answer`: the solver's answer to the riddle, for a player who wants it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct LockAnswerReport {
    /// The vocabulary's version, `SCHEMA_VERSION`.
    pub schema_version: u32,
    /// Always `grid`.
    pub family: String,
    /// Each name with her heirloom, in the riddle's order: what opens the lock.
    pub owners: Vec<Owner>,
    /// The whole arrangement, seat by seat from the left: `seat` (its number from 1), then
    /// one field per category.
    pub seats: Vec<std::collections::BTreeMap<String, String>>,
    /// Answers the clues allow: 1, proved by the solver.
    pub solutions: u64,
}

/// A name and the heirloom the solver's answer gives her.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Owner {
    /// The name.
    pub name: String,
    /// Her heirloom.
    pub heirloom: String,
}

/// `POST /api/jindosh/why`: the clues the answer needs.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct LockWhyReport {
    /// The vocabulary's version, `SCHEMA_VERSION`.
    pub schema_version: u32,
    /// Always `grid`.
    pub family: String,
    /// Every clue, as `satpuz solve --why --json` reports it: `needed` (without it another
    /// answer fits) and, when needed, `without_it`: one thing that could then change, said as
    /// a sentence ("Without this clue, the lady in the first seat could wear white.").
    pub clues: Vec<ClueNote>,
    /// How many clues are needed.
    pub needed: usize,
    /// Answers the clues allow: 1, proved by the solver.
    pub solutions: u64,
}

/// A riddle as a request gives it, read.
struct Riddle {
    puzzle: GridPuzzle,
    builtin: bool,
    unreadable: Vec<UnreadableSentence>,
    warnings: Vec<String>,
}

fn unreadable(e: TextError) -> UnreadableSentence {
    match e {
        TextError::Sentence {
            number,
            sentence,
            problem,
        } => UnreadableSentence {
            number,
            sentence,
            problem,
        },
        other => UnreadableSentence {
            number: 0,
            sentence: String::new(),
            problem: other.to_string(),
        },
    }
}

/// The riddle a request names: `text` read by the Jindosh reader, or without it the built-in.
fn riddle_of(fields: &mut Fields) -> Result<Riddle, ApiError> {
    let text: Option<String> = fields.take("text", "the riddle's text, a string")?;
    let Some(text) = text else {
        let puzzle = jindosh::puzzle()
            .map_err(|e| ApiError::internal(format!("the built-in riddle: {e}")))?;
        return Ok(Riddle {
            puzzle,
            builtin: true,
            unreadable: Vec::new(),
            warnings: Vec::new(),
        });
    };
    let (read, skipped) = jindosh_text::parse_leniently(&text);
    let skipped: Vec<UnreadableSentence> = skipped.into_iter().map(unreadable).collect();
    match read {
        Ok(parsed) => Ok(Riddle {
            puzzle: parsed.puzzle,
            builtin: false,
            unreadable: skipped,
            warnings: parsed.warnings,
        }),
        Err(e) => {
            let first = skipped
                .first()
                .map(|s| {
                    format!(
                        "; sentence {} (\"{}\"): {}",
                        s.number, s.sentence, s.problem
                    )
                })
                .unwrap_or_default();
            Err(ApiError::bad(Some("text"), format!("{e}{first}")))
        }
    }
}

/// The riddle's formula and the solver's verdict on it.
fn solved(puzzle: &GridPuzzle) -> Result<(Box<dyn Instance>, Verdict), ApiError> {
    let view = GridPuzzleView::new(puzzle.clone());
    let mut instance =
        crate::puzzles::Puzzle::build(&view, &BuildOptions::default(), Purpose::Solve)
            .map_err(|e| ApiError::bad(Some("text"), e.to_string()))?;
    let verdict = instance
        .solve_unique()
        .map_err(|e| ApiError::internal(format!("solving the riddle: {e}")))?;
    Ok((instance, verdict))
}

fn solutions(verdict: &Verdict) -> u64 {
    match verdict {
        Verdict::Unsat => 0,
        Verdict::Unique(_) => 1,
        Verdict::Multiple(..) => 2,
    }
}

/// The unique answer's model, or why the lock cannot be tried on these clues.
fn unique(verdict: Verdict) -> Result<Vec<bool>, ApiError> {
    match verdict {
        Verdict::Unique(model) => Ok(model),
        Verdict::Unsat => Err(ApiError::bad(
            Some("text"),
            "the clues contradict each other: no arrangement fits, so no lock opens".into(),
        )),
        Verdict::Multiple(..) => Err(ApiError::bad(
            Some("text"),
            "the clues allow more than one answer, so the lock cannot be judged; \
             is a sentence missing or unread?"
                .into(),
        )),
    }
}

fn values<'a>(puzzle: &'a GridPuzzle, category: &str) -> Result<&'a [String], ApiError> {
    puzzle
        .categories
        .iter()
        .find(|c| c.name == category)
        .map(|c| c.values.as_slice())
        .ok_or_else(|| {
            ApiError::bad(
                Some("text"),
                format!("the riddle has no `{category}` category"),
            )
        })
}

/// Each name's heirloom in the solver's answer (the `positions` of the grid answer).
fn heirlooms_in(
    instance: &dyn Instance,
    model: &[bool],
) -> Result<std::collections::BTreeMap<String, String>, ApiError> {
    let answer = instance
        .answer(model)
        .map_err(|e| ApiError::internal(format!("reading the answer: {e}")))?
        .value();
    Ok(answer["positions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| Some((p[NAMES].as_str()?.into(), p[HEIRLOOMS].as_str()?.into())))
        .collect())
}

const READ_FIELDS: [&str; 1] = ["text"];

pub(crate) fn read_call(_: &Shared, body: &[u8]) -> Result<Reply, ApiError> {
    let mut fields = Fields::parse(body)?;
    let riddle = riddle_of(&mut fields)?;
    fields.finish(&READ_FIELDS)?;
    let puzzle = &riddle.puzzle;
    let (_, verdict) = solved(puzzle)?;
    Ok(Reply::json(&LockReport {
        schema_version: SCHEMA_VERSION,
        family: "grid".into(),
        puzzle: puzzle.name.clone(),
        text: riddle.builtin.then(|| RIDDLE_TEXT.to_string()),
        names: values(puzzle, NAMES)?.to_vec(),
        heirlooms: values(puzzle, HEIRLOOMS)?.to_vec(),
        categories: puzzle.categories.iter().map(|c| c.name.clone()).collect(),
        clues: (0..puzzle.clues.len())
            .map(|i| crate::puzzles::grid::family::clue_note(puzzle, i))
            .collect(),
        unreadable: riddle.unreadable,
        warnings: riddle.warnings,
        solutions: solutions(&verdict),
    }))
}

pub(crate) fn try_call(_: &Shared, body: &[u8]) -> Result<Reply, ApiError> {
    let mut fields = Fields::parse(body)?;
    let riddle = riddle_of(&mut fields)?;
    let given: Option<std::collections::BTreeMap<String, Option<String>>> = fields.take(
        "heirlooms",
        "an object from each name to its heirloom (\"Lady Winslow\": \"Ring\")",
    )?;
    fields.finish(&["text", "heirlooms"])?;
    let puzzle = &riddle.puzzle;
    let (names, heirlooms) = (values(puzzle, NAMES)?, values(puzzle, HEIRLOOMS)?);
    let mut chosen: Vec<Option<&String>> = vec![None; names.len()];
    for (name, heirloom) in given.unwrap_or_default() {
        let Some(n) = find(names, &name) else {
            return Err(ApiError::bad(
                Some("heirlooms"),
                format!(
                    "`{name}` is not a name of this riddle (names: {})",
                    names.join(", ")
                ),
            ));
        };
        let Some(heirloom) = heirloom.filter(|h| !h.trim().is_empty()) else {
            continue;
        };
        let Some(h) = find(heirlooms, &heirloom).map(|h| &heirlooms[h]) else {
            return Err(ApiError::bad(
                Some("heirlooms"),
                format!(
                    "{name}: `{heirloom}` is not an heirloom of this riddle (heirlooms: {})",
                    heirlooms.join(", ")
                ),
            ));
        };
        chosen[n] = Some(h);
    }
    let (instance, verdict) = solved(puzzle)?;
    let model = unique(verdict)?;
    let answer = heirlooms_in(instance.as_ref(), &model)?;
    let missing: Vec<String> = names
        .iter()
        .zip(&chosen)
        .filter(|(_, c)| c.is_none())
        .map(|(n, _)| n.clone())
        .collect();
    let shared: Vec<SharedHeirloom> = heirlooms
        .iter()
        .map(|h| SharedHeirloom {
            heirloom: h.clone(),
            names: names
                .iter()
                .zip(&chosen)
                .filter(|(_, c)| **c == Some(h))
                .map(|(n, _)| n.clone())
                .collect(),
        })
        .filter(|s| s.names.len() > 1)
        .collect();
    let opens = missing.is_empty() && names.iter().zip(&chosen).all(|(n, c)| answer.get(n) == *c);
    Ok(Reply::json(&LockTryReport {
        schema_version: SCHEMA_VERSION,
        family: "grid".into(),
        opens,
        verdict: if opens { "opens" } else { "stays shut" }.into(),
        missing,
        shared,
        solutions: 1,
    }))
}

pub(crate) fn answer_call(_: &Shared, body: &[u8]) -> Result<Reply, ApiError> {
    let mut fields = Fields::parse(body)?;
    let riddle = riddle_of(&mut fields)?;
    fields.finish(&READ_FIELDS)?;
    let puzzle = &riddle.puzzle;
    let (instance, verdict) = solved(puzzle)?;
    let model = unique(verdict)?;
    let owners = heirlooms_in(instance.as_ref(), &model)?;
    let seats = instance
        .answer(&model)
        .map_err(|e| ApiError::internal(format!("reading the answer: {e}")))?
        .value()["positions"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(i, p)| {
            let mut seat: std::collections::BTreeMap<String, String> = p
                .as_object()
                .into_iter()
                .flatten()
                .filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_string())))
                .collect();
            seat.insert(puzzle.positions.noun.clone(), (i + 1).to_string());
            seat
        })
        .collect();
    Ok(Reply::json(&LockAnswerReport {
        schema_version: SCHEMA_VERSION,
        family: "grid".into(),
        owners: values(puzzle, NAMES)?
            .iter()
            .filter_map(|n| {
                Some(Owner {
                    name: n.clone(),
                    heirloom: owners.get(n)?.clone(),
                })
            })
            .collect(),
        seats,
        solutions: 1,
    }))
}

pub(crate) fn why_call(_: &Shared, body: &[u8]) -> Result<Reply, ApiError> {
    let mut fields = Fields::parse(body)?;
    let riddle = riddle_of(&mut fields)?;
    fields.finish(&READ_FIELDS)?;
    let puzzle = Rc::new(riddle.puzzle);
    let mut instance = GridInstance::new(puzzle.clone(), &BuildOptions::default(), Purpose::Solve)
        .map_err(|e| ApiError::bad(Some("text"), e.to_string()))?;
    let verdict = instance
        .solve_unique()
        .map_err(|e| ApiError::internal(format!("solving the riddle: {e}")))?;
    let model = unique(verdict)?;
    let labels = puzzle.position_labels();
    let clues: Vec<ClueNote> = instance
        .necessity(&model)
        .map_err(|e| ApiError::internal(format!("judging the clues: {e}")))?
        .into_iter()
        .map(|(mut note, change)| {
            note.without_it = change.map(|d| {
                let seat = labels
                    .iter()
                    .position(|l| *l == d.position)
                    .unwrap_or_default();
                without_it(&puzzle.positions.noun, seat, &d.category, &d.second)
            });
            note
        })
        .collect();
    Ok(Reply::json(&LockWhyReport {
        schema_version: SCHEMA_VERSION,
        family: "grid".into(),
        needed: clues.iter().filter(|c| c.needed == Some(true)).count(),
        clues,
        solutions: 1,
    }))
}

/// What could change without a needed clue, as a sentence about the dinner party: `value` of
/// `category` at seat `seat` (from 0) in the other answer that then fits.
fn without_it(noun: &str, seat: usize, category: &str, value: &str) -> String {
    const ORDINALS: [&str; 9] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
    ];
    let place = match ORDINALS.get(seat) {
        Some(o) => format!("the {o} {noun}"),
        None => format!("{noun} {}", seat + 1),
    };
    let lady = format!("the lady in {place}");
    let could = match category {
        NAMES => return format!("Without this clue, {value} could sit in {place}."),
        "colour" | "color" => format!("wear {value}"),
        "drink" => format!("drink {value}"),
        "city" | "origin" => format!("be from {value}"),
        HEIRLOOMS => format!("own the {value}"),
        other => format!("have {value} (her {other})"),
    };
    format!("Without this clue, {lady} could {could}.")
}
