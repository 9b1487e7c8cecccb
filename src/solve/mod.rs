//! Solver backends, enumeration with projected blocking clauses, and uniqueness.

#[cfg(all(feature = "cadical", feature = "kissat"))]
compile_error!(
    "the cargo features `cadical` and `kissat` cannot be built together: both crates vendor \
     kissat's `kitten` and the link fails on its duplicate symbols; choose one"
);
#[cfg(feature = "cadical")]
pub mod cadical;
pub mod cases;
pub mod components;
pub(crate) mod cores;
pub mod difficulty;
pub mod enumerate;
pub mod explain;
pub mod external;
pub(crate) mod forced;
pub(crate) mod hitting;
#[cfg(feature = "kissat")]
pub mod kissat;
pub(crate) mod local;
pub mod parallel;
pub mod proof;
pub(crate) mod propagate;
pub(crate) mod refuters;
pub(crate) mod renewal;
pub(crate) mod rounds;
pub(crate) mod session;
pub mod split;
pub mod stats;
pub(crate) mod stepper;
pub mod steps;
pub mod stop;
pub(crate) mod subset;
pub(crate) mod uses;
pub(crate) mod witness;

use std::ops::ControlFlow;

use varisat::ExtendFormula;

use crate::cnf::{Cnf, Lit, Var};

pub use session::{Deletion, Direction, Narrowing, NoWitnesses, Role, Session, Witnesses};
pub use subset::{CutOrder, Growth, grow, minimal_unique_subset};

/// Errors a solver can report.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// The solver itself failed (varisat's error, or a proof it could not write).
    #[error("solver failed: {0}")]
    Solver(String),
    /// The search was stopped by the stop condition bound to it ([`stop::Stop::bound_solves`]:
    /// a time limit, `--timeout` or Ctrl-C) before it found a verdict.
    #[error("the solver was stopped before it reached a verdict")]
    Stopped,
    /// A solver with a budget spent it: the grid generator's, counted in learnt clauses, or
    /// an explanation's conflicts per question ([`stop::ConflictBudget`]).
    #[error("the solver gave up: its budget is spent")]
    OverBudget,
    /// An external solver could not be started, or its files not written or read.
    #[error("could not run external solver `{cmd}`: {source}")]
    Spawn {
        /// The solver's command.
        cmd: String,
        /// The I/O error (not found, permission, a file that could not be written or read).
        source: std::io::Error,
    },
    /// An external solver ran but its output held no usable verdict.
    #[error("external solver `{cmd}` gave no verdict: {detail}")]
    External {
        /// The solver's command.
        cmd: String,
        /// What was wrong with its output.
        detail: String,
    },
    /// A solver asked for a DRAT proof that it cannot write.
    #[error(
        "`{cmd}` writes no DRAT proof here: say --solver varisat or cadical, or name a program \
         that writes one as cmd:\"PROGRAM ARGS {{proof}}\" (e.g. cmd:\"kissat -q {{in}} {{proof}}\")"
    )]
    NoProof {
        /// The solver's name.
        cmd: String,
    },
    /// An external solver that is not on the PATH.
    #[error(
        "external solver `{cmd}` is not on the PATH (install it, or name its path with --solver cmd:\"PATH\")"
    )]
    NotFound {
        /// The solver's command.
        cmd: String,
    },
    /// A count beyond `u64::MAX` (18446744073709551615).
    #[error(
        "more than 18446744073709551615 solutions: too many to count exactly (--limit N counts \
         up to N)"
    )]
    TooMany,
}

/// A SAT solver that takes clauses incrementally and solves under assumptions.
pub trait Backend {
    /// Adds a clause for good (variables are created as the clauses mention them).
    fn add_clause(&mut self, lits: &[Lit]);
    /// Satisfiable under the assumptions?
    fn solve(&mut self, assumptions: &[Lit]) -> Result<bool, SolveError>;
    /// After a SAT answer: the value of every variable `0..num_vars`.
    fn model(&self, num_vars: u32) -> Vec<bool>;
    /// After an UNSAT answer under assumptions: a subset of them that is already UNSAT.
    fn failed_assumptions(&self) -> Vec<Lit>;

    /// Adds every clause of `cnf`.
    fn add_cnf(&mut self, cnf: &Cnf) {
        for cl in cnf.clauses.iter() {
            self.add_clause(cl);
        }
    }
}

