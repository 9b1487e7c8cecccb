//! The case split ([`crate::solve::rounds`]), when every affordable size of clue set forces
//! nothing: the smallest minimal clue set found from the solver's cores, each candidate
//! fact's core shrunk from both ends. Subset-minimal, not proved the smallest.
//!
//! Both searches run within the conflict budget ([`Stepper::within_budget`]), and a cut one
//! still gives a sound step. A candidate whose core solve is cut has no core and is left
//! out; if every candidate's is cut, the cores are asked again without a budget, since a
//! case split is the last way to a step and must give one. A cut trial of the minimisation
//! keeps its clue ([`crate::solve::session::Minimised::cut`]), so the set is not shown
//! minimal and is left out; if every shrinking is cut, the smallest core is shrunk again
//! without a budget, since a step's clues are minimal. What the step says it proved
//! (`searched`) comes from the searches before the case split.

use std::collections::VecDeque;

use crate::cnf::Lit;
use crate::model::Constraint;
use crate::solve::SolveError;
use crate::solve::session::{Deletion, Direction, Role, Witnesses};
use crate::solve::stepper::Stepper;
use crate::solve::steps::{Fact, StepsError};
use crate::solve::witness::{Witness, push_witness, witness};

/// A candidate's core: its clues, the solver's failed assumptions, the assumptions fixed, and
/// the candidate fact.
type CandidateCore = (Vec<usize>, Vec<Lit>, Vec<Lit>, Fact);

/// Candidates whose cores are shrunk for a case split: those with the smallest cores as the
/// solver first gives them.
const MAX_SHRUNK: usize = 8;

impl Stepper {
    /// The smallest minimal clue set found that forces some unknown fact: each candidate's
    /// core of "all clues, the known facts, not the candidate" as the solver gives it, then
    /// the [`MAX_SHRUNK`] smallest shrunk from the first clue and from the last.
    pub(super) fn smallest_core(&mut self) -> Result<Vec<usize>, StepsError> {
        // Every candidate's core as the solver gives it; the smallest are shrunk.
        let mut cores = self.within_budget(|s| s.candidate_cores())?;
        if cores.is_empty() {
            cores = self.candidate_cores()?;
        }
        cores.sort_by_key(|c| c.0.len());
        let mut best: Option<Vec<usize>> = None;
        for (core, failed, fixed, f) in cores.iter().take(MAX_SHRUNK) {
            if best.as_ref().is_some_and(|b| b.len() <= 2) {
                break;
            }
            for direction in [Direction::FirstToLast, Direction::LastToFirst] {
                // A shrinking cut short is not minimal: it is left out.
                let Some(clues) =
                    self.within_budget(|s| s.minimise(core, fixed, failed, *f, direction))?
                else {
                    continue;
                };
                let size = clues.len();
                if best.as_ref().is_none_or(|b| size < b.len()) {
                    best = Some(clues);
                }
                if size <= 2 {
                    break;
                }
            }
        }
        // Every shrinking cut: the smallest core shrunk without a budget, since a step's
        // clues must be minimal.
        if best.is_none()
            && let Some((core, failed, fixed, f)) = cores.first()
        {
            best = self.minimise(core, fixed, failed, *f, Direction::FirstToLast)?;
        }
        best.ok_or(StepsError::NotUnique)
    }

    /// Each candidate fact's core of "all clues, the known facts, not the candidate": (its
    /// clues, its failed assumptions, the assumptions fixed, the candidate). A candidate whose
    /// solve ran out of conflicts ([`Stepper::within_budget`]) is left out.
    fn candidate_cores(&mut self) -> Result<Vec<CandidateCore>, StepsError> {
        let all: Vec<usize> = (0..self.session.clue_count()).collect();
        let mut cores = Vec::new();
        for f in self.candidates() {
            // The known facts are the session's unit clauses.
            let fixed = vec![!self.lit(f)];
            self.solves += 1;
            match self.session.solve_clues(&all, &fixed) {
                Err(SolveError::OverBudget) => continue,
                Ok(true) => return Err(StepsError::NotUnique),
                Ok(false) => {}
                Err(e) => return Err(e.into()),
            }
            cores.push((self.session.core(), self.session.failed(), fixed, f));
        }
        Ok(cores)
    }

    /// A minimal subset of the clues `core` that, with `fixed` assumed, is still UNSAT (None
    /// when a trial was cut by the conflict budget: the set left is then not shown minimal).
    fn minimise(
        &mut self,
        core: &[usize],
        fixed: &[Lit],
        failed: &[Lit],
        fact: Fact,
        direction: Direction,
    ) -> Result<Option<Vec<usize>>, StepsError> {
        let items: Vec<(Lit, Role)> = core
            .iter()
            .map(|&c| (self.session.selector(c), Role::Plain))
            .chain(fixed.iter().map(|&l| (l, Role::Fixed)))
            .collect();
        let deletion = Deletion {
            direction,
            ..Deletion::EAGER
        };
        let mut witnesses = Pool {
            answers: &mut self.witnesses,
            most_answers: self.max_witnesses,
            clues: core,
            constraints: &self.clue_constraints,
            fact,
        };
        let kept = self
            .session
            .minimise(&items, Some(failed), deletion, &mut witnesses)?;
        self.solves += kept.solves;
        if kept.cut > 0 {
            return Ok(None);
        }
        let mut clues: Vec<usize> = kept.kept.iter().map(|&i| core[i]).collect();
        clues.sort_unstable();
        Ok(Some(clues))
    }
}

/// The witness answers, as the minimiser's shortcut: an answer that fits the known facts and
/// the clues left, and breaks the fact, shows the clue tried needed.
struct Pool<'a> {
    answers: &'a mut VecDeque<Witness>,
    /// The most answers kept ([`Stepper::max_witnesses`]).
    most_answers: usize,
    /// The clue of each minimiser item (items past these are fixed).
    clues: &'a [usize],
    constraints: &'a [Constraint],
    fact: Fact,
}

impl Witnesses for Pool<'_> {
    fn shows_needed(&mut self, rest: &[usize], _candidate: usize) -> bool {
        let clues: Vec<usize> = rest
            .iter()
            .filter_map(|&i| self.clues.get(i).copied())
            .collect();
        self.answers
            .iter()
            .any(|w| w.breaks(self.fact) && w.meets_all(&clues))
    }

    fn found(&mut self, answer: &[usize]) {
        push_witness(
            self.answers,
            witness(self.constraints, answer.to_vec()),
            self.most_answers,
        );
    }
}
