//! Logic-grid (Einstein/zebra) puzzles: n positions in a row, categories whose values are
//! permutations of the positions, and clues relating values.
//!
//! Model: one integer variable per value, its position (`pos(v)` in `0..n`); each category is an
//! all-different group. Every relation between two values is a binary table over positions.
//!
//! The public file format (clue-kind aliases, position words, error messages) is read in
//! `file.rs`; this module holds the puzzle itself and its model.

pub mod answers;
pub mod corpus;
pub mod family;
pub(crate) mod file;
pub mod generate;
pub(crate) mod merge;
pub(crate) mod position;
pub mod size;
pub mod vocabulary;

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::model::{Constraint, EncodeOptions, Model, VarId};
use crate::puzzles::relation::{Rel, holds};
use merge::Ties;

/// A logic-grid puzzle as stored in a puzzle file.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GridPuzzle {
    /// The puzzle's name (reports, `satpuz list`).
    pub name: String,
    /// Where the puzzle comes from (a book, a game), free text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// The row of positions every value is placed in.
    pub positions: Positions,
    /// The categories; each has one value per position.
    pub categories: Vec<Category>,
    /// The clues, in the file's order (numbered from 1 in messages).
    pub clues: Vec<Clue>,
    /// What the answer asks: for each value of category `each`, the value of `show` beside it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub question: Option<Question>,
}

/// The row of positions: how many, and what they are called.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Positions {
    /// Number of positions (at least 1); every category has this many values.
    pub count: usize,
    /// What one position is called ("seat", "house", "room").
    #[serde(default = "default_noun")]
    pub noun: String,
    /// Names of the positions, first to last; default `<noun>1`, `<noun>2`, ...
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub labels: Option<Vec<String>>,
}

fn default_noun() -> String {
    "position".into()
}

/// A category: its values are a permutation of the positions.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Category {
    /// The category's name (`nationality`, `drink`).
    pub name: String,
    /// Its values, one per position; a name is unique across all categories.
    pub values: Vec<String>,
}

/// What the answer asks: for each value of one category, the value of another beside it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Question {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) text: Option<String>,
    pub(crate) each: String,
    pub(crate) show: String,
}

/// One clue: a relation, possibly negated, and the sentence it came from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Clue {
    /// What the clue states.
    #[serde(flatten)]
    pub relation: Relation,
    /// The clue states that the relation does not hold.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub not: bool,
    /// The clue's sentence, as the puzzle words it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// Relations between values (by name). Positions are 1-based, as people count.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Relation {
    /// a and b are at the same position.
    Same {
        /// The first value (by name).
        a: String,
        /// The second value (by name).
        b: String,
    },
    /// a is directly left of b (one position lower).
    LeftOf {
        /// The first value (by name).
        a: String,
        /// The second value (by name).
        b: String,
    },
    /// a is directly right of b.
    RightOf {
        /// The first value (by name).
        a: String,
        /// The second value (by name).
        b: String,
    },
    /// a is somewhere left of b.
    SomewhereLeftOf {
        /// The first value (by name).
        a: String,
        /// The second value (by name).
        b: String,
    },
    /// a is somewhere right of b.
    SomewhereRightOf {
        /// The first value (by name).
        a: String,
        /// The second value (by name).
        b: String,
    },
    /// a and b are neighbours.
    NextTo {
        /// The first value (by name).
        a: String,
        /// The second value (by name).
        b: String,
    },
    /// a and b are exactly k positions apart.
    Distance {
        /// The first value (by name).
        a: String,
        /// The second value (by name).
        b: String,
        /// The distance in positions (at least 1).
        k: usize,
    },
    /// a is exactly k positions left of b.
    LeftBy {
        /// The first value (by name).
        a: String,
        /// The second value (by name).
        b: String,
        /// The distance in positions (at least 1).
        k: usize,
    },
    /// a is exactly k positions right of b.
    RightBy {
        /// The first value (by name).
        a: String,
        /// The second value (by name).
        b: String,
        /// The distance in positions (at least 1).
        k: usize,
    },
    /// a is at the given position.
    At {
        /// The value (by name).
        a: String,
        /// The position, from 1.
        position: usize,
    },
    /// a is at one of the given positions.
    OneOf {
        /// The value (by name).
        a: String,
        /// The positions, from 1.
        positions: Vec<usize>,
    },
    /// a is at the first or the last position.
    AtEnd {
        /// The value (by name).
        a: String,
    },
    /// At least one of the clues holds.
    Either {
        /// The alternatives (each may itself be negated).
        either: Vec<Clue>,
    },
}

