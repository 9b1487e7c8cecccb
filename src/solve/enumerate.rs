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

use super::stop::{CountedVars, Enumerated, Stop};
use super::{SolveError, Varisat};
use crate::cnf::Cnf;

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
    // The solver moves on to the next model by itself: nothing to add between solves.
    counted.count_with(&mut solver, limit, stop, on_count, |_| {
        std::ops::ControlFlow::Continue(())
    })
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
