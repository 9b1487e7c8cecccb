//! Puzzle front ends, and the [`Family`] trait through which every command reaches them.
//!
//! A family finds its puzzles (by built-in name, in a JSON file, or in prose), and each
//! [`Puzzle`] builds its formula ([`Instance`]), whose models decode into an [`Answer`] that
//! renders as text and as a serde value. The commands (`solve`, `count`, `encode`, `decode`,
//! `prove`, `list`) only speak to these traits; a new family is its module plus one line in
//! [`registry`].

pub mod grid;
pub mod hooks;
pub mod inquest;
pub mod jindosh;
pub mod jindosh_text;
pub mod portia;
pub(crate) mod relation;

use std::any::Any;
use std::collections::BTreeMap;
use std::ops::ControlFlow;

use serde_json::Value;

use crate::choice::Choice;
use crate::cnf::Cnf;
use crate::model::{Amo, Card, Encoding, Pb};
use crate::report::{ClueNote, Difference, Settings};
use crate::solve::stop::{Enumerated, Stop, enumerate_until};
use crate::solve::{self, Backend, SolveError, Varisat, Verdict};

/// Every family, in the order `satpuz list` shows them. A new family is one line here.
pub fn registry() -> &'static [&'static dyn Family] {
    &[
        &grid::family::GridFamily,
        &inquest::family::InquestFamily,
        &hooks::family::HooksFamily,
        &portia::family::PortiaFamily,
    ]
}

/// The family called `name`.
pub fn family(name: &str) -> Option<&'static dyn Family> {
    registry().iter().copied().find(|f| f.name() == name)
}

/// An encoding choice a family may honour; each is a command-line flag of the same name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Setting {
    /// `--encoding`: finite-domain variables as booleans.
    Encoding,
    /// `--amo`: at-most-one constraints as clauses.
    Amo,
    /// `--card`: cardinality constraints as clauses.
    Card,
    /// `--pb`: weighted sums as clauses.
    Pb,
    /// `--connect`: how a connectivity rule is kept.
    Connect,
    /// `-j/--jobs`: how many threads a search split into cubes may use. Not an encoding: it
    /// never changes the formula, an answer or a count; listed so that a family without such a
    /// search refuses the flag rather than ignoring it.
    Threads,
}

impl Setting {
    /// The command-line flag.
    pub fn flag(self) -> &'static str {
        match self {
            Setting::Encoding => "--encoding",
            Setting::Amo => "--amo",
            Setting::Card => "--card",
            Setting::Pb => "--pb",
            Setting::Connect => "--connect",
            Setting::Threads => "-j/--jobs",
        }
    }
}

/// Every encoding choice; a family reads the ones it lists in [`Family::settings`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BuildOptions {
    /// `--encoding`: finite-domain variables as booleans.
    pub encoding: Encoding,
    /// `--amo`: at-most-one constraints as clauses.
    pub amo: Amo,
    /// `--card`: cardinality constraints as clauses.
    pub card: Card,
    /// `--pb`: weighted sums as clauses.
    pub pb: Pb,
    /// `--connect`: how a connectivity rule is kept (Hooks).
    pub connect: hooks::Connectivity,
    /// `-j/--jobs`: how many threads a search split into cubes may use (Hooks); `None`: one
    /// per core, at most two. Never changes the formula, an answer or a count.
    pub threads: Option<std::num::NonZeroUsize>,
}

impl BuildOptions {
    /// The encoding choices, as the model layer's one options struct.
    pub(crate) fn encode(&self) -> crate::model::EncodeOptions {
        crate::model::EncodeOptions {
            encoding: self.encoding,
            amo: self.amo,
            card: self.card,
            pb: self.pb,
        }
    }

    /// The choices among `used`, by name, for reports.
    pub fn report(&self, used: &[Setting]) -> Settings {
        let has = |s| used.contains(&s).then_some(());
        Settings {
            encoding: has(Setting::Encoding).map(|()| self.encoding.name().to_string()),
            amo: has(Setting::Amo).map(|()| self.amo.name().to_string()),
            card: has(Setting::Card).map(|()| self.card.name().to_string()),
            pb: has(Setting::Pb).map(|()| self.pb.name().to_string()),
            connect: has(Setting::Connect).map(|()| self.connect.name().to_string()),
        }
    }

