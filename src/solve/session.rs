//! One incremental solving session: a formula and one solver that answer every question under
//! assumptions.
//!
//! A [`Session`] owns the formula (normally a model's [`Encoded`] CNF) and the backend. Clauses
//! written into the formula reach the solver exactly once, through [`Session::flush`], which
//! every solve calls first. On top of that:
//! - *clues*: constraints added behind their own selector literal (`selector -> clue`, by the
//!   guard rule of [`Guarded`]), switched on by assuming the selector;
//! - *blocking*: an answer forbidden for good, or only while an activation literal is assumed;
//! - *cores*: after an UNSAT answer, the assumptions (and clues) the solver blamed;
//! - one deletion-based minimiser ([`Session::minimise`]) that every "smallest set that still
//!   fails" question uses, with [`Witnesses`] to settle some trials without the solver.

use std::collections::HashSet;
use std::ops::ControlFlow;

use crate::cnf::{Cnf, Lit};
use crate::model::{Constraint, EncodeOptions, Encoded, Guarded, Model};
use crate::solve::stop::ConflictBudget;
use crate::solve::{Backend, SolveError, Varisat, Verdict, enumerate, solve_unique};

/// A formula a [`Session`] can own: anything that holds its CNF.
pub trait OwnsCnf {
    /// The formula's clauses and variables.
    fn cnf(&self) -> &Cnf;
    /// The same, to add clauses or variables (the session hands new clauses on at the next
    /// solve).
    fn cnf_mut(&mut self) -> &mut Cnf;
}

impl OwnsCnf for Encoded {
    fn cnf(&self) -> &Cnf {
        &self.cnf
    }
    fn cnf_mut(&mut self) -> &mut Cnf {
        &mut self.cnf
    }
}

impl OwnsCnf for Cnf {
    fn cnf(&self) -> &Cnf {
        self
    }
    fn cnf_mut(&mut self) -> &mut Cnf {
        self
    }
}

/// How an assumption takes part in [`Session::minimise`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Assumed in every trial, never tried for removal (e.g. a blocked answer's activation).
    Fixed,
    /// Tried for removal, but never dropped just because a core left it out: a caller's way
    /// to give some items the best chance to stay.
    Preferred,
    /// Tried for removal, and dropped without a solve when a core leaves it out.
    Plain,
}

/// When [`Session::minimise`] drops the items an UNSAT core leaves out (without a solve: the
/// core alone is still UNSAT).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Narrowing {
    /// All of them as soon as the core comes: the fewest solves, but which minimal set is
    /// found then depends on the cores the solver happens to report.
    Eager,
    /// Each one only when its own turn comes: every decision is the one plain deletion
    /// (trying every item in order, no cores) would make, so the result depends only on the
    /// formula and the order, never on the solver's cores.
    AtTurn,
}

/// Which end of the items [`Session::minimise`] tries for removal first. The trials assume the
/// items in their given order either way: the order of the assumptions shapes the solver's
/// cores, and so how many items a core lets go without a solve.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// The first item first.
    FirstToLast,
    /// The last item first.
    LastToFirst,
}

/// How [`Session::minimise`] deletes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deletion {
    /// When items outside the latest core go.
    pub narrowing: Narrowing,
    /// Which item is tried first.
    pub direction: Direction,
}

impl Deletion {
    /// Eager narrowing, first item first: the fewest solves when the result may depend on
    /// the solver's cores.
    pub const EAGER: Deletion = Deletion {
        narrowing: Narrowing::Eager,
        direction: Direction::FirstToLast,
    };
}

/// Ways to settle a minimiser's question without the solver, from second answers.
///
/// Items are numbered by their position in the list handed to [`Session::minimise`] (or,
/// through [`minimal_unique_subset`](crate::solve::subset::minimal_unique_subset), by clue
/// index). Every method has a do-nothing default.
pub trait Witnesses {
    /// Growing a clue set: do the known second answers show that the set is still open after
    /// adding the clues `new` (some second answer satisfies them, and it satisfied every
    /// earlier clue)? Then no solve is needed.
    fn still_open(&mut self, _new: &[usize]) -> bool {
        false
    }
    /// Shrinking: does some known second answer satisfy every item of `rest` (the current set
    /// without `candidate`)? Then `candidate` is needed and no solve is made.
    fn shows_needed(&mut self, _rest: &[usize], _candidate: usize) -> bool {
        false
    }
    /// The solver found `answer` (the value of every model variable) satisfying the items then
    /// assumed.
    fn found(&mut self, _answer: &[usize]) {}
    /// Shrinking: `item` left the set for good.
    fn dropped(&mut self, _item: usize) {}
}

