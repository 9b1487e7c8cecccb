//! Step-by-step explanations: the answer of a uniquely solved model as a sequence of steps,
//! each naming the fewest clues (with the facts found before it) that force new facts.
//!
//! A *fact* is "variable v takes value x" or "variable v does not take value x" over the
//! model's variables. One [`Session`] holds the structure (always on) and the clues (behind
//! selectors); known facts are assumed as literals. "Clues S and the known facts force the
//! facts F" is "UNSAT under S's selectors, the known facts and the clause `not all of F`", so
//! one solve tests a whole batch of candidate facts: a SAT answer refutes every candidate it
//! breaks, and the next solve asks about the rest ([`Stepper::forced`]).
//!
//! The search is cheapest first: the structure alone (free: what the categories say once a
//! value is placed), then each clue on its own, then, when no single clue helps, the
//! candidates' cores over all the clues, the smallest of them shrunk to minimal sets by
//! [`Session::minimise`] from both ends (subset-minimal; the smallest found, not proved the
//! smallest there is). A step whose clue set is larger than
//! [`COMBINED_MAX`] is a *case split*: no small combination forces anything; its cost is its
//! clue count.

use std::ops::Range;

use crate::cnf::Lit;
use crate::model::{Constraint, EncodeOptions, Encoded, Model, holds};
use crate::report::{ClueNote, FactNote, StepNote};
use crate::solve::SolveError;
use crate::solve::difficulty::step_cost;
use crate::solve::session::{Deletion, Direction, NoWitnesses, OwnsCnf, Role, Session, Witnesses};

/// The most clues a step may combine before it counts as a case split.
pub const COMBINED_MAX: usize = 3;

/// A fact about one model variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Fact {
    /// The model variable.
    pub var: usize,
    /// The value (an index into the variable's values).
    pub value: usize,
    /// The variable takes the value (true) or does not (false).
    pub holds: bool,
}

/// A model with switchable clues, and the words to explain it.
pub struct Clued {
    /// Structure and clues; every variable's values are the facts.
    pub model: Model,
    /// The constraints of `model` that are clues (the others always hold).
    pub clues: Range<usize>,
    /// One note per clue, in clue order (its number, wording and meaning).
    pub notes: Vec<ClueNote>,
    /// A fact in words ("Baroness Finch is in seat 1").
    pub describe: Box<dyn Fn(Fact) -> String>,
    /// What the puzzle calls a clue (`clue`; an Inquest case says `statement`).
    pub clue_noun: &'static str,
}

/// How a step's clues combine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepKind {
    /// One clue (with the facts known) forces the facts.
    Single,
    /// Two to [`COMBINED_MAX`] clues together, no fewer.
    Combined,
    /// More clues than [`COMBINED_MAX`]: no small combination forces anything new.
    CaseSplit,
}

impl StepKind {
    /// The kind of a step that needs `clues` clues.
    pub fn of(clues: usize) -> StepKind {
        match clues {
            0 | 1 => StepKind::Single,
            n if n <= COMBINED_MAX => StepKind::Combined,
            _ => StepKind::CaseSplit,
        }
    }

    /// Its name in reports.
    pub fn name(self) -> &'static str {
        match self {
            StepKind::Single => "single",
            StepKind::Combined => "combined",
            StepKind::CaseSplit => "case_split",
        }
    }
}

/// One step: these clues, with the facts `uses` (found earlier), force `facts`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The clues (0-based, increasing); no one of them can be dropped.
    pub clues: Vec<usize>,
    /// Earlier facts the step needs with its clues (a minimal set, given the clues).
    pub uses: Vec<Fact>,
    /// The new facts it forces (a fact implied by another of them through its variable is
    /// left out: "in seat 2" stands for "not in seats 1, 3, 4, 5").
    pub facts: Vec<Fact>,
    /// Facts that then follow from the structure alone (the categories), without a clue.
    pub follows: Vec<Fact>,
}

impl Step {
    /// How its clues combine.
    pub fn kind(&self) -> StepKind {
        StepKind::of(self.clues.len())
    }
}

