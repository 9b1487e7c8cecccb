//! Counting a CNF's projected models in parts, on several cores.
//!
//! A count by blocking clauses slows as it goes: every solver call passes over the clauses of
//! the models found so far, so one solver's count of N models costs about N² clause visits.
//! Here a solver counts a *cube* (a conjunction of projected literals; the first cube is the
//! whole formula) until it has found [`Split::after`] models (twice as many as its parent for
//! a cube split off another); then the cube is split into `2^vars` smaller cubes, on the
//! projected variables that its models divide most evenly, and each of those is counted the
//! same way by a fresh solver that holds only the blocking clauses of the models found in it
//! so far. The cubes of a split are disjoint and cover their
//! parent, so the count is the sum over the cubes, whatever the number of threads and the
//! order in which they take the cubes from the shared queue. Figures: the README's
//! performance table (a 2,480-model export: 1.4 s in one piece, 0.3 s split on one thread).
//!
//! Written here rather than taken from a crate: what is split is our own blocking-clause count
//! (its projection and its 2^f multiplier), and no Rust crate offers cube-and-conquer model
//! counting over an incremental solver.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use super::stop::{CountedVars, Enumerated, Stop, StopReason};
use super::{Backend, SolveError, Varisat};
use crate::cnf::{Cnf, Lit, Var};

/// When and how finely [`count_split`] splits a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Split {
    /// Models the first solver finds before the whole formula is split (a part split off
    /// another waits for twice as many as its parent). Earlier splits guess the cubes from
    /// too few models and load the formula more often; later ones leave each solver slow
    /// with blocking clauses.
    pub after: usize,
    /// Variables a cube is split on, `2^vars` cubes.
    pub vars: usize,
}

impl Split {
    /// Never split: one solver counts every model (the count as it was before splitting).
    pub const NEVER: Split = Split {
        after: usize::MAX,
        vars: 0,
    };
}

impl Default for Split {
    /// After 100 models, in 32 parts: the best of the settings measured (README, "Counting a
    /// DIMACS file").
    fn default() -> Self {
        Split {
            after: 100,
            vars: 5,
        }
    }
}

/// Counts the formula's distinct projected models with varisat, split as
/// [`Split::default`] says, on `jobs` threads: [`count_split`].
pub fn count_until(
    cnf: &Cnf,
    limit: Option<u64>,
    stop: &Stop,
    jobs: usize,
    on_count: &(dyn Fn(u64) + Sync),
) -> Result<Enumerated, SolveError> {
    count_split(cnf, limit, stop, jobs, Split::default(), on_count)
}

/// Counts the formula's distinct projected models with varisat, without showing them.
///
/// A projected variable that no clause mentions takes either value in every model, so each
/// model a solver finds stands for 2^f of them (f such variables), blocked by one clause over
/// the other projected variables: `p cnf 40 0` has 2^40 models, counted with one solver call.
/// The count is split into cubes as `split` says (see the module's doc) and counted on `jobs`
/// threads: the same count for any `jobs`. With a `limit`, the count is exactly `limit`
/// whenever there are that many. `on_count` sees each increment, from any of the threads;
/// they add up to the count, also when `stop` ends it early (then the count is a lower bound).
/// Fails with [`SolveError::TooMany`] when there are more than a `u64` holds and no `limit`.
pub fn count_split(
    cnf: &Cnf,
    limit: Option<u64>,
    stop: &Stop,
    jobs: usize,
    split: Split,
    on_count: &(dyn Fn(u64) + Sync),
) -> Result<Enumerated, SolveError> {
    let counting = Counting::new(cnf, limit, split, on_count);
    let queue = Mutex::new(Queue {
        cubes: vec![Cube::default()],
        busy: 0,
        sum: Some(0),
        stopped: None,
        failed: None,
    });
    let changed = Condvar::new();
    let work = || counting.work(&queue, &changed, stop);
    if jobs <= 1 {
        work();
    } else {
        std::thread::scope(|scope| {
            for _ in 0..jobs {
                scope.spawn(work);
            }
        });
    }
    let queue = queue.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(e) = queue.failed {
        return Err(e);
    }
    let found = match (queue.sum, limit) {
        (Some(n), Some(l)) => n.min(l),
        (None, Some(l)) => l,
        (Some(n), None) => n,
        (None, None) => return Err(SolveError::TooMany),
    };
    Ok(Enumerated {
        found,
        stopped: queue.stopped,
    })
}

/// A part of the search space: the projected literals it fixes, and the models found so far
/// that lie in it (as their blocking clauses), which its solver must block.
#[derive(Default)]
struct Cube {
    units: Vec<Lit>,
    found: Vec<Arc<Model>>,
    /// Splits between the whole formula and this cube.
    depth: u32,
}

