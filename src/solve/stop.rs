//! When to stop a long run: a deadline (`--timeout`) and a flag that anyone holding a clone may
//! raise (the command line raises it from its Ctrl-C/SIGTERM handler).
//!
//! Enumeration loops check [`Stop::should_stop`] between solver calls and return what they
//! have found so far, marked incomplete ([`Enumerated`]). Inside one solve, the embedded
//! varisat (patched for it: `vendor/varisat/PATCHES.md`) asks the stop condition bound to the
//! thread that made it ([`Stop::bound_solves`]) before each conflict, and fails with
//! [`SolveError::Stopped`] once it says stop. A split count binds the stop on each of its
//! threads, and an external solver process bound so is killed once the stop says stop
//! (`external.rs`). Solvers made on other, unbound threads do not hear it; for them the
//! command line still prints what it knows when the worker does not return soon after the
//! stop (see `src/cli/run.rs`).

use std::cell::RefCell;
use std::marker::PhantomData;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::{Backend, SolveError, enumerate};
use crate::cnf::Cnf;

/// Why a run stopped before it finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopReason {
    /// The deadline passed.
    Timeout,
    /// Someone raised the flag (Ctrl-C, SIGTERM, a caller's own reason).
    Interrupted,
}

impl StopReason {
    /// "timed out" / "interrupted", for messages.
    pub fn words(self) -> &'static str {
        match self {
            StopReason::Timeout => "timed out",
            StopReason::Interrupted => "interrupted",
        }
    }
}

const RUNNING: u8 = 0;
const TIMEOUT: u8 = 1;
const INTERRUPTED: u8 = 2;

/// A stop condition shared by clones: a start time, an optional deadline and a flag.
#[derive(Debug, Clone)]
pub struct Stop {
    start: Instant,
    deadline: Option<Instant>,
    state: Arc<AtomicU8>,
    /// When the flag was raised, in nanoseconds after `start`.
    interrupted_at: Arc<AtomicU64>,
}

impl Default for Stop {
    fn default() -> Self {
        Stop::never()
    }
}

impl Stop {
    /// No deadline; stops only when [`Stop::interrupt`] is called.
    pub(crate) fn never() -> Stop {
        Stop::new(None)
    }

    /// Stops `timeout` from now (never when `None`), or when interrupted.
    pub fn new(timeout: Option<Duration>) -> Stop {
        let start = Instant::now();
        Stop {
            start,
            // A timeout too large to represent is no deadline at all.
            deadline: timeout.and_then(|t| start.checked_add(t)),
            state: Arc::new(AtomicU8::new(RUNNING)),
            interrupted_at: Arc::new(AtomicU64::new(0)),
        }
    }

    /// Raises the flag: every clone's [`Stop::should_stop`] is true from now on. Only an
    /// atomic store, so it may be called from a signal handler's thread.
    pub fn interrupt(&self) {
        let nanos = u64::try_from(self.start.elapsed().as_nanos()).unwrap_or(u64::MAX);
        // Stored first: whoever sees INTERRUPTED sees its time.
        self.interrupted_at.store(nanos, Ordering::SeqCst);
        let _ =
            self.state
                .compare_exchange(RUNNING, INTERRUPTED, Ordering::SeqCst, Ordering::SeqCst);
    }

    /// How long the run had been going when it had to stop: the timeout itself, or the time of
    /// the interrupt (None while it need not stop).
    pub fn stopped_after(&self) -> Option<Duration> {
        match self.reason()? {
            StopReason::Timeout => self.deadline.map(|d| d - self.start),
            StopReason::Interrupted => Some(Duration::from_nanos(
                self.interrupted_at.load(Ordering::SeqCst),
            )),
        }
    }

    /// Has the flag been raised or the deadline passed?
    pub fn should_stop(&self) -> bool {
        self.reason().is_some()
    }

    /// Why the run must stop, if it must. The first reason seen sticks.
    pub fn reason(&self) -> Option<StopReason> {
        self.reason_with_clock(true)
    }

    /// [`Stop::reason`], the deadline looked at only if `read_clock`.
    fn reason_with_clock(&self, read_clock: bool) -> Option<StopReason> {
        let state = self.state.load(Ordering::SeqCst);
        if state == RUNNING && read_clock && self.deadline.is_some_and(|d| Instant::now() >= d) {
            let _ =
                self.state
                    .compare_exchange(RUNNING, TIMEOUT, Ordering::SeqCst, Ordering::SeqCst);
        }
        match self.state.load(Ordering::SeqCst) {
            TIMEOUT => Some(StopReason::Timeout),
            INTERRUPTED => Some(StopReason::Interrupted),
            _ => None,
        }
    }

