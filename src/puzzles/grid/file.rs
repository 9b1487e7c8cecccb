//! The public puzzle-file format for logic grids (documented in `encodings/README.md`).
//!
//! Read in two steps: serde checks the file's sections (so syntax errors and misshapen sections
//! carry a line and column), then each clue object is read by hand. A clue's kind may be spelled
//! in the file's own direction words (`west_of`, `somewhere_above`), which no derived reader can
//! know, and a person fixing a file needs to hear which clue is wrong and how.

use std::collections::HashMap;

use serde::Deserialize;
use serde_json::{Map, Value};

use super::position::PositionWords;
use super::{Category, Clue, GridPuzzle, Positions, PuzzleError, Question, Relation, nearest};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPuzzle {
    #[serde(default = "default_name")]
    name: String,
    #[serde(default)]
    source: Option<String>,
    positions: RawPositions,
    categories: Vec<Category>,
    clues: Vec<Value>,
    #[serde(default)]
    question: Option<Question>,
}

fn default_name() -> String {
    "logic grid".into()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPositions {
    count: usize,
    #[serde(default = "super::default_noun")]
    noun: String,
    #[serde(default)]
    labels: Option<Vec<String>>,
    #[serde(default)]
    ends: Option<[String; 2]>,
    #[serde(default)]
    directions: Option<[String; 2]>,
}

/// Every clue kind of the format and the argument fields it takes (besides `kind`, `not` and
/// `text`, which every clue may have).
pub(crate) const KINDS: &[(&str, &[&str])] = &[
    ("same", &["a", "b"]),
    ("left_of", &["a", "b"]),
    ("right_of", &["a", "b"]),
    ("somewhere_left_of", &["a", "b"]),
    ("somewhere_right_of", &["a", "b"]),
    ("next_to", &["a", "b"]),
    ("distance", &["a", "b", "k"]),
    ("left_by", &["a", "b", "k"]),
    ("right_by", &["a", "b", "k"]),
    ("at", &["a", "position"]),
    ("one_of", &["a", "positions"]),
    ("at_end", &["a"]),
    ("either", &["either"]),
];

/// Spellings of kinds that hold whatever the row's words are.
const SYNONYMS: &[(&str, &str)] = &[
    ("adjacent_to", "next_to"),
    ("beside", "next_to"),
    ("apart", "distance"),
    ("at_either_end", "at_end"),
];

/// The words for the row's two ends and its two directions, first position to last: seats
/// `left`/`right`, rooms `west`/`east`, floors `bottom`/`top` with directions `below`/`above`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RowWords {
    pub(crate) ends: [String; 2],
    pub(crate) directions: [String; 2],
}

impl Default for RowWords {
    fn default() -> Self {
        let lr = || ["left".to_string(), "right".to_string()];
        RowWords {
            ends: lr(),
            directions: lr(),
        }
    }
}

impl RowWords {
    /// Either list defaults to the other, both to left/right.
    pub(crate) fn new(
        ends: Option<[String; 2]>,
        directions: Option<[String; 2]>,
    ) -> Result<RowWords, PuzzleError> {
        let words = match (ends, directions) {
            (None, None) => RowWords::default(),
            (Some(e), None) => RowWords {
                directions: e.clone(),
                ends: e,
            },
            (None, Some(d)) => RowWords {
                ends: d.clone(),
                directions: d,
            },
            (Some(ends), Some(directions)) => RowWords { ends, directions },
        };
        for (field, pair) in [("ends", &words.ends), ("directions", &words.directions)] {
            let [a, b] = pair.clone().map(|w| kind_word(&w));
            if a.is_empty() || b.is_empty() || a == b {
                return Err(PuzzleError::Section {
                    section: "positions",
                    problem: format!(
                        "`{field}` needs two different words, first position's side first \
                         (e.g. [\"west\", \"east\"]), not {pair:?}"
                    ),
                });
            }
        }
        Ok(words)
    }

    /// Every spelling of a kind this row accepts, mapped to the canonical kind. Fails when the
    /// row's words would give a canonical kind another meaning (directions listed last-first).
    pub(crate) fn kind_aliases(&self) -> Result<HashMap<String, &'static str>, PuzzleError> {
        let mut map: HashMap<String, &'static str> =
            KINDS.iter().map(|&(k, _)| (k.into(), k)).collect();
        for &(alias, kind) in SYNONYMS {
            map.insert(alias.into(), kind);
        }
        let own = self.directions.clone().map(|w| kind_word(&w));
        for words in [["left".to_string(), "right".to_string()], own] {
            for (word, side) in words.iter().zip(["left", "right"]) {
                let forms = [
                    (format!("{word}_of"), side_kind(side, "_of")),
                    (format!("directly_{word}_of"), side_kind(side, "_of")),
                    (format!("immediately_{word}_of"), side_kind(side, "_of")),
                    (format!("directly_{word}"), side_kind(side, "_of")),
                    (format!("immediately_{word}"), side_kind(side, "_of")),
                    (format!("somewhere_{word}_of"), side_kind(side, "somewhere")),
                    (format!("somewhere_{word}"), side_kind(side, "somewhere")),
                    (format!("{word}_by"), side_kind(side, "_by")),
                ];
                for (alias, kind) in forms {
                    if let Some(&before) = map.get(&alias)
                        && before != kind
                    {
                        return Err(PuzzleError::Section {
                            section: "positions",
                            problem: format!(
                                "directions {:?} would make the kind `{alias}` mean `{kind}` \
                                 instead of `{before}`; list the directions from the first \
                                 position towards the last",
                                self.directions
                            ),
                        });
                    }
                    map.insert(alias, kind);
                }
            }
        }
        Ok(map)
    }
}

