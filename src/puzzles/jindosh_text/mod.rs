//! Any version of the Jindosh Riddle (Dishonored 2), read from its text.
//!
//! Each playthrough deals the same sentences with the names, colours, drinks, cities and
//! heirlooms moved around. The reader does not match a fixed template: it reads each sentence's
//! structure (`reading.rs`) into clues of the grid model, and the solver answers. Sentences it
//! cannot read are errors that quote them; misspelt names are corrected with a warning.

mod cues;
mod reading;
mod words;

use crate::puzzles::grid::{Category, Clue, GridPuzzle, Positions, Question, Relation};

use cues::{Place, Rel, RelWords, SEATS, is_list, seated};
use reading::{Guest, Reading, read};
pub(crate) use words::CATEGORIES;
use words::{Item, Lexicon, recognise, sentences, tokens};

/// A riddle read from text, with the corrections made on the way.
#[derive(Debug, Clone)]
pub struct ParsedRiddle {
    /// The riddle as a logic grid: 5 seats, its five categories, the clues its sentences give.
    pub puzzle: GridPuzzle,
    /// Misspellings corrected and sentences that said nothing usable, one line each.
    pub warnings: Vec<String>,
}

/// Why a text could not be read as the riddle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// A sentence the reader cannot read.
    #[error("sentence {number} (\"{sentence}\"): {problem}")]
    Sentence {
        /// Its number in the text, from 1.
        number: usize,
        /// The sentence as found.
        sentence: String,
        /// What the reader could not make of it.
        problem: String,
    },
    /// The text holds no clue at all.
    #[error("no clues found in the text: is it a version of the Jindosh Riddle?")]
    NoClues,
}

/// Reads a version of the riddle into a grid puzzle (5 seats, left to right).
pub fn parse(text: &str) -> Result<ParsedRiddle, TextError> {
    let (clues, warnings, unreadable) = read_sentences(text, Unreadable::Stop)?;
    debug_assert!(unreadable.is_empty());
    riddle(clues, warnings)
}

/// Reads what it can: the riddle the readable sentences give (an error only when none gives
/// a clue), and every sentence it cannot read ([`parse`] stops at the first), for a reader
/// who wants to see them all at once (the server's lock page).
pub fn parse_leniently(text: &str) -> (Result<ParsedRiddle, TextError>, Vec<TextError>) {
    match read_sentences(text, Unreadable::Skip) {
        Ok((clues, warnings, unreadable)) => (riddle(clues, warnings), unreadable),
        Err(e) => (Err(e), Vec::new()),
    }
}

/// What an unreadable sentence does to the reading: ends it, or is set aside.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Unreadable {
    Stop,
    Skip,
}

/// The clues and warnings of every sentence read, and (lenient) the sentences not read.
type Sentences = (Vec<Clue>, Vec<String>, Vec<TextError>);

fn read_sentences(text: &str, how: Unreadable) -> Result<Sentences, TextError> {
    let lexicon = Lexicon::default();
    let mut clues = Vec::new();
    let mut warnings = Vec::new();
    let mut unreadable = Vec::new();
    let mut her: Option<Guest> = None;
    for (n, sentence) in sentences(text).into_iter().enumerate() {
        match read_sentence(&lexicon, n + 1, &sentence, her.take()) {
            Ok((found, notes, next)) => {
                clues.extend(found);
                warnings.extend(notes);
                her = next;
            }
            Err(e) if how == Unreadable::Skip => unreadable.push(e),
            Err(e) => return Err(e),
        }
    }
    Ok((clues, warnings, unreadable))
}

/// A sentence read: its clues, its warnings, and the guest a next sentence's "her" means.
type Sentence = (Vec<Clue>, Vec<String>, Option<Guest>);

/// One sentence (number `number`, from 1), read.
fn read_sentence(
    lexicon: &Lexicon,
    number: usize,
    sentence: &str,
    her: Option<Guest>,
) -> Result<Sentence, TextError> {
    let err = |problem: String| TextError::Sentence {
        number,
        sentence: sentence.to_string(),
        problem,
    };
    let mut corrections = Vec::new();
    let items = recognise(lexicon, &tokens(sentence), &mut corrections).map_err(err)?;
    let mut warnings: Vec<String> = corrections
        .into_iter()
        .map(|c| format!("sentence {number} (\"{sentence}\"): {c}"))
        .collect();
    if is_list(&items) {
        return Ok((Vec::new(), warnings, None));
    }
    let reading = read(&items, her).map_err(err)?;
    let found = clues_of(&reading, sentence).map_err(err)?;
    if found.is_empty() && items.iter().any(|it| matches!(it, Item::Value(_))) {
        warnings.push(format!(
            "sentence {number} (\"{sentence}\") places nobody; it adds no clue"
        ));
    }
    Ok((found, warnings, carried(&reading)))
}

/// The riddle the clues make.
fn riddle(clues: Vec<Clue>, warnings: Vec<String>) -> Result<ParsedRiddle, TextError> {
    if clues.is_empty() {
        return Err(TextError::NoClues);
    }
    Ok(ParsedRiddle {
        puzzle: GridPuzzle {
            name: "The Jindosh Riddle".into(),
            source: Some("read from the riddle's text".into()),
            positions: Positions {
                count: SEATS,
                noun: "seat".into(),
                labels: None,
            },
            categories: CATEGORIES
                .iter()
                .map(|(name, values)| Category {
                    name: name.to_string(),
                    values: values.iter().map(|v| v.to_string()).collect(),
                })
                .collect(),
            clues,
            question: Some(Question {
                text: Some("Who owned each heirloom?".into()),
                each: "heirloom".into(),
                show: "person".into(),
            }),
        },
        warnings,
    })
}

