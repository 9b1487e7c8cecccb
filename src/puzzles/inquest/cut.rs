//! The cut: from a list of true statements, a minimal subset that pins the answer.
//!
//! One incremental [`Session`] holds the structural constraints, the answer's blocking clause
//! (permanently: "unique" is then "UNSAT"), and each statement guarded by its own selector
//! literal; every question is a solve under assumptions. Growing and cutting are
//! [`crate::solve::subset`]'s, shared with the grid generator. Statements are encoded only when
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
//!
//! The trials assume the kept statements in the order they were added (the cores the solver
//! reports then leave out more of the early ones than with the removal order).

use crate::model::{Constraint, EncodeOptions, Model, holds};
use crate::solve::{
    CutOrder, Deletion, Direction, Growth, Narrowing, Session, SolveError, Witnesses, grow,
    minimal_unique_subset,
};

/// How a cut went, for reports and benches.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CutStats {
    /// Statements encoded (the prefix added before the answer became unique).
    pub(crate) added: usize,
    /// Solves run, in all.
    pub solver_calls: usize,
    /// Of those, solves in the removal pass.
    pub(crate) removal_calls: usize,
    /// Solves saved by a witness.
    pub(crate) saved_by_witness: usize,
    /// Solves saved by an UNSAT core.
    pub(crate) saved_by_core: usize,
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
pub(crate) struct Cut {
    /// The base model with the answer blocked for good; statement `i` is clue `i`.
    session: Session,
    answer: Vec<usize>,
    /// Clue indices of the statements added so far (0, 1, ...).
    on: Vec<usize>,
    seen: SecondAnswers,
    /// Set once the statements force the answer.
    forced: bool,
    stats: CutStats,
}

impl Cut {
    /// A solver with `base`'s constraints and `answer` blocked.
    pub(crate) fn new(base: &Model, answer: &[usize], opts: EncodeOptions) -> Cut {
        let mut session = Session::new(base.encode(opts));
        session.block_answer(answer);
        Cut {
            session,
            answer: answer.to_vec(),
            on: Vec::new(),
            seen: SecondAnswers::default(),
            forced: false,
            stats: CutStats::default(),
        }
    }

    /// Adds the next statement; returns whether the answer is now the only solution (after
    /// which further statements are ignored).
    pub(crate) fn add(&mut self, c: Constraint) -> Result<bool, CutError> {
        if self.forced {
            return Ok(true);
        }
        if !holds(&c, &self.answer) {
            return Err(CutError::AnswerBreaks(self.on.len() + 1));
        }
        let clue = self.session.add_clue(&c);
        self.seen.statements.push(c);
        self.on.push(clue);
        match grow(&mut self.session, &self.on, &[clue], &[], &mut self.seen)? {
            Growth::OpenByWitness => self.stats.saved_by_witness += 1,
            Growth::Open => self.stats.solver_calls += 1,
            Growth::Forced => {
                self.stats.solver_calls += 1;
                self.forced = true;
            }
        }
        Ok(self.forced)
    }

    /// The removal pass, latest statement first: the kept statements (indices in add order).
    pub(crate) fn finish(self) -> Result<(Vec<usize>, CutStats), CutError> {
        let Cut {
            mut session,
            on,
            mut seen,
            forced,
            mut stats,
            ..
        } = self;
        if !forced {
            let other = seen.latest.map(|w| format!("{w:?}")).unwrap_or_default();
            return Err(CutError::NotUnique(other));
        }
        stats.added = on.len();
        seen.start_shrinking();
        let cut = CutOrder {
            order: &on,
            prefer: &[],
            under: &[],
            deletion: Deletion {
                narrowing: Narrowing::AtTurn,
                direction: Direction::LastToFirst,
            },
            just_forced: true,
        };
        let cut = minimal_unique_subset(&mut session, cut, &mut seen)?.ok_or_else(|| {
            SolveError::Solver("the statements stopped forcing the answer".into())
        })?;
        stats.solver_calls += cut.solves;
        stats.removal_calls += cut.solves;
        stats.saved_by_witness += cut.by_witness;
        stats.saved_by_core += cut.by_core;
        Ok((cut.kept, stats))
    }
}

/// The second arrangements the solver returned, as the cut's [`Witnesses`].
#[derive(Default)]
struct SecondAnswers {
    /// The statements added so far, in order.
    statements: Vec<Constraint>,
    /// While growing: the latest second arrangement; it satisfies every statement added before
    /// the one that broke the previous witness.
    latest: Option<Vec<usize>>,
    earlier: Vec<Vec<usize>>,
    /// While shrinking: per witness, the statements it violates...
    violates: Vec<Vec<bool>>,
    /// ...and how many of those are still kept.
    kept_violated: Vec<usize>,
    /// Statements still kept; empty while growing.
    kept: Vec<bool>,
}

impl SecondAnswers {
    /// From growing to shrinking: every witness so far is judged against every statement.
    fn start_shrinking(&mut self) {
        self.kept = vec![true; self.statements.len()];
        let seen: Vec<Vec<usize>> = self.earlier.drain(..).chain(self.latest.take()).collect();
        for w in &seen {
            self.judge(w);
        }
    }

    fn judge(&mut self, w: &[usize]) {
        let violates: Vec<bool> = self.statements.iter().map(|c| !holds(c, w)).collect();
        let count = (0..self.kept.len())
            .filter(|&t| self.kept[t] && violates[t])
            .count();
        self.violates.push(violates);
        self.kept_violated.push(count);
    }
}

impl Witnesses for SecondAnswers {
    /// The latest witness satisfied every earlier statement; if it satisfies the new ones
    /// too, the set is still open.
    fn still_open(&mut self, new: &[usize]) -> bool {
        self.latest
            .as_ref()
            .is_some_and(|w| new.iter().all(|&s| holds(&self.statements[s], w)))
    }

    /// A witness that breaks kept statement `s` and nothing else kept is a second solution
    /// without `s`: `s` is necessary.
    fn shows_needed(&mut self, _rest: &[usize], s: usize) -> bool {
        self.violates
            .iter()
            .zip(&self.kept_violated)
            .any(|(v, &count)| v[s] && count == 1)
    }

    fn found(&mut self, w: &[usize]) {
        if self.kept.is_empty() {
            if let Some(old) = self.latest.replace(w.to_vec()) {
                self.earlier.push(old);
            }
        } else {
            self.judge(w);
        }
    }

    fn dropped(&mut self, s: usize) {
        self.kept[s] = false;
        for (v, count) in self.violates.iter().zip(&mut self.kept_violated) {
            if v[s] {
                *count -= 1;
            }
        }
    }
}