/// Why a model cannot be explained.
#[derive(Debug, thiserror::Error)]
pub enum StepsError {
    /// The clues admit no answer.
    #[error("the clues admit no answer")]
    NoAnswer,
    /// The clues admit more than one answer: no sequence of steps can complete it.
    #[error("the clues admit more than one answer")]
    NotUnique,
    /// A starting fact is not true in the answer.
    #[error("{0} is not true in the answer")]
    WrongStart(String),
    /// The solver failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// An explanation under way: the session, the answer, and the facts known so far.
pub struct Stepper {
    session: Session,
    /// `lits[var][value]`: the literal "var takes value".
    lits: Vec<Vec<Lit>>,
    /// The answer: a value per variable.
    answer: Vec<usize>,
    /// `known[var][value]`: whether that fact (true in the answer) is known.
    known: Vec<Vec<bool>>,
    /// The clue the single-clue search tries first (it goes round the clues).
    next_clue: usize,
    /// The clues' constraints, to test known answers against.
    clue_constraints: Vec<Constraint>,
    /// Answers the solver found that fit every known fact (each is a value per variable):
    /// one that fits a clue set shows every fact it breaks unforced, without a solve.
    witnesses: Vec<Vec<usize>>,
    /// Solver calls made.
    solves: usize,
    /// Whether queries refute per variable first (the model has more than
    /// [`PLAIN_MAX_FACTS`] facts).
    by_variable: bool,
}

/// Candidates whose cores are shrunk when no single clue forces anything: those with the
/// smallest cores as the solver first gives them.
const MAX_SHRUNK: usize = 32;

/// Witness answers kept at most (the oldest go first).
const MAX_WITNESSES: usize = 256;

/// Models with at most this many facts (a value or not, per variable and value: a shipped
/// grid has 125, an Inquest case at most 196) refute candidates with "not all of them" alone,
/// as they always did: the solver's path, and so the clue sets its cores lead to and the
/// difficulty ratings, stay as rated (a dealt case keeps its level). Larger ones first ask
/// per variable ([`Stepper::refute_by_variable`]), which their size needs.
const PLAIN_MAX_FACTS: usize = 256;

impl Stepper {
    /// Solves the model, proves its answer unique, and starts from the facts `start` (each
    /// must hold in the answer) and what the structure makes of them.
    pub fn new(clued: &Clued, start: &[Fact]) -> Result<Stepper, StepsError> {
        let model = &clued.model;
        let mut session = Session::unshrunk(Encoded::declare(model, EncodeOptions::default()));
        for (i, c) in model.constraints.iter().enumerate() {
            if clued.clues.contains(&i) {
                session.add_clue(c);
            } else {
                session.add_constraint(c);
            }
        }
        let lits = (0..model.vars.len())
            .map(|v| {
                (0..model.vars[v].values.len())
                    .map(|x| session.value_lit(v, x))
                    .collect()
            })
            .collect();
        let all: Vec<usize> = (0..session.clue_count()).collect();
        let Some(answer) = session.solve_values(&session.selectors_of(&all))? else {
            return Err(StepsError::NoAnswer);
        };
        let block = session.block_answer_under_activation(&answer);
        if session.solve_clues(&all, &[block])? {
            return Err(StepsError::NotUnique);
        }
        session.block(&[!block]);
        let known = model
            .vars
            .iter()
            .map(|v| vec![false; v.values.len()])
            .collect();
        let mut stepper = Stepper {
            session,
            lits,
            answer,
            known,
            next_clue: 0,
            clue_constraints: model.constraints[clued.clues.clone()].to_vec(),
            witnesses: Vec::new(),
            solves: 2,
            by_variable: model.vars.iter().map(|v| v.values.len()).sum::<usize>() > PLAIN_MAX_FACTS,
        };
        for &f in start {
            if !stepper.is_true(f) {
                return Err(StepsError::WrongStart((clued.describe)(f)));
            }
            stepper.learn(f);
        }
        stepper.follow()?;
        Ok(stepper)
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

    /// Is the fact known?
    pub fn knows(&self, f: Fact) -> bool {
        self.is_true(f) && self.known[f.var][f.value]
    }

    fn is_true(&self, f: Fact) -> bool {
        (self.answer[f.var] == f.value) == f.holds
    }

    /// The fact about `var` and `value` that holds in the answer.
    fn true_fact(&self, var: usize, value: usize) -> Fact {
        Fact {
            var,
            value,
            holds: self.answer[var] == value,
        }
    }

    fn learn(&mut self, f: Fact) {
        self.witnesses.retain(|w| (w[f.var] == f.value) == f.holds);
        self.known[f.var][f.value] = true;
        if f.holds {
            // A placed variable takes no other value: the domain says so, no step needed.
            self.known[f.var].fill(true);
        }
    }

    fn lit(&self, f: Fact) -> Lit {
        let l = self.lits[f.var][f.value];
        if f.holds { l } else { !l }
    }

    /// The known facts, as few as say them all: a placed variable's value, else its excluded
    /// values.
    fn known_facts(&self) -> Vec<Fact> {
        let mut out = Vec::new();
        for v in 0..self.answer.len() {
            let a = self.answer[v];
            if self.known[v][a] {
                out.push(self.true_fact(v, a));
            } else {
                out.extend(
                    (0..self.known[v].len())
                        .filter(|&x| self.known[v][x])
                        .map(|x| self.true_fact(v, x)),
                );
            }
        }
        out
    }

    /// The unknown true facts.
    fn candidates(&self) -> Vec<Fact> {
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

    /// The unknown facts that the clues `clues` and the known facts force (none when they
    /// force nothing new), in candidate order. Known answers refute what they can; then, in a
    /// large model, [`Stepper::refute_by_variable`] takes most of the rest; then solves under "not all of
    /// the candidates left" until UNSAT (those left are forced) or none is left, each SAT
    /// answer removing those it breaks.
    pub fn forced(&mut self, clues: &[usize]) -> Result<Vec<Fact>, StepsError> {
        let mut rest = self.candidates();
        for w in &self.witnesses {
            if clues.iter().all(|&c| holds(&self.clue_constraints[c], w)) {
                rest.retain(|f| (w[f.var] == f.value) == f.holds);
            }
        }
        let mut assumptions = self.session.selectors_of(clues);
        assumptions.extend(self.known_facts().into_iter().map(|f| self.lit(f)));
        let mut proven = if self.by_variable {
            self.refute_by_variable(&mut rest, &assumptions)?
        } else {
            Vec::new()
        };
        proven.extend(self.refute_together(rest, assumptions)?);
        // Candidates come in (variable, value) order, which is the order of `Fact`.
        proven.sort_unstable();
        Ok(proven)
    }

    /// Asks, per solve, that every variable with candidates left break one of its own: one
    /// answer then refutes a candidate of each such variable, where "not all of the
    /// candidates" is mostly met by an answer a swap away from the last, which refutes one or
    /// two (on a row of n values, n^2 candidates took about n^2 solves). Each variable's wish
    /// is a clause under its own activation literal, so an UNSAT core names the variables
    /// whose wishes clash: one alone has only forced candidates left (they are returned, out
    /// of `rest`); several leave the round, and their candidates stay in `rest`.
    fn refute_by_variable(
        &mut self,
        rest: &mut Vec<Fact>,
        fixed: &[Lit],
    ) -> Result<Vec<Fact>, StepsError> {
        // `rest` is in variable order, and so is `round`: (variable, activation literal).
        let mut round: Vec<(usize, Lit)> = Vec::new();
        for f in rest.iter() {
            if round.last().is_none_or(|&(v, _)| v != f.var) {
                round.push((f.var, self.session.formula_mut().cnf_mut().fresh_lit()));
            }
        }
        let activations: Vec<Lit> = round.iter().map(|&(_, a)| a).collect();
        let mut proven = Vec::new();
        let mut assumptions = fixed.to_vec();
        // With one variable left, its wish is the clause "not all of the candidates".
        while round.len() > 1 {
            assumptions.truncate(fixed.len());
            let mut wishes = Vec::new();
            for facts in rest.chunk_by(|a, b| a.var == b.var) {
                let v = facts[0].var;
                if let Ok(i) = round.binary_search_by_key(&v, |&(v, _)| v) {
                    let activation = round[i].1;
                    let mut wish: Vec<Lit> = facts.iter().map(|&f| !self.lit(f)).collect();
                    wish.push(!activation);
                    wishes.push(wish);
                    assumptions.push(activation);
                }
            }
            for wish in wishes {
                // Its wishes of earlier rounds had more candidates: this one implies them.
                self.session.block(&wish);
            }
            self.solves += 1;
            match self.session.solve_values(&assumptions)? {
                Some(values) => {
                    rest.retain(|f| (values[f.var] == f.value) == f.holds);
                    self.remember(values);
                    keep_with_candidates(&mut round, rest);
                }
                None => {
                    let failed = self.session.failed();
                    let clash: Vec<usize> = round
                        .iter()
                        .filter(|(_, a)| failed.contains(a))
                        .map(|&(v, _)| v)
                        .collect();
                    match clash.as_slice() {
                        // The known answer meets every fixed assumption: never here.
                        [] => break,
                        &[v] => {
                            proven.extend(rest.iter().filter(|f| f.var == v));
                            rest.retain(|f| f.var != v);
                        }
                        _ => {}
                    }
                    round.retain(|(v, _)| !clash.contains(v));
                    // Wishes clash once most candidates left are forced: one solve may show
                    // them all forced (else its answer refutes some, as a round's would).
                    if self.refute_together_once(rest, fixed)? {
                        proven.append(rest);
                        break;
                    }
                    keep_with_candidates(&mut round, rest);
                }
            }
        }
        // The wishes are never assumed again: off for good.
        for a in activations {
            self.session.block(&[!a]);
        }
        Ok(proven)
    }

    /// Solves under "not all of `rest`" (and `fixed`) until UNSAT, when those left are
    /// forced, or until none is left, each SAT answer removing those it breaks.
    fn refute_together(
        &mut self,
        mut rest: Vec<Fact>,
        fixed: Vec<Lit>,
    ) -> Result<Vec<Fact>, StepsError> {
        while !rest.is_empty() {
            if self.refute_together_once(&mut rest, &fixed)? {
                return Ok(rest);
            }
        }
        Ok(rest)
    }

    /// One solve under "not all of `rest`" (and `fixed`): true when UNSAT (all of `rest` are
    /// forced), else its answer removes from `rest` those it breaks.
    fn refute_together_once(
        &mut self,
        rest: &mut Vec<Fact>,
        fixed: &[Lit],
    ) -> Result<bool, StepsError> {
        if rest.is_empty() {
            return Ok(false);
        }
        let not_all: Vec<Lit> = rest.iter().map(|&f| !self.lit(f)).collect();
        let activation = self.session.block_under_activation(&not_all);
        let mut assumptions = fixed.to_vec();
        assumptions.push(activation);
        self.solves += 1;
        let values = self.session.solve_values(&assumptions)?;
        // The batch clause is never assumed again: off for good.
        self.session.block(&[!activation]);
        let Some(values) = values else {
            return Ok(true);
        };
        rest.retain(|f| (values[f.var] == f.value) == f.holds);
        self.remember(values);
        Ok(false)
    }

    /// Keeps an answer the solver found, as a witness for later questions.
    fn remember(&mut self, values: Vec<usize>) {
        if self.witnesses.len() == MAX_WITNESSES {
            self.witnesses.remove(0);
        }
        self.witnesses.push(values);
    }

    /// Adds what the structure alone makes of the known facts; returns those facts.
    fn follow(&mut self) -> Result<Vec<Fact>, StepsError> {
        let follows = self.forced(&[])?;
        for &f in &follows {
            self.learn(f);
        }
        Ok(follows)
    }

    /// The next step, or None when the answer is complete.
    pub fn next_step(&mut self) -> Result<Option<Step>, StepsError> {
        if self.complete() {
            return Ok(None);
        }
        let n = self.session.clue_count();
        for i in 0..n {
            let c = (self.next_clue + i) % n;
            let facts = self.forced(&[c])?;
            if !facts.is_empty() {
                self.next_clue = (c + 1) % n;
                return self.take(vec![c], facts).map(Some);
            }
        }
        let clues = self.smallest_core()?;
        let facts = self.forced(&clues)?;
        self.take(clues, facts).map(Some)
    }

    /// The smallest minimal clue set found that forces some unknown fact: each candidate's
    /// core of "all clues, the known facts, not the candidate" as the solver gives it, then
    /// the [`MAX_SHRUNK`] smallest shrunk from the first clue and from the last. Stops at two
    /// clues (no single clue forces anything here).
    fn smallest_core(&mut self) -> Result<Vec<usize>, StepsError> {
        let all: Vec<usize> = (0..self.session.clue_count()).collect();
        let known: Vec<Lit> = self
            .known_facts()
            .into_iter()
            .map(|f| self.lit(f))
            .collect();
        // Every candidate's core as the solver gives it; the smallest are shrunk.
        let mut cores = Vec::new();
        for f in self.candidates() {
            let mut fixed = known.clone();
            fixed.push(!self.lit(f));
            self.solves += 1;
            if self.session.solve_clues(&all, &fixed)? {
                return Err(StepsError::NotUnique);
            }
            cores.push((self.session.core(), self.session.failed(), fixed, f));
        }
        cores.sort_by_key(|c| c.0.len());
        let mut best: Option<Vec<usize>> = None;
        for (core, failed, fixed, f) in cores.into_iter().take(MAX_SHRUNK) {
            if best.as_ref().is_some_and(|b| b.len() <= 2) {
                break;
            }
            for direction in [Direction::FirstToLast, Direction::LastToFirst] {
                let clues = self.minimise(&core, &fixed, &failed, f, direction)?;
                let size = clues.len();
                if best.as_ref().is_none_or(|b| size < b.len()) {
                    best = Some(clues);
                }
                if size <= 2 {
                    break;
                }
            }
        }
        best.ok_or(StepsError::NotUnique)
    }

    /// A minimal subset of the clues `core` that, with `fixed` assumed, is still UNSAT.
    fn minimise(
        &mut self,
        core: &[usize],
        fixed: &[Lit],
        failed: &[Lit],
        fact: Fact,
        direction: Direction,
    ) -> Result<Vec<usize>, StepsError> {
        let items: Vec<(Lit, Role)> = core
            .iter()
            .map(|&c| (self.session.selector(c), Role::Plain))
            .chain(fixed.iter().map(|&l| (l, Role::Fixed)))
            .collect();
        let deletion = Deletion {
            direction,
            ..Deletion::EAGER
        };
        let mut witnesses = Pool {
            answers: &mut self.witnesses,
            clues: core,
            constraints: &self.clue_constraints,
            fact,
        };
        let kept = self
            .session
            .minimise(&items, Some(failed), deletion, &mut witnesses)?;
        self.solves += kept.solves;
        let mut clues: Vec<usize> = kept.kept.iter().map(|&i| core[i]).collect();
        clues.sort_unstable();
        Ok(clues)
    }

    /// Records the step of `clues` forcing `forced`: the earlier facts it uses, its facts
    /// (without those another of them implies), and what follows.
    fn take(&mut self, clues: Vec<usize>, forced: Vec<Fact>) -> Result<Step, StepsError> {
        let before = self.known_facts();
        // The values placed first: what the categories make of them is no news.
        let mut follows = Vec::new();
        if forced.iter().any(|f| f.holds) {
            for f in forced.iter().filter(|f| f.holds) {
                self.learn(*f);
            }
            follows = self.follow()?;
        }
        let mut facts: Vec<Fact> = forced
            .into_iter()
            .filter(|f| f.holds || !self.known[f.var][f.value])
            .collect();
        facts.sort_by_key(|f| !f.holds);
        for &f in &facts {
            self.learn(f);
        }
        follows.extend(self.follow()?);
        let uses = self.uses(&clues, &facts, before)?;
        Ok(Step {
            clues,
            uses,
            facts,
            follows,
        })
    }

    /// A minimal set of known facts that, with the clues, still force all of `facts`.
    /// Placed values come first in `known` and negatives are tried for removal first, so a
    /// placed value stands for what the categories make of it.
    fn uses(
        &mut self,
        clues: &[usize],
        facts: &[Fact],
        mut known: Vec<Fact>,
    ) -> Result<Vec<Fact>, StepsError> {
        known.sort_by_key(|f| !f.holds);
        if known.is_empty() {
            return Ok(Vec::new());
        }
        let not_all: Vec<Lit> = facts.iter().map(|&f| !self.lit(f)).collect();
        let activation = self.session.block_under_activation(&not_all);
        let items: Vec<(Lit, Role)> = known
            .iter()
            .map(|&f| (self.lit(f), Role::Plain))
            .chain(
                self.session
                    .selectors_of(clues)
                    .into_iter()
                    .chain([activation])
                    .map(|l| (l, Role::Fixed)),
            )
            .collect();
        let assumptions: Vec<Lit> = items.iter().map(|&(l, _)| l).collect();
        self.solves += 1;
        if self.session.solve(&assumptions)? {
            return Err(SolveError::Solver("a step's facts are not forced".into()).into());
        }
        let core = self.session.failed();
        let deletion = Deletion {
            direction: Direction::LastToFirst,
            ..Deletion::EAGER
        };
        let kept = self
            .session
            .minimise(&items, Some(&core), deletion, &mut NoWitnesses)?;
        self.solves += kept.solves;
        self.session.block(&[!activation]);
        Ok(kept.kept.iter().map(|&i| known[i]).collect())
    }
}

/// Keeps the variables of `round` (in variable order, as `rest` is) that still have
/// candidates in `rest`.
fn keep_with_candidates(round: &mut Vec<(usize, Lit)>, rest: &[Fact]) {
    let mut left = rest.iter().map(|f| f.var).peekable();
    round.retain(|&(v, _)| {
        while left.next_if(|&u| u < v).is_some() {}
        left.peek() == Some(&v)
    });
}

/// The witness answers, as the minimiser's shortcut: an answer that fits the known facts and
/// the clues left, and breaks the fact, shows the clue tried needed.
struct Pool<'a> {
    answers: &'a mut Vec<Vec<usize>>,
    /// The clue of each minimiser item (items past these are fixed).
    clues: &'a [usize],
    constraints: &'a [Constraint],
    fact: Fact,
}

impl Witnesses for Pool<'_> {
    fn shows_needed(&mut self, rest: &[usize], _candidate: usize) -> bool {
        let f = self.fact;
        self.answers.iter().any(|w| {
            (w[f.var] == f.value) != f.holds
                && rest
                    .iter()
                    .filter_map(|&i| self.clues.get(i))
                    .all(|&c| holds(&self.constraints[c], w))
        })
    }