/// No shortcuts: every question goes to the solver.
pub struct NoWitnesses;

impl Witnesses for NoWitnesses {}

/// What [`Session::minimise`] kept and what it cost.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Minimised {
    /// Positions (in the input list) of the non-fixed items kept, in input order.
    pub kept: Vec<usize>,
    /// Trials the solver answered.
    pub(crate) solves: usize,
    /// Trials [`Witnesses::shows_needed`] answered.
    pub(crate) by_witness: usize,
    /// Items dropped because a core left them out.
    pub(crate) by_core: usize,
    /// Trials the solver's conflict budget cut ([`Session::limit_conflicts`]): their items
    /// were kept without being shown needed, so the set is not proved minimal.
    pub(crate) cut: usize,
}

/// A formula and one incremental solver, with clues behind selector literals.
pub struct Session<F: OwnsCnf = Encoded, B: Backend = Varisat> {
    formula: F,
    backend: B,
    /// Clauses of the formula already handed to the backend.
    fed: usize,
    /// `selectors[i]`: the literal that switches clue `i` on.
    selectors: Vec<Lit>,
    /// Clue index by selector variable index.
    clue_by_var: Vec<Option<usize>>,
    /// The conflicts each solve may make, once [`Session::limit_conflicts`] was called.
    budget: Option<ConflictBudget>,
    per_solve: u64,
}

impl<F: OwnsCnf> Session<F, Varisat> {
    /// A session on varisat.
    pub fn new(formula: F) -> Self {
        Self::with_backend(formula, Varisat::new())
    }

    /// A session on varisat unshrunk ([`Varisat::unshrunk`]), for a search whose path decides
    /// what it shows (the grid generator's puzzles; explanations, difficulty ratings and hints,
    /// whose bounded searches for the fewest clues find what the solver's cores lead to): so
    /// that these stay as they were before learned clauses were shrunk.
    pub(crate) fn unshrunk(formula: F) -> Self {
        Self::with_backend(formula, Varisat::unshrunk())
    }

    /// Gives every later solve at most `conflicts` conflicts (None: no limit): a solve that
    /// needs more fails with [`SolveError::OverBudget`], and the session stays usable.
    pub(crate) fn limit_conflicts(&mut self, conflicts: Option<u64>) {
        if self.budget.is_none() {
            let budget = ConflictBudget::unlimited();
            self.backend.obey(budget.clone());
            self.budget = Some(budget);
        }
        self.per_solve = conflicts.unwrap_or(u64::MAX);
    }

    /// Makes each clue's selector true in the solver's saved phases, so that the next search
    /// switches on each free clue whose selector it decides (one propagated false stays off,
    /// and phase saving may turn one false again as the search goes).
    fn prefer_clues_on(&mut self) {
        self.flush();
        for &selector in &self.selectors {
            self.backend.solver.set_phase(super::to_varisat(selector));
        }
    }

    /// The conflicts each solve may make, as [`Session::limit_conflicts`] last set them (None:
    /// no limit).
    pub(crate) fn conflict_limit(&self) -> Option<u64> {
        (self.budget.is_some() && self.per_solve != u64::MAX).then_some(self.per_solve)
    }
}

impl Session<Encoded, Varisat> {
    /// The session explanations ask their questions of: `model` on varisat unshrunk, its
    /// constraints in `clues` switchable clues (numbered from 0 in that range), all others
    /// always on.
    pub(crate) fn of_clues(
        model: &Model,
        clues: &std::ops::Range<usize>,
        opts: EncodeOptions,
    ) -> Self {
        let mut session = Session::unshrunk(Encoded::declare(model, opts));
        for (i, c) in model.constraints.iter().enumerate() {
            if clues.contains(&i) {
                session.add_clue(c);
            } else {
                session.add_constraint(c);
            }
        }
        session
    }

