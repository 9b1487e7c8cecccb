//! Solver configuration.
use varisat_internal_macros::{ConfigUpdate, DocDefault};

/// Configurable parameters used during solving.
#[derive(DocDefault, ConfigUpdate)]
pub struct SolverConfig {
    /// Multiplicative decay for the VSIDS decision heuristic.
    ///
    /// [default: 0.95]  [range: 0.5..1.0]
    pub vsids_decay: f32,

    /// Multiplicative decay for clause activities.
    ///
    /// [default: 0.999]  [range: 0.5..1.0]
    pub clause_activity_decay: f32,

    /// Number of conflicts between local clause reductions.
    ///
    /// [default: 15000]  [range: 1..]
    pub reduce_locals_interval: u64,

    /// Number of conflicts between mid clause reductions.
    ///
    /// [default: 10000]  [range: 1..]
    pub reduce_mids_interval: u64,

    /// Scaling factor for luby sequence based restarts (number of conflicts).
    ///
    /// [default: 128]  [range: 1..]
    pub luby_restart_interval_scale: u64,

    /// Shrink learned clauses: replace the literals of a lower decision level by one literal
    /// of that level that implies them (Fleury and Biere, SAT 2021).
    ///
    /// [default: true]
    pub shrink_learnt_clauses: bool,

    /// Remove the clauses satisfied by units and their false literals (unit simplification)
    /// only once the assignments propagated since the last removal reach the size of the
    /// clause database, as MiniSat's `simplify` does, instead of after every new unit. Off by
    /// default: it changes the search's path and won nowhere beyond that noise (PATCHES.md).
    ///
    /// [default: false]
    pub throttle_unit_simplify: bool,

    /// Decide each variable's value in the largest conflict-free trail since the last
    /// rephasing, where it was on it, instead of its last value (CaDiCaL's and Kissat's target
    /// phases; PATCHES.md).
    ///
    /// [default: false]
    pub target_phases: bool,

    /// Conflicts until the first rephasing (the saved phases replaced by all false, all true,
    /// then the best phases, all false, the best, all true, and so on), each next interval
    /// longer by as much; 0 never rephases (PATCHES.md).
    ///
    /// [default: 0]
    pub rephase_interval: u64,

    /// Restart when the glue of the clauses learnt lately exceeds its long-run average by a
    /// tenth (Glucose's and CaDiCaL's focused mode) instead of on the Luby sequence (PATCHES.md).
    ///
    /// [default: false]
    pub glue_restarts: bool,

    /// With glue restarts: conflicts of the first focused mode, after which the search
    /// alternates stable mode (Luby restarts, target phases) and focused mode, each twice as
    /// long as the one before; 0 stays focused (PATCHES.md).
    ///
    /// [default: 0]
    pub mode_switch_interval: u64,

    /// Vivify the learnt clauses of the core and mid tiers, each once: after a reduction of
    /// the mid tier, at the next restart, each clause's literals are assigned false one by one
    /// (the clause itself ignored) and propagated, and the clause is cut to the literals a
    /// conflict or a true literal shows needed (Luo et al., IJCAI 2017; PATCHES.md).
    ///
    /// [default: false]
    pub vivify_learnt_clauses: bool,

    /// Propagations one round of vivification may take, in thousandths of the search's
    /// propagations since the round before.
    ///
    /// [default: 100]  [range: 1..]
    pub vivify_effort: u64,

    /// Unit simplification keeps the watch lists: it drops the watches of the clauses it
    /// removes and leaves every other watch where it is, instead of rebuilding every list in
    /// clause order, so the search goes on as if the removed clauses and literals had stayed
    /// (PATCHES.md).
    ///
    /// [default: false]
    pub unit_simplify_in_place: bool,

    /// Decisions in a thousand taken on a variable drawn at random from those not yet decided
    /// instead of the most active one (MiniSat's `random_var_freq`), from a fixed seed so that
    /// every search stays reproducible; 0 never (PATCHES.md).
    ///
    /// [default: 0]  [range: 0..=1000]
    pub random_decision_permille: u64,

    /// Random decisions take a random value instead of the variable's saved phase.
    ///
    /// [default: false]
    pub random_decision_phases: bool,

    /// The VSIDS decay starts at 0.8 and rises by 0.01 every 5000 conflicts up to
    /// `vsids_decay` (Glucose's; PATCHES.md).
    ///
    /// [default: false]
    pub vsids_decay_ramp: bool,

    /// Decide the variable of the highest learning rate instead of the most active one
    /// (learning-rate branching, LRB: the share of the conflicts while a variable was assigned
    /// whose analysis it took part in, averaged; Liang et al., SAT 2016; PATCHES.md). Switched
    /// off between solves, VSIDS takes over with activities kept up to date all along.
    ///
    /// [default: false]
    pub learning_rate_branching: bool,

    /// Keep a copy of every learnt clause of at most this many literals, in user variables,
    /// for [`Solver::take_exported_clauses`](crate::Solver::take_exported_clauses) (clause
    /// sharing between solvers of one formula); 0 keeps none (PATCHES.md).
    ///
    /// [default: 0]
    pub export_learnt_max_len: u64,

    /// Also keep a copy of every learnt clause of at most this glue (the decision levels of its
    /// literals but the asserting one's, as the clause database counts it); 0 keeps none.
    ///
    /// [default: 0]
    pub export_learnt_max_glue: u64,
}