    fn found(&mut self, answer: &[usize]) {
        if self.answers.len() == MAX_WITNESSES {
            self.answers.remove(0);
        }
        self.answers.push(answer.to_vec());
    }
}

/// A whole explanation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// The steps, first to last; after the last, every variable's value is known.
    pub steps: Vec<Step>,
    /// The answer: a value per model variable.
    pub answer: Vec<usize>,
    /// Facts known before the first step (given, and what the structure makes of them).
    pub start: Vec<Fact>,
    /// Solver calls made.
    pub solves: usize,
}

/// Explains the answer of `clued` from the facts `start` (none for a fresh puzzle).
pub fn explain(clued: &Clued, start: &[Fact]) -> Result<Explanation, StepsError> {
    let mut stepper = Stepper::new(clued, start)?;
    let start = stepper.known_facts();
    let mut steps = Vec::new();
    while let Some(step) = stepper.next_step()? {
        steps.push(step);
    }
    Ok(Explanation {
        steps,
        answer: stepper.answer.clone(),
        start,
        solves: stepper.solves,
    })
}

impl Clued {
    /// A fact, for reports.
    pub fn fact_note(&self, f: Fact) -> FactNote {
        let var = &self.model.vars[f.var];
        FactNote {
            text: (self.describe)(f),
            value: var.name.clone(),
            place: var.values[f.value].clone(),
            holds: f.holds,
        }
    }

