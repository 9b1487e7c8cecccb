//! The search behind [`crate::solve::steps`]: from the facts known, the next step.
//!
//! Cheapest first, and every claim about "fewest" proved:
//! 1. *One clue, on its own variables* ([`crate::solve::propagate`]): each clue whose
//!    variables gained a fact since it was last looked at is tried against the values still
//!    possible; placements first. The categories then do what they alone do (all-different,
//!    exactly, by the same module). No solver call: a row of n values placed by n clues
//!    takes time polynomial and small in n.
//! 2. When that finds nothing: *rounds* of exact searches over every set of c clues, c = 1,
//!    2, 3, ... while the sets are few enough ([`crate::solve::rounds`]): one incremental solver
//!    ([`Session`]) with the clues behind selectors and the known facts as unit clauses says
//!    which unknown facts a set forces. The first c at which some set forces something is the
//!    round's cost; every fact that some set of c clues forces is taken, each set one step.
//!    A round is a set operation, so which facts it takes does not depend on the order of
//!    the clues or the names of the values.
//! 3. When every affordable size forces nothing: a *case split*, the smallest minimal clue
//!    set found from the solver's cores (not proved the smallest; the step says how far the
//!    exhaustive search went).
//!
//! This file keeps what is known (facts, the steps planned) and takes the steps. The search
//! of 1 is in [`crate::solve::local`], those of 2 and 3 in [`crate::solve::rounds`]; the
//! facts a step uses are found by [`crate::solve::uses`]; the solver's answers kept are
//! [`crate::solve::witness`]es, and its session is kept lean by [`crate::solve::renewal`].

use std::collections::{HashMap, VecDeque};
use std::ops::Range;

use crate::cnf::Lit;
use crate::model::{Constraint, EncodeOptions, Model};
use crate::solve::cases::{Case, CaseWorld};
use crate::solve::hitting::HittingBudget;
use crate::solve::local::exactly_propagated;
use crate::solve::propagate::scope;
use crate::solve::renewal::{RENEW_AFTER, fresh_session};
use crate::solve::session::{OwnsCnf, Session};
use crate::solve::steps::{COMBINED_MAX, Clued, Fact, Step, StepsError};
use crate::solve::witness::{MAX_WITNESSES, Witness, max_witnesses_exhaustive};

/// The conflicts one solve of a search that can stop short of its proof may make: past it
/// the search says what it did not prove (a step's earlier facts not shown minimal, a
/// hitting-set proof ended) instead of running for minutes. Ten times the most such a solve
/// takes on the 20 x 5 grid of seed 1 (1,037; on 10 x 5 grids at most 80): no puzzle
/// measured is cut.
pub const MAX_CONFLICTS_PER_SOLVE: u64 = 10_000;

/// A step found, not yet taken.
pub(super) struct Planned {
    pub(super) clues: Vec<usize>,
    pub(super) facts: Vec<Fact>,
    pub(super) round: usize,
    pub(super) searched: usize,
    /// The stepper's clock when it was planned (facts learned since may make it no longer
    /// the smallest step).
    pub(super) clock: usize,
}

