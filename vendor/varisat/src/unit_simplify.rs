//! Simplification using unit clauses.

use partial_ref::{partial, split_borrow, PartialRef};

use varisat_formula::{Lit, Var};
use varisat_internal_proof::{clause_hash, lit_hash, DeleteClauseProof, ProofStep};

use crate::{
    binary::simplify_binary,
    clause::db::{filter_clauses, retain_clauses},
    context::{parts::*, Context},
    proof,
    prop::{enqueue_assignment, prune_watches, Reason},
    variables,
};

/// satpuz: when [`unit_simplify`] runs (PATCHES.md, the fifth change).
///
/// As published it runs after every propagation at level 0 that found a new unit, and each run
/// visits every clause and rebuilds every watch list. Throttled (the configuration's
/// `throttle_unit_simplify`, off by default), it runs as MiniSat's `simplify` does: only when
/// units were found since the last run and the assignments propagated since then reach the
/// size of the clause database at that run. Until then a clause may keep a literal fixed at
/// level 0: propagation treats it as any assigned literal, conflict analysis and shrinking skip
/// level 0, and a clause true at level 0 can propagate nothing else, so it is never a reason.
#[derive(Default)]
pub struct SimplifySchedule {
    /// Throttled; off, it runs after every new unit, as published.
    throttled: bool,
    /// `Trail::units_removed` at the last simplification.
    units_simplified: usize,
    /// `Trail::propagations` from which the next simplification is due.
    due_at: u64,
    /// Simplifications so far.
    runs: u64,
    /// Keep the watchlists (see [`unit_simplify`]).
    in_place: bool,
}

impl SimplifySchedule {
    /// Whether unit simplification is throttled (the solver configuration's
    /// `throttle_unit_simplify`).
    pub fn set_throttled(&mut self, throttled: bool) {
        self.throttled = throttled;
    }

    /// Whether unit simplification keeps the watchlists (the solver configuration's
    /// `unit_simplify_in_place`).
    pub fn set_in_place(&mut self, in_place: bool) {
        self.in_place = in_place;
    }

    /// Simplifications so far.
    pub fn runs(&self) -> u64 {
        self.runs
    }
}

/// satpuz: whether to run [`unit_simplify`] now, right after [`prove_units`] returned
/// `new_unit` (see [`SimplifySchedule`]).
pub fn unit_simplify_due(
    ctx: partial!(Context, SimplifyScheduleP, TrailP),
    new_unit: bool,
) -> bool {
    let schedule = ctx.part(SimplifyScheduleP);
    if !schedule.throttled {
        return new_unit;
    }
    let trail = ctx.part(TrailP);
    trail.current_level() == 0
        && trail.units_removed() > schedule.units_simplified
        && trail.propagations() >= schedule.due_at
}

/// satpuz: [`unit_simplify`] ran; the next is due once as many assignments were propagated as
/// the clause database holds literals.
fn schedule_next_simplify(
    mut ctx: partial!(
        Context,
        mut SimplifyScheduleP,
        BinaryClausesP,
        ClauseAllocP,
        ClauseDbP,
        TrailP
    ),
) {
    let size = ctx.part(ClauseAllocP).buffer_size() - ctx.part(ClauseDbP).garbage_size()
        + 2 * ctx.part(BinaryClausesP).count();
    let trail = ctx.part(TrailP);
    let (units, propagations) = (trail.units_removed(), trail.propagations());
    let schedule = ctx.part_mut(SimplifyScheduleP);
    schedule.units_simplified = units;
    schedule.due_at = propagations + size as u64;
    schedule.runs += 1;
}

