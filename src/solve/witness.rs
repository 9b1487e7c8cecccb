//! The answers the solver has given an explanation ([`crate::solve::stepper`]): each fits the
//! facts known when it was found and says which clues it meets, so that later questions
//! (does this set of clues force that fact?) are often answered without a solve
//! ([`crate::solve::refuters`], the minimisers' shortcuts).

use std::collections::VecDeque;

use crate::model::{Constraint, holds};
use crate::solve::stepper::Stepper;
use crate::solve::steps::Fact;

/// Witness answers kept at most by default (the oldest go first): more move the paths of the
/// searches past the budget (docs/explain.md).
pub(super) const MAX_WITNESSES: usize = 512;

/// Witness answers kept at most by `explain --exhaustive`: every answer of a 10 x 5 grid's
/// explanation (seed 27: about 19,000), and at most about 64 MB of answers on a larger one.
pub(super) fn max_witnesses_exhaustive(vars: usize) -> usize {
    const ANSWER_BYTES: usize = 64 << 20;
    (ANSWER_BYTES / (std::mem::size_of::<usize>() * vars.max(1))).clamp(MAX_WITNESSES, 1 << 16)
}

/// An answer the solver found that fits every known fact, and which clues it meets.
#[derive(Clone)]
pub(super) struct Witness {
    pub(super) values: Vec<usize>,
    /// Bit `c`: clue `c` holds.
    pub(super) meets: Vec<u64>,
}

impl Witness {
    pub(super) fn meets_all(&self, clues: &[usize]) -> bool {
        clues
            .iter()
            .all(|&c| self.meets[c / 64] & (1 << (c % 64)) != 0)
    }

    pub(super) fn breaks(&self, f: Fact) -> bool {
        (self.values[f.var] == f.value) != f.holds
    }
}

impl Stepper {
    /// Keeps an answer the solver found, as a witness for later questions.
    pub(super) fn remember(&mut self, values: Vec<usize>) {
        let w = witness(&self.clue_constraints, values);
        push_witness(&mut self.witnesses, w, self.max_witnesses);
        self.remembered += 1;
    }
}

impl Stepper {
    /// Takes as witnesses the answers `from` (a stepper of the same puzzle) remembered as its
    /// `since`-th to `until`-th (those it still keeps) that fit the facts known here.
    pub(super) fn adopt_answers(&mut self, from: &Stepper, since: usize, until: usize) {
        let first_kept = from.remembered - from.witnesses.len();
        for i in since.max(first_kept)..until {
            let w = &from.witnesses[i - first_kept];
            let fits = (self.known.iter().enumerate()).all(|(var, known)| {
                let answer = self.answer[var];
                (0..known.len()).all(|x| !known[x] || (w.values[var] == x) == (answer == x))
            });
            if fits {
                push_witness(&mut self.witnesses, w.clone(), self.max_witnesses);
                self.remembered += 1;
            }
        }
    }
}

/// An answer with the clues it meets.
pub(super) fn witness(constraints: &[Constraint], values: Vec<usize>) -> Witness {
    let mut meets = vec![0u64; constraints.len().div_ceil(64)];
    for (c, constraint) in constraints.iter().enumerate() {
        if holds(constraint, &values) {
            meets[c / 64] |= 1 << (c % 64);
        }
    }
    Witness { values, meets }
}

/// Adds `w`, the oldest answer going first when `most` are kept.
pub(super) fn push_witness(witnesses: &mut VecDeque<Witness>, w: Witness, most: usize) {
    if witnesses.len() >= most {
        witnesses.pop_front();
    }
    witnesses.push_back(w);
}
