//! What the solvers did in this process: calls, their verdicts and the time spent inside them
//! (`satpuz -v` prints it), for varisat and every other backend (an external solver's time
//! includes its process).
//!
//! Process-wide counters rather than fields threaded through every command: every command
//! reaches a solver through a [`super::Backend`], often many layers down (explanations,
//! generators, catalogues), and the verbose report only wants the totals. Two relaxed atomic
//! additions per call cost nothing next to a solve.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

static CALLS: AtomicU64 = AtomicU64::new(0);
static SATISFIABLE: AtomicU64 = AtomicU64::new(0);
static GAVE_UP: AtomicU64 = AtomicU64::new(0);
static NANOS: AtomicU64 = AtomicU64::new(0);

/// Totals over every solver call in this process so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SolverStats {
    /// `solve` calls, with or without assumptions.
    pub calls: u64,
    /// Calls that answered SAT.
    pub satisfiable: u64,
    /// Calls that answered UNSAT.
    pub unsatisfiable: u64,
    /// Calls that ended without a verdict: over a proof budget, or failed.
    pub gave_up: u64,
    /// Time spent inside the solver.
    pub time: Duration,
}

/// The totals so far.
pub fn snapshot() -> SolverStats {
    let calls = CALLS.load(Ordering::Relaxed);
    let satisfiable = SATISFIABLE.load(Ordering::Relaxed);
    let gave_up = GAVE_UP.load(Ordering::Relaxed);
    SolverStats {
        calls,
        satisfiable,
        unsatisfiable: calls.saturating_sub(satisfiable + gave_up),
        gave_up,
        time: Duration::from_nanos(NANOS.load(Ordering::Relaxed)),
    }
}

/// Counts one call that started at `start` and answered `verdict` (SAT, UNSAT, or `None`: no
/// verdict).
pub(crate) fn record(start: Instant, verdict: Option<bool>) {
    let calls = match verdict {
        Some(true) => Calls {
            satisfiable: 1,
            ..Calls::one()
        },
        Some(false) => Calls::one(),
        None => Calls {
            gave_up: 1,
            ..Calls::one()
        },
    };
    record_calls(start.elapsed(), calls);
}

/// Solver calls to record in one sum.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Calls {
    pub(crate) calls: u64,
    pub(crate) satisfiable: u64,
    pub(crate) gave_up: u64,
}

impl Calls {
    fn one() -> Calls {
        Calls {
            calls: 1,
            ..Calls::default()
        }
    }
}

/// Counts `calls` that took `time` in all (an enumeration's hundreds of thousands of short
/// calls, where reading the clock twice a call would cost more than a tenth of the count).
pub(crate) fn record_calls(time: Duration, calls: Calls) {
    let nanos = u64::try_from(time.as_nanos()).unwrap_or(u64::MAX);
    NANOS.fetch_add(nanos, Ordering::Relaxed);
    SATISFIABLE.fetch_add(calls.satisfiable, Ordering::Relaxed);
    GAVE_UP.fetch_add(calls.gave_up, Ordering::Relaxed);
    CALLS.fetch_add(calls.calls, Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::Lit;
    use crate::solve::{Backend, Varisat};

    #[test]
    fn every_varisat_call_is_counted_with_its_verdict() {
        let before = snapshot();
        let mut solver = Varisat::new();
        let x = Lit::new(0, false);
        solver.add_clause(&[x]);
        assert!(solver.solve(&[]).unwrap());
        assert!(!solver.solve(&[!x]).unwrap());
        let after = snapshot();
        // Other tests may solve at the same time: at least our two calls are there.
        assert!(after.calls >= before.calls + 2);
        assert!(after.satisfiable > before.satisfiable);
        assert!(after.unsatisfiable > before.unsatisfiable);
        assert!(after.time >= before.time);
    }
}