fn side_kind(side: &str, form: &str) -> &'static str {
    match (side, form) {
        ("left", "_of") => "left_of",
        ("right", "_of") => "right_of",
        ("left", "somewhere") => "somewhere_left_of",
        ("right", "somewhere") => "somewhere_right_of",
        ("left", "_by") => "left_by",
        _ => "right_by",
    }
}

/// A word as it appears inside a kind name: lower case, spaces and hyphens as underscores.
fn kind_word(w: &str) -> String {
    w.trim().to_lowercase().replace([' ', '-'], "_")
}

/// Parses a puzzle file. Names and positions inside clues are checked later, by
/// [`GridPuzzle::build`], which knows the categories.
pub(crate) fn parse(text: &str) -> Result<GridPuzzle, PuzzleError> {
    let raw: RawPuzzle = serde_json::from_str(text).map_err(|e| {
        PuzzleError::Json(format!(
            "line {}, column {}: {}",
            e.line(),
            e.column(),
            strip_position(&e.to_string())
        ))
    })?;
    let words = RowWords::new(raw.positions.ends, raw.positions.directions)?;
    check_categories(&raw.categories)?;
    let positions = Positions {
        count: raw.positions.count,
        noun: raw.positions.noun,
        labels: raw.positions.labels,
    };
    let reader = ClueReader {
        aliases: words.kind_aliases()?,
        positions: PositionWords::new(
            positions.count,
            positions.labels.as_deref(),
            &positions.noun,
            Some(&words.ends),
        )?,
    };
    let clues = raw
        .clues
        .iter()
        .enumerate()
        .map(|(i, v)| reader.clue(i + 1, "", v))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(GridPuzzle {
        name: raw.name,
        source: raw.source,
        positions,
        categories: raw.categories,
        clues,
        question: raw.question,
    })
}

/// serde_json appends " at line L column C"; we print the position first instead.
fn strip_position(msg: &str) -> &str {
    msg.rfind(" at line ").map_or(msg, |i| &msg[..i])
}

fn check_categories(categories: &[Category]) -> Result<(), PuzzleError> {
    let problem = |problem: String| PuzzleError::Section {
        section: "categories",
        problem,
    };
    if categories.is_empty() {
        return Err(problem("a puzzle needs at least one category".into()));
    }
    for (i, cat) in categories.iter().enumerate() {
        if cat.name.trim().is_empty() {
            return Err(problem(format!("category {} has no name", i + 1)));
        }
        if categories[..i].iter().any(|c| c.name == cat.name) {
            return Err(problem(format!("two categories are called `{}`", cat.name)));
        }
    }
    Ok(())
}

struct ClueReader {
    aliases: HashMap<String, &'static str>,
    positions: PositionWords,
}

