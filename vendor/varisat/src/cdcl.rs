//! Conflict driven clause learning.

use partial_ref::{partial, PartialRef};

use varisat_formula::Lit;
use varisat_internal_proof::ProofStep;

use crate::{
    analyze_conflict::analyze_conflict,
    assumptions::{enqueue_assumption, EnqueueAssumption},
    clause::{assess_learned_clause, bump_clause, db, decay_clause_activities},
    context::{parts::*, Context},
    decision::make_decision,
    enumerate::{exhausted, learned_unit, replay_decision, Replayed},
    model::{model_found_in_trail, reconstruct_global_model},
    proof,
    prop::{backtrack, enqueue_assignment, propagate, Conflict, Reason},
    state::SatState,
    unit_simplify::{prove_units, unit_simplify, unit_simplify_due},
};

/// Find a conflict, learn a clause and backtrack.
///
/// satpuz: returns the learnt clause's glue (`crate::glue`, less one as the clause database
/// keeps it), if a clause was learnt.
pub fn conflict_step<'a>(
    mut ctx: partial!(
        Context<'a>,
        mut AnalyzeConflictP,
        mut AssignmentP,
        mut AssumptionsP,
        mut BinaryClausesP,
        mut ClauseActivityP,
        mut ClauseAllocP,
        mut ClauseDbP,
        mut EnumerationP,
        mut ImplGraphP,
        mut ModelP,
        mut ProofP<'a>,
        mut SimplifyScheduleP,
        mut SolverStateP,
        mut TmpDataP,
        mut TmpFlagsP,
        mut TrailP,
        mut VariablesP,
        mut VsidsP,
        mut WatchlistsP,
    ),
) -> Option<usize> {
    let conflict = find_conflict(ctx.borrow());

    let conflict = match conflict {
        Ok(()) => {
            // satpuz: an enumeration reads no model (`crate::model::model_found_in_trail`).
            if ctx.part(EnumerationP).active && !ctx.part(ProofP).models_in_proof() {
                model_found_in_trail(ctx.borrow());
            } else {
                reconstruct_global_model(ctx.borrow());
            }
            return None;
        }
        Err(FoundConflict::Assumption) => {
            ctx.part_mut(SolverStateP).sat_state = SatState::UnsatUnderAssumptions;
            return None;
        }
        Err(FoundConflict::Conflict(conflict)) => conflict,
        Err(FoundConflict::Enumerated) => return None,
    };

    // satpuz: in a projected enumeration (`crate::enumerate`), a conflict at or below the fixed
    // level exhausts the search under it, and no backjump goes below it.
    let enumeration = ctx.part(EnumerationP);
    let (enumerating, fixed) = (enumeration.active, enumeration.fixed);
    let level = ctx.part(TrailP).current_level();
    if enumerating && level <= fixed {
        exhausted(ctx.borrow(), level);
        return None;
    }

    let mut backtrack_to = analyze_conflict(ctx.borrow(), conflict);
    if enumerating {
        backtrack_to = backtrack_to.max(fixed);
    }

    let (analyze, mut ctx) = ctx.split_part(AnalyzeConflictP);

    for &cref in analyze.involved() {
        bump_clause(ctx.borrow(), cref);
    }

    decay_clause_activities(ctx.borrow());

    backtrack(ctx.borrow(), backtrack_to);

    let clause = analyze.clause();

    proof::add_step(
        ctx.borrow(),
        true,
        &ProofStep::AtClause {
            redundant: clause.len() > 2,
            clause,
            propagation_hashes: analyze.clause_hashes(),
        },
    );

    let mut glue = clause.len().saturating_sub(1).min(1);
    let reason = match clause.len() {
        0 => {
            ctx.part_mut(SolverStateP).sat_state = SatState::Unsat;
            return None;
        }
        1 if fixed > 0 => {
            learned_unit(ctx.borrow(), clause[0]);
            return None;
        }
        1 => {
            export_learnt(ctx.borrow(), clause, 1);
            Reason::Unit
        }
        2 => {
            export_learnt(ctx.borrow(), clause, 1);
            ctx.part_mut(BinaryClausesP)
                .add_binary_clause([clause[0], clause[1]]);
            Reason::Binary([clause[1]])
        }
        _ => {
            let header = assess_learned_clause(ctx.borrow(), clause);
            glue = header.glue();
            export_learnt(ctx.borrow(), clause, glue);
            let cref = db::add_clause(ctx.borrow(), header, clause);
            Reason::Long(cref)
        }
    };

    enqueue_assignment(ctx.borrow(), clause[0], reason);
    Some(glue)
}

/// satpuz: keeps a copy of a learnt clause for the user (`Solver::take_exported_clauses`) if it
/// is short enough or its glue low enough (`SolverConfig::export_learnt_max_len` and
/// `export_learnt_max_glue`), mapped to user variables now, before unit simplification may
/// recycle its solver variables.
fn export_learnt(
    mut ctx: partial!(Context, mut SolverStateP, VariablesP),
    clause: &[Lit],
    glue: usize,
) {
    let state = ctx.part(SolverStateP);
    let glue_low = state.export_learnt_max_glue != 0 && glue <= state.export_learnt_max_glue;
    if clause.len() > state.export_learnt_max_len && !glue_low {
        return;
    }
    let variables = ctx.part(VariablesP);
    let user: Option<Vec<Lit>> = clause
        .iter()
        .map(|&lit| {
            let global = variables.global_from_solver().get(lit.var())?;
            let user = variables.user_from_global().get(global)?;
            Some(user.lit(lit.is_positive()))
        })
        .collect();
    // A clause over a variable the user never named (none in satpuz) is not exported.
    if let Some(user) = user {
        ctx.part_mut(SolverStateP).exported_clauses.push(user);
    }
}

