//! Step-by-step explanations: the answer of a uniquely solved model as a sequence of steps,
//! each naming the fewest clues (with the facts found before it) that force new facts.
//!
//! A *fact* is "variable v takes value x" or "variable v does not take value x" over the
//! model's variables. The search ([`Stepper`], in `stepper.rs`) looks at each clue on its own
//! variables first, without a solver; when that finds nothing, it tries every set of one,
//! two, three, ... clues with one incremental solver (clues behind selectors, the known
//! facts assumed) and takes, as one *round*, every fact the smallest such sets force. The
//! difficulty ([`crate::solve::difficulty`]) is counted in rounds, so it does not depend on
//! the order of the clues or the names of the values. The steps shown are each the smallest
//! at its point: where a round's step is not, they take the smaller one first
//! ([`explain_from_reporting`]), and the rounds stay the rating's ([`Explanation::rated`]).
//!
//! A step of more than [`COMBINED_MAX`] clues is a *case split*; it records how large the
//! sets were that were all tried and forced nothing ([`Step::searched`]), so that "no smaller
//! set forces anything" is said only when it was proved.

use std::ops::Range;

use crate::model::{EncodeOptions, Model};
use crate::report::{CaseLineNote, CaseNote, ClueNote, FactNote, StepNote};
use crate::solve::SolveError;
pub use crate::solve::cases::{Case, Deduction, End, Reason};
use crate::solve::difficulty::{Difficulty, rate, round_costs};
pub use crate::solve::stepper::Stepper;
use crate::solve::stepper::{Known, newly_known};

/// The most clues a step may combine before it counts as a case split.
pub const COMBINED_MAX: usize = 3;

/// A fact about one model variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Fact {
    /// The model variable.
    pub var: usize,
    /// The value (an index into the variable's values).
    pub value: usize,
    /// The variable takes the value (true) or does not (false).
    pub holds: bool,
}

/// A model with switchable clues, and the words to explain it.
pub struct Clued {
    /// Structure and clues; every variable's values are the facts.
    pub model: Model,
    /// The constraints of `model` that are clues (the others always hold).
    pub clues: Range<usize>,
    /// One note per clue, in clue order (its number, wording and meaning).
    pub notes: Vec<ClueNote>,
    /// A fact in words ("Baroness Finch is in seat 1").
    pub describe: Box<dyn Fn(Fact) -> String>,
    /// What the puzzle calls a clue (`clue`; an Inquest case says `statement`).
    pub clue_noun: &'static str,
}

/// How a step's clues combine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepKind {
    /// One clue (with the facts known) forces the facts.
    Single,
    /// Two to [`COMBINED_MAX`] clues together, no fewer.
    Combined,
    /// More clues than [`COMBINED_MAX`]: no small combination forces anything new.
    CaseSplit,
}

impl StepKind {
    /// The kind of a step that needs `clues` clues.
    pub fn of(clues: usize) -> StepKind {
        match clues {
            0 | 1 => StepKind::Single,
            n if n <= COMBINED_MAX => StepKind::Combined,
            _ => StepKind::CaseSplit,
        }
    }

    /// Its name in reports.
    pub fn name(self) -> &'static str {
        match self {
            StepKind::Single => "single",
            StepKind::Combined => "combined",
            StepKind::CaseSplit => "case_split",
        }
    }
}