/// A defect in a puzzle, naming the clue it is in.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// The file is not JSON of the puzzle format (with line and column).
    #[error("{0}")]
    Json(String),
    /// `positions.count` is 0.
    #[error("the puzzle needs at least one position")]
    NoPositions,
    /// A category whose number of values differs from the number of positions.
    #[error("category `{category}` has {found} values but there are {positions} positions")]
    CategorySize {
        /// The category's name.
        category: String,
        /// Its number of values.
        found: usize,
        /// The number of positions.
        positions: usize,
    },
    /// A value name used in two categories.
    #[error("value `{value}` appears in category `{first}` and again in `{second}`")]
    DuplicateValue {
        /// The value's name.
        value: String,
        /// The first category it is in.
        first: String,
        /// The category it is in again.
        second: String,
    },
    /// A number of position labels other than the number of positions.
    #[error("{positions} position labels given for {count} positions")]
    Labels {
        /// The number of labels given.
        positions: usize,
        /// The number of positions.
        count: usize,
    },
    /// A clue names a value no category has.
    #[error("clue {clue}{text}: unknown value `{name}`{hint}")]
    UnknownValue {
        /// The clue's number, from 1.
        clue: usize,
        /// The clue's sentence as ` ("...")`, or empty.
        text: String,
        /// The unknown name.
        name: String,
        /// `; did you mean ...?` when a known name is close, or empty.
        hint: String,
    },
    /// A clue names a position outside the row.
    #[error("clue {clue}{text}: position {position} is outside 1..={count}")]
    PositionRange {
        /// The clue's number, from 1.
        clue: usize,
        /// The clue's sentence as ` ("...")`, or empty.
        text: String,
        /// The position given (1-based).
        position: usize,
        /// The number of positions.
        count: usize,
    },
    /// A clue with distance 0.
    #[error("clue {clue}{text}: distance must be at least 1")]
    ZeroDistance {
        /// The clue's number, from 1.
        clue: usize,
        /// The clue's sentence as ` ("...")`, or empty.
        text: String,
    },
    /// The question names a category the puzzle does not have.
    #[error("question: unknown category `{0}`")]
    UnknownCategory(String),
    /// A clue the file states in a way the format does not allow (kind, fields, types).
    #[error("clue {clue}{text}: {problem}")]
    Clue {
        /// The clue's number, from 1.
        clue: usize,
        /// The clue's sentence as ` ("...")`, or empty.
        text: String,
        /// What is wrong.
        problem: String,
    },
    /// A grid whose structure alone would take more clauses than
    /// [`size::MAX_STRUCTURE_CLAUSES`] in the encoding asked for (or in any encoding).
    #[error(
        "`{name}`: {positions} positions x {categories} categories: too large to encode{with} \
         (about {clauses} clauses for the grid's structure alone; the limit is {}, about 3 GB \
         to hold and solve){hint}",
        size::MAX_STRUCTURE_CLAUSES
    )]
    TooLarge {
        /// The puzzle's name.
        name: String,
        /// The number of positions.
        positions: usize,
        /// The number of categories.
        categories: usize,
        /// ` with --encoding E --amo A`, ` with any encoding`, or empty.
        with: String,
        /// The structure's clauses in that encoding (the fewest, for any encoding).
        clauses: u64,
        /// `; <flags> takes about N, ...` for encodings that fit, or empty.
        hint: String,
    },
    /// A problem in the `positions` or `categories` sections.
    #[error("{section}: {problem}")]
    Section {
        /// `positions` or `categories`.
        section: &'static str,
        /// What is wrong.
        problem: String,
    },
}

