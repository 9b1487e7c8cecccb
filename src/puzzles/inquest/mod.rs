//! The Inquest: seeded murder-mystery cases (strictly, theft) cut down to a minimal,
//! solver-proved set of statements.
//!
//! A case is a grid puzzle. A setting (one of six, shipped as data) supplies rooms in a line,
//! people, trades, objects left on floors and clock faces; each category is dealt across the
//! rooms independently, and that arrangement is the hidden answer. Something has been taken and
//! the thief left one object behind: the thief is the person in that object's room. Every true
//! statement about the arrangement is generated, shuffled, and cut ([`minimal_subset`]) to a minimal set
//! under which the arrangement is the only one left.

pub mod certify;
pub(crate) mod cut;
pub(crate) mod date;
pub mod deal;
pub(crate) mod export;
pub(crate) mod family;
pub mod settings;
pub mod sheet;
pub mod statements;

use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use crate::choice::Choice;
use crate::model::{Constraint, EncodeOptions};
use crate::puzzles::grid::{Category, GridPuzzle, Positions, PuzzleError, Question};

pub use cut::minimal_subset;
pub(crate) use cut::{Cut, CutError, CutStats};
pub use date::{Date, DateError};
use deal::{Arrangement, Dealer, deal_arrangement};
pub(crate) use settings::{Setting, SettingError};
pub use sheet::{Hint, Mark, Sheet, Square};
use statements::{Fact, all_true, render};

/// How long a case is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Length {
    /// 4 rooms, 6-11 statements.
    #[default]
    Short,
    /// 7 rooms, 15-24 statements.
    Long,
}

impl Choice for Length {
    fn choices() -> &'static [Self] {
        &[Length::Short, Length::Long]
    }

    fn name(self) -> &'static str {
        match self {
            Length::Short => "short",
            Length::Long => "long",
        }
    }

    fn about(self) -> &'static str {
        match self {
            Length::Short => "4 rooms, 6-11 statements",
            Length::Long => "7 rooms, 15-24 statements",
        }
    }
}

/// The shape of a case of one length.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shape {
    /// Rooms in the line (fewer when the setting has fewer).
    pub rooms: usize,
    /// Which categories are dealt (a subset of [`settings::CATEGORIES`], always with person and
    /// object: the thief is read off them).
    pub(crate) categories: Vec<&'static str>,
    /// How many statements a finished case may have.
    pub statements: RangeInclusive<usize>,
}

impl Length {
    /// Rooms and categories chosen so the minimal sets of the first shuffle fall in range for
    /// about 95% (short: 4 rooms) and 99% (long: 7 rooms) of seeds, all four categories each
    /// (the distribution over 1000 seeds is in the README); a cut outside the range is
    /// re-shuffled and cut again.
    pub fn shape(self) -> Shape {
        match self {
            Length::Short => Shape {
                rooms: 4,
                categories: vec!["person", "trade", "object", "clock"],
                statements: 6..=11,
            },
            Length::Long => Shape {
                rooms: 7,
                categories: vec!["person", "trade", "object", "clock"],
                statements: 15..=24,
            },
        }
    }
}

/// One statement of a case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Statement {
    pub(crate) fact: Fact,
    /// The sentence, in the setting's voice.
    pub text: String,
}

/// Counts from dealing a case.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DealStats {
    /// True statements generated.
    pub true_statements: usize,
    /// Shuffles cut until the size was in range (1 when the first one was).
    pub attempts: usize,
    /// Minimal-set size of the first shuffle (what the README's distribution counts).
    pub first_cut: usize,
    /// Summed over the attempts.
    pub cut: CutStats,
}

/// A dealt case.
#[derive(Debug, Clone)]
pub struct Case {
    /// The seed it was dealt from (the same seed deals the same case on every machine).
    pub seed: u64,
    /// Short or long.
    pub length: Length,
    /// Where it happens: rooms, people, sentence templates.
    pub setting: &'static Setting,
    /// The categories dealt across the rooms, in order (`person`, `trade`, `object`, `clock`).
    pub categories: Vec<&'static str>,
    /// The hidden answer.
    pub arrangement: Arrangement,
    /// What went missing (one of the setting's stolen items).
    pub stolen: String,
    /// Index of the object the thief left behind, among the case's objects.
    pub left_behind: usize,
    /// The minimal statement set, in the order the case prints them.
    pub statements: Vec<Statement>,
    /// How the dealing went.
    pub stats: DealStats,
}