/// An explanation under way: the session, the answer, and the facts known so far.
pub struct Stepper {
    /// The session every search asks: the known facts are unit clauses in it (they only
    /// grow), so no solve assumes them again ([`Stepper::learn`]).
    pub(super) session: Session,
    /// The same model with no fact fixed, for the one question that drops known facts: which
    /// of them a step uses ([`crate::solve::uses`]).
    pub(super) uses_session: Session,
    /// `lits[var][value]`: the literal "var takes value".
    pub(super) lits: Vec<Vec<Lit>>,
    /// The answer: a value per variable.
    pub(super) answer: Vec<usize>,
    /// `known[var][value]`: whether that fact (true in the answer) is known.
    pub(super) known: Vec<Vec<bool>>,
    /// The clues' constraints, and each one's variables.
    pub(super) clue_constraints: Vec<Constraint>,
    pub(super) clue_scopes: Vec<Vec<usize>>,
    /// The constraints that always hold (the categories).
    pub(super) structure: Vec<Constraint>,
    /// Whether [`Stepper::settle`] finds everything the structure forces without a solver:
    /// it is made of all-differents over disjoint variables and one-variable constraints.
    pub(super) structure_exact: bool,
    /// A counter that grows with every fact learned; `changed[var]`: its value when `var`
    /// last gained one; `looked[clue]`: when the clue was last tried on its own.
    pub(super) clock: usize,
    pub(super) changed: Vec<usize>,
    pub(super) looked: Vec<Option<usize>>,
    /// What each clue forced on its own variables when last looked at.
    pub(super) news: Vec<Vec<Fact>>,
    pub(super) witnesses: VecDeque<Witness>,
    /// Per unknown fact, clue sets a solve found (its UNSAT core) to force it with the facts
    /// known then: known facts only grow, so they still do, and a question about a set
    /// holding one needs no solve ([`crate::solve::hitting`]).
    pub(super) forcing_cores: HashMap<Fact, Vec<Vec<usize>>>,
    /// Witness answers remembered so far (some may have gone from `witnesses`).
    pub(super) remembered: usize,
    /// The most answers `witnesses` keeps.
    pub(super) max_witnesses: usize,
    /// Steps of the current round, to be taken in turn.
    pub(super) planned: VecDeque<Planned>,
    /// Rounds so far.
    pub(super) rounds: usize,
    /// Solver calls made.
    pub(super) solves: usize,
    /// Most sets of one size the exhaustive search tries ([`crate::solve::rounds::MAX_SUBSETS`]).
    pub(super) max_subsets: usize,
    /// How far the hitting-set searches may go.
    pub(super) hitting: HittingBudget,
    /// Sets the hitting-set search may still propose in this explanation (none once a search
    /// proved every set within its reach to force nothing, see `plan_round`).
    pub(super) hitting_checks: usize,
    /// The conflicts a solve may make in a search that can stop short of its proof
    /// ([`Stepper::within_budget`]).
    pub(super) conflicts_per_solve: u64,
    /// Activation literals never to be assumed again, not yet switched off.
    pub(super) retired: Vec<Lit>,
    /// Per clue, the structure's groups it touches ([`crate::solve::rounds::clue_groups`]).
    pub(super) clue_groups: Option<Vec<u64>>,
    /// What the session is rebuilt from ([`Stepper::renew_session_if_crowded`]): the model,
    /// which of its constraints are clues, the encoding, and the session's variables when
    /// new.
    pub(super) model: Model,
    pub(super) clue_range: Range<usize>,
    pub(super) opts: EncodeOptions,
    pub(super) base_vars: u32,
    pub(super) renew_after: u32,
    /// [`Stepper::solves`] when the session was last renewed.
    pub(super) renewed_at: usize,
    /// When the step just taken was not the smallest at its point: a smaller set the search
    /// found, the facts it forces (none the step's round takes), and the sizes proved to
    /// force nothing below it.
    pub(super) beaten_by: Option<Beaten>,
    /// The steps are for the rating only (another stepper shows them): a round's later step
    /// is not searched again below its size, and no step finds the facts it uses or its
    /// cases.
    pub(super) rating_only: bool,
}

/// A smaller step than the one taken: its clues, the facts they force, and how many clues
/// every set was proved too few for.
pub(super) type Beaten = (Vec<usize>, Vec<Fact>, usize);

impl Stepper {
    /// Solves the model, proves its answer unique, and starts from the facts `start` (each
    /// must hold in the answer) and what the structure makes of them.
    pub fn new(clued: &Clued, start: &[Fact]) -> Result<Stepper, StepsError> {
        Self::encoded_with(clued, start, EncodeOptions::default())
    }

    /// [`Stepper::new`] with the solver's formula encoded by `opts`: the steps are about
    /// values and each search is exact, so they do not depend on it, only the time does.
    pub fn encoded_with(
        clued: &Clued,
        start: &[Fact],
        opts: EncodeOptions,
    ) -> Result<Stepper, StepsError> {
        let model = &clued.model;
        let (mut session, lits) = fresh_session(model, &clued.clues, opts);
        let all: Vec<usize> = (0..session.clue_count()).collect();
        let Some(answer) = session.solve_values(&session.selectors_of(&all))? else {
            return Err(StepsError::NoAnswer);
        };
        let block = session.block_answer_under_activation(&answer);
        if session.solve_clues(&all, &[block])? {
            return Err(StepsError::NotUnique);
        }
        session.block(&[!block]);
        let mut stepper =
            Stepper::assemble(model, clued.clues.clone(), opts, session, lits, answer);
        for &f in start {
            if !stepper.is_true(f) {
                return Err(StepsError::WrongStart((clued.describe)(f)));
            }
            stepper.learn(f);
        }
        stepper.settle()?;
        Ok(stepper)
    }