/// One step: these clues, with the facts `uses` (found earlier), force `facts`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The clues (0-based, increasing); no one of them can be dropped.
    pub clues: Vec<usize>,
    /// Earlier facts the step needs with its clues (a minimal set, given the clues, when
    /// `uses_minimal`).
    pub uses: Vec<Fact>,
    /// Whether `uses` was proved minimal: false when a solve of its minimisation ran out of
    /// its conflict budget (the facts kept still force the step's facts with its clues, but
    /// one of them may be spare).
    pub uses_minimal: bool,
    /// The new facts it forces (a fact implied by another of them through its variable is
    /// left out: "in seat 2" stands for "not in seats 1, 3, 4, 5").
    pub facts: Vec<Fact>,
    /// Facts that then follow from the structure alone (the categories), without a clue.
    pub follows: Vec<Fact>,
    /// The round it belongs to (numbered from 1): the steps of a round were found together,
    /// with the same number of clues (a later one may take fewer when the round's earlier
    /// steps let fewer clues force one of its facts), and the round counts once in the
    /// difficulty.
    pub round: usize,
    /// Every set of at most this many clues was tried, with the facts known before the
    /// round, and forced nothing new (0 when the step was found on one clue's own
    /// variables, which needs no search).
    pub searched: usize,
    /// Every set of at most this many clues was proved to force no fact unknown before this
    /// step, with the facts known then: by the search before its round for a round's first
    /// step, by a search again below its size for a later one (facts found by the round's
    /// earlier steps may let fewer clues force something). 0 for a one-clue step.
    pub proved: usize,
    /// For a case split: its proof by cases, each alternative to its facts supposed and
    /// followed one clue at a time to a contradiction (empty for a smaller step, or when no
    /// such proof within two levels of cases was found).
    pub cases: Vec<Case>,
}

impl Step {
    /// How its clues combine.
    pub fn kind(&self) -> StepKind {
        StepKind::of(self.clues.len())
    }

    /// Whether the step was proved optimal: no smaller set of clues forces any fact unknown
    /// before it, because every smaller set was tried (a one-clue step needs no proof).
    pub fn proved_fewest(&self) -> bool {
        self.clues.len() <= self.proved + 1
    }
}

/// Why a model cannot be explained.
#[derive(Debug, thiserror::Error)]
pub enum StepsError {
    /// The clues admit no answer.
    #[error("the clues admit no answer")]
    NoAnswer,
    /// The clues admit more than one answer: no sequence of steps can complete it.
    #[error("the clues admit more than one answer")]
    NotUnique,
    /// A starting fact is not true in the answer.
    #[error("{0} is not true in the answer")]
    WrongStart(String),
    /// The solver failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// A whole explanation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// The steps shown, first to last, each the smallest at its point where the searches
    /// proved it; after the last, every variable's value is known.
    pub steps: Vec<Step>,
    /// What each shown step adds to the rating's score (they add up to it).
    pub costs: Vec<usize>,
    /// The steps of the rounds, which the rating counts ([`Explanation::difficulty`]): each
    /// round takes every fact that the fewest clues force at its start, so they do not depend
    /// on the order of the clues or the names of the values. The same as `steps` unless a
    /// round's step let fewer clues force a fact that round does not take: the steps shown
    /// then take that smaller step first.
    pub rated: Vec<Step>,
    /// The answer: a value per model variable.
    pub answer: Vec<usize>,
    /// Facts known before the first step (given, and what the structure makes of them).
    pub start: Vec<Fact>,
    /// Solver calls made.
    pub solves: usize,
}

impl Explanation {
    /// How hard the puzzle is: the score and the level from its rounds, the counts of steps
    /// from the steps shown.
    pub fn difficulty(&self) -> Difficulty {
        let shown = rate(&self.steps);
        Difficulty {
            steps: shown.steps,
            combined: shown.combined,
            case_splits: shown.case_splits,
            ..rate(&self.rated)
        }
    }
}

/// Explains the answer of `clued` from the facts `start` (none for a fresh puzzle).
pub fn explain(clued: &Clued, start: &[Fact]) -> Result<Explanation, StepsError> {
    explain_encoded_with(clued, start, EncodeOptions::default())
}

/// [`explain`] with the solver's formula encoded by `opts` (the steps do not depend on it).
pub fn explain_encoded_with(
    clued: &Clued,
    start: &[Fact],
    opts: EncodeOptions,
) -> Result<Explanation, StepsError> {
    explain_from(Stepper::encoded_with(clued, start, opts)?)
}

/// The explanation a stepper gives from where it stands.
pub fn explain_from(stepper: Stepper) -> Result<Explanation, StepsError> {
    explain_from_reporting(stepper, &mut |_, _| ())
}