/// A puzzle turned into a model, with what is needed to read answers back.
#[derive(Debug, Clone)]
pub struct GridModel {
    /// One variable per value (its position, or a shared one for tied values), one
    /// all-different per category, then one constraint per clue.
    pub model: Model,
    /// `value_var[c][i]`: the variable of value i of category c.
    pub value_var: Vec<Vec<VarId>>,
    /// `value_offset[c][i]`: value i of category c is this many positions right of its
    /// variable's value (0 except in merged models, where tied values share a variable).
    pub value_offset: Vec<Vec<usize>>,
    /// The constraint each clue became, in clue order (constraints before these are structural).
    pub clue_constraints: std::ops::Range<usize>,
}

/// A solved grid: `table[position][category]` is the value index there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GridAnswer {
    /// `table[position][category]`: index of the value at that position (0-based both).
    pub table: Vec<Vec<usize>>,
}

impl GridPuzzle {
    /// Parses and validates a puzzle file (the format of `encodings/README.md`).
    pub fn from_json(text: &str) -> Result<GridPuzzle, PuzzleError> {
        let p = file::parse(text)?;
        p.build()?;
        Ok(p)
    }

    /// [`Self::from_json`] for a caller that will encode the puzzle with `opts` and has no
    /// flags to choose another encoding (the server): a grid too large for `opts` is refused
    /// before anything is built.
    pub fn from_json_for(text: &str, opts: EncodeOptions) -> Result<GridPuzzle, PuzzleError> {
        let p = file::parse(text)?;
        p.check_size_as(opts, false)?;
        p.build()?;
        Ok(p)
    }

    /// The positions' names, first to last: the labels given, else `<noun>1`, `<noun>2`, ...
    pub fn position_labels(&self) -> Vec<String> {
        match &self.positions.labels {
            Some(l) => l.clone(),
            None => (1..=self.positions.count)
                .map(|i| format!("{}{}", self.positions.noun, i))
                .collect(),
        }
    }

    /// The position (from 0) a sheet or a request names: a label (case ignored; the default
    /// labels `<noun>1`, ... when the file gives none), else a number from 1, unless the labels
    /// are numbers. The rule of the file format's clues (see `position.rs`), without their end
    /// words.
    pub fn position_named(&self, name: &str) -> Result<usize, String> {
        let words = position::PositionWords::new(
            self.positions.count,
            self.positions.labels.as_deref(),
            &self.positions.noun,
            None,
        )
        .map_err(|e| e.to_string())?;
        let p = words.read_text(name)?;
        if (1..=self.positions.count).contains(&p) {
            Ok(p - 1)
        } else {
            Err(format!(
                "position {p} is outside 1..={}",
                self.positions.count
            ))
        }
    }

    /// (category, index) of every value name.
    fn value_index(&self) -> Result<HashMap<&str, (usize, usize)>, PuzzleError> {
        let mut index: HashMap<&str, (usize, usize)> = HashMap::new();
        for (c, cat) in self.categories.iter().enumerate() {
            for (i, v) in cat.values.iter().enumerate() {
                if let Some(&(c0, _)) = index.get(v.as_str()) {
                    return Err(PuzzleError::DuplicateValue {
                        value: v.clone(),
                        first: self.categories[c0].name.clone(),
                        second: cat.name.clone(),
                    });
                }
                index.insert(v, (c, i));
            }
        }
        Ok(index)
    }

    /// Builds the model, checking every name and position.
    pub fn build(&self) -> Result<GridModel, PuzzleError> {
        self.build_with(&self.clues)
    }

    /// Builds the model with another clue list (a subset, for explanations and generators).
    pub fn build_with(&self, clues: &[Clue]) -> Result<GridModel, PuzzleError> {
        self.build_impl(clues, false)
    }

    /// Builds the model for solving and counting: values that clues tie at a fixed distance
    /// (`same`, `left_of`, `right_of`, `left_by`, `right_by`) share one variable, each at its
    /// offset (see `merge.rs`), and those clues disappear. The answers and their count are those
    /// of [`Self::build`]; `clue_constraints` then covers the remaining clues and is not one
    /// constraint per clue.
    pub fn build_merged(&self) -> Result<GridModel, PuzzleError> {
        self.build_impl(&self.clues, true)
    }