    /// A stepper over `session` (the model's clues `clue_range` behind selectors, encoded by
    /// `opts`, the answer `answer` proved unique), knowing nothing yet, with the default
    /// budgets.
    fn assemble(
        model: &Model,
        clue_range: Range<usize>,
        opts: EncodeOptions,
        session: Session,
        lits: Vec<Vec<Lit>>,
        answer: Vec<usize>,
    ) -> Stepper {
        let structure: Vec<Constraint> = model
            .constraints
            .iter()
            .enumerate()
            .filter(|(i, _)| !clue_range.contains(i))
            .map(|(_, c)| c.clone())
            .collect();
        let (uses_session, uses_lits) = fresh_session(model, &clue_range, opts);
        debug_assert!(uses_lits == lits, "both sessions encode the model alike");
        let known = model
            .vars
            .iter()
            .map(|v| vec![false; v.values.len()])
            .collect();
        let clue_constraints = model.constraints[clue_range.clone()].to_vec();
        let clue_scopes: Vec<Vec<usize>> = clue_constraints.iter().map(scope).collect();
        let clue_count = clue_constraints.len();
        let base_vars = session.formula().cnf().num_vars();
        let structure_exact = exactly_propagated(&structure);
        let clue_groups = crate::solve::rounds::clue_groups(
            &structure,
            structure_exact,
            &clue_scopes,
            model.vars.len(),
        );
        Stepper {
            clue_groups,
            session,
            uses_session,
            model: model.clone(),
            clue_range,
            opts,
            base_vars,
            renew_after: RENEW_AFTER,
            renewed_at: 0,
            lits,
            answer,
            known,
            structure_exact,
            structure,
            clue_constraints,
            clue_scopes,
            clock: 1,
            changed: vec![1; model.vars.len()],
            looked: vec![None; clue_count],
            news: vec![Vec::new(); clue_count],
            witnesses: VecDeque::new(),
            forcing_cores: HashMap::new(),
            remembered: 0,
            max_witnesses: MAX_WITNESSES,
            planned: VecDeque::new(),
            rounds: 0,
            solves: 2,
            max_subsets: crate::solve::rounds::MAX_SUBSETS,
            hitting: HittingBudget::DEFAULT,
            hitting_checks: HittingBudget::DEFAULT.checks,
            retired: Vec::new(),
            conflicts_per_solve: MAX_CONFLICTS_PER_SOLVE,
            beaten_by: None,
            rating_only: false,
        }
    }

    /// A second stepper for the same puzzle, knowing what `known` says (`known[var][value]`,
    /// a state this stepper was in), with this one's budgets, answers and cores (each still
    /// fits: it fitted a state that knew no more), and a session of its own: it goes ahead
    /// of this one's rounds where a round's step is not the smallest at its point
    /// ([`crate::solve::steps::explain_from_reporting`]).
    pub(super) fn twin_at(&self, known: &[Vec<bool>]) -> Stepper {
        let (session, lits) = fresh_session(&self.model, &self.clue_range, self.opts);
        let mut twin = Stepper::assemble(
            &self.model,
            self.clue_range.clone(),
            self.opts,
            session,
            lits,
            self.answer.clone(),
        );
        twin.solves = 0;
        twin.max_subsets = self.max_subsets;
        twin.hitting = self.hitting;
        twin.hitting_checks = self.hitting_checks;
        twin.conflicts_per_solve = self.conflicts_per_solve;
        twin.max_witnesses = self.max_witnesses;
        twin.renew_after = self.renew_after;
        twin.witnesses = self.witnesses.clone();
        twin.remembered = self.remembered;
        twin.forcing_cores = self.forcing_cores.clone();
        for f in facts_saying(known, &self.answer) {
            twin.learn(f);
        }
        twin
    }

    /// Sets the most clue sets of one size the exhaustive search tries before the
    /// hitting-set search takes over (tests compare the two routes on small puzzles).
    pub fn with_max_subsets(mut self, most: usize) -> Stepper {
        self.max_subsets = most;
        self
    }

    /// Lifts every budget of the searches (`explain --exhaustive`): each round's size and each
    /// step's earlier facts are proved however long it takes, so no step is found from the
    /// solver's cores and the rating is the puzzle's own, where the default budget may stop a
    /// proof on a large grid (up to a few seconds on 10 x 5 grids: docs/explain.md).
    pub fn exhaustive(mut self) -> Stepper {
        self.hitting = HittingBudget::NONE;
        self.hitting_checks = HittingBudget::NONE.checks;
        self.conflicts_per_solve = u64::MAX;
        // Every answer stays a correction set for the later rounds' proofs while it fits the
        // known facts: kept, the 10 x 5 grid of seed 27 needs 5,756 proposals instead of
        // 12,479.
        self.max_witnesses = max_witnesses_exhaustive(self.model.vars.len());
        self
    }