/// Why a case could not be dealt.
#[derive(Debug, thiserror::Error)]
pub enum InquestError {
    /// A shipped setting file is not valid.
    #[error(transparent)]
    Setting(#[from] SettingError),
    /// The case's grid puzzle could not be built (a bug, not bad input).
    #[error("internal puzzle: {0}")]
    Puzzle(#[from] PuzzleError),
    /// The cut to a minimal statement set failed.
    #[error(transparent)]
    Cut(#[from] CutError),
    /// The solver failed.
    #[error(transparent)]
    Solve(#[from] crate::solve::SolveError),
    /// No shuffle's minimal set had a size in the length's range.
    #[error("seed {seed}: no shuffle in {attempts} gave a minimal set of {range:?} statements")]
    OutOfRange {
        /// The seed of the case.
        seed: u64,
        /// Shuffles tried before giving up.
        attempts: usize,
        /// The statement counts wanted.
        range: RangeInclusive<usize>,
    },
}

/// Shuffles tried before giving up on landing in the length's range.
const MAX_ATTEMPTS: usize = 200;

/// Statements turned into constraints at a time (a short cut needs about 25, a long one 65).
const CHUNK: usize = 32;

/// Deals the case of a seed.
pub fn deal(seed: u64, length: Length) -> Result<Case, InquestError> {
    deal_shape(seed, length, &length.shape())
}

/// Deals a case of a given shape (the length only labels it); used to choose the shapes.
pub(crate) fn deal_shape(seed: u64, length: Length, shape: &Shape) -> Result<Case, InquestError> {
    let settings = settings::shipped()?;
    let mut dealer = Dealer::new(seed);
    let setting = &settings[dealer.below(settings.len())];
    let rooms = shape.rooms.min(setting.max_rooms());
    let arrangement = deal_arrangement(&mut dealer, setting, &shape.categories, rooms);
    let stolen = setting.stolen[dealer.below(setting.stolen.len())].clone();
    let left_behind = dealer.below(rooms);
    let facts = all_true(&arrangement, &mut dealer);

    let mut case = Case {
        seed,
        length,
        setting,
        categories: shape.categories.clone(),
        arrangement,
        stolen,
        left_behind,
        statements: Vec::new(),
        stats: DealStats {
            true_statements: facts.len(),
            ..DealStats::default()
        },
    };
    let skeleton = case.skeleton();
    let grid = skeleton.build_with(&[])?;
    let mut answer = vec![0; grid.model.vars.len()];
    for (c, vars) in grid.value_var.iter().enumerate() {
        for (i, &v) in vars.iter().enumerate() {
            answer[v] = case.arrangement.room_of[c][i];
        }
    }
    // Statements become constraints through the grid puzzle, a chunk at a time and only as
    // the cut reaches them: it stops after a few dozen of the hundreds.
    let constraints = |chunk: &[usize]| -> Result<Vec<Constraint>, PuzzleError> {
        let clues: Vec<_> = chunk
            .iter()
            .map(|&i| facts[i].clue(&case.arrangement.values))
            .collect();
        let mut built = skeleton.build_with(&clues)?;
        Ok(built
            .model
            .constraints
            .drain(built.clue_constraints)
            .collect())
    };

    let dealable: Vec<bool> = facts.iter().map(|f| !case.gives_thief_away(f)).collect();
    let mut order: Vec<usize> = (0..facts.len()).collect();
    for attempt in 1..=MAX_ATTEMPTS {
        // Every fact is shuffled (so a case that never met a give-away deals as it always
        // did), and the give-aways are passed over.
        dealer.shuffle(&mut order);
        let dealt: Vec<usize> = order.iter().copied().filter(|&i| dealable[i]).collect();
        let mut cut = Cut::new(&grid.model, &answer, EncodeOptions::default());
        'add: for chunk in dealt.chunks(CHUNK) {
            for c in constraints(chunk)? {
                if cut.add(c)? {
                    break 'add;
                }
            }
        }
        let (kept, stats) = cut.finish()?;
        case.stats.attempts = attempt;
        case.stats.cut.added += stats.added;
        case.stats.cut.solver_calls += stats.solver_calls;
        case.stats.cut.removal_calls += stats.removal_calls;
        case.stats.cut.saved_by_witness += stats.saved_by_witness;
        case.stats.cut.saved_by_core += stats.saved_by_core;
        if attempt == 1 {
            case.stats.first_cut = kept.len();
        }
        if shape.statements.contains(&kept.len()) {
            case.statements = kept
                .iter()
                .map(|&k| {
                    let fact = facts[dealt[k]];
                    let text = render(
                        &fact,
                        setting,
                        &case.categories,
                        &case.arrangement,
                        &mut dealer,
                    );
                    Statement { fact, text }
                })
                .collect();
            return Ok(case);
        }
    }
    Err(InquestError::OutOfRange {
        seed,
        attempts: MAX_ATTEMPTS,
        range: shape.statements.clone(),
    })
}

impl Case {
    /// The case's title line, `THE INQUEST · 2025-03-14 · short · a night sleeper` (the seed
    /// instead of a date when it was dealt by seed), as the command line and the page show it.
    pub fn title(&self, date: Option<Date>) -> String {
        let when = date.map_or(format!("seed {}", self.seed), |d| d.to_string());
        format!(
            "THE INQUEST · {when} · {} · {}",
            self.length.name(),
            self.setting.title.to_lowercase()
        )
    }

    /// Number of rooms.
    pub fn rooms(&self) -> usize {
        self.arrangement.rooms.len()
    }

    fn category(&self, name: &str) -> Option<usize> {
        self.categories.iter().position(|c| *c == name)
    }

    /// The object the thief left behind.
    pub fn left_object(&self) -> &str {
        self.category("object").map_or("", |o| {
            self.arrangement.values[o][self.left_behind].as_str()
        })
    }

    /// The thief: the person in the room where the left-behind object lies.
    pub fn thief(&self) -> &str {
        let (Some(p), Some(o)) = (self.category("person"), self.category("object")) else {
            return "";
        };
        let room = self.arrangement.room_of[o][self.left_behind];
        let person = self.arrangement.room_of[p]
            .iter()
            .position(|&r| r == room)
            .unwrap_or_default();
        &self.arrangement.values[p][person]
    }

    /// Whether a true statement would name the thief on its own, so is never dealt: the
    /// left-behind object in the same room as a person (the introduction names the object, so
    /// that person is the thief). No other kind of statement puts two values in one room.
    pub(crate) fn gives_thief_away(&self, fact: &Fact) -> bool {
        let (Some(p), Some(o)) = (self.category("person"), self.category("object")) else {
            return false;
        };
        let left = |v: statements::ValueRef| v.cat == o && v.idx == self.left_behind;
        match *fact {
            Fact::Same { a, b } => (left(a) && b.cat == p) || (left(b) && a.cat == p),
            _ => false,
        }
    }

    /// The opening paragraph: what was taken and what was left.
    pub fn intro(&self) -> String {
        let phrase = self
            .setting
            .phrases
            .get("object")
            .map_or("{}", |p| p.as_str());
        let left = settings::fill(phrase, &[("", self.left_object())]);
        settings::capitalise(&settings::fill(
            &self.setting.intro,
            &[("stolen", &self.stolen), ("left", &left)],
        ))
    }

    /// How the rooms run, naming them first to last.
    pub fn layout(&self) -> String {
        settings::fill(
            &self.setting.layout,
            &[("rooms", &self.arrangement.rooms.join(", "))],
        )
    }

    /// The case as a grid puzzle without clues.
    fn skeleton(&self) -> GridPuzzle {
        GridPuzzle {
            name: format!(
                "The Inquest: {}, case {} ({})",
                self.setting.title.to_lowercase(),
                self.seed,
                self.length.name()
            ),
            source: Some(format!(
                "satpuz inquest --seed {} --length {}",
                self.seed,
                self.length.name()
            )),
            positions: Positions {
                count: self.rooms(),
                noun: self.setting.noun.clone(),
                labels: Some(self.arrangement.rooms.clone()),
            },
            categories: self
                .categories
                .iter()
                .zip(&self.arrangement.values)
                .map(|(name, values)| Category {
                    name: name.to_string(),
                    values: values.clone(),
                })
                .collect(),
            clues: Vec::new(),
            question: Some(Question {
                text: Some(format!(
                    "Who is the thief? Whoever took {} left the {} behind.",
                    self.stolen,
                    self.left_object()
                )),
                each: "object".into(),
                show: "person".into(),
            }),
        }
    }

    /// The case as a grid puzzle: its statements are the clues, with their sentences.
    pub fn puzzle(&self) -> GridPuzzle {
        let mut p = self.skeleton();
        p.clues = self
            .statements
            .iter()
            .map(|s| {
                let mut clue = s.fact.clue(&self.arrangement.values);
                clue.text = Some(s.text.clone());
                clue
            })
            .collect();
        p
    }
}
