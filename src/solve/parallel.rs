//! Many independent solves on every core, with the results taken in order.
//!
//! Dealing a thousand Inquest cases or judging a Portia catalogue is many small independent
//! solver runs: [`ordered`] spreads them over worker threads and hands each result to the
//! caller in the order of its index, so the output is the same on one core or on many. Written
//! with `std::thread::scope` rather than a thread-pool crate: one atomic counter and a channel
//! are the whole of it, and the in-order hand-over (with a stop that leaves a clean prefix) is
//! the part a pool would not give.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;

use super::stop::{Stop, StopReason};

/// The number of worker threads to use by default: every core the process may use.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// How an [`ordered`] run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// Every index was done and taken.
    Done,
    /// `take` asked to stop (e.g. on an error) after the index it was given.
    Broken,
    /// The stop condition was raised: the indices taken are `0..d` for some `d < n`.
    Stopped(StopReason),
}

/// Runs `work(state, k)` for every `k` in `0..n` on `jobs` threads, each thread with its own
/// `state` from `init` (e.g. its solvers), and calls `take(k, result)` on the calling thread in
/// increasing order of `k`. When `stop` is raised (or `take` breaks), no new index is started;
/// results already made past the first missing index are dropped, so what was taken is always
/// a prefix. With `jobs <= 1` everything runs on the calling thread.
pub fn ordered<S, T: Send>(
    n: u64,
    jobs: usize,
    stop: &Stop,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, u64) -> T + Sync,
    mut take: impl FnMut(u64, T) -> ControlFlow<()>,
) -> Ended {
    if jobs <= 1 {
        let mut state = init();
        for k in 0..n {
            if let Some(reason) = stop.reason() {
                return Ended::Stopped(reason);
            }
            if take(k, work(&mut state, k)).is_break() {
                return Ended::Broken;
            }
        }
        return Ended::Done;
    }
    let next = AtomicU64::new(0);
    let quit = AtomicBool::new(false);
    let mut ended = Ended::Done;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<(u64, T)>();
        for _ in 0..jobs {
            let tx = tx.clone();
            let (next, quit, init, work) = (&next, &quit, &init, &work);
            scope.spawn(move || {
                let mut state = init();
                while !quit.load(Ordering::Relaxed) && !stop.should_stop() {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= n || tx.send((k, work(&mut state, k))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // Results come in nearly in order; the few that overtake wait here.
        let mut waiting: BTreeMap<u64, T> = BTreeMap::new();
        let mut want = 0;
        for (k, result) in rx {
            if ended != Ended::Done {
                continue; // drain, so no worker blocks
            }
            waiting.insert(k, result);
            while let Some(result) = waiting.remove(&want) {
                if take(want, result).is_break() {
                    ended = Ended::Broken;
                    quit.store(true, Ordering::Relaxed);
                    break;
                }
                want += 1;
            }
        }
        if ended == Ended::Done && want < n {
            // The workers stopped early: only the stop condition does that.
            ended = Ended::Stopped(stop.reason().unwrap_or(StopReason::Interrupted));
        }
    });
    ended
}

/// [`ordered`] for work that can fail: `take` sees each success in order; the first error
/// in order ends the run (no new index is started) and is returned.
pub fn try_ordered<S, T: Send, E: Send>(
    n: u64,
    jobs: usize,
    stop: &Stop,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, u64) -> Result<T, E> + Sync,
    mut take: impl FnMut(u64, T),
) -> Result<Ended, E> {
    let mut failed = None;
    let ended = ordered(n, jobs, stop, init, work, |k, result| match result {
        Ok(value) => {
            take(k, value);
            ControlFlow::Continue(())
        }
        Err(e) => {
            failed = Some(e);
            ControlFlow::Break(())
        }
    });
    match failed {
        Some(e) => Err(e),
        None => Ok(ended),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn collect(n: u64, jobs: usize, stop: &Stop) -> (Vec<u64>, Ended) {
        let mut seen = Vec::new();
        let ended = ordered(
            n,
            jobs,
            stop,
            || (),
            |(), k| {
                // Uneven work, so later indices often finish first.
                std::thread::sleep(Duration::from_micros((k * 7919) % 300));
                k * k
            },
            |k, v| {
                assert_eq!(v, k * k);
                seen.push(k);
                ControlFlow::Continue(())
            },
        );
        (seen, ended)
    }

    #[test]
    fn results_are_taken_in_order_on_any_number_of_threads() {
        for jobs in [1, 2, 3, 8] {
            let (seen, ended) = collect(200, jobs, &Stop::new(None));
            assert_eq!(seen, (0..200).collect::<Vec<_>>(), "jobs {jobs}");
            assert_eq!(ended, Ended::Done);
        }
    }

    #[test]
    fn the_first_error_in_order_ends_the_run_after_the_successes_before_it() {
        for jobs in [1, 3] {
            let mut taken = Vec::new();
            let result = try_ordered(
                100,
                jobs,
                &Stop::new(None),
                || (),
                |(), k| if k == 40 || k == 70 { Err(k) } else { Ok(k) },
                |k, v| {
                    assert_eq!(k, v);
                    taken.push(k);
                },
            );
            assert_eq!(result, Err(40), "jobs {jobs}");
            assert_eq!(taken, (0..40).collect::<Vec<_>>(), "jobs {jobs}");
            let all = try_ordered(
                5,
                jobs,
                &Stop::new(None),
                || (),
                |(), k| Ok::<_, ()>(k),
                |_, _| {},
            );
            assert_eq!(all, Ok(Ended::Done));
        }
    }

    #[test]
    fn a_stop_leaves_a_prefix() {
        for jobs in [1, 4] {
            let stop = Stop::new(Some(Duration::from_millis(30)));
            let (seen, ended) = collect(1_000_000, jobs, &stop);
            assert_eq!(ended, Ended::Stopped(StopReason::Timeout), "jobs {jobs}");
            assert_eq!(seen, (0..seen.len() as u64).collect::<Vec<_>>());
            assert!((seen.len() as u64) < 1_000_000);
        }
    }

    #[test]
    fn a_break_stops_after_the_index_that_broke() {
        for jobs in [1, 4] {
            let mut seen = Vec::new();
            let ended = ordered(
                1000,
                jobs,
                &Stop::new(None),
                || (),
                |(), k| k,
                |k, _| {
                    seen.push(k);
                    if k == 17 {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                },
            );
            assert_eq!(ended, Ended::Broken);
            assert_eq!(seen, (0..=17).collect::<Vec<_>>());
        }
    }
}
