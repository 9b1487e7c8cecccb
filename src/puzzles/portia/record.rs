//! Portia puzzles as JSON records, in the reference generator's shapes:
//!
//! | generation | `caskets` | `truths` |
//! |---|---|---|
//! | I | `[1,-2,-1]` | number of true statements at the answer |
//! | II | `[[2,3,1],[-1,-1,-3]]` (first and second statement per casket) | true statements per casket |
//! | III | `[[statements],[overlay]]` | 1 where Bellini made the casket |
//!
//! plus `id`, `solution` (1-based casket), `position` (Portia I: `min`/`mid`/`max`), and
//! satpuz's own fields: `clue` (Portia I/II, the clue in the command line's form), `makers`
//! (Portia III, the worded maker statements), `text` (the puzzle as a player reads it) and,
//! for hand-written files, `generation`.
//!
//! Reading a record gives the puzzle the player sees: the clue comes from `clue`, or from
//! `truths` and `position` as the reference presents them; the makers from `makers`, or from
//! the overlay worded by `truths`. The answer (`solution`) is never used to build the puzzle.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::catalogue::{Entry, Generation, Position, Truths};
use super::clue::{Clue, CountClue, LidClue, MakerStatement};
use super::{CASKETS, PortiaError, Puzzle, Statement, StatementList, text};

/// One Portia puzzle as a JSON record (the shapes are in this module's docs).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The catalogue name (`portia2-17`), when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) generation: Option<u64>,
    pub(crate) caskets: Value,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) truths: Option<Value>,
    /// The portrait's casket, 1-based.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) position: Option<Position>,
    /// Portia I/II: the clue in the command line's form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clue: Option<String>,
    /// Portia III: the maker statements, worded (`same 2`, `bellini 3`, ...), gold first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub makers: Option<Vec<String>>,
    /// The puzzle as a player reads it (written, not read).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

fn lists_json(lists: &[StatementList]) -> Value {
    Value::Array(
        lists
            .iter()
            .map(|l| Value::from(l.iter().map(|s| s.pointer()).collect::<Vec<_>>()))
            .collect(),
    )
}

impl Record {
    /// The record of a catalogue entry.
    pub fn from_entry(e: &Entry) -> Record {
        let lists = e.puzzle.lists();
        let caskets = match (e.puzzle.clue(), e.overlay) {
            (Clue::Makers(_), Some(overlay)) => {
                let mut v = lists_json(lists);
                if let Value::Array(a) = &mut v {
                    a.push(Value::from(overlay.to_vec()));
                }
                v
            }
            _ if lists.len() == 1 => lists_json(lists)[0].clone(),
            _ => lists_json(lists),
        };
        let truths = match &e.truths {
            Truths::Count(n) => Value::from(*n),
            Truths::PerCasket(t) => Value::from(t.to_vec()),
        };
        let (clue, makers) = match e.puzzle.clue() {
            Clue::Makers(m) => (None, Some(m.iter().map(ToString::to_string).collect())),
            other => (Some(other.to_string()), None),
        };
        Record {
            id: Some(e.id()),
            generation: None,
            caskets,
            truths: Some(truths),
            solution: Some(e.solution + 1),
            position: e.position,
            clue,
            makers,
            text: Some(text::render(&e.puzzle)),
        }
    }

    /// One record, or an array of them (a catalogue), from JSON text.
    pub fn parse_many(json: &str, place: &str) -> Result<Vec<Record>, PortiaError> {
        let value: Value = serde_json::from_str(json).map_err(|source| PortiaError::Json {
            place: place.to_string(),
            source,
        })?;
        let one = |v: Value, place: String| {
            serde_json::from_value::<Record>(v)
                .map_err(|source| PortiaError::Json { place, source })
        };
        match value {
            Value::Array(items) => items
                .into_iter()
                .enumerate()
                .map(|(i, v)| one(v, format!("{place}, record {}", i + 1)))
                .collect(),
            v => Ok(vec![one(v, place.to_string())?]),
        }
    }

    /// Which generation the record is: `generation`, else the id's `portia<g>-` prefix, else
    /// the shape of `caskets` and which of `clue`/`makers` it has.
    pub(crate) fn generation(&self, place: &str) -> Result<Generation, PortiaError> {
        if let Some(g) = self.generation {
            return Generation::from_number(g).ok_or_else(|| {
                PortiaError::invalid(
                    format!("{place}: generation"),
                    format!("{g} is not 1, 2 or 3"),
                )
            });
        }
        let from_id = self.id.as_deref().and_then(|id| {
            let rest = id.strip_prefix("portia")?;
            Generation::from_number(rest.split('-').next()?.parse().ok()?)
        });
        if let Some(g) = from_id {
            return Ok(g);
        }
        let flat = matches!(&self.caskets, Value::Array(a) if a.iter().all(Value::is_number));
        match (flat, self.clue.is_some(), self.makers.is_some()) {
            (_, _, true) => Ok(Generation::Three),
            (true, _, false) => Ok(Generation::One),
            (false, true, false) => Ok(Generation::Two),
            (false, false, false) => Err(PortiaError::invalid(
                place,
                "cannot tell Portia II from Portia III: add \"generation\": 2 or 3, a \"clue\" \
                 or \"makers\", or an id such as \"portia2-1\"",
            )),
        }
    }

