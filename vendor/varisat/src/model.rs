//! Global model reconstruction

use partial_ref::{partial, PartialRef};

use varisat_formula::{Lit, Var};
use varisat_internal_proof::ProofStep;

use crate::{
    context::{parts::*, Context},
    proof,
    prop::Assignment,
    state::SatState,
    variables::Variables,
};

/// Global model reconstruction
#[derive(Default)]
pub struct Model {
    /// Assignment of the global model.
    ///
    /// Whenever the solver state is SAT this must be up to date, unless `in_trail` is set.
    assignment: Vec<Option<bool>>,
    /// satpuz: the model was not copied here; it is the solver's assignment, which stays as it
    /// is while the state is SAT (a projected enumeration: [`model_found_in_trail`]).
    in_trail: bool,
}

impl Model {
    /// Assignment of the global model.
    ///
    /// Only valid if the solver state is SAT.
    pub fn assignment(&self) -> &[Option<bool>] {
        debug_assert!(!self.in_trail);
        &self.assignment
    }

    /// satpuz: the model's value of a global variable, copied or read from the assignment.
    ///
    /// Only valid if the solver state is SAT.
    pub fn value(
        &self,
        variables: &Variables,
        assignment: &Assignment,
        global_var: Var,
    ) -> Option<bool> {
        if self.in_trail {
            global_value(variables, assignment, global_var)
        } else {
            self.assignment[global_var.index()]
        }
    }

    /// Whether a given global literal is true in the model assignment.
    ///
    /// Only valid if the solver state is SAT.
    pub fn lit_is_true(&self, global_lit: Lit) -> bool {
        self.assignment[global_lit.index()] == Some(global_lit.is_positive())
    }
}

pub fn reconstruct_global_model<'a>(
    mut ctx: partial!(
        Context<'a>,
        mut ModelP,
        mut ProofP<'a>,
        mut SolverStateP,
        mut TmpDataP,
        AssignmentP,
        VariablesP
    ),
) {
    let (variables, mut ctx) = ctx.split_part(VariablesP);
    let (model, mut ctx) = ctx.split_part_mut(ModelP);
    let (tmp, mut ctx) = ctx.split_part_mut(TmpDataP);

    let models_in_proof = ctx.part(ProofP).models_in_proof();

    tmp.lits.clear();

    model.assignment.clear();
    model.assignment.resize(variables.global_watermark(), None);

    model.in_trail = false;
    for global_var in variables.global_var_iter() {
        let value = global_value(variables, ctx.part(AssignmentP), global_var);

        model.assignment[global_var.index()] = value;

        if models_in_proof {
            if let Some(value) = value {
                tmp.lits.push(global_var.lit(value))
            }
        }
    }

    if models_in_proof {
        proof::add_step(
            ctx.borrow(),
            false,
            &ProofStep::Model {
                assignment: &tmp.lits,
            },
        );
    }
    ctx.part_mut(SolverStateP).sat_state = SatState::Sat;
}

/// The value of a global variable in the current assignment (a variable the solver dropped
/// keeps its unit value, or false).
fn global_value(variables: &Variables, assignment: &Assignment, global_var: Var) -> Option<bool> {
    if let Some(solver_var) = variables.solver_from_global().get(global_var) {
        assignment.var_value(solver_var)
    } else {
        Some(variables.var_data_global(global_var).unit.unwrap_or(false))
    }
}

/// satpuz: a model was found in a projected enumeration (`crate::enumerate`) whose proof, if
/// any, takes no models: the state is SAT without a copy of the model. The enumeration reads
/// no model, and the next `solve()` call moves on from this one at once; whoever does read it
/// reads the assignment, which nothing changes while the state is SAT.
pub fn model_found_in_trail(mut ctx: partial!(Context, mut ModelP, mut SolverStateP)) {
    ctx.part_mut(ModelP).in_trail = true;
    ctx.part_mut(SolverStateP).sat_state = SatState::Sat;
}