    /// Gives the hitting-set search at most `checks` proposals in the whole explanation
    /// (tests cut it short: every round past the exhaustive search is then a case split).
    pub fn with_hitting_checks(mut self, checks: usize) -> Stepper {
        self.hitting_checks = checks;
        self
    }

    /// Gives each solve of a search that can stop short (the facts a step uses, the
    /// hitting-set search's checks and the growing of its answers) at most `conflicts`
    /// conflicts instead of [`MAX_CONFLICTS_PER_SOLVE`] (tests cut them short).
    pub fn with_conflicts_per_solve(mut self, conflicts: u64) -> Stepper {
        self.conflicts_per_solve = conflicts;
        self
    }

    /// Runs `search` with each solve limited to [`Stepper::conflicts_per_solve`] conflicts:
    /// a solve past it fails with [`crate::solve::SolveError::OverBudget`], which `search`
    /// takes as "not proved".
    pub(super) fn within_budget<T>(
        &mut self,
        search: impl FnOnce(&mut Stepper) -> Result<T, StepsError>,
    ) -> Result<T, StepsError> {
        self.session.limit_conflicts(Some(self.conflicts_per_solve));
        self.uses_session
            .limit_conflicts(Some(self.conflicts_per_solve));
        let out = search(self);
        self.session.limit_conflicts(None);
        self.uses_session.limit_conflicts(None);
        out
    }

    /// Renews the session once it has `factor` times the variables it started with, instead
    /// of [`RENEW_AFTER`] (tests renew it at every chance: the steps must not change).
    pub fn with_session_renewed_after(mut self, factor: u32) -> Stepper {
        self.renew_after = factor;
        self
    }

    /// The answer: a value per model variable.
    pub fn answer(&self) -> &[usize] {
        &self.answer
    }

    /// Solver calls made so far.
    pub fn solves(&self) -> usize {
        self.solves
    }

    /// Is every variable's value known?
    pub fn complete(&self) -> bool {
        (0..self.answer.len()).all(|v| self.known[v][self.answer[v]])
    }

    /// How many facts (a value in a place or not) are known, of all of them: a placed value
    /// knows all its places.
    pub fn facts_known(&self) -> (usize, usize) {
        let known = (0..self.answer.len())
            .map(|v| {
                if self.known[v][self.answer[v]] {
                    self.known[v].len()
                } else {
                    self.known[v].iter().filter(|&&k| k).count()
                }
            })
            .sum();
        (known, self.known.iter().map(Vec::len).sum())
    }

    /// Is the fact known?
    pub fn knows(&self, f: Fact) -> bool {
        self.is_true(f) && self.known[f.var][f.value]
    }

    pub(super) fn is_true(&self, f: Fact) -> bool {
        (self.answer[f.var] == f.value) == f.holds
    }

    /// The fact about `var` and `value` that holds in the answer.
    pub(super) fn true_fact(&self, var: usize, value: usize) -> Fact {
        Fact {
            var,
            value,
            holds: self.answer[var] == value,
        }
    }

    pub(super) fn learn(&mut self, f: Fact) {
        if self.known[f.var][f.value] && !f.holds {
            return;
        }
        self.witnesses.retain(|w| !w.breaks(f));
        // Known for good: a unit clause, not an assumption every solve propagates again.
        let unit = self.lit(f);
        self.session.block(&[unit]);
        self.known[f.var][f.value] = true;
        if f.holds {
            // A placed variable takes no other value: the domain says so, no step needed.
            self.known[f.var].fill(true);
        }
        let known = &self.known;
        self.forcing_cores.retain(|g, _| !known[g.var][g.value]);
        self.clock += 1;
        self.changed[f.var] = self.clock;
    }

    pub(super) fn lit(&self, f: Fact) -> Lit {
        let l = self.lits[f.var][f.value];
        if f.holds { l } else { !l }
    }

    /// `possible[var][value]`: the value is not known to be ruled out.
    pub(super) fn possible(&self) -> Vec<Vec<bool>> {
        (0..self.answer.len())
            .map(|v| {
                (0..self.known[v].len())
                    .map(|x| x == self.answer[v] || !self.known[v][x])
                    .collect()
            })
            .collect()
    }

