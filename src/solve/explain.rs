//! Why a model's clues fail or succeed: a minimal set of clues that contradict each other, and
//! for a uniquely solved model, which clues the uniqueness needs.
//!
//! Every clue gets a selector literal in one [`Session`], so one incremental solver answers
//! every question by assumptions: which clues are on, and whether the known answer is blocked.

use std::ops::Range;

use crate::cnf::Lit;
use crate::model::{EncodeOptions, Model};
use crate::solve::SolveError;
use crate::solve::session::{Deletion, NoWitnesses, Role, Session};

/// One solver holding a model whose clues can be switched on and off.
pub struct Explainer {
    session: Session,
    /// Activation literal of the blocked known answer, once one is given.
    block: Option<Lit>,
}

/// Whether a uniquely solved model needs a clue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Necessity {
    /// Without this clue alone the model has another solution: these values.
    Needed {
        /// The other solution: a value per model variable.
        other: Vec<usize>,
    },
    /// The other clues alone still force the answer.
    Redundant,
}

impl Explainer {
    /// The constraints of `model` in `clues` become switchable clues (numbered from 0 in that
    /// range); all others always hold.
    pub fn new(model: &Model, clues: Range<usize>, opts: EncodeOptions) -> Explainer {
        let session = Session::of_clues(model, &clues, opts);
        Explainer {
            session,
            block: None,
        }
    }

    /// Number of switchable clues.
    pub(crate) fn clue_count(&self) -> usize {
        self.session.clue_count()
    }

    /// Solves with exactly the clues `on` switched on (and the known answer blocked, if
    /// `blocked`); the values of a solution, or None.
    pub fn solve_with(
        &mut self,
        on: &[usize],
        blocked: bool,
    ) -> Result<Option<Vec<usize>>, SolveError> {
        let mut assumptions = self.session.selectors_of(on);
        if blocked {
            assumptions.push(self.block.expect("block_answer was called first"));
        }
        self.session.solve_values(&assumptions)
    }

    /// A minimal set of clues that together admit no solution (dropping any one of them leaves
    /// a satisfiable set), or None when all the clues together have a solution.
    pub fn minimal_unsat_subset(&mut self) -> Result<Option<Vec<usize>>, SolveError> {
        let all: Vec<usize> = (0..self.clue_count()).collect();
        if self.solve_with(&all, false)?.is_some() {
            return Ok(None);
        }
        let core = self.session.failed();
        let items: Vec<(Lit, Role)> = all
            .iter()
            .map(|&c| (self.session.selector(c), Role::Plain))
            .collect();
        let minimised =
            self.session
                .minimise(&items, Some(&core), Deletion::EAGER, &mut NoWitnesses)?;
        Ok(Some(minimised.kept))
    }

    /// Adds (guarded) the clause that forbids the answer `values`; later solves can assume it.
    pub(crate) fn block_answer(&mut self, values: &[usize]) {
        self.block = Some(self.session.block_answer_under_activation(values));
    }

    /// For an answer that all the clues force: does each clue matter? A clue is needed when the
    /// other clues alone admit a solution other than `values`.
    pub fn necessity(&mut self, values: &[usize]) -> Result<Vec<Necessity>, SolveError> {
        self.block_answer(values);
        (0..self.clue_count())
            .map(|i| {
                let others: Vec<usize> = (0..self.clue_count()).filter(|&j| j != i).collect();
                Ok(match self.solve_with(&others, true)? {
                    Some(other) => Necessity::Needed { other },
                    None => Necessity::Redundant,
                })
            })
            .collect()
    }
}