    /// The choices among `used` as command-line flags (`--encoding bits --amo pairwise`).
    pub fn flags(&self, used: &[Setting]) -> String {
        let s = self.report(used);
        [
            ("--encoding", s.encoding),
            ("--amo", s.amo),
            ("--card", s.card),
            ("--pb", s.pb),
            ("--connect", s.connect),
        ]
        .into_iter()
        .filter_map(|(flag, v)| v.map(|v| format!("{flag} {v}")))
        .collect::<Vec<_>>()
        .join(" ")
    }
}

/// Puzzle parameters given on the command line (`--rows 1,2` is `"rows" -> "1,2"`), for the
/// built-in names that take them (`hooks`, `portia`).
pub type Params = BTreeMap<&'static str, String>;

/// A puzzle parameter a family reads, for help and refusals.
#[derive(Debug, Clone, Copy)]
pub struct Parameter {
    /// The flag's name without dashes (`rows`).
    pub name: &'static str,
    /// The built-in name that reads it (`hooks`).
    pub builtin: &'static str,
}

/// A built-in puzzle name, for `satpuz list`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Builtin {
    /// The name to give as PUZZLE (`jindosh`, `hooks1`, `portia`, ...).
    pub name: String,
    /// What it is, in a few words.
    pub about: String,
    /// Why satpuz cannot solve it, when it cannot.
    pub refused: Option<String>,
}

