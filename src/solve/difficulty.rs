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
    /// The level the searches proved: of the most clues a step was shown to need (one more
    /// than the sets proved to force nothing, at most its own clues). Below `level` when a
    /// step larger than the search's reach was not proved smallest (a large grid's case
    /// splits past the exhaustive pairs), and then `level` is only an upper bound.
    pub proved_level: Level,
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
    let proved_width = (steps.iter())
        .map(|s| s.clues.len().min(s.proved + 1))
        .max()
        .unwrap_or(0);
    Difficulty {
        score,
        level: Level::of_width(largest),
        proved_level: Level::of_width(proved_width),
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
            level_proved: self.level_proved(),
            level_at_least: self.proved_level.name().into(),
            score: self.score,
            steps: self.steps,
            combined: self.combined,
            largest: self.largest,
            case_splits: self.case_splits,
        }
    }

    /// Whether the searches proved the level (no step larger than proved needed).
    pub fn level_proved(&self) -> bool {
        self.proved_level == self.level
    }

    /// "medium (score 6: 2 of 27 steps combine clues, at most 2)"; a level not proved says
    /// so: "fiendish, proved at least hard (score ...".
    pub fn words(&self) -> String {
        let mut out = self.level.name().to_string();
        if !self.level_proved() {
            out.push_str(&format!(", proved at least {}", self.proved_level.name()));
        }
        out.push_str(&format!(" (score {}", self.score));
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A step of `clues` clues after every set of at most `proved` was shown to force nothing.
    fn step(round: usize, clues: usize, proved: usize) -> Step {
        Step {
            clues: (0..clues).collect(),
            uses: Vec::new(),
            uses_minimal: true,
            facts: Vec::new(),
            follows: Vec::new(),
            round,
            searched: proved,
            proved,
            cases: Vec::new(),
        }
    }

    #[test]
    fn a_level_is_proved_only_as_far_as_the_searches_reached() {
        // A case split of 5 clues proved past three clues: fiendish, proved.
        let d = rate(&[step(1, 1, 0), step(2, 3, 2), step(3, 5, 3)]);
        assert_eq!(
            (d.level, d.proved_level),
            (Level::Fiendish, Level::Fiendish)
        );
        assert!(d.level_proved() && d.note().level_proved);
        assert!(!d.words().contains("proved at least"), "{}", d.words());
        // The same split searched only through pairs: a 3-clue set may exist, so the width
        // is proved to be 3 at least (the proved 3-clue step), not 4.
        let d = rate(&[step(1, 1, 0), step(2, 3, 2), step(3, 5, 2)]);
        assert_eq!((d.level, d.proved_level), (Level::Fiendish, Level::Hard));
        let note = d.note();
        assert!(!note.level_proved);
        assert_eq!(
            (note.level.as_str(), note.level_at_least.as_str()),
            ("fiendish", "hard")
        );
        assert!(
            d.words().starts_with("fiendish, proved at least hard ("),
            "{}",
            d.words()
        );
        // Single clues need no proof.
        let d = rate(&[step(1, 1, 0), step(2, 1, 0)]);
        assert!(d.level_proved() && d.level == Level::Easy);
    }
}