    /// [`Session::solve_values`] with the clues the assumptions leave free preferred on: an
    /// answer found then meets more of them, so as a known answer it refutes more clue sets
    /// ([`crate::solve::refuters`]) and a hitting-set search grows it with fewer solves
    /// ([`crate::solve::hitting`]).
    pub(crate) fn solve_values_preferring_clues(
        &mut self,
        assumptions: &[Lit],
    ) -> Result<Option<Vec<usize>>, SolveError> {
        self.prefer_clues_on();
        if self.solve(assumptions)? {
            self.primary_values().map(Some)
        } else {
            Ok(None)
        }
    }

    /// After a SAT answer: the value of every model variable, as [`Session::values`] reads
    /// it, from the solver's values of the primary variables alone (the domains read no
    /// other), where the model's full copy takes every activation literal too.
    fn primary_values(&self) -> Result<Vec<usize>, SolveError> {
        let cnf = self.formula.cnf();
        let mut assignment = vec![false; cnf.num_vars() as usize];
        for &v in &cnf.primary {
            let var = varisat::Var::from_index(v.idx());
            assignment[v.idx()] = self.backend.solver.model_value(var) == Some(true);
        }
        self.formula
            .decode(&assignment)
            .ok_or_else(|| SolveError::Solver("a model left a puzzle variable unset".into()))
    }
}

impl<F: OwnsCnf, B: Backend> Session<F, B> {
    /// A session on a backend of the caller's choice (it should hold no clauses yet).
    pub(crate) fn with_backend(formula: F, backend: B) -> Self {
        Session {
            formula,
            backend,
            fed: 0,
            selectors: Vec::new(),
            clue_by_var: Vec::new(),
            budget: None,
            per_solve: u64::MAX,
        }
    }

    /// The formula, with every clue and hard constraint added so far.
    pub(crate) fn formula(&self) -> &F {
        &self.formula
    }

    /// The formula, to add hard clauses or variables; they reach the solver at the next solve.
    pub fn formula_mut(&mut self) -> &mut F {
        &mut self.formula
    }

    /// Hands the backend the clauses written into the formula since the last call: the one
    /// place clauses go from formula to solver, so none is given twice or skipped.
    pub(crate) fn flush(&mut self) {
        let clauses = &self.formula.cnf().clauses;
        for i in self.fed..clauses.len() {
            self.backend.add_clause(clauses.get(i));
        }
        self.fed = clauses.len();
    }

    /// Number of clues added so far.
    pub fn clue_count(&self) -> usize {
        self.selectors.len()
    }

    /// The literal that switches clue `clue` on.
    pub fn selector(&self, clue: usize) -> Lit {
        self.selectors[clue]
    }

    /// The selectors of `clues`, in that order.
    pub fn selectors_of(&self, clues: &[usize]) -> Vec<Lit> {
        clues.iter().map(|&c| self.selectors[c]).collect()
    }

    /// The clue a selector literal switches on, if it is one.
    pub(crate) fn clue_of(&self, lit: Lit) -> Option<usize> {
        self.clue_by_var.get(lit.var().idx()).copied().flatten()
    }

    /// Adds a clue written by an encoder that takes a plain [`Cnf`] (a cardinality encoder, a
    /// puzzle's own clause writer): its clauses are guarded by a fresh selector. Returns the
    /// clue's index. `encode` gets the formula (for its literal tables) and a scratch CNF that
    /// shares the formula's variables.
    pub fn add_clue_encoded_by(&mut self, encode: impl FnOnce(&F, &mut Cnf)) -> usize {
        let selector = self.new_selector();
        let mut cnf = std::mem::take(self.formula.cnf_mut());
        cnf.track("guarded clue", |cnf| {
            Guarded::new(cnf, selector).add_encoded_by(|scratch| encode(&self.formula, scratch));
        });
        *self.formula.cnf_mut() = cnf;
        self.register(selector)
    }

    /// A fresh selector variable, named after the clue it will switch on.
    fn new_selector(&mut self) -> Lit {
        let n = self.selectors.len() + 1;
        self.formula
            .cnf_mut()
            .vars
            .named(format!("clue{n}"))
            .pos_lit()
    }

    /// Records `selector` as the next clue's; returns its index.
    fn register(&mut self, selector: Lit) -> usize {
        let clue = self.selectors.len();
        let v = selector.var().idx();
        if self.clue_by_var.len() <= v {
            self.clue_by_var.resize(v + 1, None);
        }
        self.clue_by_var[v] = Some(clue);
        self.selectors.push(selector);
        clue
    }