    /// The known facts, as few as say them all: a placed variable's value, else its excluded
    /// values.
    pub(super) fn known_facts(&self) -> Vec<Fact> {
        facts_saying(&self.known, &self.answer)
    }

    /// The unknown true facts.
    pub(super) fn candidates(&self) -> Vec<Fact> {
        let mut out = Vec::new();
        for v in 0..self.answer.len() {
            if self.known[v][self.answer[v]] {
                continue;
            }
            out.extend(
                (0..self.known[v].len())
                    .filter(|&x| !self.known[v][x])
                    .map(|x| self.true_fact(v, x)),
            );
        }
        out
    }

    /// The next step, or None when the answer is complete.
    pub fn next_step(&mut self) -> Result<Option<Step>, StepsError> {
        self.beaten_by = None;
        loop {
            if let Some(p) = self.planned.pop_front() {
                let facts: Vec<Fact> = p
                    .facts
                    .iter()
                    .copied()
                    .filter(|&f| !self.knows(f))
                    .collect();
                if facts.is_empty() {
                    continue;
                }
                // What was searched before the round holds for its first step.
                if p.clock == self.clock {
                    return self
                        .take(p.clues, facts, p.round, p.searched, p.searched, false)
                        .map(Some);
                }
                if self.rating_only {
                    // The round ends knowing the same facts however its steps are cut.
                    return self
                        .take(p.clues, facts, p.round, p.searched, p.searched, false)
                        .map(Some);
                }
                // A later step: the round's earlier steps may let one clue force something.
                // Such a step costs nothing and comes first, so that every step is the
                // smallest at its point; the round still ends knowing the same facts (what
                // single clues force does not depend on their order).
                if let Some((c, news)) = self.look_at_clues() {
                    self.planned.push_front(p);
                    self.rounds += 1;
                    return self.take(vec![c], news, self.rounds, 0, 0, true).map(Some);
                }
                // Else searched again below its size, with the facts known now.
                let below = self.proved_none_below(p.clues.len())?;
                if let Some((clues, news)) = below.smaller {
                    if clues.len() == 1 {
                        self.planned.push_front(p);
                        self.rounds += 1;
                        return self.take(clues, news, self.rounds, 0, 0, false).map(Some);
                    }
                    // A smaller set forcing facts the round takes anyway is a step of the
                    // round (the round ends knowing the same facts, so its rating is the
                    // same), and the smallest at this point.
                    let in_round: Vec<Fact> = news
                        .iter()
                        .copied()
                        .filter(|f| {
                            p.facts.contains(f)
                                || self
                                    .planned
                                    .iter()
                                    .any(|q| q.round == p.round && q.facts.contains(f))
                        })
                        .collect();
                    if !in_round.is_empty() {
                        let (round, searched) = (p.round, p.searched);
                        self.planned.push_front(p);
                        return self
                            .take(clues, in_round, round, searched, below.proved, false)
                            .map(Some);
                    }
                    // The round goes on (its facts are the rating's), and says what beat
                    // this step, for an explanation that shows the smallest step first.
                    self.beaten_by = Some((clues, news, below.proved));
                }
                return self
                    .take(p.clues, facts, p.round, p.searched, below.proved, false)
                    .map(Some);
            }
            if self.complete() {
                return Ok(None);
            }
            if let Some((c, facts)) = self.look_at_clues() {
                self.rounds += 1;
                return self.take(vec![c], facts, self.rounds, 0, 0, true).map(Some);
            }
            self.plan_round()?;
        }
    }

