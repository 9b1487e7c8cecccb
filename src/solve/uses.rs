//! The earlier facts a step uses ([`crate::solve::stepper`]): a minimal set of the facts
//! known before it that, with its clues, still force its facts. A one-clue step's are shrunk
//! on the clue's own variables without a solver; the others' by the solver's minimiser.

use crate::cnf::Lit;
use crate::solve::SolveError;
use crate::solve::propagate::supports;
use crate::solve::session::{Deletion, Direction, NoWitnesses, Role};
use crate::solve::stepper::Stepper;
use crate::solve::steps::{Fact, StepsError};

impl Stepper {
    /// A minimal set of known facts about clue `clue`'s variables that with it still force
    /// `facts` (all about its variables), shrunk without a solver. Placed values come first
    /// and negatives are tried for removal first, as in [`Stepper::uses`].
    pub(super) fn local_uses(&self, clue: usize, facts: &[Fact], known: Vec<Fact>) -> Vec<Fact> {
        let scope = &self.clue_scopes[clue];
        let mut kept: Vec<Fact> = known
            .into_iter()
            .filter(|f| scope.binary_search(&f.var).is_ok())
            .collect();
        kept.sort_by_key(|f| !f.holds);
        let mut possible: Vec<Vec<bool>> = vec![Vec::new(); self.answer.len()];
        for i in (0..kept.len()).rev() {
            for &v in scope {
                possible[v] = vec![true; self.known[v].len()];
            }
            for (j, f) in kept.iter().enumerate() {
                if j != i {
                    restrict(&mut possible[f.var], *f);
                }
            }
            let forced = supports(&self.clue_constraints[clue], scope, &possible, &self.answer)
                .is_some_and(|s| {
                    facts.iter().all(|f| {
                        let Ok(k) = scope.binary_search(&f.var) else {
                            return false;
                        };
                        match f.holds {
                            true => (0..s[k].len()).all(|x| s[k][x] == (x == f.value)),
                            false => !s[k][f.value],
                        }
                    })
                });
            if forced {
                kept.remove(i);
            }
        }
        kept
    }

    /// A minimal set of known facts that, with the clues, still force all of `facts`, and
    /// whether it was proved minimal (a solve cut by the conflict budget keeps its fact).
    /// Placed values come first in `known` and negatives are tried for removal first, so a
    /// placed value stands for what the categories make of it.
    pub(super) fn uses(
        &mut self,
        clues: &[usize],
        facts: &[Fact],
        mut known: Vec<Fact>,
    ) -> Result<(Vec<Fact>, bool), StepsError> {
        known.sort_by_key(|f| !f.holds);
        if known.is_empty() {
            return Ok((Vec::new(), true));
        }
        let not_all: Vec<Lit> = facts.iter().map(|&f| !self.lit(f)).collect();
        let activation = self.uses_session.block_under_activation(&not_all);
        let items: Vec<(Lit, Role)> = known
            .iter()
            .map(|&f| (self.lit(f), Role::Plain))
            .chain(
                self.uses_session
                    .selectors_of(clues)
                    .into_iter()
                    .chain([activation])
                    .map(|l| (l, Role::Fixed)),
            )
            .collect();
        let assumptions: Vec<Lit> = items.iter().map(|&(l, _)| l).collect();
        self.solves += 1;
        match self.uses_session.solve(&assumptions) {
            Ok(true) => {
                return Err(SolveError::Solver("a step's facts are not forced".into()).into());
            }
            Ok(false) => {}
            // Every known fact, not shown needed (they and the clues force the facts).
            Err(SolveError::OverBudget) => {
                self.uses_session.block(&[!activation]);
                return Ok((known, false));
            }
            Err(e) => return Err(e.into()),
        }
        let core = self.uses_session.failed();
        let deletion = Deletion {
            direction: Direction::LastToFirst,
            ..Deletion::EAGER
        };
        let kept = self
            .uses_session
            .minimise(&items, Some(&core), deletion, &mut NoWitnesses)?;
        self.solves += kept.solves;
        self.uses_session.block(&[!activation]);
        let uses = kept.kept.iter().map(|&i| known[i]).collect();
        Ok((uses, kept.cut == 0))
    }
}

/// Narrows `possible` (one variable's values) by the fact `f` about it.
fn restrict(possible: &mut [bool], f: Fact) {
    if f.holds {
        for (x, p) in possible.iter_mut().enumerate() {
            *p &= x == f.value;
        }
    } else {
        possible[f.value] = false;
    }
}