    /// Switches clue `clue` off for good: its guarded clauses are satisfied from now on (the
    /// solver can forget them).
    pub fn retire_clue(&mut self, clue: usize) {
        self.flush();
        self.backend.add_clause(&[!self.selectors[clue]]);
    }

    /// Adds `clause` to the solver for good (not to the formula, which stays the puzzle's own).
    pub(crate) fn block(&mut self, clause: &[Lit]) {
        // Earlier clauses first: the solver sees clauses in the order they were made.
        self.flush();
        self.backend.add_clause(clause);
    }

    /// Adds `clause` to the solver under a fresh activation literal, which is returned: the
    /// clause binds only in solves that assume it.
    pub(crate) fn block_under_activation(&mut self, clause: &[Lit]) -> Lit {
        let activation = self.formula.cnf_mut().fresh_lit();
        let mut guarded = clause.to_vec();
        guarded.push(!activation);
        self.block(&guarded);
        activation
    }

    /// Satisfiable under the assumptions? ([`SolveError::OverBudget`] when the conflicts
    /// [`Session::limit_conflicts`] allows ran out first.)
    pub fn solve(&mut self, assumptions: &[Lit]) -> Result<bool, SolveError> {
        self.flush();
        if let Some(budget) = &self.budget {
            budget.allow(self.per_solve);
        }
        match self.backend.solve(assumptions) {
            Err(SolveError::Stopped) if self.budget.as_ref().is_some_and(ConflictBudget::spent) => {
                Err(SolveError::OverBudget)
            }
            verdict => verdict,
        }
    }

    /// Satisfiable with the clues `on` switched on (and the others off), and `extra` assumed
    /// after their selectors?
    pub fn solve_clues(&mut self, on: &[usize], extra: &[Lit]) -> Result<bool, SolveError> {
        let mut assumptions = self.selectors_of(on);
        assumptions.extend_from_slice(extra);
        self.solve(&assumptions)
    }

    /// After a SAT answer: the value of every variable of the formula.
    pub fn model(&self) -> Vec<bool> {
        self.backend.model(self.formula.cnf().num_vars())
    }

    /// After an UNSAT answer: the assumptions the solver blamed (enough for UNSAT, not
    /// necessarily minimal).
    pub fn failed(&self) -> Vec<Lit> {
        self.backend.failed_assumptions()
    }

    /// After an UNSAT answer: the clues among the blamed assumptions, in increasing order.
    pub fn core(&self) -> Vec<usize> {
        let mut core: Vec<usize> = self
            .failed()
            .iter()
            .filter_map(|&l| self.clue_of(l))
            .collect();
        core.sort_unstable();
        core.dedup();
        core
    }

    /// Answers of the formula (projected on its primary variables), with blocking clauses
    /// under an activation literal that is switched off at the end; see [`enumerate`].
    pub fn enumerate(
        &mut self,
        limit: Option<u64>,
        on_model: impl FnMut(&[bool]) -> ControlFlow<()>,
    ) -> Result<u64, SolveError> {
        self.flush();
        enumerate(self.formula.cnf_mut(), &mut self.backend, limit, on_model)
    }

    /// Solves and proves (or refutes) that the projected answer is unique; see
    /// [`solve_unique`].
    pub(crate) fn solve_unique(&mut self) -> Result<Verdict, SolveError> {
        self.flush();
        solve_unique(self.formula.cnf_mut(), &mut self.backend)
    }
}

impl<B: Backend> Session<Encoded, B> {
    /// Adds a hard constraint (always on).
    pub fn add_constraint(&mut self, c: &Constraint) {
        self.formula.add_constraint(c);
    }

    /// Adds `c` as the next clue, behind a fresh selector; returns its index.
    pub fn add_clue(&mut self, c: &Constraint) -> usize {
        let selector = self.new_selector();
        self.formula.add_constraint_guarded(c, selector);
        self.register(selector)
    }

    /// Forbids the answer `values` (over the model's variables) for good.
    pub fn block_answer(&mut self, values: &[usize]) {
        let clause = self.formula.blocking_clause(values);
        self.block(&clause);
    }

