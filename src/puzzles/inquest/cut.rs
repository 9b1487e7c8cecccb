//! The cut: from a list of true statements, a minimal subset that pins the answer.
//!
//! One incremental solver holds the structural constraints, the answer's blocking clause
//! (permanently: "unique" is then "UNSAT"), and each statement guarded by its own selector
//! literal; every question is a solve under assumptions. Statements are encoded only when
//! they are first added, so the tail of the list that is never needed costs nothing.
//!
//! The plain algorithm: add statements one at a time until the answer is unique; then try
//! removing each in turn, latest first, keeping it out whenever the rest is still unique.
//! Latest first because the last statements added are the ones that finished the job (the very
//! last is always needed) while the early ones are mostly made redundant by them; trying the
//! early ones last, when the solver's core already leaves most of them out, saves about 40% of
//! the removal solves against first-to-last.
//!
//! Two bookkeeping devices save solver calls without changing a single decision of the plain
//! algorithm:
//! - a *witness* is a second arrangement the solver returned. While a witness satisfies every
//!   statement added so far, the set is not yet unique, so adding a statement the witness
//!   satisfies needs no solve. In the removal pass, a witness that violates exactly one kept
//!   statement proves that statement necessary.
//! - a *core* is the set of selectors the solver blamed for its last UNSAT. Any kept statement
//!   outside the core can go without a solve: the core alone still forces uniqueness.

use crate::cnf::Lit;
use crate::model::{Constraint, EncodeOptions, Encoded, Model, holds};
use crate::solve::{Backend, SolveError, Varisat};

/// How a cut went, for reports and benches.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CutStats {
    /// Statements encoded (the prefix added before the answer became unique).
    pub added: usize,
    /// Solves run, in all.
    pub solver_calls: usize,
    /// Of those, solves in the removal pass.
    pub removal_calls: usize,
    /// Solves saved by a witness.
    pub saved_by_witness: usize,
    /// Solves saved by an UNSAT core.
    pub saved_by_core: usize,
}

/// Why no cut could be made.
#[derive(Debug, thiserror::Error)]
pub enum CutError {
    #[error("the statements allow {0} besides the answer: they do not pin it down")]
    NotUnique(String),
    #[error("the answer breaks statement {0}")]
    AnswerBreaks(usize),
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// A minimal subset of `statements` (indices, in the given order) that, with `base`'s own
/// constraints, leaves `answer` the only solution: removing any single one of them admits
/// another. Each statement must hold of `answer`.
pub fn minimal_subset(
    base: &Model,
    statements: &[Constraint],
    answer: &[usize],
    opts: EncodeOptions,
) -> Result<(Vec<usize>, CutStats), CutError> {
    let mut cut = Cut::new(base, answer, opts);
    for c in statements {
        if cut.add(c.clone())? {
            break;
        }
    }
    cut.finish()
}

/// The cut in progress: statements are handed over one at a time (so a caller can build them
/// lazily and stop as soon as the answer is unique), then [`Cut::finish`] removes the ones
/// that are not needed.
pub struct Cut {
    sel: Selected,
    answer: Vec<usize>,
    /// The statements added so far, in order.
    statements: Vec<Constraint>,
    /// The latest second arrangement; it satisfies every statement added before the one that
    /// broke the previous witness.
    witness: Option<Vec<usize>>,
    witnesses: Vec<Vec<usize>>,
    /// Set once unique: the statements the solver blamed.
    core: Option<Vec<bool>>,
    stats: CutStats,
}

impl Cut {
    /// A solver with `base`'s constraints and `answer` blocked.
    pub fn new(base: &Model, answer: &[usize], opts: EncodeOptions) -> Cut {
        let mut solver = GuardedSolver::new(base, opts);
        solver.block(answer);
        Cut {
            sel: Selected {
                solver,
                selectors: Vec::new(),
                by_var: Vec::new(),
            },
            answer: answer.to_vec(),
            statements: Vec::new(),
            witness: None,
            witnesses: Vec::new(),
            core: None,
            stats: CutStats::default(),
        }
    }