impl ClueReader {
    /// Reads clue number `index`; `part` names a part of an `either` clue in messages.
    fn clue(&self, index: usize, part: &str, v: &Value) -> Result<Clue, PuzzleError> {
        let obj = v.as_object();
        let text = match obj.and_then(|o| o.get("text")) {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => Some(s.clone()),
            Some(_) => None,
        };
        let err = |problem: String| PuzzleError::Clue {
            clue: index,
            text: text
                .as_deref()
                .map(|t| format!(" (\"{t}\")"))
                .unwrap_or_default(),
            problem: format!("{part}{problem}"),
        };
        let Some(obj) = obj else {
            return Err(err(format!(
                "a clue is an object such as {{\"kind\": \"same\", \"a\": \"...\", \"b\": \"...\"}}, not {}",
                brief(v)
            )));
        };
        if let Some(t) = obj.get("text")
            && !t.is_string()
        {
            return Err(err("`text` must be a string".into()));
        }
        let kind_raw = match obj.get("kind") {
            Some(Value::String(k)) => k.as_str(),
            Some(other) => {
                return Err(err(format!(
                    "`kind` must be a string, not {}",
                    brief(other)
                )));
            }
            None => return Err(err(format!("no `kind` (one of {})", kind_list()))),
        };
        let (kind, negated) = self.kind(kind_raw).map_err(&err)?;
        let fields = KINDS
            .iter()
            .find(|&&(k, _)| k == kind)
            .map(|&(_, f)| f)
            .unwrap_or_default();
        for key in obj.keys() {
            if !fields.contains(&key.as_str()) && !["kind", "not", "text"].contains(&key.as_str()) {
                return Err(err(format!(
                    "kind `{kind_raw}` has no field `{key}`; it takes {}, and optionally `not` and `text`",
                    quoted(fields)
                )));
            }
        }
        let not = negated
            || match obj.get("not") {
                None => false,
                Some(Value::Bool(b)) => *b,
                Some(other) => {
                    return Err(err(format!(
                        "`not` must be true or false, not {}",
                        brief(other)
                    )));
                }
            };
        if negated && obj.contains_key("not") {
            return Err(err(format!(
                "`{kind_raw}` is already negated; drop the `not` field"
            )));
        }
        let f = Fields { obj, err: &err };
        let relation = match kind {
            "same" | "left_of" | "right_of" | "somewhere_left_of" | "somewhere_right_of"
            | "next_to" => {
                let (a, b) = (f.name("a")?, f.name("b")?);
                match kind {
                    "same" => Relation::Same { a, b },
                    "left_of" => Relation::LeftOf { a, b },
                    "right_of" => Relation::RightOf { a, b },
                    "somewhere_left_of" => Relation::SomewhereLeftOf { a, b },
                    "somewhere_right_of" => Relation::SomewhereRightOf { a, b },
                    _ => Relation::NextTo { a, b },
                }
            }
            "distance" | "left_by" | "right_by" => {
                let (a, b, k) = (f.name("a")?, f.name("b")?, f.count("k")?);
                match kind {
                    "distance" => Relation::Distance { a, b, k },
                    "left_by" => Relation::LeftBy { a, b, k },
                    _ => Relation::RightBy { a, b, k },
                }
            }
            "at" => Relation::At {
                a: f.name("a")?,
                position: self.positions.read(f.get("position")?).map_err(&err)?,
            },
            "one_of" => {
                let list = match f.get("positions")? {
                    Value::Array(items) if !items.is_empty() => items,
                    other => {
                        return Err(err(format!(
                            "`positions` must be a non-empty list of positions, not {}",
                            brief(other)
                        )));
                    }
                };
                Relation::OneOf {
                    a: f.name("a")?,
                    positions: list
                        .iter()
                        .map(|p| self.positions.read(p))
                        .collect::<Result<_, _>>()
                        .map_err(&err)?,
                }
            }
            "at_end" => Relation::AtEnd { a: f.name("a")? },
            _ => {
                let parts = match f.get("either")? {
                    Value::Array(items) if items.len() >= 2 => items,
                    other => {
                        return Err(err(format!(
                            "`either` must list at least two clues, not {}",
                            brief(other)
                        )));
                    }
                };
                Relation::Either {
                    either: parts
                        .iter()
                        .enumerate()
                        .map(|(i, p)| {
                            self.clue(index, &format!("{part}part {} of `either`: ", i + 1), p)
                        })
                        .collect::<Result<_, _>>()?,
                }
            }
        };
        Ok(Clue {
            relation,
            not,
            text,
        })
    }

    /// The canonical kind of a spelling, and whether it was negated with a `not_` prefix.
    fn kind(&self, raw: &str) -> Result<(&'static str, bool), String> {
        let word = kind_word(raw);
        if let Some(&k) = self.aliases.get(&word) {
            return Ok((k, false));
        }
        if let Some(rest) = word.strip_prefix("not_")
            && let Some(&k) = self.aliases.get(rest)
        {
            return Ok((k, true));
        }
        let hint = nearest(&word, self.aliases.keys().map(String::as_str))
            .map(|k| format!("did you mean `{k}`? "))
            .unwrap_or_default();
        Err(format!(
            "unknown kind `{raw}`; {hint}kinds are {} (any of them may start with `not_`)",
            kind_list()
        ))
    }
}

/// Typed access to a clue's fields, with messages naming the field.
struct Fields<'a, E: Fn(String) -> PuzzleError> {
    obj: &'a Map<String, Value>,
    err: &'a E,
}

impl<E: Fn(String) -> PuzzleError> Fields<'_, E> {
    fn get(&self, key: &str) -> Result<&Value, PuzzleError> {
        self.obj
            .get(key)
            .ok_or_else(|| (self.err)(format!("missing field `{key}`")))
    }

    fn name(&self, key: &str) -> Result<String, PuzzleError> {
        match self.get(key)? {
            Value::String(s) => Ok(s.clone()),
            other => Err((self.err)(format!(
                "`{key}` must be a value name (a string), not {}",
                brief(other)
            ))),
        }
    }

    fn count(&self, key: &str) -> Result<usize, PuzzleError> {
        match self.get(key)? {
            Value::Number(n) if n.as_u64().is_some_and(|k| k >= 1) => {
                Ok(n.as_u64().unwrap_or_default() as usize)
            }
            other => Err((self.err)(format!(
                "`{key}` must be a whole number of positions, at least 1, not {}",
                brief(other)
            ))),
        }
    }
}

fn kind_list() -> String {
    quoted(&KINDS.iter().map(|&(k, _)| k).collect::<Vec<_>>())
}

fn quoted(items: &[&str]) -> String {
    items
        .iter()
        .map(|s| format!("`{s}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A JSON value in a few characters, for messages.
pub(crate) fn brief(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 40 {
        format!("{}...", s.chars().take(37).collect::<String>())
    } else {
        s
    }
}