/// The guest a sentence ended on, for a next sentence that starts with "her".
fn carried(reading: &Reading) -> Option<Guest> {
    let g = &reading.guests[reading.last?];
    let place = g.place.filter(|&(_, not)| !not);
    (!g.values.is_empty() || place.is_some()).then(|| Guest {
        values: g.values.first().copied().into_iter().collect(),
        place: if g.values.is_empty() { place } else { None },
        ..Guest::default()
    })
}

/// What a guest can be pinned by in a clue: one of her values, or else her seat.
enum Anchor {
    Value(String),
    Seats(Vec<usize>),
}

fn anchor(g: &Guest) -> Option<Anchor> {
    if let Some(v) = g.values.first() {
        return Some(Anchor::Value(v.name().to_string()));
    }
    match g.place {
        Some((Place::At(p), false)) => Some(Anchor::Seats(vec![p])),
        Some((Place::AtEnd, false)) => Some(Anchor::Seats(vec![1, SEATS])),
        _ => None,
    }
}

fn clue(relation: Relation, not: bool, text: &str) -> Clue {
    Clue {
        relation,
        not,
        text: Some(text.to_string()),
    }
}

/// The clues a sentence's reading states.
fn clues_of(reading: &Reading, text: &str) -> Result<Vec<Clue>, String> {
    let mut out = Vec::new();
    for g in reading.guests.iter().filter(|g| !g.carried) {
        let first = g.values.first().map(|v| v.name().to_string());
        for v in g.values.iter().skip(1) {
            let (a, b) = (first.clone().unwrap_or_default(), v.name().to_string());
            out.push(clue(Relation::Same { a, b }, false, text));
        }
        for v in &g.not_values {
            let b = v.name().to_string();
            match (&first, g.place) {
                (Some(a), _) => out.push(clue(Relation::Same { a: a.clone(), b }, true, text)),
                (None, Some((Place::At(position), false))) => {
                    out.push(clue(Relation::At { a: b, position }, true, text))
                }
                _ => return Err(format!("cannot tell who did not have the {b}")),
            }
        }
        if let (Some(a), Some((place, not))) = (&first, g.place) {
            let a = a.clone();
            let relation = match place {
                Place::At(position) => Relation::At { a, position },
                Place::AtEnd => Relation::AtEnd { a },
            };
            out.push(clue(relation, not, text));
        }
    }
    for link in &reading.links {
        let who = |g: usize| {
            anchor(&reading.guests[g]).ok_or_else(|| {
                "cannot tell who one of the guests in it is (no name and no seat)".to_string()
            })
        };
        let (rel, not) = (link.rel, link.not);
        let relation = match (who(link.subject)?, who(link.object)?) {
            (Anchor::Value(a), Anchor::Value(b)) => binary(rel, a, b)?,
            (Anchor::Value(a), Anchor::Seats(qs)) => {
                seats_where(&a, |p| qs.iter().any(|&q| seated(rel, p, q)), not)?
            }
            (Anchor::Seats(ps), Anchor::Value(b)) => {
                seats_where(&b, |q| ps.iter().any(|&p| seated(rel, p, q)), not)?
            }
            (Anchor::Seats(_), Anchor::Seats(_)) => {
                return Err("it relates two seats without saying who sits there".into());
            }
        };
        out.push(clue(relation, not, text));
    }
    Ok(out)
}

fn binary(rel: Rel, a: String, b: String) -> Result<Relation, String> {
    Ok(match rel {
        Rel::Same => Relation::Same { a, b },
        Rel::NextTo => Relation::NextTo { a, b },
        Rel::LeftOf => Relation::LeftOf { a, b },
        Rel::RightOf => Relation::RightOf { a, b },
        Rel::SomewhereLeftOf => Relation::SomewhereLeftOf { a, b },
        Rel::SomewhereRightOf => Relation::SomewhereRightOf { a, b },
        Rel::LeftBy(k) => Relation::LeftBy { a, b, k },
        Rel::RightBy(k) => Relation::RightBy { a, b, k },
        Rel::Distance(k) => Relation::Distance { a, b, k },
        Rel::NotSame | Rel::At(_) | Rel::NotAt(_) | Rel::AtEnd => {
            return Err(format!("`{}` does not relate two guests", rel.words()));
        }
    })
}

/// "a sits where `ok` holds" as a seat clue.
fn seats_where(a: &str, ok: impl Fn(usize) -> bool, not: bool) -> Result<Relation, String> {
    let positions: Vec<usize> = (1..=SEATS).filter(|&p| ok(p)).collect();
    if positions.is_empty() && !not {
        return Err("no seat fits the relation it describes".into());
    }
    let a = a.to_string();
    Ok(match positions.as_slice() {
        [position] => Relation::At {
            a,
            position: *position,
        },
        _ => Relation::OneOf { a, positions },
    })
}