/// Return type of [`find_conflict`].
///
/// Specifies whether a conflict was found during propagation or while enqueuing assumptions.
enum FoundConflict {
    Conflict(Conflict),
    Assumption,
    /// satpuz: a projected enumeration ended while replaying its decisions.
    Enumerated,
}

impl From<Conflict> for FoundConflict {
    fn from(conflict: Conflict) -> FoundConflict {
        FoundConflict::Conflict(conflict)
    }
}

/// Find a conflict.
///
/// Returns `Err` if a conflict was found and `Ok` if a satisfying assignment was found instead.
fn find_conflict<'a>(
    mut ctx: partial!(
        Context<'a>,
        mut AssignmentP,
        mut AssumptionsP,
        mut BinaryClausesP,
        mut ClauseAllocP,
        mut ClauseDbP,
        mut EnumerationP,
        mut ImplGraphP,
        mut ProofP<'a>,
        mut SimplifyScheduleP,
        mut SolverStateP,
        mut TmpFlagsP,
        mut TrailP,
        mut VariablesP,
        mut VsidsP,
        mut WatchlistsP,
    ),
) -> Result<(), FoundConflict> {
    loop {
        let propagation_result = propagate(ctx.borrow());

        let new_unit = prove_units(ctx.borrow());

        // satpuz: the height up to which the trail is free of conflicts, for target and best
        // phases (`crate::decision::phases`).
        if ctx.part(AssignmentP).phases.tracking() {
            let trail = ctx.part(TrailP);
            let height = if propagation_result.is_ok() {
                trail.height()
            } else {
                trail.current_level_height()
            };
            ctx.part_mut(AssignmentP)
                .phases
                .note_no_conflict_until(height);
        }

        propagation_result?;

        // satpuz: not after every new unit (`crate::unit_simplify::SimplifySchedule`).
        if unit_simplify_due(ctx.borrow(), new_unit) {
            unit_simplify(ctx.borrow());
        }

        match enqueue_assumption(ctx.borrow()) {
            EnqueueAssumption::Enqueued => continue,
            EnqueueAssumption::Conflict => return Err(FoundConflict::Assumption),
            EnqueueAssumption::Done => (),
        }

        if ctx.part(EnumerationP).active {
            if let Replayed::Step = replay_decision(ctx.borrow()) {
                if ctx.part(SolverStateP).sat_state != SatState::Unknown {
                    return Err(FoundConflict::Enumerated);
                }
                continue;
            }
        }

        if !make_decision(ctx.borrow()) {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use proptest::prelude::*;

    use partial_ref::IntoPartialRefMut;

    use varisat_formula::{
        cnf_formula,
        test::{sat_formula, sgen_unsat_formula},
    };

    use crate::{load::load_clause, state::SatState};

    #[test]
    fn level_0_unsat() {
        let mut ctx = Context::default();
        let mut ctx = ctx.into_partial_ref_mut();

        let formula = cnf_formula![
            1, 2, 3;
            -1;
            1, -2;
            2, -3;
        ];

        for clause in formula.iter() {
            load_clause(ctx.borrow(), clause);
        }

        while ctx.part(SolverStateP).sat_state == SatState::Unknown {
            conflict_step(ctx.borrow());
        }

        assert_eq!(ctx.part(SolverStateP).sat_state, SatState::Unsat);
    }

    proptest! {
        #[test]
        fn sgen_unsat(formula in sgen_unsat_formula(1..7usize)) {
            let mut ctx = Context::default();
            let mut ctx = ctx.into_partial_ref_mut();

            for clause in formula.iter() {
                load_clause(ctx.borrow(), clause);
            }

            while ctx.part(SolverStateP).sat_state == SatState::Unknown {
                conflict_step(ctx.borrow());
            }

            prop_assert_eq!(ctx.part(SolverStateP).sat_state, SatState::Unsat);
        }

        #[test]
        fn sat(formula in sat_formula(4..20usize, 10..100usize, 0.05..0.2, 0.9..1.0)) {
            let mut ctx = Context::default();
            let mut ctx = ctx.into_partial_ref_mut();

            for clause in formula.iter() {
                load_clause(ctx.borrow(), clause);
            }

            while ctx.part(SolverStateP).sat_state == SatState::Unknown {
                conflict_step(ctx.borrow());
            }

            prop_assert_eq!(ctx.part(SolverStateP).sat_state, SatState::Sat);

            for clause in formula.iter() {
                prop_assert!(clause.iter().any(|&lit| ctx.part(ModelP).lit_is_true(
                    lit.map_var(|user_var| ctx
                        .part(VariablesP)
                        .global_from_user()
                        .get(user_var)
                        .expect("no existing global var for user var"))
                )));
            }
        }

        #[test]
        fn sgen_unsat_incremetal_clauses(formula in sgen_unsat_formula(1..7usize)) {
            let mut ctx = Context::default();
            let mut ctx = ctx.into_partial_ref_mut();

            let mut last_state = SatState::Sat;

            for clause in formula.iter() {
                load_clause(ctx.borrow(), clause);
                while ctx.part(SolverStateP).sat_state == SatState::Unknown {
                    conflict_step(ctx.borrow());
                }

                if ctx.part(SolverStateP).sat_state != last_state {
                    prop_assert_eq!(ctx.part(SolverStateP).sat_state, SatState::Unsat);
                    prop_assert_eq!(last_state, SatState::Sat);
                    last_state = ctx.part(SolverStateP).sat_state;
                }
            }

            prop_assert_eq!(last_state, SatState::Unsat);
        }
    }
}