    /// The counts the puzzle declares against its data: nothing is allocated from a count
    /// before this.
    fn check_shape(&self) -> Result<(), PuzzleError> {
        let n = self.positions.count;
        if n == 0 {
            return Err(PuzzleError::NoPositions);
        }
        for cat in &self.categories {
            if cat.values.len() != n {
                return Err(PuzzleError::CategorySize {
                    category: cat.name.clone(),
                    found: cat.values.len(),
                    positions: n,
                });
            }
        }
        if let Some(labels) = &self.positions.labels
            && labels.len() != n
        {
            return Err(PuzzleError::Labels {
                positions: labels.len(),
                count: n,
            });
        }
        // An answer names each position's label under the noun, beside one field per category.
        let noun = &self.positions.noun;
        if let Some(cat) = self.categories.iter().find(|c| &c.name == noun) {
            return Err(PuzzleError::Section {
                section: "categories",
                problem: format!(
                    "category `{}` has the name of the positions (`positions.noun` is `{noun}`), \
                     so an answer could not tell a {noun}'s label from its `{}`: rename the \
                     category, or give the positions another noun",
                    cat.name, cat.name
                ),
            });
        }
        Ok(())
    }

    fn build_impl(&self, clues: &[Clue], merge: bool) -> Result<GridModel, PuzzleError> {
        self.check_shape()?;
        self.check_size_any()?;
        let n = self.positions.count;
        let labels = self.position_labels();
        let index = self.value_index()?;
        // Values numbered category by category.
        let mut number: HashMap<&str, usize> = HashMap::new();
        let mut category = Vec::new();
        for (c, cat) in self.categories.iter().enumerate() {
            for v in &cat.values {
                number.insert(v, category.len());
                category.push(c);
            }
        }
        let ties = if merge {
            Ties::from_clues(clues, &number, &category, n)
        } else {
            Ties::none(category.len(), n)
        };
        // One variable per group over the places of its leftmost value, named after its values.
        let mut model = Model::new();
        let mut var_of_group: HashMap<usize, VarId> = HashMap::new();
        let names: Vec<&str> = self
            .categories
            .iter()
            .flat_map(|cat| cat.values.iter().map(String::as_str))
            .collect();
        for &g in &ties.group {
            var_of_group.entry(g).or_insert_with(|| {
                let name = (0..names.len())
                    .filter(|&v| ties.group[v] == g)
                    .map(|v| names[v])
                    .collect::<Vec<_>>()
                    .join("+");
                model.add_var(name, labels[..n - ties.span[&g]].to_vec())
            });
        }
        let (mut value_var, mut value_offset) = (Vec::new(), Vec::new());
        for cat in &self.categories {
            let vs: Vec<usize> = cat.values.iter().map(|v| number[v.as_str()]).collect();
            value_var.push(
                vs.iter()
                    .map(|&v| var_of_group[&ties.group[v]])
                    .collect::<Vec<_>>(),
            );
            value_offset.push(vs.iter().map(|&v| ties.offset[v]).collect::<Vec<_>>());
        }
        for (vars, offs) in value_var.iter().zip(&value_offset) {
            model.add(if offs.iter().all(|&o| o == 0) {
                Constraint::AllDifferent(vars.clone())
            } else {
                Constraint::AllDifferentShifted(
                    vars.iter().copied().zip(offs.iter().copied()).collect(),
                )
            });
        }
        let start = model.constraints.len();
        for (i, clue) in clues.iter().enumerate() {
            if merge && ties.states(clue, &number) {
                continue; // the shared variable states it
            }
            let ctx = ClueContext {
                clue: i + 1,
                text: clue.text.as_deref(),
                n,
                index: &index,
                value_var: &value_var,
                value_offset: &value_offset,
                model: &model,
            };
            model.add(ctx.constraint(clue)?);
        }
        if let Some(q) = &self.question {
            for c in [&q.each, &q.show] {
                if !self.categories.iter().any(|cat| &cat.name == c) {
                    return Err(PuzzleError::UnknownCategory(c.clone()));
                }
            }
        }
        let end = model.constraints.len();
        Ok(GridModel {
            model,
            value_var,
            value_offset,
            clue_constraints: start..end,
        })
    }
}