    /// A [`Polled`] check of this stop condition, for a loop that asks very often.
    pub fn polled(&self) -> Polled {
        Polled {
            stop: self.clone(),
            stride: 1,
            left: 0,
            last_clock: None,
        }
    }

    /// Time until the deadline (None: no deadline; zero once it passed).
    pub fn remaining(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// Time since the stop condition was made.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

/// [`Stop::reason`] for a loop that asks more often than the deadline needs: a solver's check
/// before each conflict, an enumeration's before each model (a few hundred nanoseconds apart,
/// where a clock read costs tens). The flag is read at every ask; the clock only at every
/// `stride`-th, and the stride doubles (up to [`Polled::MAX_STRIDE`]) while the asks between
/// two reads took under [`Polled::QUICK`], and falls back to 1 as soon as they did not: a
/// deadline is seen at most `MAX_STRIDE` quick asks late.
#[derive(Debug, Clone)]
pub struct Polled {
    stop: Stop,
    stride: u32,
    /// Asks left before the next clock read.
    left: u32,
    last_clock: Option<Instant>,
}

impl Polled {
    /// Asks between two clock reads at most.
    pub const MAX_STRIDE: u32 = 64;
    /// Asks faster than this in all between two clock reads let the stride grow.
    pub const QUICK: Duration = Duration::from_micros(50);

    /// Why the run must stop, if it must (the deadline read as above).
    pub fn reason(&mut self) -> Option<StopReason> {
        if self.stop.deadline.is_none() || self.left > 0 {
            self.left = self.left.saturating_sub(1);
            return self.stop.reason_with_clock(false);
        }
        let now = Instant::now();
        let quick = self.last_clock.is_some_and(|t| now - t < Self::QUICK);
        self.stride = if quick {
            (self.stride * 2).min(Self::MAX_STRIDE)
        } else {
            1
        };
        self.left = self.stride - 1;
        self.last_clock = Some(now);
        self.stop.reason()
    }

    /// Has the flag been raised or the deadline passed (read as above)?
    pub fn should_stop(&mut self) -> bool {
        self.reason().is_some()
    }
}

thread_local! {
    /// The stop condition every varisat solver made on this thread obeys ([`Stop::bound_solves`]).
    static BOUND: RefCell<Option<Stop>> = const { RefCell::new(None) };
}

impl Stop {
    /// Until the guard is dropped, every varisat solver made on this thread stops its search
    /// (within one conflict) once this condition says stop, failing with
    /// [`SolveError::Stopped`]: a deadline or a flag bounds even one long solve. The server
    /// binds its time limit so; the command line its `--timeout` and Ctrl-C.
    pub fn bound_solves(&self) -> BoundSolves {
        let previous = BOUND.with_borrow_mut(|b| b.replace(self.clone()));
        BoundSolves {
            previous,
            _on_this_thread: PhantomData,
        }
    }
}

/// The stop condition bound to this thread, if any (for a solver being made).
pub(crate) fn bound() -> Option<Stop> {
    BOUND.with_borrow(Clone::clone)
}

/// While it lives, solvers made on its thread obey a stop condition ([`Stop::bound_solves`]).
#[must_use = "the binding ends when the guard is dropped"]
pub struct BoundSolves {
    previous: Option<Stop>,
    /// Dropped on the thread that made it (it restores that thread's binding).
    _on_this_thread: PhantomData<*const ()>,
}

impl Drop for BoundSolves {
    fn drop(&mut self) {
        let previous = self.previous.take();
        BOUND.with_borrow_mut(|b| *b = previous);
    }
}

/// Conflicts a varisat solver may still make, shared by clones: its owner sets the number
/// before a solve, the solver's interrupt check ([`crate::solve::Varisat::obey`]) spends one
/// before each conflict and stops the search once none is left. A limit on one question
/// that falls at the same place on every machine, unlike a time limit.
#[derive(Debug, Clone)]
pub struct ConflictBudget {
    left: Arc<AtomicU64>,
}

impl ConflictBudget {
    /// No limit (until [`ConflictBudget::allow`] sets one).
    pub fn unlimited() -> ConflictBudget {
        ConflictBudget {
            left: Arc::new(AtomicU64::new(u64::MAX)),
        }
    }

    /// From now on, `conflicts` more (`u64::MAX`: no limit).
    pub fn allow(&self, conflicts: u64) {
        self.left.store(conflicts, Ordering::Relaxed);
    }

    /// Is none left (a search that stopped stopped for it)?
    pub fn spent(&self) -> bool {
        self.left.load(Ordering::Relaxed) == 0
    }

    /// Spends one conflict: true when none was left (the search must stop).
    pub(crate) fn spend(&self) -> bool {
        let left = self.left.load(Ordering::Relaxed);
        if left != u64::MAX && left > 0 {
            self.left.store(left - 1, Ordering::Relaxed);
        }
        left == 0
    }
}

/// What an enumeration found before it ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Enumerated {
    /// Distinct projected models found.
    pub found: u64,
    /// Why it ended early, if the stop condition ended it (then `found` is a lower bound).
    pub stopped: Option<StopReason>,
}

/// [`enumerate`] that also ends, between two solver calls, when `stop` says so.
pub fn enumerate_until(
    cnf: &mut Cnf,
    backend: &mut dyn Backend,
    limit: Option<u64>,
    stop: &Stop,
    mut on_model: impl FnMut(&[bool]) -> ControlFlow<()>,
) -> Result<Enumerated, SolveError> {
    if let Some(reason) = stop.reason() {
        return Ok(Enumerated {
            found: 0,
            stopped: Some(reason),
        });
    }
    let mut stopped = None;
    let mut seen = 0;
    let found = enumerate(cnf, backend, limit, |model| {
        seen += 1;
        on_model(model)?;
        stopped = stop.reason();
        if stopped.is_some() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    match found {
        Ok(found) => Ok(Enumerated { found, stopped }),
        // Stopped inside a solve: what was found before it stands.
        Err(SolveError::Stopped) if stop.should_stop() => Ok(Enumerated {
            found: seen,
            stopped: stop.reason(),
        }),
        Err(e) => Err(e),
    }
}

/// [`super::split::count_until`] on a backend of the caller's (an external solver, or a
/// varisat for the count in one piece), loaded with `cnf` and used for nothing else: one
/// solver, no split.
pub fn count_until_on(
    cnf: &Cnf,
    backend: &mut dyn Backend,
    limit: Option<u64>,
    stop: &Stop,
    mut on_count: impl FnMut(u64),
) -> Result<Enumerated, SolveError> {
    let counted = CountedVars::of(cnf);
    counted.count(backend, limit, stop, &mut on_count, |_| {
        ControlFlow::Continue(())
    })
}

/// What a count of a CNF's projected models blocks on, and how many models each one it finds
/// stands for.
#[derive(Clone)]
pub(crate) struct CountedVars {
    /// The projected variables some clause mentions: a blocking clause is over these.
    pub(crate) kept: Vec<crate::cnf::Var>,
    /// A one-hot projection: a blocking clause needs only the true ones.
    pub(crate) one_hot: bool,
    /// Models each found one stands for (2^f, f projected variables in no clause); None
    /// when that is more than a `u64` holds.
    each: Option<u64>,
    /// Variables to read of a model: every kept one is below this.
    pub(crate) model_vars: u32,
}

impl CountedVars {
    pub(crate) fn of(cnf: &Cnf) -> Self {
        use crate::cnf::Var;
        let one_hot = cnf.primary_one_hot && !cnf.primary.is_empty();
        // The variables the clauses mention, each once: nothing here is as large as the
        // header's count (`p cnf 2147483646 0` declares 2^31 variables and mentions none).
        let mut mentioned: Vec<u32> = cnf
            .clauses
            .iter()
            .flatten()
            .map(|l| l.var().idx32())
            .collect();
        mentioned.sort_unstable();
        mentioned.dedup();
        // Projected variables in no clause are free; a one-hot projection blocks only true
        // literals, so every variable must stay in it.
        let (kept, free): (Vec<Var>, u64) = if cnf.primary.is_empty() {
            let kept: Vec<Var> = mentioned.iter().map(|&v| Var::new(v)).collect();
            let free = u64::from(cnf.num_vars()) - kept.len() as u64;
            (kept, free)
        } else {
            let (kept, free): (Vec<Var>, Vec<Var>) = cnf
                .primary
                .iter()
                .partition(|v| one_hot || mentioned.binary_search(&v.idx32()).is_ok());
            (kept, free.len() as u64)
        };
        let model_vars = kept.iter().map(|v| v.idx32() + 1).max().unwrap_or(0);
        CountedVars {
            kept,
            one_hot,
            each: (free < 64).then(|| 1u64 << free),
            model_vars,
        }
    }

    /// The same count with the variables of `fixed` left out of the blocking clauses: exact
    /// where every model counted gives them those values.
    pub(crate) fn without(&self, fixed: &[crate::cnf::Lit]) -> CountedVars {
        let mut out: Vec<u32> = fixed.iter().map(|l| l.var().idx32()).collect();
        out.sort_unstable();
        CountedVars {
            kept: (self.kept.iter())
                .filter(|v| out.binary_search(&v.idx32()).is_err())
                .copied()
                .collect(),
            ..self.clone()
        }
    }

    /// Models one found model stands for, `found` counted before it: at most `left` (what a
    /// limit leaves); without a limit, [`SolveError::TooMany`] past `u64::MAX`.
    pub(crate) fn models_each(&self, left: Option<u64>, found: u64) -> Result<u64, SolveError> {
        Ok(match left {
            Some(left) => self.each.unwrap_or(u64::MAX).min(left),
            None => self
                .each
                .filter(|&n| found.checked_add(n).is_some())
                .ok_or(SolveError::TooMany)?,
        })
    }

    /// Counts with `backend` (loaded with the formula), blocking each model found, until
    /// there are no more, `limit`, the stop condition, or `on_model` breaks. `on_model` sees
    /// each model's blocking clause, over the kept variables in their order: it holds `¬v` for
    /// exactly the kept variables `v` true in the model, in either projection.
    pub(crate) fn count(
        &self,
        backend: &mut dyn Backend,
        limit: Option<u64>,
        stop: &Stop,
        on_count: &mut dyn FnMut(u64),
        mut on_model: impl FnMut(Vec<crate::cnf::Lit>) -> ControlFlow<()>,
    ) -> Result<Enumerated, SolveError> {
        self.count_with(backend, limit, stop, on_count, |backend| {
            let model = backend.model(self.model_vars);
            let clause = super::blocking_clause(&self.kept, self.one_hot, &model);
            backend.add_clause(&clause);
            on_model(clause)
        })
    }

    /// The counting loop of every enumeration: solve, count the model found (what it stands
    /// for), let `next` make the next solve find another (a blocking clause, or nothing when
    /// the solver itself moves on, as the projected enumeration does), until there are no
    /// more, `limit`, the stop condition, or `next` breaks.
    pub(crate) fn count_with(
        &self,
        backend: &mut dyn Backend,
        limit: Option<u64>,
        stop: &Stop,
        on_count: &mut dyn FnMut(u64),
        mut next: impl FnMut(&mut dyn Backend) -> ControlFlow<()>,
    ) -> Result<Enumerated, SolveError> {
        let mut found = 0u64;
        let mut stopped = None;
        let mut polled = stop.polled();
        while limit.is_none_or(|l| found < l) {
            stopped = polled.reason();
            if stopped.is_some() {
                break;
            }
            match backend.solve(&[]) {
                Ok(true) => {}
                Ok(false) => break,
                // Stopped inside the solve: what was counted before it stands.
                Err(SolveError::Stopped) if stop.should_stop() => {
                    stopped = stop.reason();
                    break;
                }
                Err(e) => return Err(e),
            }
            let more = self.models_each(limit.map(|l| l - found), found)?;
            found += more;
            on_count(more);
            if self.kept.is_empty() {
                break; // that one model stood for them all
            }
            if next(backend).is_break() {
                break;
            }
        }
        Ok(Enumerated { found, stopped })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Varisat;

    #[test]
    fn a_raised_flag_stops_an_enumeration_after_the_current_model() {
        let mut cnf = Cnf::default();
        for _ in 0..10 {
            cnf.vars.fresh();
        }
        let stop = Stop::never();
        let mut solver = Varisat::with_cnf(&cnf);
        let mut seen = 0;
        let done = enumerate_until(&mut cnf, &mut solver, None, &stop, |_| {
            seen += 1;
            if seen == 5 {
                stop.interrupt();
            }
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(done.found, 5);
        assert_eq!(done.stopped, Some(StopReason::Interrupted));
    }

    #[test]
    fn a_bound_stop_ends_a_long_solve_inside_it_and_the_binding_ends_with_its_guard() {
        // 11 pigeons in 10 holes: far more than a second for varisat.
        let cnf = crate::solve::tests::pigeonhole(10);
        let stop = Stop::never();
        let raiser = stop.clone();
        let guard = stop.bound_solves();
        let mut solver = Varisat::with_cnf(&cnf);
        let raised = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            raiser.interrupt();
        });
        assert!(matches!(solver.solve(&[]), Err(SolveError::Stopped)));
        raised.join().unwrap();
        // Stopped for good: the next solve stops before its first conflict.
        assert!(matches!(solver.solve(&[]), Err(SolveError::Stopped)));
        drop(guard);
        assert!(bound().is_none());
        // A solver made outside the binding is not bound.
        let mut small = Varisat::with_cnf(&crate::solve::tests::pigeonhole(3));
        assert!(!small.solve(&[]).unwrap());
    }

    #[test]
    fn a_count_stopped_inside_a_solve_keeps_what_it_counted() {
        // 987 models (no two neighbours of 14 variables both false), then a stop raised as
        // the 101st solve begins.
        use crate::cnf::ClauseSink;
        let mut cnf = Cnf::default();
        let x: Vec<_> = (0..14).map(|_| cnf.fresh_lit()).collect();
        for pair in x.windows(2) {
            cnf.add_clause(pair);
        }
        /// Raises the stop as its 101st solve begins, so that solve is the one stopped.
        struct RaiseAt101(Varisat, Stop, u32);
        impl Backend for RaiseAt101 {
            fn add_clause(&mut self, lits: &[crate::cnf::Lit]) {
                self.0.add_clause(lits);
            }
            fn solve(&mut self, assumptions: &[crate::cnf::Lit]) -> Result<bool, SolveError> {
                self.2 += 1;
                if self.2 == 101 {
                    self.1.interrupt();
                }
                self.0.solve(assumptions)
            }
            fn model(&self, num_vars: u32) -> Vec<bool> {
                self.0.model(num_vars)
            }
            fn failed_assumptions(&self) -> Vec<crate::cnf::Lit> {
                self.0.failed_assumptions()
            }
        }
        for count in [false, true] {
            let stop = Stop::never();
            let _guard = stop.bound_solves();
            let mut solver = RaiseAt101(Varisat::with_cnf(&cnf), stop.clone(), 0);
            let done = if count {
                count_until_on(&cnf, &mut solver, None, &stop, |_| {}).unwrap()
            } else {
                enumerate_until(&mut cnf.clone(), &mut solver, None, &stop, |_| {
                    ControlFlow::Continue(())
                })
                .unwrap()
            };
            assert_eq!(done.found, 100, "count {count}");
            assert_eq!(done.stopped, Some(StopReason::Interrupted));
        }
    }

    #[test]
    fn a_polled_stop_sees_a_flag_at_once_and_a_deadline_within_its_stride() {
        let stop = Stop::new(Some(Duration::from_millis(30)));
        let mut polled = stop.polled();
        // Quick asks: the stride grows to its largest.
        for _ in 0..1000 {
            assert_eq!(polled.reason(), None);
        }
        std::thread::sleep(Duration::from_millis(40));
        let late = (1..=Polled::MAX_STRIDE + 1).find(|_| polled.should_stop());
        assert!(late.is_some(), "the deadline unseen after a whole stride");
        assert_eq!(polled.reason(), Some(StopReason::Timeout));

        let stop = Stop::new(Some(Duration::from_secs(3600)));
        let mut polled = stop.polled();
        for _ in 0..1000 {
            assert!(!polled.should_stop());
        }
        stop.interrupt();
        assert_eq!(polled.reason(), Some(StopReason::Interrupted));
    }

    #[test]
    fn a_past_deadline_is_a_timeout_and_sticks() {
        let stop = Stop::new(Some(Duration::ZERO));
        assert_eq!(stop.reason(), Some(StopReason::Timeout));
        stop.interrupt();
        assert_eq!(stop.reason(), Some(StopReason::Timeout));
        assert_eq!(stop.stopped_after(), Some(Duration::ZERO));
        assert_eq!(stop.remaining(), Some(Duration::ZERO));
        assert!(Stop::new(Some(Duration::MAX)).reason().is_none());
    }
}