/// Why a puzzle could not be loaded or built.
#[derive(Debug, thiserror::Error)]
pub enum FamilyError {
    /// An error, with where it comes from (a file, a built-in name).
    #[error("{origin}: {source}")]
    At {
        /// Where: a file name or a built-in name.
        origin: String,
        /// The error itself.
        source: Box<FamilyError>,
    },
    /// A logic grid file or model that is not valid.
    #[error(transparent)]
    Grid(#[from] grid::PuzzleError),
    /// A Hooks file that is not valid.
    #[error(transparent)]
    Hooks(#[from] hooks::HooksError),
    /// A Portia puzzle that is not valid.
    #[error(transparent)]
    Portia(#[from] portia::PortiaError),
    /// Prose the Jindosh text reader cannot read.
    #[error(transparent)]
    Text(#[from] jindosh_text::TextError),
    /// An Inquest case that cannot be dealt.
    #[error(transparent)]
    Inquest(#[from] inquest::InquestError),
    /// The solver failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// Something the family cannot do, with the reason.
    #[error("{0}")]
    Refused(String),
}

impl FamilyError {
    /// The error, prefixed with where it comes from.
    pub(crate) fn at(self, origin: impl Into<String>) -> FamilyError {
        FamilyError::At {
            origin: origin.into(),
            source: Box::new(self),
        }
    }
}

/// What a family loaded: one puzzle, or several from one file, with reading notes.
pub struct Loaded {
    /// The puzzles, in the file's order (one for a built-in name).
    pub puzzles: Vec<Box<dyn Puzzle>>,
    /// Corrections made while reading (prose), one line each.
    pub warnings: Vec<String>,
}

impl Loaded {
    /// One puzzle, no notes.
    pub(crate) fn one(puzzle: impl Puzzle + 'static) -> Loaded {
        Loaded {
            puzzles: vec![Box::new(puzzle)],
            warnings: Vec::new(),
        }
    }
}

/// One family of puzzles: how its puzzles are found. Object-safe: the commands hold
/// `&dyn Family` from [`registry`].
pub trait Family: Sync {
    /// Its name in reports and `satpuz list` (`grid`, `hooks`, ...).
    fn name(&self) -> &'static str;
    /// What the family is, in a few words.
    fn about(&self) -> &'static str;
    /// The encoding choices its formulas honour (others are refused on the command line).
    fn settings(&self) -> &'static [Setting];
    /// The puzzle parameters its built-in names read.
    fn parameters(&self) -> &'static [Parameter] {
        &[]
    }
    /// Its built-in names, solvable or not.
    fn builtins(&self) -> Vec<Builtin>;
    /// The puzzle a built-in name stands for, or `None` when `name` is not one of the family's.
    fn load_builtin(&self, name: &str, params: &Params) -> Option<Result<Loaded, FamilyError>>;
    /// Is this parsed JSON file one of the family's?
    fn claims_json(&self, value: &Value) -> bool;
    /// What its files look like, for the error about a JSON file no family claims.
    fn file_shape(&self) -> &'static str;
    /// Reads a file the family claims.
    fn load_json(&self, text: &str, origin: &str) -> Result<Loaded, FamilyError>;
    /// The built-in names whose puzzle can also be read from prose (`--text`).
    fn text_readers(&self) -> &'static [&'static str] {
        &[]
    }
    /// Reads the prose of the built-in `name` (one of [`Family::text_readers`]).
    fn load_text(&self, name: &str, text: &str) -> Result<Loaded, FamilyError> {
        let _ = text;
        Err(FamilyError::Refused(format!("`{name}` has no text reader")))
    }
}

/// Whether a puzzle's formula is a solve / count formula or an export.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// For solving and counting: may be smaller (e.g. tied grid values merged).
    Solve,
    /// For `encode`, `decode` and `prove`: one named variable per puzzle decision, stable
    /// across runs with the same settings.
    Export,
}

/// One loaded puzzle.
pub trait Puzzle {
    /// Its family's name.
    fn family(&self) -> &'static str;
    /// Its name.
    fn name(&self) -> String;
    /// One line on its size and clues.
    fn summary(&self) -> String;
    /// The puzzle as the player reads it, when the family words it (Portia's inscriptions).
    fn statement(&self) -> Option<String> {
        None
    }
    /// The family's own particulars for JSON reports.
    fn details(&self) -> Option<Value> {
        None
    }
    /// The answer the file states, when it states one.
    fn expected(&self) -> Option<Value> {
        None
    }
    /// When the file states an answer and the solver disagrees: how.
    fn disagreement(&self, first: Option<&dyn Answer>, unique: bool) -> Option<String> {
        let _ = (first, unique);
        None
    }
    /// Whether `solve --why` can judge its clues one by one.
    fn has_clues(&self) -> bool {
        false
    }
    /// The puzzle as switchable clues over facts, for step-by-step explanations
    /// ([`solve::steps`]); None when the family has no clues to explain with.
    fn clued(&self) -> Option<Result<solve::steps::Clued, FamilyError>> {
        None
    }
    /// Builds the formula.
    fn build(
        &self,
        opts: &BuildOptions,
        purpose: Purpose,
    ) -> Result<Box<dyn Instance>, FamilyError>;
}

/// A puzzle's formula, with what is needed to solve it and read answers back.
pub trait Instance {
    /// The formula. Its primary variables (`cnf.primary`, named) are the puzzle's decisions:
    /// counting and uniqueness are over them.
    fn cnf(&self) -> &Cnf;
    /// The formula, to add blocking clauses to.
    fn cnf_mut(&mut self) -> &mut Cnf;
    /// Solves and proves or refutes uniqueness of the answer.
    fn solve_unique(&mut self) -> Result<Verdict, SolveError> {
        let mut backend = Varisat::with_cnf(self.cnf());
        solve::solve_unique(self.cnf_mut(), &mut backend)
    }
    /// Counts distinct answers up to `limit` or until `stop` says so (checked between solver
    /// calls), calling `tick` on each.
    fn count(
        &mut self,
        limit: Option<u64>,
        stop: &Stop,
        tick: &mut dyn FnMut(),
    ) -> Result<Enumerated, SolveError> {
        let mut backend = Varisat::with_cnf(self.cnf());
        enumerate_until(self.cnf_mut(), &mut backend, limit, stop, |_| {
            tick();
            ControlFlow::Continue(())
        })
    }
    /// [`Instance::solve_unique`] on a backend of the caller's (an external solver), loaded
    /// with [`Instance::cnf`]. A family whose formula is incomplete wraps it as it needs to.
    fn solve_unique_on(&mut self, backend: &mut dyn Backend) -> Result<Verdict, SolveError> {
        solve::solve_unique(self.cnf_mut(), backend)
    }
    /// [`Instance::count`] on a backend of the caller's, loaded with [`Instance::cnf`] (built
    /// with [`Purpose::Export`]: one variable per decision). [`Instance::count_each_on`] unless
    /// the family has a faster counter that runs on any backend (grids: the walk of swaps).
    fn count_on(
        &mut self,
        backend: &mut dyn Backend,
        limit: Option<u64>,
        stop: &Stop,
        tick: &mut dyn FnMut(),
    ) -> Result<Enumerated, SolveError> {
        self.count_each_on(backend, limit, stop, tick)
    }
    /// Counts by plain projected enumeration on `backend`: every answer is a model of the
    /// backend's, blocked in turn. Slow, but independent of any family's counter, which is why
    /// `cross-check` compares this count with varisat's.
    fn count_each_on(
        &mut self,
        backend: &mut dyn Backend,
        limit: Option<u64>,
        stop: &Stop,
        tick: &mut dyn FnMut(),
    ) -> Result<Enumerated, SolveError> {
        enumerate_until(self.cnf_mut(), backend, limit, stop, |_| {
            tick();
            ControlFlow::Continue(())
        })
    }
    /// A model's answer in puzzle terms; an error when the model breaks a rule the formula does
    /// not state (checked apart from the CNF).
    fn answer(&self, assignment: &[bool]) -> Result<Box<dyn Answer>, FamilyError>;
    /// `None` when the formula alone states the puzzle (so a refutation certifies it); else why
    /// not.
    fn incomplete(&self) -> Option<String> {
        None
    }
    /// The formula to export, with header comments saying what it is (the command adds how to
    /// read a model back, with the puzzle as the command line named it: `origin`). A family
    /// whose formula is incomplete may add what a solve found (Hooks' connectivity cuts).
    fn export(&mut self, origin: &str) -> Result<(Cnf, Vec<String>), FamilyError>;
    /// What solving found beyond the answer, for reports (after [`Instance::solve_unique`]).
    fn notes(&self) -> Vec<String> {
        Vec::new()
    }
    /// The same, as JSON fields.
    fn note_details(&self) -> Option<Value> {
        None
    }
    /// No answer: a minimal set of clues that contradict each other, when the family has clues.
    fn contradiction(&mut self) -> Result<Option<Vec<ClueNote>>, FamilyError> {
        Ok(None)
    }
    /// For each clue: does the answer of `assignment` need it? `None`: no clues to judge.
    fn why(&mut self, assignment: &[bool]) -> Result<Option<Vec<ClueNote>>, FamilyError> {
        let _ = assignment;
        Ok(None)
    }
}

/// An answer in puzzle terms.
pub trait Answer: Any {
    /// As text, for people.
    fn text(&self) -> String;
    /// As JSON (a serde-derived struct of the family's).
    fn value(&self) -> Value;
    /// Where `other` (an answer of the same puzzle) differs.
    fn differences(&self, other: &dyn Answer) -> Vec<Difference> {
        json_differences("", &self.value(), &other.value())
    }
    /// Both answers side by side, when the family lays them out so.
    fn side_by_side(&self, other: &dyn Answer) -> Option<String> {
        let _ = other;
        None
    }
    /// For downcasting to the family's answer type.
    fn as_any(&self) -> &dyn Any;
}

/// The leaves where two JSON values differ, each with its path (`grid[2][3]`).
pub(crate) fn json_differences(path: &str, a: &Value, b: &Value) -> Vec<Difference> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => x
            .iter()
            .flat_map(|(k, va)| {
                let vb = y.get(k).unwrap_or(&Value::Null);
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                json_differences(&p, va, vb)
            })
            .collect(),
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .flat_map(|(i, (va, vb))| json_differences(&format!("{path}[{i}]"), va, vb))
            .collect(),
        _ if a == b => Vec::new(),
        _ => {
            let show = |v: &Value| match v {
                Value::String(s) => s.clone(),
                v => v.to_string(),
            };
            vec![Difference {
                position: path.to_string(),
                category: String::new(),
                first: show(a),
                second: show(b),
            }]
        }
    }
}