struct ClueContext<'a> {
    clue: usize,
    text: Option<&'a str>,
    n: usize,
    index: &'a HashMap<&'a str, (usize, usize)>,
    value_var: &'a [Vec<VarId>],
    value_offset: &'a [Vec<usize>],
    model: &'a Model,
}

impl ClueContext<'_> {
    fn text(&self) -> String {
        self.text.map(|t| format!(" (\"{t}\")")).unwrap_or_default()
    }

    /// The variable a value lives in, its offset there, and the variable's domain size.
    fn var(&self, name: &str) -> Result<(VarId, usize, usize), PuzzleError> {
        match self.index.get(name) {
            Some(&(c, i)) => {
                let var = self.value_var[c][i];
                let size = self.model.vars[var].values.len();
                Ok((var, self.value_offset[c][i], size))
            }
            None => {
                let hint = nearest(name, self.index.keys().copied())
                    .map(|s| format!("; did you mean `{s}`?"))
                    .unwrap_or_default();
                Err(PuzzleError::UnknownValue {
                    clue: self.clue,
                    text: self.text(),
                    name: name.to_string(),
                    hint,
                })
            }
        }
    }

    fn position(&self, p: usize) -> Result<usize, PuzzleError> {
        if (1..=self.n).contains(&p) {
            Ok(p - 1)
        } else {
            Err(PuzzleError::PositionRange {
                clue: self.clue,
                text: self.text(),
                position: p,
                count: self.n,
            })
        }
    }

    fn distance(&self, k: usize) -> Result<usize, PuzzleError> {
        if k == 0 {
            return Err(PuzzleError::ZeroDistance {
                clue: self.clue,
                text: self.text(),
            });
        }
        Ok(k)
    }

    /// The table of a two-value relation over the places of their variables (a distance
    /// longer than the row gives an all-false table: an impossible clue, never a wrapped one).
    fn table(&self, a: &str, b: &str, rel: Rel, not: bool) -> Result<Constraint, PuzzleError> {
        let ((x, ox, nx), (y, oy, ny)) = (self.var(a)?, self.var(b)?);
        let allowed = (0..nx)
            .map(|p| {
                (0..ny)
                    .map(|q| holds(rel, p + ox, q + oy, self.n) != not)
                    .collect()
            })
            .collect();
        Ok(Constraint::Table { x, y, allowed })
    }

    fn unary(
        &self,
        a: &str,
        set: impl Fn(usize) -> bool,
        not: bool,
    ) -> Result<Constraint, PuzzleError> {
        let (var, off, size) = self.var(a)?;
        let allowed = (0..size).map(|p| set(p + off) != not).collect();
        Ok(Constraint::InSet { var, allowed })
    }

    fn constraint(&self, clue: &Clue) -> Result<Constraint, PuzzleError> {
        let not = clue.not;
        let n = self.n;
        match &clue.relation {
            Relation::Same { a, b }
            | Relation::LeftOf { a, b }
            | Relation::RightOf { a, b }
            | Relation::SomewhereLeftOf { a, b }
            | Relation::SomewhereRightOf { a, b }
            | Relation::NextTo { a, b }
            | Relation::Distance { a, b, .. }
            | Relation::LeftBy { a, b, .. }
            | Relation::RightBy { a, b, .. } => {
                if let Relation::Distance { k, .. }
                | Relation::LeftBy { k, .. }
                | Relation::RightBy { k, .. } = &clue.relation
                {
                    self.distance(*k)?;
                }
                let rel = clue.relation.rel().unwrap_or(Rel::Same);
                self.table(a, b, rel, not)
            }
            Relation::At { a, position } => {
                let at = self.position(*position)?;
                self.unary(a, |p| holds(Rel::At(at), p, 0, n), not)
            }
            Relation::OneOf { a, positions } => {
                let set = positions
                    .iter()
                    .map(|&p| self.position(p))
                    .collect::<Result<Vec<_>, _>>()?;
                self.unary(a, |p| set.contains(&p), not)
            }
            Relation::AtEnd { a } => self.unary(a, |p| holds(Rel::AtEnd, p, 0, n), not),
            Relation::Either { either } => {
                let parts = either
                    .iter()
                    .map(|c| self.constraint(c))
                    .collect::<Result<Vec<_>, _>>()?;
                if not {
                    // not (A or B) = (not A) and (not B): each negated part must hold.
                    let negated = either
                        .iter()
                        .map(|c| {
                            self.constraint(&Clue {
                                not: !c.not,
                                ..c.clone()
                            })
                        })
                        .collect::<Result<Vec<_>, _>>()?;
                    Ok(Constraint::AllOf(negated))
                } else {
                    Ok(Constraint::AnyOf(parts))
                }
            }
        }
    }
}