/// A borrowed backend is a backend (a wrapper such as Hooks' lazy connectivity can take one).
impl<B: Backend + ?Sized> Backend for &mut B {
    fn add_clause(&mut self, lits: &[Lit]) {
        (**self).add_clause(lits);
    }
    fn solve(&mut self, assumptions: &[Lit]) -> Result<bool, SolveError> {
        (**self).solve(assumptions)
    }
    fn model(&self, num_vars: u32) -> Vec<bool> {
        (**self).model(num_vars)
    }
    fn failed_assumptions(&self) -> Vec<Lit> {
        (**self).failed_assumptions()
    }
}

/// Search settings that differ from varisat's defaults, chosen for a puzzle family by
/// measurement ([`Varisat::with_cnf_tuned`]). They change the path of the search, never a
/// verdict or a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tuning {
    /// Conflicts between two reductions of the clauses learnt lately (varisat's "local" tier,
    /// half of which each reduction deletes); varisat's default is 15000.
    pub reduce_locals_interval: std::num::NonZeroU64,
    /// Shrink learned clauses (`vendor/varisat/PATCHES.md`); on by default, as in CaDiCaL.
    pub shrink_learnt_clauses: bool,
    /// Decisions in a thousand taken on a random variable, from a fixed seed (0: none; the
    /// ninth change of `vendor/varisat/PATCHES.md`).
    pub random_decision_permille: u64,
    /// Random decisions take a random value instead of the variable's saved phase.
    pub random_decision_phases: bool,
    /// The VSIDS decay rises from 0.8 to varisat's 0.95 over the first 75,000 conflicts, as in
    /// Glucose (the tenth change of `vendor/varisat/PATCHES.md`).
    pub vsids_decay_ramp: bool,
    /// How decisions pick their variable (`vendor/varisat/PATCHES.md`, learning-rate branching).
    pub branching: Branching,
}

/// How varisat picks a decision's variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Branching {
    /// The most active variable (VSIDS), varisat's default.
    Vsids,
    /// The variable of the highest learning rate (LRB) until a solve finds a model, VSIDS from
    /// then on: learning rates are known to find models sooner, and a count's solves after its
    /// first answer mostly refute.
    LearningRateUntilModel,
    /// The variable of the highest learning rate, in every solve.
    LearningRate,
}

/// The embedded default: varisat, pure Rust.
pub struct Varisat {
    solver: varisat::Solver<'static>,
    buf: Vec<varisat::Lit>,
    /// Some solve had assumptions (a later solve without must clear them).
    assumed: bool,
    /// Learning-rate branching is on until a solve finds a model ([`Branching`]).
    vsids_after_model: bool,
}

impl Default for Varisat {
    fn default() -> Self {
        Self::new()
    }
}

impl Varisat {
    /// A solver that obeys the stop condition bound to this thread, if any
    /// ([`stop::Stop::bound_solves`]).
    pub(crate) fn new() -> Self {
        Varisat {
            solver: bounded_varisat(),
            buf: Vec::new(),
            assumed: false,
            vsids_after_model: false,
        }
    }

    /// A solver that searches as varisat 0.2.2 does as published, its learned clauses not
    /// shrunk (`vendor/varisat/PATCHES.md`): for a search whose path decides an output that
    /// must stay the same from one version of satpuz to the next (the grid generator's puzzles
    /// and its learning budget; explanations, difficulty ratings and hints:
    /// [`Session::unshrunk`]), and for Hooks, measured faster so (`hooks_solver`).
    pub(crate) fn unshrunk() -> Self {
        let mut s = Self::new();
        let mut update = varisat::config::SolverConfigUpdate::new();
        update.shrink_learnt_clauses = Some(false);
        // varisat refuses only values out of range, and a switch has no range.
        s.solver
            .config(&update)
            .expect("a switch is in varisat's range");
        s
    }

    /// [`Varisat::unshrunk`] with glue restarts, target phases and stable and focused modes
    /// switching every 1000 conflicts at first (vendor/varisat/PATCHES.md, the sixth change):
    /// the Hooks solver, measured faster over the series (docs/hooks.md).
    pub(crate) fn unshrunk_switching_modes() -> Self {
        let mut s = Self::unshrunk();
        let mut update = varisat::config::SolverConfigUpdate::new();
        update.glue_restarts = Some(true);
        update.target_phases = Some(true);
        update.mode_switch_interval = Some(1000);
        // varisat refuses only values out of range, and switches have none.
        s.solver
            .config(&update)
            .expect("switches are in varisat's range");
        s
    }