    /// Shows `offered`, a step of the rounds that another stepper took, from what this one
    /// knows (as much or more): first every smaller step there is, each the smallest at its
    /// point (one clue on its own, else the smallest set the search finds, beginning with
    /// `first` when given), then the offered step for what is still unknown of its facts.
    /// Each step comes with the facts (var, value) it made known.
    pub(super) fn show(
        &mut self,
        offered: &Step,
        mut first: Option<Beaten>,
    ) -> Result<Vec<(Step, Vec<Known>)>, StepsError> {
        let mut shown = Vec::new();
        loop {
            let before = self.known.clone();
            let mut done = false;
            let step = if let Some((clues, news, proved)) = first.take() {
                self.take(clues, news, offered.round, proved, proved, false)?
            } else {
                let facts: Vec<Fact> = (offered.facts.iter().copied())
                    .filter(|&f| !self.knows(f))
                    .collect();
                if facts.is_empty() {
                    return Ok(shown);
                }
                if let Some((c, news)) = self.look_at_clues() {
                    self.take(vec![c], news, offered.round, 0, 0, true)?
                } else {
                    let below = self.proved_none_below(offered.clues.len())?;
                    if let Some((clues, news)) = below.smaller {
                        let proved = below.proved;
                        self.take(clues, news, offered.round, proved, proved, false)?
                    } else {
                        done = true;
                        let (clues, round) = (offered.clues.clone(), offered.round);
                        self.take(clues, facts, round, offered.searched, below.proved, false)?
                    }
                }
            };
            shown.push((step, newly_known(&before, &self.known)));
            if done {
                return Ok(shown);
            }
        }
    }

    /// Records the step of `clues` forcing `forced`: the earlier facts it uses, its facts
    /// (without those another of them implies), and what follows. `local`: the step is one
    /// clue's, found on its own variables, and so are the facts it uses.
    fn take(
        &mut self,
        clues: Vec<usize>,
        forced: Vec<Fact>,
        round: usize,
        searched: usize,
        proved: usize,
        local: bool,
    ) -> Result<Step, StepsError> {
        let before = self.known_facts();
        let possible_before = self.possible();
        // The values placed first: what the categories make of them is no news.
        let mut follows = Vec::new();
        if forced.iter().any(|f| f.holds) {
            for f in forced.iter().filter(|f| f.holds) {
                self.learn(*f);
            }
            follows = self.settle()?;
        }
        let mut facts: Vec<Fact> = forced
            .into_iter()
            .filter(|f| f.holds || !self.known[f.var][f.value])
            .collect();
        facts.sort_by_key(|f| !f.holds);
        for &f in &facts {
            self.learn(f);
        }
        follows.extend(self.settle()?);
        let (uses, uses_minimal) = if self.rating_only {
            (Vec::new(), false)
        } else if local {
            (self.local_uses(clues[0], &facts, before), true)
        } else {
            self.within_budget(|s| s.uses(&clues, &facts, before))?
        };
        let cases = if clues.len() > COMBINED_MAX && self.structure_exact && !self.rating_only {
            self.cases(&clues, &possible_before, &facts)
        } else {
            Vec::new()
        };
        Ok(Step {
            clues,
            uses,
            uses_minimal,
            facts,
            follows,
            round,
            searched,
            proved,
            cases,
        })
    }

    /// The proof by cases of a case split's `facts` from `clues`, with the values `possible`
    /// before it (none found: empty).
    fn cases(&self, clues: &[usize], possible: &[Vec<bool>], facts: &[Fact]) -> Vec<Case> {
        let world = CaseWorld {
            constraints: &self.clue_constraints,
            scopes: &self.clue_scopes,
            clues,
            groups: self
                .structure
                .iter()
                .filter_map(|c| match c {
                    Constraint::AllDifferent(vars) => Some(&vars[..]),
                    _ => None,
                })
                .collect(),
            base: &self.answer,
        };
        world.prove(possible, facts).unwrap_or_default()
    }

    /// The facts known so far, as few as say them all (for the explanation's start).
    pub(crate) fn known_now(&self) -> Vec<Fact> {
        self.known_facts()
    }
}

/// The true facts `known[var][value]` marks (the answer `answer`), as few as say them all: a
/// placed variable's value, else its excluded values.
fn facts_saying(known: &[Vec<bool>], answer: &[usize]) -> Vec<Fact> {
    let mut out = Vec::new();
    for (var, (values, &a)) in known.iter().zip(answer).enumerate() {
        let fact = |value| Fact {
            var,
            value,
            holds: value == a,
        };
        if values[a] {
            out.push(fact(a));
        } else {
            out.extend((0..values.len()).filter(|&x| values[x]).map(fact));
        }
    }
    out
}

/// A fact known, as (var, value): whichever of "takes" and "does not take" is true.
pub(super) type Known = (usize, usize);

/// The facts known in `after` and not in `before`.
pub(super) fn newly_known(before: &[Vec<bool>], after: &[Vec<bool>]) -> Vec<Known> {
    let mut out = Vec::new();
    for (var, (b, a)) in before.iter().zip(after).enumerate() {
        out.extend((0..a.len()).filter(|&x| a[x] && !b[x]).map(|x| (var, x)));
    }
    out
}