    /// Forbids the answer `values` while the returned activation literal is assumed.
    pub fn block_answer_under_activation(&mut self, values: &[usize]) -> Lit {
        let clause = self.formula.blocking_clause(values);
        self.block_under_activation(&clause)
    }

    /// After a SAT answer: the value of every model variable.
    pub(crate) fn values(&self) -> Result<Vec<usize>, SolveError> {
        self.formula
            .decode(&self.model())
            .ok_or_else(|| SolveError::Solver("a model left a puzzle variable unset".into()))
    }

    /// Solves under the assumptions: the value of every model variable, or None when UNSAT.
    pub fn solve_values(&mut self, assumptions: &[Lit]) -> Result<Option<Vec<usize>>, SolveError> {
        if self.solve(assumptions)? {
            self.values().map(Some)
        } else {
            Ok(None)
        }
    }

    /// The literal "model variable `var` takes value `value`", to assume or deny.
    pub fn value_lit(&mut self, var: usize, value: usize) -> Lit {
        let mut cnf = std::mem::take(&mut self.formula.cnf);
        let lit = self.formula.domains[var].value_lit(&mut cnf, value);
        self.formula.cnf = cnf;
        lit
    }

    /// Deletion-based minimisation: a subset of `items` (assumption literals, UNSAT together)
    /// that is still UNSAT, in which every non-fixed item is needed.
    ///
    /// The first item (in `deletion.direction`) not yet known needed is left out and the rest
    /// solved: UNSAT drops it for good, SAT marks it needed. A needed item stays needed in
    /// every subset (its absence was satisfiable with more items), so one pass suffices; the
    /// order decides which minimal set is found. Every trial assumes the rest in item order.
    /// Plain items outside the latest core (`core`, when given, is the core of an UNSAT solve
    /// under a superset of the items) are dropped without a solve, as `deletion.narrowing`
    /// says. `witnesses`
    /// may settle a trial without the solver, and hears of every second answer and every drop.
    pub fn minimise(
        &mut self,
        items: &[(Lit, Role)],
        core: Option<&[Lit]>,
        deletion: Deletion,
        witnesses: &mut dyn Witnesses,
    ) -> Result<Minimised, SolveError> {
        let minimised = self.minimise_below(items, core, deletion, witnesses, usize::MAX)?;
        Ok(minimised.expect("no set keeps usize::MAX items"))
    }