/// A model found: its blocking clause, and its value on each kept variable (in
/// [`CountedVars::kept`]'s order).
struct Model {
    clause: Vec<Lit>,
    values: Vec<bool>,
}

/// What counting one cube gave: the models it found, the stop it saw, and the parts it was
/// split into (their models still to count).
struct Counted {
    found: u64,
    stopped: Option<StopReason>,
    parts: Vec<Cube>,
}

impl Counted {
    /// A cube counted to its end (or to the stop or the limit), not split.
    fn whole(counted: Enumerated) -> Self {
        Counted {
            found: counted.found,
            stopped: counted.stopped,
            parts: Vec::new(),
        }
    }
}

/// The cubes waiting, and what the ones counted added up to.
struct Queue {
    /// Waiting cubes, taken last first (depth first, so few wait at a time).
    cubes: Vec<Cube>,
    /// Cubes being counted: the count is over when none waits and none is busy.
    busy: usize,
    /// The cubes' counts added up exactly: None once more than a u64 holds.
    sum: Option<u64>,
    /// The first stop any cube saw.
    stopped: Option<StopReason>,
    /// The first error: every thread ends.
    failed: Option<SolveError>,
}

/// What every thread of one count shares.
struct Counting<'a> {
    cnf: &'a Cnf,
    counted: CountedVars,
    split: Split,
    /// Where each kept variable sits in `counted.kept`, by variable index.
    position: Vec<usize>,
    /// The limit, if any; the threads end once they have found it between them.
    limit: Option<u64>,
    /// Models found so far (saturating), for the limit and for `on_count`.
    reported: AtomicU64,
    on_count: &'a (dyn Fn(u64) + Sync),
}

impl<'a> Counting<'a> {
    fn new(
        cnf: &'a Cnf,
        limit: Option<u64>,
        split: Split,
        on_count: &'a (dyn Fn(u64) + Sync),
    ) -> Self {
        let counted = CountedVars::of(cnf);
        let mut position = vec![usize::MAX; counted.model_vars as usize];
        for (i, v) in counted.kept.iter().enumerate() {
            position[v.idx()] = i;
        }
        Counting {
            cnf,
            counted,
            split,
            position,
            limit,
            reported: AtomicU64::new(0),
            on_count,
        }
    }