    /// Adds the next statement; returns whether the answer is now the only solution (after
    /// which further statements are ignored).
    pub fn add(&mut self, c: Constraint) -> Result<bool, CutError> {
        if self.core.is_some() {
            return Ok(true);
        }
        if !holds(&c, &self.answer) {
            return Err(CutError::AnswerBreaks(self.statements.len() + 1));
        }
        self.sel.activate(self.statements.len(), &c);
        let witnessed = self.witness.as_ref().is_some_and(|w| holds(&c, w));
        self.statements.push(c);
        if witnessed {
            self.stats.saved_by_witness += 1;
            return Ok(false);
        }
        self.stats.solver_calls += 1;
        match self.sel.solver.solve(&self.sel.selectors)? {
            Some(w) => {
                if let Some(old) = self.witness.replace(w) {
                    self.witnesses.push(old);
                }
                Ok(false)
            }
            None => {
                self.core = Some(self.sel.core());
                Ok(true)
            }
        }
    }

    /// The removal pass, latest statement first: the kept statements (indices in add order).
    pub fn finish(self) -> Result<(Vec<usize>, CutStats), CutError> {
        let Cut {
            mut sel,
            statements,
            witness,
            mut witnesses,
            core,
            mut stats,
            ..
        } = self;
        let Some(mut core) = core else {
            let other = witness.map(|w| format!("{w:?}")).unwrap_or_default();
            return Err(CutError::NotUnique(other));
        };
        witnesses.extend(witness);
        let added = statements.len();
        stats.added = added;
        let mut kept = vec![true; added];
        let mut known = Witnesses::default();
        for w in &witnesses {
            known.add(w, &statements, &kept);
        }
        for s in (0..added).rev() {
            if !core[s] {
                kept[s] = false;
                known.removed(s);
                stats.saved_by_core += 1;
                continue;
            }
            if known.only_violation(s) {
                stats.saved_by_witness += 1;
                continue;
            }
            stats.solver_calls += 1;
            stats.removal_calls += 1;
            let assumptions: Vec<Lit> = (0..added)
                .filter(|&t| t != s && kept[t])
                .map(|t| sel.selectors[t])
                .collect();
            match sel.solver.solve(&assumptions)? {
                Some(w) => known.add(&w, &statements, &kept),
                None => {
                    kept[s] = false;
                    known.removed(s);
                    core = sel.core();
                }
            }
        }
        Ok(((0..added).filter(|&s| kept[s]).collect(), stats))
    }
}

/// Second arrangements seen so far, with which kept statements each one violates.
#[derive(Default)]
struct Witnesses {
    /// Per witness: the statements it violates.
    violates: Vec<Vec<bool>>,
    /// Per witness: how many of those are still kept.
    kept_violated: Vec<usize>,
}

impl Witnesses {
    fn add(&mut self, w: &[usize], statements: &[Constraint], kept: &[bool]) {
        let violates: Vec<bool> = statements.iter().map(|c| !holds(c, w)).collect();
        let count = (0..kept.len()).filter(|&t| kept[t] && violates[t]).count();
        self.violates.push(violates);
        self.kept_violated.push(count);
    }

    fn removed(&mut self, s: usize) {
        for (v, count) in self.violates.iter().zip(&mut self.kept_violated) {
            if v[s] {
                *count -= 1;
            }
        }
    }

    /// Is there a witness that breaks kept statement `s` and nothing else kept? Then without
    /// `s` that witness is a second solution: `s` is necessary.
    fn only_violation(&self, s: usize) -> bool {
        self.violates
            .iter()
            .zip(&self.kept_violated)
            .any(|(v, &count)| v[s] && count == 1)
    }
}

/// A model's structural constraints in one incremental varisat, with constraints added later
/// behind selector literals, answered in the model's own terms.
pub struct GuardedSolver {
    encoded: Encoded,
    solver: Varisat,
    /// Clauses of `encoded` already handed to the solver.
    fed: usize,
}

impl GuardedSolver {
    /// The model's own constraints, unguarded.
    pub fn new(base: &Model, opts: EncodeOptions) -> GuardedSolver {
        let mut encoded = Encoded::declare(base, opts);
        for c in &base.constraints {
            encoded.add_constraint(c);
        }
        let mut s = GuardedSolver {
            encoded,
            solver: Varisat::new(),
            fed: 0,
        };
        s.feed();
        s
    }

