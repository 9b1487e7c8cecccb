//! Step-by-step explanations: the answer of a uniquely solved model as a sequence of steps,
//! each naming the fewest clues (with the facts found before it) that force new facts.
//!
//! A *fact* is "variable v takes value x" or "variable v does not take value x" over the
//! model's variables. The search ([`Stepper`], in `stepper.rs`) looks at each clue on its own
//! variables first, without a solver; when that finds nothing, it tries every set of one,
//! two, three, ... clues with one incremental solver (clues behind selectors, the known
//! facts assumed) and takes, as one *round*, every fact the smallest such sets force. The
//! difficulty ([`crate::solve::difficulty`]) is counted in rounds, so it does not depend on
//! the order of the clues or the names of the values.
//!
//! A step of more than [`COMBINED_MAX`] clues is a *case split*; it records how large the
//! sets were that were all tried and forced nothing ([`Step::searched`]), so that "no smaller
//! set forces anything" is said only when it was proved.

use std::ops::Range;

use crate::model::{EncodeOptions, Model};
use crate::report::{CaseLineNote, CaseNote, ClueNote, FactNote, StepNote};
use crate::solve::SolveError;
pub use crate::solve::cases::{Case, Deduction, End, Reason};
use crate::solve::difficulty::round_costs;
pub use crate::solve::stepper::Stepper;

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
    /// The steps, first to last; after the last, every variable's value is known.
    pub steps: Vec<Step>,
    /// The answer: a value per model variable.
    pub answer: Vec<usize>,
    /// Facts known before the first step (given, and what the structure makes of them).
    pub start: Vec<Fact>,
    /// Solver calls made.
    pub solves: usize,
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
pub fn explain_from_reporting(
    mut stepper: Stepper,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Explanation, StepsError> {
    let start = stepper.known_now();
    let mut steps = Vec::new();
    while let Some(step) = stepper.next_step()? {
        steps.push(step);
        let (known, all) = stepper.facts_known();
        progress(known, all);
    }
    Ok(Explanation {
        steps,
        answer: stepper.answer().to_vec(),
        start,
        solves: stepper.solves(),
    })
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

    /// The steps, for reports: numbered from 1, each with its sentence.
    pub fn step_notes(&self, steps: &[Step]) -> Vec<StepNote> {
        let costs = round_costs(steps);
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
        let facts: Vec<String> = line.facts.iter().map(|&f| (self.describe)(f)).collect();
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

    /// "By clue 3 (its words), knowing that A: B; C." from the clues' own wording.
    pub fn sentence(&self, step: &Step) -> String {
        let clue = |&c: &usize| {
            let note = &self.notes[c];
            format!("{} ({})", note.clue, note.quote().trim_end_matches('.'))
        };
        let clues: Vec<String> = step.clues.iter().map(clue).collect();
        let plural = if clues.len() == 1 { "" } else { "s" };
        let mut out = format!("By {}{plural} {}", self.clue_noun, and_list(&clues));
        if !step.uses.is_empty() {
            let uses: Vec<String> = step.uses.iter().map(|&f| (self.describe)(f)).collect();
            out.push_str(&format!(", knowing that {}", and_list(&uses)));
        }
        let facts: Vec<String> = step.facts.iter().map(|&f| (self.describe)(f)).collect();
        out.push_str(&format!(": {}.", facts.join("; ")));
        out
    }
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