    /// One thread's loop: takes cubes from the queue and counts them, until none is left and
    /// none is being counted, or a stop or an error ends the count.
    fn work(&self, queue: &Mutex<Queue>, changed: &Condvar, stop: &Stop) {
        let lock = || queue.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            let cube = {
                let mut q = lock();
                loop {
                    if q.failed.is_some() || q.stopped.is_some() || self.limit_met() {
                        changed.notify_all();
                        return;
                    }
                    if let Some(reason) = stop.reason() {
                        q.stopped = Some(reason);
                        changed.notify_all();
                        return;
                    }
                    if let Some(cube) = q.cubes.pop() {
                        q.busy += 1;
                        break cube;
                    }
                    if q.busy == 0 {
                        changed.notify_all();
                        return;
                    }
                    q = changed.wait(q).unwrap_or_else(|e| e.into_inner());
                }
            };
            let result = self.count_cube(cube, stop);
            let mut q = lock();
            q.busy -= 1;
            match result {
                Ok(counted) => {
                    q.sum = q.sum.and_then(|s| s.checked_add(counted.found));
                    q.stopped = q.stopped.or(counted.stopped);
                    q.cubes.extend(counted.parts);
                }
                Err(e) => {
                    q.failed.get_or_insert(e);
                }
            }
            changed.notify_all();
        }
    }

    /// Has the count reached its limit?
    fn limit_met(&self) -> bool {
        self.limit
            .is_some_and(|l| self.reported.load(Ordering::Relaxed) >= l)
    }

    /// Reports `n` more models to `on_count`, within the limit.
    fn report(&self, n: u64) {
        let before = self
            .reported
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |r| {
                Some(r.saturating_add(n))
            })
            .unwrap_or_else(|r| r);
        let within = self.limit.map_or(n, |l| n.min(l.saturating_sub(before)));
        if within > 0 {
            (self.on_count)(within);
        }
    }

    /// Counts the models in `cube` with a fresh solver: all of them, or, once it has found
    /// `split.after` new ones, only those, with the parts it splits into for the rest.
    fn count_cube(&self, cube: Cube, stop: &Stop) -> Result<Counted, SolveError> {
        // The cube's literals are assumptions, not unit clauses: varisat unassigns a unit
        // whose negation is in a clause added later (`resurrect_unit`, to keep that clause
        // propagating), and every blocking clause holds it, which made counting in a cube of
        // an unclued 20 x 5 grid 30 times slower.
        let mut solver = Varisat::with_cnf(self.cnf);
        for model in &cube.found {
            solver.add_clause(&model.clause);
        }
        let Cube {
            units,
            mut found,
            depth,
        } = cube;
        let mut new = 0;
        let counted = self.counted.count(
            &mut solver,
            &units,
            self.limit,
            stop,
            &mut |n| self.report(n),
            |clause| {
                if self.limit_met() {
                    return ControlFlow::Break(());
                }
                found.push(Arc::new(self.model(clause)));
                new += 1;
                if new >= self.after_at(depth) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
        )?;
        if new < self.after_at(depth) || self.limit_met() {
            return Ok(Counted::whole(counted));
        }
        let on = self.split_vars(&units, &found);
        if on.is_empty() {
            // No free variable divides the models: this cube is counted to its end here.
            let rest = self.counted.count(
                &mut solver,
                &units,
                self.limit,
                stop,
                &mut |n| self.report(n),
                |_| {
                    if self.limit_met() {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                },
            )?;
            return Ok(Counted::whole(Enumerated {
                found: counted.found.saturating_add(rest.found),
                stopped: rest.stopped,
            }));
        }
        drop(solver);
        let parts = (0..1usize << on.len())
            .map(|bits| {
                let value = |bit: usize| bits >> bit & 1 == 1;
                let mut units = units.clone();
                for (bit, &(_, v)) in on.iter().enumerate() {
                    units.push(if value(bit) { v.pos_lit() } else { v.neg_lit() });
                }
                // The models that lie in the part: its value on every variable split on.
                let found = found
                    .iter()
                    .filter(|m| {
                        on.iter()
                            .enumerate()
                            .all(|(bit, &(i, _))| m.values[i] == value(bit))
                    })
                    .cloned()
                    .collect();
                Cube {
                    units,
                    found,
                    depth: depth + 1,
                }
            })
            .collect();
        Ok(Counted {
            found: counted.found,
            stopped: counted.stopped,
            parts,
        })
    }

    /// Models a cube `depth` splits below the whole formula finds before it is split:
    /// [`Split::after`], doubled at each level. A part found to need splitting again holds
    /// many models, and its solver is young; splitting it as soon as the whole formula was
    /// made more parts than it saved (measured: README).
    fn after_at(&self, depth: u32) -> usize {
        self.split
            .after
            .saturating_mul(1usize.checked_shl(depth).unwrap_or(usize::MAX))
    }

    /// A model, from its blocking clause: true exactly where the clause holds `¬v` (in either
    /// projection).
    fn model(&self, clause: Vec<Lit>) -> Model {
        let mut values = vec![false; self.counted.kept.len()];
        for l in clause.iter().filter(|l| l.is_neg()) {
            values[self.position[l.var().idx()]] = true;
        }
        Model { clause, values }
    }

    /// Up to `split.vars` kept variables not fixed by `units`, with their place in `kept`, that
    /// split `models` most evenly: each next one chosen to divide the groups the earlier ones
    /// made as evenly as it can. Each part of the split then holds about `1/2^k` of the models
    /// still to find, if they are spread as the found ones are. None when no variable divides
    /// them.
    fn split_vars(&self, units: &[Lit], models: &[Arc<Model>]) -> Vec<(usize, Var)> {
        let kept = &self.counted.kept;
        let mut chosen: Vec<usize> = Vec::new();
        let mut group = vec![0usize; models.len()];
        let fixed = |i: usize| units.iter().any(|u| u.var() == kept[i]);
        for _ in 0..self.split.vars.min(kept.len()) {
            let groups = 1 << chosen.len();
            let mut best: Option<(usize, usize)> = None;
            let (mut ones, mut all) = (vec![0usize; groups], vec![0usize; groups]);
            for i in (0..kept.len()).filter(|&i| !chosen.contains(&i) && !fixed(i)) {
                // The models on each side of `i`, per group: the smaller side, summed.
                ones.fill(0);
                all.fill(0);
                for (m, &g) in models.iter().zip(&group) {
                    all[g] += 1;
                    ones[g] += usize::from(m.values[i]);
                }
                let score: usize = (0..groups).map(|g| ones[g].min(all[g] - ones[g])).sum();
                if best.is_none_or(|(s, _)| score > s) {
                    best = Some((score, i));
                }
            }
            let Some((score, i)) = best else { break };
            if score == 0 {
                break; // no variable divides any group: a further part would hold none of them
            }
            for (m, g) in models.iter().zip(group.iter_mut()) {
                *g |= usize::from(m.values[i]) << chosen.len();
            }
            chosen.push(i);
        }
        chosen.iter().map(|&i| (i, kept[i])).collect()
    }
}