    /// Makes every later solve also stop (with [`SolveError::Stopped`]) once `budget` is
    /// spent, besides when the stop condition bound to this thread says so.
    pub(crate) fn obey(&mut self, budget: stop::ConflictBudget) {
        let mut polled = stop::bound().map(|s| s.polled());
        self.solver.set_interrupt(move || {
            budget.spend() || polled.as_mut().is_some_and(|p| p.should_stop())
        });
    }

    /// A solver loaded with the formula.
    pub fn with_cnf(cnf: &Cnf) -> Self {
        let mut s = Self::new();
        s.add_cnf(cnf);
        s
    }

    /// A solver searching with `tuning` instead of varisat's defaults, loaded with the formula.
    pub fn with_cnf_tuned(cnf: &Cnf, tuning: Tuning) -> Self {
        let mut s = Self::new();
        let mut update = varisat::config::SolverConfigUpdate::new();
        update.reduce_locals_interval = Some(tuning.reduce_locals_interval.get());
        update.shrink_learnt_clauses = Some(tuning.shrink_learnt_clauses);
        update.random_decision_permille = Some(tuning.random_decision_permille);
        update.random_decision_phases = Some(tuning.random_decision_phases);
        update.vsids_decay_ramp = Some(tuning.vsids_decay_ramp);
        update.learning_rate_branching = Some(tuning.branching != Branching::Vsids);
        s.vsids_after_model = tuning.branching == Branching::LearningRateUntilModel;
        // varisat refuses only values out of range: a nonzero interval is in range, and so is
        // a frequency up to 1000 in a thousand.
        s.solver
            .config(&update)
            .expect("a nonzero interval and a frequency up to 1000 are in varisat's range");
        s.add_cnf(cnf);
        s
    }

    /// A solver that gives up (with [`SolveError::OverBudget`]) once its search has learnt
    /// more than `budget` clauses, counted in the binary DRAT proof it writes to nowhere: a
    /// limit that falls at the same place on every machine, unlike a time limit. For one solve
    /// without assumptions (varisat's DRAT writer takes neither assumptions nor clauses added
    /// after a solve). Unshrunk ([`Varisat::unshrunk`]), so a budget falls where it fell
    /// before learned clauses were shrunk.
    pub(crate) fn with_learning_budget(budget: u64) -> Self {
        let mut s = Self::unshrunk();
        s.solver.write_proof(
            LearntClauses {
                learnt: 0,
                budget,
                in_step: false,
            },
            varisat::ProofFormat::BinaryDrat,
        );
        s
    }
}

/// Counts the clauses a binary DRAT proof adds (its `a` steps; each step ends with a zero
/// byte, which no literal's bytes contain) and fails the write past the budget.
struct LearntClauses {
    learnt: u64,
    budget: u64,
    /// Inside a step (after its `a` or `d`, before its closing zero).
    in_step: bool,
}

/// The write error that stops an over-budget search, recognised by its type when varisat hands
/// it back (not by its message).
#[derive(Debug)]
struct OverBudget;

impl std::fmt::Display for OverBudget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("learning budget spent")
    }
}

impl std::error::Error for OverBudget {}