    /// The puzzle the player sees.
    pub fn puzzle(&self, place: &str) -> Result<Puzzle, PortiaError> {
        let generation = self.generation(place)?;
        let at = |field: &str| format!("{place}: {field}");
        let truths = || {
            self.truths.as_ref().ok_or_else(|| {
                PortiaError::invalid(
                    place,
                    match generation {
                        Generation::Three => {
                            "needs \"makers\", or an overlay and \"truths\" to word them"
                        }
                        _ => "needs a \"clue\", or \"truths\" to read the clue from",
                    },
                )
            })
        };
        match generation {
            Generation::One => {
                let list = list_of(&self.caskets, &at("caskets"))?;
                let clue = match &self.clue {
                    Some(c) => CountClue::parse(c).map_err(|e| within(place, e))?,
                    None => {
                        let n = truths()?.as_u64().ok_or_else(|| {
                            PortiaError::invalid(at("truths"), "Portia I truths is a number")
                        })? as usize;
                        match self.position {
                            Some(Position::Min) => CountClue::at_most(n),
                            Some(Position::Max) => CountClue::at_least(n),
                            Some(Position::Mid) | None => CountClue::exactly(n),
                        }
                    }
                };
                Ok(Puzzle::one(list, clue))
            }
            Generation::Two => {
                let lists = lists_of(&self.caskets, &at("caskets"), 2)?;
                let clue = match &self.clue {
                    Some(c) => LidClue::parse(c).map_err(|e| within(place, e))?,
                    None => LidClue::distribution_of(&per_casket(truths()?, &at("truths"), 2)?),
                };
                Ok(Puzzle::two([lists[0], lists[1]], clue))
            }
            Generation::Three => {
                let nested =
                    matches!(&self.caskets, Value::Array(a) if a.iter().any(Value::is_array));
                let (list, overlay) = if nested {
                    let both = lists_of(&self.caskets, &at("caskets"), 2)?;
                    (both[0], Some(both[1]))
                } else {
                    (list_of(&self.caskets, &at("caskets"))?, None)
                };
                let makers = match (&self.makers, overlay) {
                    (Some(m), _) => MakerStatement::parse_all(&m.join(","), &at("makers"))?,
                    (None, Some(overlay)) => {
                        let bellini = per_casket(truths()?, &at("truths"), 1)?.map(|t| t == 1);
                        std::array::from_fn(|c| {
                            MakerStatement::for_overlay(c, overlay[c].pointer() as i8, bellini)
                        })
                    }
                    (None, None) => {
                        return Err(PortiaError::invalid(
                            place,
                            "Portia III needs \"makers\" (e.g. [\"same 2\", \"bellini 3\", \"cellini 1\"]) \
                             or caskets [[statements],[overlay]] with \"truths\"",
                        ));
                    }
                };
                Ok(Puzzle::three(list, makers))
            }
        }
    }
}

fn within(place: &str, e: PortiaError) -> PortiaError {
    match e {
        PortiaError::Invalid {
            place: inner,
            message,
        } => PortiaError::Invalid {
            place: format!("{place}: {inner}"),
            message,
        },
        other => other,
    }
}

fn list_of(v: &Value, place: &str) -> Result<StatementList, PortiaError> {
    let items = v.as_array().ok_or_else(|| {
        PortiaError::invalid(
            place,
            format!("expected a list of {CASKETS} statements, found {v}"),
        )
    })?;
    if items.len() != CASKETS {
        return Err(PortiaError::invalid(
            place,
            format!(
                "expected {CASKETS} statements (one per casket), found {}",
                items.len()
            ),
        ));
    }
    let mut list = [Statement::POOL[0]; CASKETS];
    for (c, item) in items.iter().enumerate() {
        list[c] = item.as_i64().and_then(Statement::new).ok_or_else(|| {
            PortiaError::invalid(
                format!("{place}, casket {}", c + 1),
                format!("`{item}` is not a statement (1, 2, 3 or -1, -2, -3)"),
            )
        })?;
    }
    Ok(list)
}

fn lists_of(v: &Value, place: &str, n: usize) -> Result<Vec<StatementList>, PortiaError> {
    match v.as_array() {
        Some(items) if items.len() == n && items.iter().all(Value::is_array) => items
            .iter()
            .enumerate()
            .map(|(i, item)| list_of(item, &format!("{place}, list {}", i + 1)))
            .collect(),
        _ => Err(PortiaError::invalid(
            place,
            format!("expected {n} lists of {CASKETS} statements, found {v}"),
        )),
    }
}

/// Per-casket counts, each at most `max`.
fn per_casket(v: &Value, place: &str, max: usize) -> Result<[usize; CASKETS], PortiaError> {
    let bad = || {
        PortiaError::invalid(
            place,
            format!("expected {CASKETS} per-casket counts from 0 to {max}, found {v}"),
        )
    };
    let items = v
        .as_array()
        .filter(|a| a.len() == CASKETS)
        .ok_or_else(bad)?;
    let mut out = [0; CASKETS];
    for (c, item) in items.iter().enumerate() {
        out[c] = item
            .as_u64()
            .filter(|&k| k as usize <= max)
            .ok_or_else(bad)? as usize;
    }
    Ok(out)
}