/// [`explain_from`], calling `progress` after each step with the facts known so far and all
/// the facts (a long explanation's progress, [`Stepper::facts_known`]).
///
/// The stepper takes the rounds. Where one of their steps is not the smallest at its point
/// (an earlier step of its round let fewer clues force a fact the round does not take), a
/// second stepper starts from the facts known before it and shows the smaller steps first,
/// then the rounds' steps for what it does not know yet, until the rounds know what it knows.
pub fn explain_from_reporting(
    mut stepper: Stepper,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Explanation, StepsError> {
    let start = stepper.known_now();
    let mut rated = Vec::new();
    let mut shown = Vec::new();
    // Per step, the facts (var, value) it made known, for charging the rounds' costs.
    let mut rated_news = Vec::new();
    let mut shown_news = Vec::new();
    let mut ahead: Option<Stepper> = None;
    // The answers each of the two steppers had when they last took the other's.
    let mut seen = (0, 0);
    let mut solves = 0;
    loop {
        stepper.rating_only = ahead.is_some();
        let before = stepper.known.clone();
        let Some(step) = stepper.next_step()? else {
            break;
        };
        rated_news.push(newly_known(&before, &stepper.known));
        let beaten = stepper.beaten_by.take();
        if ahead.is_none() && beaten.is_some() {
            ahead = Some(stepper.twin_at(&before));
            seen = (stepper.remembered, stepper.remembered);
        }
        match ahead.as_mut() {
            None => {
                shown.push(step.clone());
                shown_news.extend(rated_news.last().cloned());
            }
            Some(twin) => {
                // Each stepper's answers serve the other's proofs where they fit: the
                // twin's always fit the rounds' facts (it knows more), the rounds' fit the
                // twin's unless they break a fact it went ahead to.
                let (rounds_had, twin_had) = (stepper.remembered, twin.remembered);
                twin.adopt_answers(&stepper, seen.0, rounds_had);
                seen.0 = rounds_had;
                for (s, news) in twin.show(&step, beaten)? {
                    shown.push(s);
                    shown_news.push(news);
                }
                stepper.adopt_answers(twin, twin_had.max(seen.1), twin.remembered);
                seen = (stepper.remembered, twin.remembered);
                if twin.known == stepper.known {
                    solves += twin.solves();
                    ahead = None;
                }
            }
        }
        rated.push(step);
        let (known, all) = stepper.facts_known();
        progress(known, all);
    }
    // Both know every fact at the end, so the twin has caught up; its solves count anyway.
    solves += ahead.map_or(0, |twin| twin.solves());
    let costs = charged(&rated, &rated_news, &shown_news);
    Ok(Explanation {
        steps: shown,
        costs,
        rated,
        answer: stepper.answer().to_vec(),
        start,
        solves: solves + stepper.solves(),
    })
}

/// What each shown step adds to the score: each round's cost ([`round_costs`] of the rounds'
/// steps) on the first shown step that makes one of the round's facts known.
fn charged(rated: &[Step], rated_news: &[Vec<Known>], shown_news: &[Vec<Known>]) -> Vec<usize> {
    let mut cost_of_round = std::collections::HashMap::new();
    for (step, cost) in rated.iter().zip(round_costs(rated)) {
        *cost_of_round.entry(step.round).or_insert(0) += cost;
    }
    let round_of: std::collections::HashMap<Known, usize> = (rated.iter().zip(rated_news))
        .flat_map(|(step, news)| news.iter().map(|&f| (f, step.round)))
        .collect();
    let mut charged = std::collections::HashSet::new();
    shown_news
        .iter()
        .map(|news| {
            (news.iter())
                .filter_map(|f| round_of.get(f))
                .filter(|&&round| charged.insert(round))
                .map(|round| cost_of_round[round])
                .sum()
        })
        .collect()
}

impl Clued {
    /// A fact, for reports.
    pub fn fact_note(&self, f: Fact) -> FactNote {
        let var = &self.model.vars[f.var];
        FactNote {
            text: (self.describe)(f),
            value: var.name.clone(),
            place: var.values[f.value].clone(),
            holds: f.holds,
        }
    }

    /// The steps of a whole explanation, for reports: numbered from 1, each with its
    /// sentence and what it adds to the score.
    pub fn explanation_notes(&self, explanation: &Explanation) -> Vec<StepNote> {
        self.notes_costing(&explanation.steps, &explanation.costs)
    }

    /// Steps of one stepper (each round's cost on its first step), for reports.
    pub fn step_notes(&self, steps: &[Step]) -> Vec<StepNote> {
        self.notes_costing(steps, &round_costs(steps))
    }

    fn notes_costing(&self, steps: &[Step], costs: &[usize]) -> Vec<StepNote> {
        steps
            .iter()
            .enumerate()
            .map(|(i, s)| StepNote {
                step: i + 1,
                kind: s.kind().name().into(),
                cost: costs[i],
                sentence: self.sentence(s),
                clues: s.clues.iter().map(|&c| self.notes[c].clone()).collect(),
                uses: s.uses.iter().map(|&f| self.fact_note(f)).collect(),
                uses_minimal: s.uses_minimal,
                facts: s.facts.iter().map(|&f| self.fact_note(f)).collect(),
                follows: s.follows.iter().map(|&f| self.fact_note(f)).collect(),
                optimal: s.proved_fewest(),
                proved_none_up_to: s.proved,
                cases: s.cases.iter().map(|c| self.case_note(c)).collect(),
            })
            .collect()
    }

    /// A case of a proof by cases, for reports.
    pub fn case_note(&self, case: &Case) -> CaseNote {
        let line = |d: &Deduction| CaseLineNote {
            clue: match d.by {
                Reason::Clue(c) => Some(self.notes[c].clue),
                Reason::Categories => None,
            },
            facts: d.facts.iter().map(|&f| self.fact_note(f)).collect(),
        };
        CaseNote {
            sentence: self.case_sentence(case),
            assume: self.fact_note(case.assume),
            lines: case.lines.iter().map(line).collect(),
            broken_clue: match case.end {
                End::Broken(Reason::Clue(c)) => Some(self.notes[c].clue),
                _ => None,
            },
            cases: match &case.end {
                End::Split(sub) => sub.iter().map(|c| self.case_note(c)).collect(),
                End::Broken(_) => Vec::new(),
            },
            after: case.after.iter().map(line).collect(),
        }
    }

    /// "Suppose A. By clue 4, B. So C. Then clue 9 cannot hold. So not A." (a split ends
    /// "Then D or E: each fails."), then what follows once A is ruled out.
    pub fn case_sentence(&self, case: &Case) -> String {
        let mut out = format!("Suppose {}.", (self.describe)(case.assume));
        for line in &case.lines {
            out.push(' ');
            out.push_str(&self.line_sentence(line));
        }
        match &case.end {
            End::Broken(Reason::Clue(c)) => out.push_str(&format!(
                " Then {} {} cannot hold.",
                self.clue_noun, self.notes[*c].clue
            )),
            End::Broken(Reason::Categories) => {
                out.push_str(" Then some value has no place left, or some place no value.")
            }
            End::Split(sub) => {
                let places: Vec<String> = sub.iter().map(|c| (self.describe)(c.assume)).collect();
                out.push_str(&format!(" Then {}: each fails.", or_list(&places)));
            }
        }
        let ruled_out = Fact {
            holds: false,
            ..case.assume
        };
        out.push_str(&format!(" So {}.", (self.describe)(ruled_out)));
        for line in &case.after {
            out.push(' ');
            out.push_str(&self.line_sentence(line));
        }
        out
    }

    /// "By clue 4, A and B." or, for the categories, "So A."
    fn line_sentence(&self, line: &Deduction) -> String {
        let facts = self.phrases(&line.facts);
        match line.by {
            Reason::Clue(c) => format!(
                "By {} {}, {}.",
                self.clue_noun,
                self.notes[c].clue,
                and_list(&facts)
            ),
            Reason::Categories => format!("So {}.", and_list(&facts)),
        }
    }

    /// "By clue 3 (its words), knowing that A: B; C. So D." from the clues' own wording (D:
    /// what the categories then place).
    pub fn sentence(&self, step: &Step) -> String {
        let clue = |&c: &usize| {
            let note = &self.notes[c];
            format!("{} ({})", note.clue, note.quote().trim_end_matches('.'))
        };
        let clues: Vec<String> = step.clues.iter().map(clue).collect();
        let plural = if clues.len() == 1 { "" } else { "s" };
        let mut out = format!("By {}{plural} {}", self.clue_noun, and_list(&clues));
        if !step.uses.is_empty() {
            let uses = self.phrases(&step.uses);
            out.push_str(&format!(", knowing that {}", and_list(&uses)));
        }
        let facts = self.phrases(&step.facts);
        out.push_str(&format!(": {}.", facts.join("; ")));
        // What the categories then place is not always in sight (a value's last place left);
        // what a placement rules out is.
        let placed: Vec<String> = (step.follows.iter())
            .filter(|f| f.holds)
            .map(|&f| (self.describe)(f))
            .collect();
        if !placed.is_empty() {
            out.push_str(&format!(" So {}.", and_list(&placed)));
        }
        out
    }
}

impl Clued {
    /// The facts in words, the places one value is ruled out of said once: "red is not in
    /// seat 1 or 5" for "red is not in seat 1" and "red is not in seat 5" (their words up to
    /// the place are the same), where the first of them stood.
    fn phrases(&self, facts: &[Fact]) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let mut done = vec![false; facts.len()];
        for (i, f) in facts.iter().enumerate() {
            if done[i] {
                continue;
            }
            let same: Vec<usize> = if f.holds {
                vec![i]
            } else {
                (i..facts.len())
                    .filter(|&j| !facts[j].holds && facts[j].var == f.var)
                    .collect()
            };
            let texts: Vec<String> = same.iter().map(|&j| (self.describe)(facts[j])).collect();
            for &j in &same {
                done[j] = true;
            }
            match common_words(&texts) {
                Some(prefix) if texts.len() > 1 => {
                    let places: Vec<String> = (texts.iter())
                        .map(|t| t[prefix.len()..].to_string())
                        .collect();
                    out.push(format!("{prefix}{}", or_list(&places)));
                }
                _ => out.extend(texts),
            }
        }
        out
    }
}

