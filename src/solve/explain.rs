//! Why a model's clues fail or succeed: a minimal set of clues that contradict each other, and
//! for a uniquely solved model, which clues the uniqueness needs.
//!
//! Every clue gets a selector literal (`selector -> clue`), so one incremental solver answers
//! every question by assumptions: which clues are on, and whether the known answer is blocked.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use crate::cnf::{Lit, Var};
use crate::model::{Constraint, EncodeOptions, Encoded, Model};
use crate::solve::{Backend, SolveError, Varisat};

/// One solver holding a model whose clues can be switched on and off.
pub struct Explainer {
    encoded: Encoded,
    solver: Varisat,
    selectors: Vec<Lit>,
    clue_of: HashMap<Var, usize>,
    /// Guards the clause that blocks the known answer, once one is given.
    block: Option<Lit>,
}

/// Whether a uniquely solved model needs a clue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Necessity {
    /// Without this clue alone the model has another solution: these values.
    Needed { other: Vec<usize> },
    /// The other clues alone still force the answer.
    Redundant,
}

impl Explainer {
    /// The constraints of `model` in `clues` become switchable clues (numbered from 0 in that
    /// range); all others always hold.
    pub fn new(model: &Model, clues: Range<usize>, opts: EncodeOptions) -> Explainer {
        let mut encoded = Encoded::declare(model, opts);
        let mut selectors = Vec::with_capacity(clues.len());
        for (i, c) in model.constraints.iter().enumerate() {
            if clues.contains(&i) {
                let selector = encoded
                    .cnf
                    .vars
                    .named(format!("clue{}", selectors.len() + 1));
                encoded.add_constraint_guarded(c, selector.pos_lit());
                selectors.push(selector.pos_lit());
            } else {
                encoded.add_constraint(c);
            }
        }
        let solver = Varisat::with_cnf(&encoded.cnf);
        let clue_of = selectors
            .iter()
            .enumerate()
            .map(|(i, l)| (l.var(), i))
            .collect();
        Explainer {
            encoded,
            solver,
            selectors,
            clue_of,
            block: None,
        }
    }

    pub fn clue_count(&self) -> usize {
        self.selectors.len()
    }

    /// Solves with exactly the clues `on` switched on (and the known answer blocked, if
    /// `blocked`); the values of a solution, or None.
    pub fn solve_with(
        &mut self,
        on: &[usize],
        blocked: bool,
    ) -> Result<Option<Vec<usize>>, SolveError> {
        let mut assumptions: Vec<Lit> = on.iter().map(|&i| self.selectors[i]).collect();
        if blocked {
            assumptions.push(self.block.expect("block_answer was called first"));
        }
        if !self.solver.solve(&assumptions)? {
            return Ok(None);
        }
        let model = self.solver.model(self.encoded.cnf.num_vars());
        Ok(Some(self.encoded.decode(&model).ok_or_else(|| {
            SolveError::Solver("a model left a puzzle variable without a value".into())
        })?))
    }

    /// The clues of the last UNSAT answer's core (a subset of those switched on).
    fn core(&self) -> Vec<usize> {
        let mut core: Vec<usize> = self
            .solver
            .failed_assumptions()
            .iter()
            .filter_map(|l| self.clue_of.get(&l.var()).copied())
            .collect();
        core.sort_unstable();
        core.dedup();
        core
    }

    /// A minimal set of clues that together admit no solution (dropping any one of them leaves
    /// a satisfiable set), or None when all the clues together have a solution.
    pub fn minimal_unsat_subset(&mut self) -> Result<Option<Vec<usize>>, SolveError> {
        let all: Vec<usize> = (0..self.selectors.len()).collect();
        self.shrink(&all, &[], false, &mut |_, _| false)
    }