/// Remove satisfied clauses and false literals.
pub fn prove_units<'a>(
    mut ctx: partial!(
        Context<'a>,
        mut ImplGraphP,
        mut ProofP<'a>,
        mut SolverStateP,
        mut TrailP,
        AssignmentP,
        ClauseAllocP,
        VariablesP,
    ),
) -> bool {
    let mut new_unit = false;

    if ctx.part(TrailP).current_level() == 0 {
        let (impl_graph, mut ctx) = ctx.split_part_mut(ImplGraphP);

        let mut unit_proofs = vec![];

        let (trail, mut ctx) = ctx.split_part_mut(TrailP);

        for &lit in trail.trail() {
            new_unit = true;
            let ctx_lits = ctx.borrow();
            let reason = impl_graph.reason(lit.var());
            if !reason.is_unit() {
                let lits = impl_graph.reason(lit.var()).lits(&ctx_lits);
                let hash = clause_hash(lits) ^ lit_hash(lit);

                unit_proofs.push((lit, hash));
            }

            impl_graph.update_removed_unit(lit.var());
        }

        trail.clear();

        if !unit_proofs.is_empty() {
            proof::add_step(
                ctx.borrow(),
                true,
                &ProofStep::UnitClauses {
                    units: &unit_proofs,
                },
            );
        }
    }

    new_unit
}

/// Put a removed unit back onto the trail.
pub fn resurrect_unit<'a>(
    mut ctx: partial!(Context<'a>, mut AssignmentP, mut ImplGraphP, mut TrailP),
    lit: Lit,
) {
    if ctx.part(ImplGraphP).is_removed_unit(lit.var()) {
        debug_assert!(ctx.part(AssignmentP).lit_is_true(lit));
        ctx.part_mut(AssignmentP).unassign_var(lit.var());

        // Because we always enqueue with Reason::Unit this will not cause a unit clause to be
        // proven in `prove_units`.
        enqueue_assignment(ctx.borrow(), lit, Reason::Unit);
    }
}

/// Remove satisfied clauses and false literals.
///
/// satpuz: as published every watchlist is then rebuilt, in the order of the clause database,
/// which resets the order propagation visits the clauses in. In place (the configuration's
/// `unit_simplify_in_place`) the watches of the removed clauses are dropped and all others
/// stay ([`prune_watches`]): this needs the two watched literals of every clause kept to stay
/// first in it, which holds after a complete propagation at level 0 (they are unassigned, and
/// removing false literals keeps the order of the rest); should it not hold, the watchlists
/// are rebuilt as published.
pub fn unit_simplify<'a>(
    mut ctx: partial!(
        Context<'a>,
        mut AssignmentP,
        mut BinaryClausesP,
        mut ClauseAllocP,
        mut ClauseDbP,
        mut ProofP<'a>,
        mut SolverStateP,
        mut VariablesP,
        mut WatchlistsP,
        mut VsidsP,
        mut SimplifyScheduleP,
        AssumptionsP,
        TrailP,
    ),
) {
    simplify_binary(ctx.borrow());

    let in_place =
        ctx.part(SimplifyScheduleP).in_place && ctx.part(WatchlistsP).enabled();
    // The watched literals of the clauses removed, whose lists hold their watches.
    let mut dropped_watched = vec![];
    let mut watched_moved = false;

    let (assignment, mut ctx) = ctx.split_part(AssignmentP);

    let mut new_lits = vec![];
    {
        split_borrow!(proof_ctx = &(mut ProofP, mut SolverStateP, VariablesP) ctx);
        let (mut ctx_2, mut ctx): (
            partial!(Context, mut ClauseAllocP, mut ClauseDbP, mut WatchlistsP),
            _,
        ) = ctx.split_borrow();

        let filter = |alloc: &mut crate::clause::ClauseAlloc, cref| {
            let clause = alloc.clause_mut(cref);
            // satpuz: most clauses hold no literal fixed at level 0: kept as they are, uncopied.
            if clause
                .lits()
                .iter()
                .all(|&lit| assignment.lit_value(lit).is_none())
            {
                return true;
            }
            let redundant = clause.header().redundant();
            let watched = [clause.lits()[0], clause.lits()[1]];
            new_lits.clear();
            for &lit in clause.lits() {
                match assignment.lit_value(lit) {
                    None => new_lits.push(lit),
                    Some(true) => {
                        proof::add_step(
                            proof_ctx.borrow(),
                            true,
                            &ProofStep::DeleteClause {
                                clause: clause.lits(),
                                proof: if redundant {
                                    DeleteClauseProof::Redundant
                                } else {
                                    DeleteClauseProof::Satisfied
                                },
                            },
                        );
                        dropped_watched.extend_from_slice(&watched);
                        return false;
                    }
                    Some(false) => (),
                }
            }
            if new_lits.len() < clause.lits().len() {
                if proof_ctx.part(ProofP).is_active() {
                    let hash = [clause_hash(clause.lits())];
                    proof::add_step(
                        proof_ctx.borrow(),
                        true,
                        &ProofStep::AtClause {
                            redundant: redundant && new_lits.len() > 2,
                            clause: &new_lits,
                            propagation_hashes: &hash[..],
                        },
                    );
                    proof::add_step(
                        proof_ctx.borrow(),
                        true,
                        &ProofStep::DeleteClause {
                            clause: clause.lits(),
                            proof: if redundant {
                                DeleteClauseProof::Redundant
                            } else {
                                DeleteClauseProof::Simplified
                            },
                        },
                    );
                }

                match new_lits[..] {
                    // Cannot have empty or unit clauses after full propagation. An empty clause would
                    // have been a conflict and a unit clause must be satisfied and thus would have been
                    // dropped above.
                    [] | [_] => unreachable!(),
                    [lit_0, lit_1] => {
                        ctx.part_mut(BinaryClausesP)
                            .add_binary_clause([lit_0, lit_1]);
                        dropped_watched.extend_from_slice(&watched);
                        false
                    }
                    ref lits => {
                        watched_moved |= lits[..2] != watched;
                        clause.lits_mut()[..lits.len()].copy_from_slice(lits);
                        clause.header_mut().set_len(lits.len());
                        true
                    }
                }
            } else {
                true
            }
        };
        if in_place {
            retain_clauses(ctx_2.borrow(), filter);
        } else {
            filter_clauses(ctx_2, filter);
        }
    }

    if in_place {
        if watched_moved {
            ctx.part_mut(WatchlistsP).disable();
        } else {
            prune_watches(ctx.borrow(), assignment, &dropped_watched);
        }
    }

    // TODO detect vars that became isolated without being having a unit clause

    for (var_index, &value) in assignment.assignment().iter().enumerate() {
        let var = Var::from_index(var_index);
        if !ctx.part(VariablesP).solver_var_present(var) {
            continue;
        }
        let var_data = ctx.part_mut(VariablesP).var_data_solver_mut(var);
        if let Some(value) = value {
            var_data.unit = Some(value);
            var_data.isolated = true;
        }
        if var_data.isolated && !var_data.assumed {
            variables::remove_solver_var(ctx.borrow(), var);
        }
    }

    schedule_next_simplify(ctx.borrow());
}