    /// The steps, for reports: numbered from 1, each with its sentence.
    pub fn step_notes(&self, steps: &[Step]) -> Vec<StepNote> {
        steps
            .iter()
            .enumerate()
            .map(|(i, s)| StepNote {
                step: i + 1,
                kind: s.kind().name().into(),
                cost: step_cost(s.clues.len()),
                sentence: self.sentence(s),
                clues: s.clues.iter().map(|&c| self.notes[c].clone()).collect(),
                uses: s.uses.iter().map(|&f| self.fact_note(f)).collect(),
                facts: s.facts.iter().map(|&f| self.fact_note(f)).collect(),
                follows: s.follows.iter().map(|&f| self.fact_note(f)).collect(),
            })
            .collect()
    }

    /// "By clue 3 (its words), knowing that A: B; C." from the clues' own wording.
    pub fn sentence(&self, step: &Step) -> String {
        let clue = |&c: &usize| {
            let note = &self.notes[c];
            let words = note.text.as_deref().unwrap_or(&note.meaning);
            format!("{} ({})", note.clue, words.trim_end_matches('.'))
        };
        let clues: Vec<String> = step.clues.iter().map(clue).collect();
        let plural = if clues.len() == 1 { "" } else { "s" };
        let mut out = format!("By {}{plural} {}", self.clue_noun, and_list(&clues));
        if !step.uses.is_empty() {
            let uses: Vec<String> = step.uses.iter().map(|&f| (self.describe)(f)).collect();
            out.push_str(&format!(", knowing that {}", and_list(&uses)));
        }
        let facts: Vec<String> = step.facts.iter().map(|&f| (self.describe)(f)).collect();
        out.push_str(&format!(": {}.", facts.join("; ")));
        out
    }
}

/// "a", "a and b", "a, b and c".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