    /// Hands the solver the clauses encoded since the last call.
    fn feed(&mut self) {
        let clauses = &self.encoded.cnf.clauses;
        for i in self.fed..clauses.len() {
            self.solver.add_clause(clauses.get(i));
        }
        self.fed = clauses.len();
    }

    /// Forbids this answer for good.
    pub fn block(&mut self, answer: &[usize]) {
        let clause = self.encoded.blocking_clause(answer);
        self.solver.add_clause(&clause);
    }

    /// Encodes `c` behind a fresh selector and returns the selector: `c` binds in a solve only
    /// when the selector is assumed.
    pub fn add_guarded(&mut self, c: &Constraint) -> Lit {
        let sel = self.encoded.cnf.fresh_lit();
        self.encoded.add_constraint_guarded(c, sel);
        self.feed();
        sel
    }

    /// The literal "variable `var` takes value `value`", to assume or deny.
    pub fn value_lit(&mut self, var: usize, value: usize) -> Lit {
        let mut cnf = std::mem::take(&mut self.encoded.cnf);
        let lit = self.encoded.domains[var].value_lit(&mut cnf, value);
        self.encoded.cnf = cnf;
        self.feed();
        lit
    }

    /// A solution under the assumptions (the value of every model variable), or `None`.
    pub fn solve(&mut self, assumptions: &[Lit]) -> Result<Option<Vec<usize>>, SolveError> {
        if !self.solver.solve(assumptions)? {
            return Ok(None);
        }
        let model = self.solver.model(self.encoded.cnf.num_vars());
        self.encoded
            .decode(&model)
            .map(Some)
            .ok_or_else(|| SolveError::Solver("model leaves a puzzle variable unset".into()))
    }

    /// After an UNSAT solve: the assumptions the solver blamed (a subset, not necessarily
    /// minimal).
    pub fn failed(&self) -> Vec<Lit> {
        self.solver.failed_assumptions()
    }

    /// A minimal subset of `core` that, together with `fixed`, is still UNSAT (`fixed` plus
    /// `core` must be UNSAT). Deletion-based: each literal is dropped when the rest still
    /// fails, and the literals after it are narrowed to the solver's new core. A literal kept
    /// once stays needed: it was needed with a superset of what is left.
    pub fn minimise(&mut self, fixed: &[Lit], core: &[Lit]) -> Result<Vec<Lit>, SolveError> {
        let mut kept: Vec<Lit> = core.to_vec();
        let mut i = 0;
        while i < kept.len() {
            let trial: Vec<Lit> = fixed
                .iter()
                .chain(&kept[..i])
                .chain(&kept[i + 1..])
                .copied()
                .collect();
            if self.solve(&trial)?.is_some() {
                i += 1;
            } else {
                let blamed = self.failed();
                let rest: Vec<Lit> = kept[i + 1..]
                    .iter()
                    .filter(|l| blamed.contains(l))
                    .copied()
                    .collect();
                kept.truncate(i);
                kept.extend(rest);
            }
        }
        Ok(kept)
    }
}

/// The cut's statements in the solver: selector of statement i, and back.
struct Selected {
    solver: GuardedSolver,
    selectors: Vec<Lit>,
    /// Statement index by selector variable.
    by_var: Vec<Option<usize>>,
}

impl Selected {
    /// Encodes statement `i` (the next one) behind a fresh selector.
    fn activate(&mut self, i: usize, c: &Constraint) {
        debug_assert_eq!(i, self.selectors.len());
        let sel = self.solver.add_guarded(c);
        let v = sel.var().idx();
        if self.by_var.len() <= v {
            self.by_var.resize(v + 1, None);
        }
        self.by_var[v] = Some(i);
        self.selectors.push(sel);
    }

    /// After UNSAT: which statements the solver blamed.
    fn core(&self) -> Vec<bool> {
        let mut in_core = vec![false; self.selectors.len()];
        for l in self.solver.failed() {
            if let Some(Some(i)) = self.by_var.get(l.var().idx()) {
                in_core[*i] = true;
            }
        }
        in_core
    }
}
