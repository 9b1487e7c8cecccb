//! Portia's caskets (Smullyan, *What is the Name of this Book?*, puzzles 67–70).
//!
//! Three caskets (1 gold, 2 silver, 3 lead), a portrait in exactly one of them, and inscriptions
//! that point at caskets: `+k` says "the portrait is in casket k", `-k` "it is not in casket k".
//! The player is told one more thing:
//! - **Portia I**: one inscription per casket and how many of them are true ([`CountClue`]);
//! - **Portia II**: two inscriptions per casket and how the truths fall on the lids ([`LidClue`]);
//! - **Portia III**: one portrait inscription and one maker inscription per casket; Bellini's
//!   caskets say only true things, Cellini's only false ([`MakerStatement`]).
//!
//! [`Puzzle`] is one puzzle as the player reads it. [`model`] turns it into CNF (the portrait a
//! finite-domain variable, each inscription's truth a literal equivalent to its portrait literal,
//! the makers booleans, the clue a cardinality constraint) and proves the answer unique with the
//! solver. [`catalogue`] enumerates the three generations in the reference generator's order and
//! keeps the candidates whose answer the solver proves unique; [`Record`] is their JSON form and
//! `text.rs` their wording.

pub mod catalogue;
pub(crate) mod clue;
pub(crate) mod family;
pub mod model;
pub mod reasoning;
pub(crate) mod record;
pub(crate) mod text;

use serde::{Deserialize, Serialize};

pub(crate) use catalogue::Generation;
pub use clue::{Clue, CountClue, LidClue, MakerStatement};
pub(crate) use model::Formula;
pub use record::Record;

/// Number of caskets in every Portia puzzle.
pub(crate) const CASKETS: usize = 3;

/// The caskets' names, by casket index.
pub const CASKET_NAMES: [&str; CASKETS] = ["gold", "silver", "lead"];

/// Errors in a Portia puzzle given by the user; each names the place (argument, file field,
/// casket) it comes from.
#[derive(Debug, thiserror::Error)]
pub enum PortiaError {
    /// A value that breaks the puzzle's rules.
    #[error("{place}: {message}")]
    Invalid {
        /// Where: an argument, a file field, a casket.
        place: String,
        /// What is wrong.
        message: String,
    },
    /// A file that is not JSON of the record format.
    #[error("{place}: {source}")]
    Json {
        /// The file, or the record in it.
        place: String,
        /// serde's error (with line and column).
        source: serde_json::Error,
    },
}

impl PortiaError {
    pub(crate) fn invalid(place: impl Into<String>, message: impl Into<String>) -> Self {
        PortiaError::Invalid {
            place: place.into(),
            message: message.into(),
        }
    }
}

/// One inscription about the portrait: `+k` "the portrait is in casket k", `-k` "the portrait
/// is not in casket k" (caskets numbered from 1, as the reference and the player number them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "i64", into = "i64")]
pub struct Statement(i8);

impl Statement {
    /// The reference generator's statement pool, in its order: `1,2,3,-1,-2,-3`.
    pub const POOL: [Statement; 2 * CASKETS] = [
        Statement(1),
        Statement(2),
        Statement(3),
        Statement(-1),
        Statement(-2),
        Statement(-3),
    ];

    /// The statement with this signed casket number, if it names a casket.
    pub(crate) fn new(pointer: i64) -> Option<Statement> {
        (pointer != 0 && pointer.unsigned_abs() <= CASKETS as u64)
            .then_some(Statement(pointer as i8))
    }

    /// The signed casket number (`+k` / `-k`).
    pub fn pointer(self) -> i64 {
        i64::from(self.0)
    }

    /// The casket it is about (0-based).
    pub(crate) fn casket(self) -> usize {
        usize::from(self.0.unsigned_abs()) - 1
    }

    /// True for "the portrait is in ...", false for "... is not in ...".
    pub(crate) fn affirms(self) -> bool {
        self.0 > 0
    }

    /// Is the statement true when the portrait is in casket `portrait` (0-based)?
    pub(crate) fn true_at(self, portrait: usize) -> bool {
        (portrait == self.casket()) == self.affirms()
    }
}

impl TryFrom<i64> for Statement {
    type Error = String;
    fn try_from(pointer: i64) -> Result<Self, String> {
        Statement::new(pointer).ok_or_else(|| bad_pointer(&pointer.to_string()))
    }
}

impl From<Statement> for i64 {
    fn from(s: Statement) -> i64 {
        s.pointer()
    }
}

impl std::fmt::Display for Statement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

