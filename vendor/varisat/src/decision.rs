//! Decision heuristics.

use partial_ref::{partial, PartialRef};

use varisat_formula::{Lit, Var};

use crate::{
    context::{parts::*, Context},
    prop::{enqueue_assignment, Reason},
};

pub mod learning_rate;
pub mod phases;
pub mod vsids;

/// Make a decision and enqueue it.
///
/// Returns `false` if no decision was made because all variables are assigned.
pub fn make_decision(
    mut ctx: partial!(
        Context,
        mut AssignmentP,
        mut ImplGraphP,
        mut TrailP,
        mut VsidsP
    ),
) -> bool {
    let (vsids, mut ctx) = ctx.split_part_mut(VsidsP);

    // satpuz: a random decision where one is due and its variable is free (PATCHES.md, the
    // ninth change); it stays in the heap, which drops it once it reaches the top assigned.
    let random = vsids
        .random_decision()
        .filter(|&(var, _)| ctx.part(AssignmentP).var_value(var).is_none());
    let chosen = random.or_else(|| {
        vsids
            .next_free(|var| ctx.part(AssignmentP).var_value(var).is_none())
            .map(|var| (var, None))
    });
    if let Some((decision_var, phase)) = chosen {
        let phase = phase.unwrap_or_else(|| ctx.part(AssignmentP).decision_phase(decision_var));
        let decision = decision_var.lit(phase);

        ctx.part_mut(TrailP).new_decision_level();

        enqueue_assignment(ctx.borrow(), decision, Reason::Unit);

        true
    } else {
        false
    }
}

/// satpuz: a backtrack unassigns `lits`, assigned at trail heights from `start` up (the
/// learning-rate scores are updated then; PATCHES.md).
pub fn unassign(mut ctx: partial!(Context, mut VsidsP), lits: &[Lit], start: usize) {
    ctx.part_mut(VsidsP)
        .unassign(lits.iter().map(|lit| lit.var()), start);
}

/// Make a variable available for decisions.
pub fn make_available(mut ctx: partial!(Context, mut VsidsP), var: Var) {
    ctx.part_mut(VsidsP).make_available(var);
}

/// Initialize decision heuristics for a new variable.
pub fn initialize_var(mut ctx: partial!(Context, mut VsidsP), var: Var, available: bool) {
    ctx.part_mut(VsidsP).reset(var);

    if available {
        make_available(ctx.borrow(), var);
    }
}

/// Remove a variable from the decision heuristics.
pub fn remove_var(mut ctx: partial!(Context, mut VsidsP), var: Var) {
    ctx.part_mut(VsidsP).make_unavailable(var);
}