#[cfg(test)]
mod tests {
    use super::*;

    use partial_ref::{IntoPartialRefMut, PartialRef};

    use varisat_formula::Lit;

    use crate::{cdcl::conflict_step, load::load_clause, state::SatState};

    /// Loads the clauses, solves, then retires the activation literals one at a time (a unit
    /// clause and a solve each), as satpuz's explanations do; returns the verdicts and the
    /// number of unit simplifications.
    fn retire_one_by_one(throttled: bool) -> (Vec<SatState>, u64) {
        let mut ctx = Context::default();
        let mut ctx = ctx.into_partial_ref_mut();
        ctx.part_mut(SimplifyScheduleP).set_throttled(throttled);
        let lits = |dimacs: &[isize]| -> Vec<Lit> { dimacs.iter().map(|&l| Lit::from_dimacs(l)).collect() };
        // Activation literals 1..=60, each switching on a clause over its own two variables,
        // among 400 clauses over 100 variables of their own that every solve satisfies.
        for i in 1..=60 {
            load_clause(ctx.borrow(), &lits(&[-i, 60 + 2 * i, 61 + 2 * i]));
        }
        for j in 0..400 {
            let var = |k: isize| 200 + (j * 7 + k * 31) % 100;
            load_clause(ctx.borrow(), &lits(&[var(0), var(1), var(2)]));
        }
        let mut verdicts = vec![];
        for i in 0..=60 {
            if i > 0 {
                load_clause(ctx.borrow(), &lits(&[-i]));
            }
            while ctx.part(SolverStateP).sat_state == SatState::Unknown {
                conflict_step(ctx.borrow());
            }
            verdicts.push(ctx.part(SolverStateP).sat_state);
        }
        (verdicts, ctx.part(SimplifyScheduleP).runs())
    }

