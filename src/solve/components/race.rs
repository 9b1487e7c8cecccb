//! The enumeration ([`crate::solve::enumerate`]) and the count by components side by side, the
//! first to finish giving the count: which one wins depends on the formula's shape more than on
//! its count (a logic grid is one large component, which components cut little; random
//! formulas fall apart), and a race needs no rule to guess it (docs/counting.md has the
//! figures).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use num_bigint::BigUint;

use super::{ComponentCount, ComponentError, count_components};
use crate::cnf::Cnf;
use crate::solve::SolveError;
use crate::solve::enumerate::count_enumerate;
use crate::solve::stop::{Stop, StopReason};

/// How often the race looks at the caller's stop condition to pass it on.
const RELAY_EVERY: Duration = Duration::from_millis(10);

/// Who finished first, with the count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Finished {
    /// The enumeration ended first.
    Enumerated(u64),
    /// The count by components ended first.
    Components(BigUint),
}

/// How a race ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Raced {
    /// One of them counted every model.
    Done(Finished),
    /// The caller's stop condition ended both; the enumeration had found this many.
    Stopped(StopReason, u64),
}

/// A race that could not be run.
#[derive(Debug, thiserror::Error)]
pub enum RaceError {
    /// The enumeration failed (not for want of room: that leaves the race to components).
    #[error(transparent)]
    Enumeration(#[from] SolveError),
    /// The count by components refused the formula.
    #[error(transparent)]
    Components(#[from] ComponentError),
}

/// Counts `cnf`'s projected models by enumeration (`on_count` seeing each increment) and by
/// components, each on a thread, at once; the first to finish ends the other. `stop` ends
/// both.
pub fn race(cnf: &Cnf, stop: &Stop, on_count: &(dyn Fn(u64) + Sync)) -> Result<Raced, RaceError> {
    // The two counters' own stop: raised by the first to finish, or passed on from `stop`.
    let race = Stop::new(None);
    let over = AtomicBool::new(false);
    let (enumerated, components) = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !over.load(Ordering::SeqCst) {
                if stop.should_stop() {
                    race.interrupt();
                    return;
                }
                std::thread::sleep(RELAY_EVERY);
            }
        });
        let enumerated = scope.spawn(|| {
            let counted = count_enumerate(cnf, None, &race, &mut |n| on_count(n));
            // Finished, or failed for another reason than the count's size: no race left.
            let ended = match &counted {
                Ok(c) => c.stopped.is_none(),
                Err(e) => !matches!(e, SolveError::TooMany),
            };
            if ended {
                race.interrupt();
            }
            counted
        });
        let components = count_components(cnf, &race);
        if matches!(components, Ok((ComponentCount::Exact(_), _))) {
            race.interrupt();
        }
        let enumerated = enumerated.join();
        over.store(true, Ordering::SeqCst);
        (enumerated, components)
    });
    let enumerated = match enumerated {
        Ok(counted) => counted,
        Err(panic) => std::panic::resume_unwind(panic),
    };
    if let Ok((ComponentCount::Exact(n), _)) = components {
        return Ok(Raced::Done(Finished::Components(n)));
    }
    let found = match enumerated {
        Ok(counted) if counted.stopped.is_none() => {
            return Ok(Raced::Done(Finished::Enumerated(counted.found)));
        }
        Ok(counted) => counted.found,
        // More than a u64 holds: only components could have counted it.
        Err(SolveError::TooMany) => 0,
        Err(e) => return Err(e.into()),
    };
    components?;
    let reason = stop.reason().unwrap_or(StopReason::Interrupted);
    Ok(Raced::Stopped(reason, found))
}