impl Relation {
    /// The relation in the shared vocabulary ([`crate::puzzles::relation`]); `None` for
    /// `one_of` and `either`, which are not one relation. Positions become 0-based (a
    /// position 0 stays out of range as `usize::MAX`).
    pub(crate) fn rel(&self) -> Option<Rel> {
        Some(match self {
            Relation::Same { .. } => Rel::Same,
            Relation::LeftOf { .. } => Rel::LeftOf,
            Relation::RightOf { .. } => Rel::RightOf,
            Relation::SomewhereLeftOf { .. } => Rel::SomewhereLeftOf,
            Relation::SomewhereRightOf { .. } => Rel::SomewhereRightOf,
            Relation::NextTo { .. } => Rel::NextTo,
            Relation::Distance { k, .. } => Rel::Distance(*k),
            Relation::LeftBy { k, .. } => Rel::LeftBy(*k),
            Relation::RightBy { k, .. } => Rel::RightBy(*k),
            Relation::At { position, .. } => Rel::At(position.wrapping_sub(1)),
            Relation::AtEnd { .. } => Rel::AtEnd,
            Relation::OneOf { .. } | Relation::Either { .. } => return None,
        })
    }
}

impl Clue {
    /// Adds the value names the clue mentions (an `either`'s parts included) to `out`.
    pub fn names<'a>(&'a self, out: &mut Vec<&'a str>) {
        match &self.relation {
            Relation::Same { a, b }
            | Relation::LeftOf { a, b }
            | Relation::RightOf { a, b }
            | Relation::SomewhereLeftOf { a, b }
            | Relation::SomewhereRightOf { a, b }
            | Relation::NextTo { a, b }
            | Relation::Distance { a, b, .. }
            | Relation::LeftBy { a, b, .. }
            | Relation::RightBy { a, b, .. } => out.extend([a.as_str(), b.as_str()]),
            Relation::At { a, .. } | Relation::OneOf { a, .. } | Relation::AtEnd { a } => {
                out.push(a)
            }
            Relation::Either { either } => either.iter().for_each(|part| part.names(out)),
        }
    }

    /// The clue in words (for clues without a `text`), with `noun` for one position; a
    /// negated clue reads as a sentence with "not" ("a is not next to b"), never as a prefix.
    pub fn describe(&self, noun: &str) -> String {
        let (is, are) = if self.not {
            ("is not", "are not")
        } else {
            ("is", "are")
        };
        match &self.relation {
            Relation::Same { a, b } => format!("{a} and {b} {are} in the same {noun}"),
            Relation::LeftOf { a, b } => format!("{a} {is} directly left of {b}"),
            Relation::RightOf { a, b } => format!("{a} {is} directly right of {b}"),
            Relation::SomewhereLeftOf { a, b } => format!("{a} {is} somewhere left of {b}"),
            Relation::SomewhereRightOf { a, b } => format!("{a} {is} somewhere right of {b}"),
            Relation::NextTo { a, b } => format!("{a} {is} next to {b}"),
            Relation::Distance { a, b, k } => format!("{a} and {b} {are} {k} {noun}s apart"),
            Relation::LeftBy { a, b, k } => format!("{a} {is} {k} {noun}s left of {b}"),
            Relation::RightBy { a, b, k } => format!("{a} {is} {k} {noun}s right of {b}"),
            Relation::At { a, position } => format!("{a} {is} in {noun} {position}"),
            Relation::OneOf { a, positions } => {
                let list: Vec<String> = positions.iter().map(|p| p.to_string()).collect();
                format!("{a} {is} in {noun} {}", list.join(" or "))
            }
            Relation::AtEnd { a } => format!("{a} {is} at an end"),
            Relation::Either { either } => {
                let parts: Vec<String> = either.iter().map(|c| c.describe(noun)).collect();
                if self.not {
                    format!("none of these holds: {}", parts.join("; "))
                } else {
                    format!("either {}", parts.join(", or "))
                }
            }
        }
    }

    /// The clue's own sentence if it has one, else its description.
    pub fn sentence(&self, noun: &str) -> String {
        self.text.clone().unwrap_or_else(|| self.describe(noun))
    }
}