fn bad_pointer(text: &str) -> String {
    format!(
        "`{text}` is not a statement: use 1, 2, 3 for \"the portrait is in casket k\" \
         and -1, -2, -3 for \"the portrait is not in casket k\""
    )
}

/// One statement per casket.
pub type StatementList = [Statement; CASKETS];

/// Parses `"1,-2,-1"` (commas or spaces): one statement per casket.
pub fn parse_statement_list(text: &str, place: &str) -> Result<StatementList, PortiaError> {
    let items: Vec<&str> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .collect();
    if items.len() != CASKETS {
        return Err(PortiaError::invalid(
            place,
            format!(
                "`{}` has {} statements; give one per casket ({CASKETS}), e.g. `1,-2,-1`",
                text.trim(),
                items.len()
            ),
        ));
    }
    let mut list = [Statement(1); CASKETS];
    for (c, item) in items.iter().enumerate() {
        list[c] = item
            .parse::<i64>()
            .ok()
            .and_then(Statement::new)
            .ok_or_else(|| {
                PortiaError::invalid(format!("{place}, casket {}", c + 1), bad_pointer(item))
            })?;
    }
    Ok(list)
}

/// Parses one list (`"1,-2,-1"`) or two separated by `;` or `/` (`"2,3,1; -1,-1,-3"`: the
/// first and the second inscription of each casket, as the reference writes Portia II).
pub(crate) fn parse_statement_lists(
    text: &str,
    place: &str,
) -> Result<Vec<StatementList>, PortiaError> {
    let parts: Vec<&str> = text.split([';', '/']).collect();
    if parts.len() > 2 {
        return Err(PortiaError::invalid(
            place,
            format!(
                "`{}` has {} lists; give one (Portia I/III) or two (Portia II)",
                text.trim(),
                parts.len()
            ),
        ));
    }
    parts
        .iter()
        .enumerate()
        .map(|(i, part)| {
            let place = if parts.len() == 1 {
                place.to_string()
            } else {
                format!("{place}, list {}", i + 1)
            };
            parse_statement_list(part, &place)
        })
        .collect()
}

/// One Portia puzzle as the player reads it: the inscriptions and the clue.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Puzzle {
    lists: Vec<StatementList>,
    clue: Clue,
}

impl Puzzle {
    /// Portia I: one statement per casket and a clue on how many are true.
    pub fn one(list: StatementList, clue: CountClue) -> Puzzle {
        Puzzle {
            lists: vec![list],
            clue: Clue::Count(clue),
        }
    }

    /// Portia II: casket `c` carries `lists[0][c]` and `lists[1][c]`; the clue says how many
    /// true statements the lids carry.
    pub fn two(lists: [StatementList; 2], clue: LidClue) -> Puzzle {
        Puzzle {
            lists: lists.to_vec(),
            clue: Clue::Lids(clue),
        }
    }

    /// Portia III: one portrait statement and one maker statement per casket.
    pub fn three(list: StatementList, makers: [MakerStatement; CASKETS]) -> Puzzle {
        Puzzle {
            lists: vec![list],
            clue: Clue::Makers(makers),
        }
    }

    /// A puzzle from statement lists and a clue, checking that they fit one generation.
    pub fn new(lists: Vec<StatementList>, clue: Clue) -> Result<Puzzle, PortiaError> {
        let wanted = match clue {
            Clue::Count(_) | Clue::Makers(_) => 1,
            Clue::Lids(_) => 2,
        };
        if lists.len() != wanted {
            let what = match clue {
                Clue::Count(_) => "a count clue (Portia I) goes with one statement per casket",
                Clue::Lids(_) => "a lid clue (Portia II) goes with two statements per casket",
                Clue::Makers(_) => {
                    "maker statements (Portia III) go with one portrait statement per casket"
                }
            };
            return Err(PortiaError::invalid(
                "statements",
                format!("{what}, but {} lists were given", lists.len()),
            ));
        }
        Ok(Puzzle { lists, clue })
    }

    /// 1, 2 or 3: Portia I, II or III.
    pub(crate) fn generation(&self) -> Generation {
        match self.clue {
            Clue::Count(_) => Generation::One,
            Clue::Lids(_) => Generation::Two,
            Clue::Makers(_) => Generation::Three,
        }
    }

    /// The portrait statements, one list per inscription row.
    pub fn lists(&self) -> &[StatementList] {
        &self.lists
    }

    /// What the player is told besides the statements (by generation).
    pub fn clue(&self) -> &Clue {
        &self.clue
    }

    /// The portrait statements on casket `c`.
    pub(crate) fn on_casket(&self, c: usize) -> impl Iterator<Item = Statement> + '_ {
        self.lists.iter().map(move |l| l[c])
    }
}