    /// A minimal subset of `clues` that still forces the blocked answer (see
    /// [`Explainer::block_answer`]): every clue in it is needed. Clues earlier in `clues` are
    /// tried for removal first. None when `clues` do not force the answer.
    /// Clues in `prefer` start in the candidate set even when the solver's first core leaves
    /// them out (put them last in `clues` to give them the best chance to stay).
    /// `needed(rest, clue)` may prove without the solver that `rest` alone (the set without
    /// `clue`) has another answer, e.g. by showing one; when it says so, no solve is made.
    pub fn minimal_unique_subset(
        &mut self,
        clues: &[usize],
        prefer: &[usize],
        needed: &mut dyn FnMut(&[usize], usize) -> bool,
    ) -> Result<Option<Vec<usize>>, SolveError> {
        self.shrink(clues, prefer, true, needed)
    }

    /// Deletion-based shrinking of an UNSAT set of clues: start from the solver's failed
    /// assumptions, then drop one clue at a time, keeping it out when the rest stay UNSAT (and
    /// narrowing to the new core) and marking it needed otherwise. A clue once needed stays
    /// needed in every subset, so one pass suffices.
    fn shrink(
        &mut self,
        clues: &[usize],
        prefer: &[usize],
        blocked: bool,
        known_needed: &mut dyn FnMut(&[usize], usize) -> bool,
    ) -> Result<Option<Vec<usize>>, SolveError> {
        if self.solve_with(clues, blocked)?.is_some() {
            return Ok(None);
        }
        let keep = |core: Vec<usize>| -> HashSet<usize> {
            let core: HashSet<usize> = core.into_iter().collect();
            clues
                .iter()
                .copied()
                .filter(|c| core.contains(c) || prefer.contains(c))
                .collect()
        };
        let first = keep(self.core());
        let mut set: Vec<usize> = clues
            .iter()
            .copied()
            .filter(|c| first.contains(c))
            .collect();
        set.dedup();
        let mut needed: Vec<usize> = Vec::new();
        while let Some(&candidate) = set.iter().find(|c| !needed.contains(c)) {
            let without: Vec<usize> = set.iter().copied().filter(|&c| c != candidate).collect();
            if known_needed(&without, candidate) || self.solve_with(&without, blocked)?.is_some() {
                needed.push(candidate);
            } else {
                let core = keep(self.core());
                set = without.into_iter().filter(|c| core.contains(c)).collect();
            }
        }
        set.sort_unstable();
        Ok(Some(set))
    }

    /// Adds one more switchable clue; returns its number.
    pub fn add_clue(&mut self, c: &Constraint) -> usize {
        let first_new = self.encoded.cnf.num_clauses();
        let selector = self
            .encoded
            .cnf
            .vars
            .named(format!("clue{}", self.selectors.len() + 1));
        self.encoded.add_constraint_guarded(c, selector.pos_lit());
        for i in first_new..self.encoded.cnf.num_clauses() {
            self.solver.add_clause(self.encoded.cnf.clauses.get(i));
        }
        self.clue_of.insert(selector, self.selectors.len());
        self.selectors.push(selector.pos_lit());
        self.selectors.len() - 1
    }

    /// Adds (guarded) the clause that forbids the answer `values`; later solves can assume it.
    pub fn block_answer(&mut self, values: &[usize]) {
        let guard = self.encoded.cnf.fresh_lit();
        let mut clause = self.encoded.blocking_clause(values);
        clause.push(!guard);
        self.solver.add_clause(&clause);
        self.block = Some(guard);
    }

    /// For an answer that all the clues force: does each clue matter? A clue is needed when the
    /// other clues alone admit a solution other than `values`.
    pub fn necessity(&mut self, values: &[usize]) -> Result<Vec<Necessity>, SolveError> {
        self.block_answer(values);
        (0..self.selectors.len())
            .map(|i| {
                let others: Vec<usize> = (0..self.selectors.len()).filter(|&j| j != i).collect();
                Ok(match self.solve_with(&others, true)? {
                    Some(other) => Necessity::Needed { other },
                    None => Necessity::Redundant,
                })
            })
            .collect()
    }
}