    /// Each literal's watches as (clause, blocking literal), in order.
    fn watches(
        ctx: &mut partial!(Context, mut WatchlistsP, VariablesP),
    ) -> Vec<Vec<(crate::clause::ClauseRef, Lit)>> {
        let count = ctx.part(VariablesP).solver_watermark() * 2;
        (0..count)
            .map(|code| {
                ctx.part_mut(WatchlistsP)
                    .watched_by_mut(Lit::from_code(code))
                    .iter()
                    .map(|watch| (watch.cref, watch.blocking))
                    .collect()
            })
            .collect()
    }

    #[test]
    fn simplification_in_place_keeps_the_order_of_the_watches_it_keeps() {
        let mut ctx = Context::default();
        let mut ctx = ctx.into_partial_ref_mut();
        ctx.part_mut(SimplifyScheduleP).set_in_place(true);
        let lits = |dimacs: &[isize]| -> Vec<Lit> { dimacs.iter().map(|&l| Lit::from_dimacs(l)).collect() };
        // Clauses of 3 to 6 literals over 60 variables, satisfiable (variable 1 true satisfies
        // those it starts), so that a search moves the watches around first.
        let mut seed = 7u64;
        let mut next = |bound: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % bound
        };
        for _ in 0..300 {
            let len = 3 + next(4) as usize;
            let mut clause = vec![1isize];
            while clause.len() < len {
                let var = 2 + next(59) as isize;
                if !clause.iter().any(|l| l.abs() == var) {
                    clause.push(if next(2) == 0 { var } else { -var });
                }
            }
            clause.rotate_left(next(len as u64) as usize);
            load_clause(ctx.borrow(), &lits(&clause));
        }
        while ctx.part(SolverStateP).sat_state == SatState::Unknown {
            conflict_step(ctx.borrow());
        }
        assert_eq!(ctx.part(SolverStateP).sat_state, SatState::Sat);

        // Units that satisfy some clauses and cut others short, some down to two literals.
        for unit in [2, -3, 4, -5, 6] {
            load_clause(ctx.borrow(), &lits(&[unit]));
        }
        crate::prop::propagate(ctx.borrow()).expect("no conflict at level 0");
        assert!(prove_units(ctx.borrow()));
        let before = watches(&mut ctx.borrow());
        unit_simplify(ctx.borrow());
        assert!(ctx.part(WatchlistsP).enabled(), "the watchlists were kept");
        let after = watches(&mut ctx.borrow());

        let alloc = ctx.part(ClauseAllocP);
        let assignment = ctx.part(AssignmentP);
        let mut kept_watches = 0;
        for (code, (old, new)) in before.iter().zip(&after).enumerate() {
            let watched = !Lit::from_code(code);
            // Every watch kept sits where it was, among the watches of its list that were kept.
            let kept: Vec<_> = old
                .iter()
                .map(|&(cref, _)| cref)
                .filter(|&cref| !alloc.header(cref).deleted())
                .collect();
            let now: Vec<_> = new.iter().map(|&(cref, _)| cref).collect();
            assert_eq!(now, kept);
            for &(cref, blocking) in new {
                let clause = alloc.clause(cref).lits();
                assert!(clause[..2].contains(&watched));
                assert!(clause.contains(&blocking) && blocking != watched);
                assert!(clause.iter().all(|&lit| assignment.lit_is_unk(lit)));
                kept_watches += 1;
            }
        }
        let clauses = crate::clause::db::clauses_iter(&ctx.borrow()).count();
        assert_eq!(kept_watches, 2 * clauses);
        assert!(clauses < 300, "some clauses were removed");
    }

    #[test]
    fn units_added_between_solves_are_simplified_in_few_runs() {
        let (eager_verdicts, eager_runs) = retire_one_by_one(false);
        let (throttled_verdicts, throttled_runs) = retire_one_by_one(true);
        assert!(eager_verdicts.iter().all(|&v| v == SatState::Sat));
        assert_eq!(throttled_verdicts, eager_verdicts);
        // Published: one run per retired literal.
        assert!(eager_runs >= 60, "eager: {} runs", eager_runs);
        assert!(
            throttled_runs * 4 <= eager_runs,
            "throttled: {} runs, eager: {}",
            throttled_runs,
            eager_runs
        );
    }
}