/// The words every one of `texts` begins with (up to and with a space), when each has more
/// after them.
fn common_words(texts: &[String]) -> Option<&str> {
    let first = texts.first()?;
    let mut end = first.len();
    for t in &texts[1..] {
        end = end.min(
            (first.bytes().zip(t.bytes()))
                .take_while(|(a, b)| a == b)
                .count(),
        );
    }
    let prefix = &first[..first[..end].rfind(' ')? + 1];
    texts
        .iter()
        .all(|t| t.len() > prefix.len())
        .then_some(prefix)
}

/// "a", "a or b", "a, b or c".
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// "a", "a and b", "a, b and c".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn a_value_ruled_out_of_several_places_is_said_once() {
        let seats = texts(&["red is not in seat 1", "red is not in seat 5"]);
        assert_eq!(common_words(&seats), Some("red is not in seat "));
        let rooms = texts(&[
            "false moustache is not in the Band Room",
            "false moustache is not in the Trap Room",
        ]);
        assert_eq!(common_words(&rooms), Some("false moustache is not in the "));
        // Words shared only in part ("seat 1" and "seat 12") end at the last whole word.
        let partial = texts(&["red is not in seat 1", "red is not in seat 12"]);
        assert_eq!(common_words(&partial), Some("red is not in seat "));
        // No whole word shared: no merging.
        assert_eq!(common_words(&texts(&["seat1", "seat5"])), None);
        let mut model = Model::new();
        let seats = (1..=5).map(|s| format!("seat {s}")).collect();
        let red = model.add_var("red", seats);
        let clued = Clued {
            model,
            clues: 0..0,
            notes: Vec::new(),
            describe: Box::new(|f: Fact| {
                let place = f.value + 1;
                if f.holds {
                    format!("red is in seat {place}")
                } else {
                    format!("red is not in seat {place}")
                }
            }),
            clue_noun: "clue",
        };
        let not = |value| Fact {
            var: red,
            value,
            holds: false,
        };
        let placed = Fact {
            var: red,
            value: 3,
            holds: true,
        };
        assert_eq!(
            clued.phrases(&[placed, not(0), not(1), not(4)]),
            ["red is in seat 4", "red is not in seat 1, 2 or 5"]
        );
        assert_eq!(clued.phrases(&[not(2)]), ["red is not in seat 3"]);
    }
}
