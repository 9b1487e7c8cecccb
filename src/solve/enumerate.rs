//! Counting a CNF's projected models by enumeration without blocking clauses (`count
//! --method enumerate`).
//!
//! The count by blocking ([`super::split`]) adds a clause over every projected variable per
//! model: the solver's clause database, its memory and every propagation grow with the count.
//! Here the vendored varisat enumerates as clasp does (`vendor/varisat/PATCHES.md`): the
//! projected variables are decided first, and after a model the search backtracks to its
//! deepest projected decision and takes the other branch, never going back below it while the
//! subtree under it is open. The learned clauses stay (each follows from the formula alone) and
//! nothing grows with the number of models.

use std::time::Instant;

use super::stats::{self, Calls};
use super::stop::{CountedVars, Enumerated, Stop};
use super::{Backend, SolveError, Varisat};
use crate::cnf::{Cnf, Lit};

/// Counts the formula's distinct projected models (on its `c p show`/`c ind` variables, every
/// variable when it names none) on one thread, until there are no more, `limit` were counted,
/// or `stop` says stop (then the count is a lower bound, marked by `stopped`). `on_count` sees
/// each increment. A projected variable no clause mentions doubles every model, as in the
/// count by blocking. Fails with [`SolveError::TooMany`] past `u64::MAX` without a `limit`.
pub fn count_enumerate(
    cnf: &Cnf,
    limit: Option<u64>,
    stop: &Stop,
    on_count: &mut dyn FnMut(u64),
) -> Result<Enumerated, SolveError> {
    let counted = CountedVars::of(cnf);
    let _bound = stop.bound_solves();
    let mut solver = Varisat::with_cnf(cnf);
    let projected: Vec<varisat::Var> = (counted.kept.iter())
        .map(|v| varisat::Var::from_index(v.idx()))
        .collect();
    solver.solver.start_projected_enumeration(&projected);
    let mut enumerating = Enumerating {
        solver,
        calls: Calls::default(),
    };
    let start = Instant::now();
    // The solver moves on to the next model by itself: nothing to add between solves.
    let counted = counted.count_with(&mut enumerating, limit, stop, on_count, |_| {
        std::ops::ControlFlow::Continue(())
    });
    stats::record_calls(start.elapsed(), enumerating.calls);
    counted
}

/// The enumerating solver: its calls, a few hundred nanoseconds each, are recorded in
/// [`stats`] in one sum rather than timed one by one.
struct Enumerating {
    solver: Varisat,
    calls: Calls,
}

impl Backend for Enumerating {
    fn add_clause(&mut self, lits: &[Lit]) {
        debug_assert!(
            false,
            "an enumeration adds no clause (vendor/varisat/PATCHES.md)"
        );
        self.solver.add_clause(lits);
    }

    fn solve(&mut self, assumptions: &[Lit]) -> Result<bool, SolveError> {
        debug_assert!(
            assumptions.is_empty(),
            "an enumeration takes no assumptions"
        );
        let verdict = self.solver.solve_unrecorded();
        self.calls.calls += 1;
        match verdict {
            Ok(true) => self.calls.satisfiable += 1,
            Ok(false) => {}
            Err(_) => self.calls.gave_up += 1,
        }
        verdict
    }

    fn model(&self, num_vars: u32) -> Vec<bool> {
        self.solver.model(num_vars)
    }

    fn failed_assumptions(&self) -> Vec<Lit> {
        self.solver.failed_assumptions()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n` variables, each two of them not both true: n + 1 models.
    fn at_most_one(n: u32) -> Cnf {
        let mut cnf = Cnf::default();
        let vars: Vec<_> = (0..n).map(|_| cnf.vars.fresh()).collect();
        for (i, a) in vars.iter().enumerate() {
            for b in &vars[i + 1..] {
                cnf.clauses.push_raw(&[a.neg_lit(), b.neg_lit()]);
            }
        }
        cnf
    }

    #[test]
    fn counts_every_model_once_and_stops_at_a_limit() {
        let cnf = at_most_one(12);
        let all = count_enumerate(&cnf, None, &Stop::never(), &mut |_| {}).unwrap();
        assert_eq!(
            all,
            Enumerated {
                found: 13,
                stopped: None
            }
        );
        let some = count_enumerate(&cnf, Some(5), &Stop::never(), &mut |_| {}).unwrap();
        assert_eq!(some.found, 5);
    }

    /// The enumeration keeps no copy of each model (`vendor/varisat/src/model.rs`); one read
    /// anyway is read from the solver's assignment: each is a model, each projection new.
    #[test]
    fn models_read_during_an_enumeration_are_the_models_enumerated() {
        let cnf = at_most_one(6);
        let mut solver = Varisat::with_cnf(&cnf);
        let all: Vec<varisat::Var> = (0..6).map(varisat::Var::from_index).collect();
        solver.solver.start_projected_enumeration(&all);
        let mut seen = std::collections::BTreeSet::new();
        while solver.solve_unrecorded().unwrap() {
            let model = solver.model(6);
            assert!(model.iter().filter(|&&b| b).count() <= 1, "{model:?}");
            for (i, &value) in model.iter().enumerate() {
                let var = varisat::Var::from_index(i);
                assert_eq!(solver.solver.model_value(var), Some(value));
            }
            assert!(seen.insert(model.clone()), "{model:?} twice");
        }
        assert_eq!(seen.len(), 7);
        // Back to a solver for the formula: its model is a copy again, and a model.
        solver.solver.end_projected_enumeration();
        solver.add_clause(&[Lit::new(2, false)]);
        assert!(solver.solve(&[]).unwrap());
        assert_eq!(solver.model(6), [false, false, true, false, false, false]);
    }

    #[test]
    fn an_unsatisfiable_formula_has_no_model() {
        let mut cnf = Cnf::default();
        let v = cnf.vars.fresh();
        cnf.clauses.push_raw(&[v.pos_lit()]);
        cnf.clauses.push_raw(&[v.neg_lit()]);
        let counted = count_enumerate(&cnf, None, &Stop::never(), &mut |_| {}).unwrap();
        assert_eq!(counted.found, 0);
    }
}
