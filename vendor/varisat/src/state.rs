//! Miscellaneous solver state.
use crate::solver::SolverError;

/// Satisfiability state.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum SatState {
    Unknown,
    Sat,
    Unsat,
    UnsatUnderAssumptions,
}

impl Default for SatState {
    fn default() -> SatState {
        SatState::Unknown
    }
}

/// Miscellaneous solver state.
///
/// Anything larger or any larger group of related state variables should be moved into a separate
/// part of [`Context`](crate::context::Context).
pub struct SolverState {
    pub sat_state: SatState,
    pub formula_is_empty: bool,
    /// Whether solve was called at least once.
    pub solver_invoked: bool,
    pub state_is_invalid: bool,
    pub solver_error: Option<SolverError>,
    /// satpuz: learnt clauses up to this length are copied to `exported_clauses`
    /// (`SolverConfig::export_learnt_max_len`; 0: none).
    pub export_learnt_max_len: usize,
    /// satpuz: and learnt clauses of at most this glue (`SolverConfig::export_learnt_max_glue`).
    pub export_learnt_max_glue: usize,
    /// satpuz: the learnt clauses copied since the user last took them, in user literals.
    pub exported_clauses: Vec<Vec<varisat_formula::Lit>>,
}

impl Default for SolverState {
    fn default() -> SolverState {
        SolverState {
            sat_state: SatState::Unknown,
            formula_is_empty: true,
            solver_invoked: false,
            state_is_invalid: false,
            solver_error: None,
            export_learnt_max_len: 0,
            export_learnt_max_glue: 0,
            exported_clauses: Vec::new(),
        }
    }
}
