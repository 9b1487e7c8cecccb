//! Exact projected model counting by components, for counts that enumeration cannot reach.
//!
//! The design is sharpSAT's (Thurley, SAT 2006) and Ganak's, without their learned clauses:
//! DPLL over the projected variables with unit propagation; after each decision the unassigned
//! variables and unsatisfied clauses fall apart into connected components, each counted on its
//! own and the counts multiplied; each component's count is cached under a canonical key of
//! its clauses, so a component met again down another branch costs one look-up. Projection
//! (`c p show`/`c ind`) is kept by deciding projected variables first: a component left with
//! none counts 1 if it has a model, 0 if not; and, as Ganak does, the clauses blocked on a
//! hidden variable go after each decision, which frees hidden variables and splits components
//! further (see `search.rs`).
//!
//! Written here rather than taken from a crate: no Rust crate counts models by components, and
//! the counter must answer to satpuz's stop condition (`--timeout`, Ctrl-C).
//!
//! The count is a [`BigUint`] (num-bigint): 75 free variables already exceed a `u64`, and a
//! `u128` only moves the wall to 128 variables.

mod cache;
mod formula;
mod preprocess;
pub mod race;
mod search;

use num_bigint::BigUint;

pub use self::preprocess::PreprocessStats;

use self::formula::Formula;
use self::search::Counter;
use crate::cnf::Cnf;
use crate::solve::stop::{Stop, StopReason};

/// Projected variables that no clause mentions beyond which the count is refused: 2^65536 has
/// 19,729 decimal digits, and a count is printed whole.
pub const MAX_FREE_VARIABLES: u64 = 1 << 16;

/// How a count by components ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ComponentCount {
    /// Every projected model counted.
    Exact(BigUint),
    /// The stop condition ended the count: a component counter knows no lower bound until it
    /// is done, so there is no count at all.
    Stopped(StopReason),
}

/// What the counter did, for benches and docs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ComponentStats {
    /// Decisions (branches tried).
    pub decisions: u64,
    /// Components without projected variables, settled by a search for one model.
    pub sat_checks: u64,
    /// Clauses removed during the search as blocked on a hidden literal (until the search
    /// backtracks above the node that removed them).
    pub blocked: u64,
    /// Components whose count came from the cache.
    pub cache_hits: u64,
    /// Times the cache was emptied for want of room.
    pub cache_flushes: u64,
    /// What the preprocessing did.
    pub preprocessed: PreprocessStats,
}

/// How to count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComponentOptions {
    /// Simplify the formula first (`preprocess.rs`); off only to measure what it gains.
    pub preprocess: bool,
}

impl Default for ComponentOptions {
    fn default() -> Self {
        ComponentOptions { preprocess: true }
    }
}

/// A count the counter refuses to make.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ComponentError {
    /// So many projected variables in no clause that the count would not print.
    #[error(
        "more than 18446744073709551615 solutions, and too many to print: {free} projected \
         variables appear in no clause, so the count, 2^{free} times the rest, would have more \
         than 19,729 digits (at most {max} such variables are counted; --limit N counts up to \
         N)",
        max = MAX_FREE_VARIABLES
    )]
    TooManyFreeVariables {
        /// Projected variables in no clause.
        free: u64,
    },
}

/// Counts `cnf`'s models projected on `cnf.primary` (every variable when it is empty), exactly,
/// unless `stop` ends the count first.
pub fn count_components(
    cnf: &Cnf,
    stop: &Stop,
) -> Result<(ComponentCount, ComponentStats), ComponentError> {
    count_components_with(cnf, stop, ComponentOptions::default())
}

/// [`count_components`] with `options`.
pub fn count_components_with(
    cnf: &Cnf,
    stop: &Stop,
    options: ComponentOptions,
) -> Result<(ComponentCount, ComponentStats), ComponentError> {
    let formula = Formula::of(cnf, options.preprocess);
    if formula.has_empty_clause {
        let stats = ComponentStats {
            preprocessed: formula.preprocessed,
            ..ComponentStats::default()
        };
        return Ok((ComponentCount::Exact(BigUint::ZERO), stats));
    }
    if formula.free_projected > MAX_FREE_VARIABLES {
        return Err(ComponentError::TooManyFreeVariables {
            free: formula.free_projected,
        });
    }
    // The search recurses about twice per decision level, at most one level per variable: a
    // thread of its own gets a stack to match (reserved, and touched only as deep as it goes).
    let stack = (16 << 20) + formula.num_vars() * 1024;
    let run = || {
        let mut counter = Counter::new(&formula, stop);
        let count = counter.count_formula();
        let (cache_hits, cache_flushes) = counter.cache_stats();
        if count.is_err() {
            // Freeing a full cache takes a while (a GB of small allocations): a stopped count
            // returns at once and leaves that to a thread of its own.
            let cache = counter.take_cache();
            let _ = std::thread::Builder::new().spawn(move || drop(cache));
        }
        let stats = ComponentStats {
            decisions: counter.decisions,
            sat_checks: counter.sat_checks,
            blocked: counter.blocked,
            cache_hits,
            cache_flushes,
            preprocessed: formula.preprocessed,
        };
        (count, stats)
    };
    let counted = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("satpuz-components".into())
            .stack_size(stack)
            .spawn_scoped(scope, run)
            .map(|worker| worker.join())
    });
    let (count, stats) = match counted {
        Ok(Ok(done)) => done,
        Ok(Err(panic)) => std::panic::resume_unwind(panic),
        // No thread to be had: count on this one.
        Err(_) => run(),
    };
    Ok(match count {
        Ok(n) => (ComponentCount::Exact(n << formula.free_projected), stats),
        Err(reason) => (ComponentCount::Stopped(reason), stats),
    })
}
