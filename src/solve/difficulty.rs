//! How hard an explained puzzle is: a score from its rounds of steps, and a level.
//!
//! A step that one clue makes (with what is known) costs nothing: a careful reader finds it.
//! A round whose steps need k clues together costs k² - 1 (3 for pairs, 8 for three clues,
//! 15 for four), once however many steps it has: the round takes everything that sets of k
//! clues force at that point, so its cost depends on the puzzle, not on the order of its
//! clues or the names of its values. Holding several clues in mind at once is what makes a
//! grid hard, and more so the more of them. The thresholds and their reasons are in
//! docs/explain.md.

use crate::choice::Choice;
use crate::report::DifficultyNote;
use crate::solve::steps::{Step, StepKind};

/// A difficulty level.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Score 0: every step takes one clue.
    #[default]
    Easy,
    /// Score 1 to [`MEDIUM_MAX`]: up to three steps of two clues, or one of three.
    Medium,
    /// Score up to [`HARD_MAX`]: more combined steps, or a case split with a few pairs.
    Hard,
    /// Score past [`HARD_MAX`]: several case splits, or many combined steps.
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
            Level::Easy => "score 0: every step takes one clue",
            Level::Medium => "score 1-9: up to three pairs of clues, or one step of three",
            Level::Hard => "score 10-30: more combined steps, or a case split",
            Level::Fiendish => "score over 30",
        }
    }
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Fiendish];

    /// The level of a score: easy at 0, medium up to [`MEDIUM_MAX`], hard up to
    /// [`HARD_MAX`], fiendish beyond.
    pub fn of_score(score: usize) -> Level {
        match score {
            0 => Level::Easy,
            s if s <= MEDIUM_MAX => Level::Medium,
            s if s <= HARD_MAX => Level::Hard,
            _ => Level::Fiendish,
        }
    }
}

/// The highest medium score: three pairs, or one step of three clues.
pub const MEDIUM_MAX: usize = 9;
/// The highest hard score: about one case split and a few pairs.
pub const HARD_MAX: usize = 30;

/// What the steps of an explanation add up to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Difficulty {
    /// The sum of every round's cost (k² - 1 for a round of steps of k clues).
    pub score: usize,
    /// The level of the score.
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
/// the others.
pub fn round_costs(steps: &[Step]) -> Vec<usize> {
    steps
        .iter()
        .enumerate()
        .map(|(i, s)| {
            if i > 0 && steps[i - 1].round == s.round {
                return 0;
            }
            let largest = steps[i..]
                .iter()
                .take_while(|t| t.round == s.round)
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
    Difficulty {
        score,
        level: Level::of_score(score),
        steps: steps.len(),
        combined: steps.iter().filter(|s| s.clues.len() >= 2).count(),
        largest: steps.iter().map(|s| s.clues.len()).max().unwrap_or(0),
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
