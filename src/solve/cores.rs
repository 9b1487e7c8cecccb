//! The case split ([`crate::solve::rounds`]), when every affordable size of clue set forces
//! nothing: the smallest minimal clue set found from the solver's cores, each candidate
//! fact's core shrunk from both ends. Subset-minimal, not proved the smallest.

use crate::cnf::Lit;
use crate::model::Constraint;
use crate::solve::session::{Deletion, Direction, Role, Witnesses};
use crate::solve::stepper::Stepper;
use crate::solve::steps::{Fact, StepsError};
use crate::solve::witness::{Witness, push_witness, witness};

/// Candidates whose cores are shrunk for a case split: those with the smallest cores as the
/// solver first gives them.
const MAX_SHRUNK: usize = 8;

impl Stepper {
    /// The smallest minimal clue set found that forces some unknown fact: each candidate's
    /// core of "all clues, the known facts, not the candidate" as the solver gives it, then
    /// the [`MAX_SHRUNK`] smallest shrunk from the first clue and from the last.
    pub(super) fn smallest_core(&mut self) -> Result<Vec<usize>, StepsError> {
        let all: Vec<usize> = (0..self.session.clue_count()).collect();
        let known: Vec<Lit> = self
            .known_facts()
            .into_iter()
            .map(|f| self.lit(f))
            .collect();
        // Every candidate's core as the solver gives it; the smallest are shrunk.
        let mut cores = Vec::new();
        for f in self.candidates() {
            let mut fixed = known.clone();
            fixed.push(!self.lit(f));
            self.solves += 1;
            if self.session.solve_clues(&all, &fixed)? {
                return Err(StepsError::NotUnique);
            }
            cores.push((self.session.core(), self.session.failed(), fixed, f));
        }
        cores.sort_by_key(|c| c.0.len());
        let mut best: Option<Vec<usize>> = None;
        for (core, failed, fixed, f) in cores.into_iter().take(MAX_SHRUNK) {
            if best.as_ref().is_some_and(|b| b.len() <= 2) {
                break;
            }
            for direction in [Direction::FirstToLast, Direction::LastToFirst] {
                let clues = self.minimise(&core, &fixed, &failed, f, direction)?;
                let size = clues.len();
                if best.as_ref().is_none_or(|b| size < b.len()) {
                    best = Some(clues);
                }
                if size <= 2 {
                    break;
                }
            }
        }
        best.ok_or(StepsError::NotUnique)
    }

    /// A minimal subset of the clues `core` that, with `fixed` assumed, is still UNSAT.
    fn minimise(
        &mut self,
        core: &[usize],
        fixed: &[Lit],
        failed: &[Lit],
        fact: Fact,
        direction: Direction,
    ) -> Result<Vec<usize>, StepsError> {
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
            clues: core,
            constraints: &self.clue_constraints,
            fact,
        };
        let kept = self
            .session
            .minimise(&items, Some(failed), deletion, &mut witnesses)?;
        self.solves += kept.solves;
        let mut clues: Vec<usize> = kept.kept.iter().map(|&i| core[i]).collect();
        clues.sort_unstable();
        Ok(clues)
    }
}

/// The witness answers, as the minimiser's shortcut: an answer that fits the known facts and
/// the clues left, and breaks the fact, shows the clue tried needed.
struct Pool<'a> {
    answers: &'a mut Vec<Witness>,
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
        push_witness(self.answers, witness(self.constraints, answer.to_vec()));
    }
}