    /// [`Session::minimise`] for a caller that only wants a set of fewer than `limit`
    /// non-fixed items (the smallest of several candidates, say): None as soon as `limit` of
    /// them are known needed, since every set the pass could still end with keeps those.
    pub fn minimise_below(
        &mut self,
        items: &[(Lit, Role)],
        core: Option<&[Lit]>,
        deletion: Deletion,
        witnesses: &mut dyn Witnesses,
        limit: usize,
    ) -> Result<Option<Minimised>, SolveError> {
        let mut needed_count = 0;
        let narrowing = deletion.narrowing;
        let mut out = Minimised::default();
        let mut set: Vec<usize> = (0..items.len()).collect();
        let mut needed = vec![false; items.len()];
        let mut last_core: Option<HashSet<Lit>> = core.map(|c| c.iter().copied().collect());
        let outside = |i: usize, core: &Option<HashSet<Lit>>| {
            let (lit, role) = items[i];
            role == Role::Plain && core.as_ref().is_some_and(|c| !c.contains(&lit))
        };
        let narrow = |set: &mut Vec<usize>,
                      needed: &[bool],
                      core: &Option<HashSet<Lit>>,
                      witnesses: &mut dyn Witnesses,
                      out: &mut Minimised| {
            set.retain(|&i| {
                let keep = needed[i] || !outside(i, core);
                if !keep {
                    witnesses.dropped(i);
                    out.by_core += 1;
                }
                keep
            });
        };
        if narrowing == Narrowing::Eager {
            narrow(&mut set, &needed, &last_core, witnesses, &mut out);
        }
        let mut rest: Vec<usize> = Vec::with_capacity(set.len());
        let mut assumptions: Vec<Lit> = Vec::with_capacity(set.len());
        let open = |i: &&usize, needed: &[bool]| items[**i].1 != Role::Fixed && !needed[**i];
        while let Some(&candidate) = match deletion.direction {
            Direction::FirstToLast => set.iter().find(|i| open(i, &needed)),
            Direction::LastToFirst => set.iter().rev().find(|i| open(i, &needed)),
        } {
            rest.clear();
            rest.extend(set.iter().copied().filter(|&i| i != candidate));
            if narrowing == Narrowing::AtTurn && outside(candidate, &last_core) {
                witnesses.dropped(candidate);
                out.by_core += 1;
                std::mem::swap(&mut set, &mut rest);
                continue;
            }
            let kept = if witnesses.shows_needed(&rest, candidate) {
                out.by_witness += 1;
                true
            } else {
                out.solves += 1;
                assumptions.clear();
                assumptions.extend(rest.iter().map(|&i| items[i].0));
                match self.solve(&assumptions) {
                    // Not shown needed, but kept: the set stays UNSAT.
                    Err(SolveError::OverBudget) => {
                        out.cut += 1;
                        true
                    }
                    Ok(true) => {
                        witnesses.found(&self.values()?);
                        true
                    }
                    Ok(false) => false,
                    Err(e) => return Err(e),
                }
            };
            if kept {
                needed[candidate] = true;
                needed_count += 1;
                if needed_count >= limit {
                    return Ok(None);
                }
            } else {
                witnesses.dropped(candidate);
                std::mem::swap(&mut set, &mut rest);
                last_core = Some(self.failed().into_iter().collect());
                if narrowing == Narrowing::Eager {
                    narrow(&mut set, &needed, &last_core, witnesses, &mut out);
                }
            }
        }
        out.kept = set
            .into_iter()
            .filter(|&i| items[i].1 != Role::Fixed)
            .collect();
        Ok(Some(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_conflict_limit_cuts_a_solve_short_and_the_session_goes_on() {
        // 7 pigeons in 6 holes: thousands of conflicts for varisat.
        let mut session = Session::new(crate::solve::tests::pigeonhole(6));
        assert_eq!(session.conflict_limit(), None);
        session.limit_conflicts(Some(10));
        // What a renewed session is given again (`Stepper::renew_session_if_crowded`).
        assert_eq!(session.conflict_limit(), Some(10));
        assert!(matches!(session.solve(&[]), Err(SolveError::OverBudget)));
        // Each solve gets the limit afresh, and a limit lifted lets the search finish.
        assert!(matches!(session.solve(&[]), Err(SolveError::OverBudget)));
        session.limit_conflicts(None);
        assert_eq!(session.conflict_limit(), None);
        assert!(!session.solve(&[]).expect("no limit: a verdict"));
        // A question that needs no conflict is answered within any limit.
        let mut easy = Session::new(crate::solve::tests::pigeonhole(1));
        easy.limit_conflicts(Some(5));
        assert!(
            !easy
                .solve(&[])
                .expect("one pigeon too many for one hole, at once")
        );
    }

    /// What [`Session::solve_values_preferring_clues`] rests on: with one clue assumed on, the
    /// solver's default phase leaves a grid's other clues switched off; preferred on, the
    /// selectors the search decides are switched on. (Each solve assumes something, as the
    /// explanations' do: a solve with no assumptions after a SAT answer gives it again.)
    #[test]
    fn an_answer_preferring_clues_switches_them_on() {
        use crate::puzzles::grid::family::clued;
        use crate::puzzles::grid::generate::{GridShape, generate};
        let shape = GridShape {
            positions: 5,
            categories: 5,
        };
        let c = clued(&generate(shape, 1).expect("generates").puzzle).expect("builds");
        let mut session = Session::of_clues(&c.model, &c.clues, EncodeOptions::default());
        let on = |session: &Session| {
            let model = session.model();
            session
                .selectors
                .iter()
                .filter(|s| model[s.var().idx()] != s.is_neg())
                .count()
        };
        let clues = session.clue_count();
        assert!(clues >= 10, "{clues} clues");
        let first = [session.selector(0)];
        assert!(session.solve_values(&first).expect("solves").is_some());
        assert_eq!(on(&session), 1, "the default phase: every free clue off");
        assert!(
            session
                .solve_values_preferring_clues(&first)
                .expect("solves")
                .is_some()
        );
        let preferred = on(&session);
        assert!(preferred > 1, "{preferred} of {clues} clues on");
    }
}