/// The known name closest to `name` by edit distance, if it is plausibly a typo.
pub fn nearest<'a>(name: &str, known: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let lower = name.to_lowercase();
    known
        .map(|k| (edit_distance(&lower, &k.to_lowercase()), k))
        .filter(|&(d, k)| d <= (k.chars().count() / 3).max(2))
        .min()
        .map(|(_, k)| k)
}

/// Edit distance counting a swap of two neighbouring letters as one edit ("Karanca" is one
/// edit from "Karnaca"), the commonest typing slip.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    strsim::osa_distance(a, b)
}

impl GridModel {
    /// The value of every model variable in an answer (the inverse of [`GridModel::answer`]).
    pub fn values(&self, answer: &GridAnswer) -> Vec<usize> {
        let mut values = vec![0; self.model.vars.len()];
        for (p, row) in answer.table.iter().enumerate() {
            for (c, &i) in row.iter().enumerate() {
                values[self.value_var[c][i]] = p - self.value_offset[c][i];
            }
        }
        values
    }

    /// Reads an answer table from the model's values.
    pub fn answer(&self, values: &[usize], positions: usize) -> GridAnswer {
        let mut table = vec![vec![0; self.value_var.len()]; positions];
        for (c, vars) in self.value_var.iter().enumerate() {
            for (i, &v) in vars.iter().enumerate() {
                table[values[v] + self.value_offset[c][i]][c] = i;
            }
        }
        GridAnswer { table }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_negated_clue_reads_as_a_sentence_with_not() {
        let (a, b) = ("colour2".to_string(), "drink5".to_string());
        let relations = [
            Relation::Same {
                a: a.clone(),
                b: b.clone(),
            },
            Relation::NextTo {
                a: a.clone(),
                b: b.clone(),
            },
            Relation::LeftOf {
                a: a.clone(),
                b: b.clone(),
            },
            Relation::SomewhereRightOf {
                a: a.clone(),
                b: b.clone(),
            },
            Relation::Distance {
                a: a.clone(),
                b: b.clone(),
                k: 2,
            },
            Relation::At {
                a: a.clone(),
                position: 3,
            },
            Relation::OneOf {
                a: a.clone(),
                positions: vec![1, 4],
            },
            Relation::AtEnd { a: a.clone() },
        ];
        for relation in relations {
            let clue = |not| Clue {
                relation: relation.clone(),
                not,
                text: None,
            };
            let (plain, negated) = (clue(false).describe("seat"), clue(true).describe("seat"));
            let verb = if plain.contains(" are ") {
                " are "
            } else {
                " is "
            };
            let want = plain.replacen(verb, &format!("{} not ", verb.trim_end()), 1);
            assert_eq!(negated, want, "{relation:?}");
        }
        let either = Clue {
            relation: Relation::Either {
                either: vec![clue_at(&a, 1), clue_at(&b, 2)],
            },
            not: true,
            text: None,
        };
        assert_eq!(
            either.describe("seat"),
            "none of these holds: colour2 is in seat 1; drink5 is in seat 2"
        );
    }

    fn clue_at(a: &str, position: usize) -> Clue {
        Clue {
            relation: Relation::At {
                a: a.to_string(),
                position,
            },
            not: false,
            text: None,
        }
    }
}