impl std::io::Write for LearntClauses {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        for &b in buf {
            if !self.in_step {
                self.learnt += u64::from(b == b'a');
                self.in_step = true;
            } else if b == 0 {
                self.in_step = false;
            }
        }
        if self.learnt > self.budget {
            return Err(std::io::Error::other(OverBudget));
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A varisat solver that obeys the stop condition bound to this thread, if any
/// ([`stop::Stop::bound_solves`]): every one satpuz makes is made here.
fn bounded_varisat<'a>() -> varisat::Solver<'a> {
    let mut solver = varisat::Solver::new();
    if let Some(stop) = stop::bound() {
        let mut polled = stop.polled();
        solver.set_interrupt(move || polled.should_stop());
    }
    solver
}

fn to_varisat(l: Lit) -> varisat::Lit {
    varisat::Lit::from_index(l.var().idx(), !l.is_neg())
}

fn from_varisat(l: varisat::Lit) -> Lit {
    Lit::new(l.index() as u32, !l.is_positive())
}

impl Backend for Varisat {
    fn add_clause(&mut self, lits: &[Lit]) {
        self.buf.clear();
        self.buf.extend(lits.iter().map(|&l| to_varisat(l)));
        self.solver.add_clause(&self.buf);
    }

    fn solve(&mut self, assumptions: &[Lit]) -> Result<bool, SolveError> {
        self.buf.clear();
        self.buf.extend(assumptions.iter().map(|&l| to_varisat(l)));
        // No assumptions ever: no assumption step either (a solver writing DRAT takes none).
        if self.assumed || !self.buf.is_empty() {
            self.solver.assume(&self.buf);
            self.assumed = true;
        }
        let start = std::time::Instant::now();
        let verdict = self.solve_unrecorded();
        stats::record(start, verdict.as_ref().ok().copied());
        if self.vsids_after_model && matches!(verdict, Ok(true)) {
            self.vsids_after_model = false;
            let mut update = varisat::config::SolverConfigUpdate::new();
            update.learning_rate_branching = Some(false);
            // A switch has no range for varisat to refuse.
            self.solver
                .config(&update)
                .expect("a switch is in varisat's range");
        }
        verdict
    }

    fn model(&self, num_vars: u32) -> Vec<bool> {
        let mut values = vec![false; num_vars as usize];
        for l in self.solver.model().unwrap_or_default() {
            if let Some(v) = values.get_mut(l.index()) {
                *v = l.is_positive();
            }
        }
        values
    }

    fn failed_assumptions(&self) -> Vec<Lit> {
        self.solver
            .failed_core()
            .unwrap_or_default()
            .iter()
            .map(|&l| from_varisat(l))
            .collect()
    }
}

impl Varisat {
    /// One solve under the assumptions set before, not recorded in [`stats`]: for a caller
    /// whose calls are too short to time one by one, which records them in one sum
    /// ([`stats::record_calls`]).
    pub(crate) fn solve_unrecorded(&mut self) -> Result<bool, SolveError> {
        self.solver.solve().map_err(|e| match e {
            varisat::solver::SolverError::ProofIoError { cause }
                if cause.get_ref().is_some_and(|e| e.is::<OverBudget>()) =>
            {
                SolveError::OverBudget
            }
            varisat::solver::SolverError::Interrupted => SolveError::Stopped,
            e => SolveError::Solver(e.to_string()),
        })
    }

    /// From now on, keeps a copy of every clause this solver learns of at most `max_len`
    /// literals or at most `max_glue` glue, for [`Varisat::take_learnt`]; 0 keeps none (the
    /// default). For solvers of one formula on several threads that share what they learn
    /// (vendor/varisat/PATCHES.md, the learnt-clause export).
    pub(crate) fn export_learnt(&mut self, max_len: u64, max_glue: u64) {
        let mut update = varisat::config::SolverConfigUpdate::new();
        update.export_learnt_max_len = Some(max_len);
        update.export_learnt_max_glue = Some(max_glue);
        // varisat refuses only values out of range, and this one has none.
        self.solver
            .config(&update)
            .expect("a length is in varisat's range");
    }

    /// The clauses learnt since the last call that [`Varisat::export_learnt`] keeps, each
    /// implied by the clauses this solver was given.
    pub(crate) fn take_learnt(&mut self) -> Vec<Vec<Lit>> {
        self.solver
            .take_exported_clauses()
            .into_iter()
            .map(|clause| clause.into_iter().map(from_varisat).collect())
            .collect()
    }
}

/// The variables a count projects onto (the primary ones, or every variable when the formula
/// names none), and whether they are one-hot (then a blocking clause needs only the true ones).
pub(crate) fn projection(cnf: &Cnf) -> (Vec<Var>, bool) {
    if cnf.primary.is_empty() {
        ((0..cnf.num_vars()).map(Var::new).collect(), false)
    } else {
        (cnf.primary.clone(), cnf.primary_one_hot)
    }
}

/// The clause that forbids the projection of `model` onto `primary`.
pub fn blocking_clause(primary: &[Var], one_hot: bool, model: &[bool]) -> Vec<Lit> {
    blocking_clause_by(primary, one_hot, |v| model[v.idx()])
}

/// [`blocking_clause`] for a model given by each variable's `value`.
pub(crate) fn blocking_clause_by(
    primary: &[Var],
    one_hot: bool,
    value: impl Fn(Var) -> bool,
) -> Vec<Lit> {
    primary
        .iter()
        .filter(|&&v| !one_hot || value(v))
        .map(|&v| if value(v) { v.neg_lit() } else { v.pos_lit() })
        .collect()
}

/// Enumerates the distinct projections of the formula's models onto its primary variables
/// (all variables when it names none), calling `on_model` with each full model, until there are
/// no more, `limit` were found, or `on_model` breaks. Returns how many were found.
///
/// The blocking clauses are guarded by a fresh activation literal that is switched off at the
/// end, so the backend stays usable for the formula itself.
pub fn enumerate(
    cnf: &mut Cnf,
    backend: &mut dyn Backend,
    limit: Option<u64>,
    mut on_model: impl FnMut(&[bool]) -> ControlFlow<()>,
) -> Result<u64, SolveError> {
    let (primary, one_hot) = projection(cnf);
    let act = cnf.vars.fresh().pos_lit();
    let mut found = 0u64;
    while limit.is_none_or(|l| found < l) && backend.solve(&[act])? {
        let model = backend.model(cnf.num_vars());
        found += 1;
        if on_model(&model).is_break() {
            break;
        }
        let mut clause = blocking_clause(&primary, one_hot, &model);
        clause.push(!act);
        backend.add_clause(&clause);
    }
    backend.add_clause(&[!act]);
    Ok(found)
}

/// What a solve-with-uniqueness-check found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// No solution at all.
    Unsat,
    /// One solution; the formula with its blocking clause is UNSAT.
    Unique(Vec<bool>),
    /// At least two distinct solutions (projected); the first two.
    Multiple(Vec<bool>, Vec<bool>),
}

impl Verdict {
    /// The verdict on the first (at most two) distinct projected models found.
    pub(crate) fn of_first_two(models: Vec<Vec<bool>>) -> Verdict {
        let mut it = models.into_iter();
        match (it.next(), it.next()) {
            (None, _) => Verdict::Unsat,
            (Some(a), None) => Verdict::Unique(a),
            (Some(a), Some(b)) => Verdict::Multiple(a, b),
        }
    }
}

/// Solves and proves (or refutes) uniqueness of the projected answer.
pub fn solve_unique(cnf: &mut Cnf, backend: &mut dyn Backend) -> Result<Verdict, SolveError> {
    let mut models = Vec::with_capacity(2);
    enumerate(cnf, backend, Some(2), |m| {
        models.push(m.to_vec());
        ControlFlow::Continue(())
    })?;
    Ok(Verdict::of_first_two(models))
}

/// Counts projected models with a fresh varisat solver.
pub fn count(cnf: &mut Cnf, limit: Option<u64>) -> Result<u64, SolveError> {
    let mut backend = Varisat::with_cnf(cnf);
    enumerate(cnf, &mut backend, limit, |_| ControlFlow::Continue(()))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::cnf::ClauseSink;

    /// `holes + 1` pigeons in `holes` holes: UNSAT, and no proof without learning. Each
    /// pigeon's clause first, then the pairs sharing a hole, hole by hole.
    pub(crate) fn pigeonhole(holes: usize) -> Cnf {
        pigeons(holes + 1, holes)
    }

    /// Each pigeon in some hole, no two in one.
    fn pigeons(pigeons: usize, holes: usize) -> Cnf {
        let mut cnf = Cnf::new();
        let x: Vec<Vec<Lit>> = (0..pigeons)
            .map(|_| (0..holes).map(|_| cnf.fresh_lit()).collect())
            .collect();
        for p in &x {
            cnf.add_clause(p);
        }
        for h in 0..holes {
            for (a, pa) in x.iter().enumerate() {
                for pb in &x[a + 1..] {
                    cnf.add_clause(&[!pa[h], !pb[h]]);
                }
            }
        }
        cnf
    }

    #[test]
    fn a_tuned_solver_reducing_at_every_conflict_and_deciding_at_random_keeps_every_verdict_and_count()
     {
        // An interval of 1 reduces the local clauses at every conflict, and every decision is
        // random: the harshest tuning.
        let harsh = Tuning {
            reduce_locals_interval: std::num::NonZeroU64::MIN,
            shrink_learnt_clauses: true,
            random_decision_permille: 1000,
            random_decision_phases: true,
            vsids_decay_ramp: true,
            branching: Branching::LearningRateUntilModel,
        };
        let refuted = pigeonhole(7);
        assert!(!Varisat::with_cnf_tuned(&refuted, harsh).solve(&[]).unwrap());
        // Six pigeons in six holes: 6! arrangements, counted with blocking clauses.
        let mut cnf = pigeons(6, 6);
        let mut tuned = Varisat::with_cnf_tuned(&cnf, harsh);
        let tuned_count = enumerate(&mut cnf.clone(), &mut tuned, None, |_| {
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(tuned_count, 720);
        assert_eq!(count(&mut cnf, None).unwrap(), 720);
    }

    fn budgeted(cnf: &Cnf, budget: u64) -> Result<bool, SolveError> {
        let mut solver = Varisat::with_learning_budget(budget);
        solver.add_cnf(cnf);
        solver.solve(&[])
    }

    #[test]
    fn a_solve_over_its_budget_is_counted_without_a_verdict_not_as_unsat() {
        let before = stats::snapshot();
        assert!(matches!(
            budgeted(&pigeonhole(7), 10),
            Err(SolveError::OverBudget)
        ));
        let after = stats::snapshot();
        // Other tests may solve, and give up, at the same time: ours is among those counted.
        assert!(after.gave_up > before.gave_up);
    }

    #[test]
    fn a_learning_budget_stops_the_search_where_it_runs_out_and_only_there() {
        let hard = pigeonhole(7);
        assert!(matches!(budgeted(&hard, 10), Err(SolveError::OverBudget)));
        assert!(!budgeted(&hard, u64::MAX).unwrap(), "PHP(8, 7) is UNSAT");
        // The smallest budget that suffices: one learnt clause less gives up, on every run.
        let (mut lo, mut hi) = (10, 1_000_000);
        while lo + 1 < hi {
            let mid = (lo + hi) / 2;
            match budgeted(&hard, mid) {
                Ok(false) => hi = mid,
                Err(SolveError::OverBudget) => lo = mid,
                other => panic!("budget {mid}: {other:?}"),
            }
        }
        for _ in 0..3 {
            assert!(!budgeted(&hard, hi).unwrap());
            assert!(matches!(budgeted(&hard, lo), Err(SolveError::OverBudget)));
        }
        // A satisfiable formula found without learning needs no budget.
        let mut easy = Cnf::new();
        let a = easy.fresh_lit();
        easy.add_clause(&[a]);
        assert!(budgeted(&easy, 0).unwrap());
    }
}

#[cfg(test)]
mod learnt_export_tests {
    use super::*;
    use crate::cnf::{ClauseSink, Cnf, Var};
    use crate::solve::Backend;

    /// A random 3-SAT formula of `vars` variables and `clauses` clauses (a fixed generator:
    /// the same formula on every run).
    fn random_3sat(vars: u32, clauses: usize, mut seed: u64) -> Cnf {
        let mut next = move |bound: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % bound
        };
        let mut cnf = Cnf::new();
        for _ in 0..vars {
            cnf.fresh_lit();
        }
        for _ in 0..clauses {
            let clause: Vec<Lit> = (0..3)
                .map(|_| {
                    let var = Var::new(next(u64::from(vars)) as u32);
                    if next(2) == 0 {
                        var.pos_lit()
                    } else {
                        var.neg_lit()
                    }
                })
                .collect();
            cnf.add_clause(&clause);
        }
        cnf
    }

    /// Every learnt clause a solver exports is implied by the clauses it was given: the
    /// formula with the clause's negation assumed is UNSAT for a fresh solver. On satisfiable
    /// and unsatisfiable random formulas, solved under assumptions and with clauses added
    /// between the solves, as the threads of a search in cubes do.
    #[test]
    fn exported_learnt_clauses_are_implied() {
        let mut exported = 0;
        for (seed, clauses) in [(1, 400), (2, 430), (3, 460)] {
            let mut cnf = random_3sat(100, clauses, seed);
            let mut solver = Varisat::with_cnf(&cnf);
            solver.export_learnt(2, 2);
            let mut learnt = Vec::new();
            for round in 0..6u32 {
                let assumed = [Var::new(round).pos_lit(), Var::new(round + 50).neg_lit()];
                solver.solve(&assumed).unwrap();
                let extra = [
                    Var::new(round * 7).neg_lit(),
                    Var::new(round * 11 + 3).pos_lit(),
                ];
                solver.add_clause(&extra);
                cnf.add_clause(&extra);
                learnt.extend(solver.take_learnt());
            }
            assert!(solver.take_learnt().is_empty(), "taken once");
            exported += learnt.len();
            for clause in learnt {
                let negation: Vec<Lit> = clause.iter().map(|&l| !l).collect();
                let mut check = Varisat::with_cnf(&cnf);
                assert!(!check.solve(&negation).unwrap(), "{clause:?} not implied");
            }
        }
        assert!(exported > 50, "{exported} clauses exported");
    }

    /// A solver exports nothing unless told to.
    #[test]
    fn a_solver_exports_nothing_by_default() {
        let cnf = random_3sat(100, 430, 2);
        let mut solver = Varisat::with_cnf(&cnf);
        solver.solve(&[]).unwrap();
        assert!(solver.take_learnt().is_empty());
    }
}
