//! How hard an explained puzzle is: a level from its largest step, and a score from its
//! rounds of steps.
//!
//! The *level* is the puzzle's width, the most clues one step must hold together: easy when
//! every step takes one clue, medium when some take two, hard when some take three, fiendish
//! when a step needs four or more (a case split). Each step takes the fewest clues that force
//! anything at that point, so the width is the smallest with which the puzzle can be solved
//! at all: it belongs to the puzzle (not to the order of its clues or the names of its
//! values), and a true clue added never raises it, since it only adds deductions.
//!
//! A step that one clue makes (with what is known) costs nothing: a careful reader finds it.
//! A round whose steps need k clues together costs k² - 1 (3 for pairs, 8 for three clues,
//! 15 for four), once however many steps it has: the round takes everything that sets of k
//! clues force at that point, so its cost depends on the puzzle, not on the order of its
//! clues or the names of its values. Holding several clues in mind at once is what makes a
//! grid hard, and more so the more of them. The score orders puzzles within a level, but a
//! true clue can raise it (a round of pairs opened before a round of three clues that is
//! still needed), so the level does not go by it. docs/explain.md says more.

use crate::choice::Choice;
use crate::report::DifficultyNote;
use crate::solve::steps::{Step, StepKind};

/// A difficulty level: how many clues the largest step holds together.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Every step takes one clue.
    #[default]
    Easy,
    /// Some step takes two clues together, none more.
    Medium,
    /// Some step takes three clues together, none more.
    Hard,
    /// Some step takes four clues or more: a case split.
    Fiendish,
}

impl Choice for Level {
    fn choices() -> &'static [Self] {
        &Level::ALL
    }

    fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Fiendish => "fiendish",
        }
    }

    fn about(self) -> &'static str {
        match self {
            Level::Easy => "every step takes one clue",
            Level::Medium => "some step takes two clues together, none more",
            Level::Hard => "some step takes three clues together, none more",
            Level::Fiendish => "some step takes four clues or more (a case split)",
        }
    }
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Fiendish];

    /// The level of an explanation whose largest step takes `width` clues.
    pub fn of_width(width: usize) -> Level {
        match width {
            0 | 1 => Level::Easy,
            2 => Level::Medium,
            3 => Level::Hard,
            _ => Level::Fiendish,
        }
    }
}

/// What the steps of an explanation add up to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Difficulty {
    /// The sum of every round's cost (k² - 1 for a round of steps of k clues).
    pub score: usize,
    /// The level of the largest step.
    pub level: Level,
    /// Steps in all.
    pub steps: usize,
    /// Steps that need two clues or more.
    pub combined: usize,
    /// The most clues one step needs.
    pub largest: usize,
    /// Steps that need a case split (more clues than a combination).
    pub case_splits: usize,
}

/// The cost of a round of steps of `clues` clues.
pub fn step_cost(clues: usize) -> usize {
    (clues * clues).saturating_sub(1)
}

/// What each step adds to the score: its round's cost on the round's first step, nothing on
/// the others (a round's steps may have one-clue steps, which cost nothing, between them).
pub fn round_costs(steps: &[Step]) -> Vec<usize> {
    let mut charged = std::collections::HashSet::new();
    steps
        .iter()
        .map(|s| {
            if !charged.insert(s.round) {
                return 0;
            }
            let largest = steps
                .iter()
                .filter(|t| t.round == s.round)
                .map(|t| t.clues.len())
                .max()
                .unwrap_or(0);
            step_cost(largest)
        })
        .collect()
}

/// Rates a sequence of steps.
pub fn rate(steps: &[Step]) -> Difficulty {
    let score = round_costs(steps).iter().sum();
    let largest = steps.iter().map(|s| s.clues.len()).max().unwrap_or(0);
    Difficulty {
        score,
        level: Level::of_width(largest),
        steps: steps.len(),
        combined: steps.iter().filter(|s| s.clues.len() >= 2).count(),
        largest,
        case_splits: steps
            .iter()
            .filter(|s| s.kind() == StepKind::CaseSplit)
            .count(),
    }
}

impl Difficulty {
    /// For reports.
    pub fn note(&self) -> DifficultyNote {
        DifficultyNote {
            level: self.level.name().into(),
            score: self.score,
            steps: self.steps,
            combined: self.combined,
            largest: self.largest,
            case_splits: self.case_splits,
        }
    }

    /// "medium (score 6: 2 of 27 steps combine clues, at most 2)".
    pub fn words(&self) -> String {
        let mut out = format!("{} (score {}", self.level.name(), self.score);
        if self.combined == 0 {
            out.push_str(&format!(": each of {} steps takes one clue", self.steps));
        } else {
            out.push_str(&format!(
                ": {} of {} steps combine clues, up to {}",
                self.combined, self.steps, self.largest
            ));
            if self.case_splits > 0 {
                out.push_str(&format!("; {} need a case split", self.case_splits));
            }
        }
        out.push(')');
        out
    }
}
