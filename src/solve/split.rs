//! Counting a CNF's projected models in parts, on several cores.
//!
//! A count by blocking clauses slows as it goes: every solver call passes over the clauses of
//! the models found so far, so one solver's count of N models costs about N² clause visits.
//! Here a solver counts a *cube* (a conjunction of projected literals; the first cube is the
//! whole formula) until it has found [`Split::after`] models and counting on has cost what
//! splitting would (see [`Split`]); then the cube is split into `2^vars` parts, on the
//! projected variables that its models divide most evenly, and each part is counted the same
//! way by a fresh solver holding only the blocking clauses of the models found in it so far,
//! over the variables that the part's literals do not force by unit propagation. The parts of
//! a split are disjoint and cover the cube, so the count is the sum over the parts, whatever
//! the number of threads and the order in which they take parts from the shared queue.
//! Figures: the README's performance table (a 2,480-model export: 1.4 s in one piece, 0.17 s
//! split on one thread).
//!
//! Written here rather than taken from a crate: what is split is our own blocking-clause count
//! (its projection and its 2^f multiplier), and no Rust crate offers cube-and-conquer model
//! counting over an incremental solver.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use super::stop::{CountedVars, Enumerated, Stop, StopReason};
use super::{Backend, SolveError, Varisat, blocking_clause_by};
use crate::cnf::units::UnitPropagator;
use crate::cnf::{Cnf, Lit, Var};

/// When and how finely [`count_split`] splits a count.
///
/// A part costs a fresh solver: the formula loaded again and searched again up to its first
/// model. So a cube is split only once counting it on has cost as much as that would: when
/// the time since its first model reaches `patience` times `2^vars` times the time to its
/// first model (the rent-or-buy rule: never more than about twice the better of splitting
/// and not splitting). The count is the same whenever the split falls; only the time varies.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Split {
    /// Models a cube's solver finds, at least, before the cube is split: the split chooses
    /// its variables from them.
    pub after: usize,
    /// Variables a cube is split on, `2^vars` parts.
    pub vars: usize,
    /// The factor on the cost of the parts that the cube's counting must have cost before
    /// it is split; 0 splits on the number of models alone (the tests' way to split often).
    pub patience: f64,
}

impl Split {
    /// Never split: one solver counts every model (the count as it was before splitting).
    pub const NEVER: Split = Split {
        after: usize::MAX,
        vars: 0,
        patience: 0.0,
    };
}

impl Default for Split {
    /// After 100 models at least, in 32 parts, once that has cost what the parts would: the
    /// best of the settings measured (README, "Counting a DIMACS file").
    fn default() -> Self {
        Split {
            after: 100,
            vars: 5,
            patience: 1.0,
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
    let work = || {
        // Solvers made on this thread stop inside a solve once `stop` says so, not only
        // between two solves (the caller's binding is on its own thread only).
        let _bound = stop.bound_solves();
        counting.work(&queue, &changed, stop)
    };
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
/// that lie in it, which its solver must block.
#[derive(Default)]
struct Cube {
    units: Vec<Lit>,
    found: Vec<Arc<Model>>,
}

/// A model found: its value on each kept variable (in [`CountedVars::kept`]'s order). Its
/// blocking clause is made again for each cube it lies in, over that cube's variables.
struct Model {
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
    /// Each kept variable's index and its place in `counted.kept`, sorted by index (not a
    /// table by index: a file may name variable 2^31 - 1).
    positions: Vec<(u32, usize)>,
    /// What the clauses force, in the whole formula and in each cube.
    propagator: UnitPropagator,
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
        let mut positions: Vec<(u32, usize)> = (counted.kept.iter())
            .enumerate()
            .map(|(i, v)| (v.idx32(), i))
            .collect();
        positions.sort_unstable();
        Counting {
            cnf,
            counted,
            split,
            positions,
            propagator: UnitPropagator::new(&cnf.clauses),
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

    /// Go on while the limit is not met (for `on_model`).
    fn within_limit(&self) -> ControlFlow<()> {
        if self.limit_met() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
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

    /// Counts the models in `cube` with a fresh solver: all of them, or, once [`Split`]'s rule
    /// says so, those found so far, with the parts it splits into for the rest.
    fn count_cube(&self, cube: Cube, stop: &Stop) -> Result<Counted, SolveError> {
        let start = Instant::now();
        let Cube { units, mut found } = cube;
        // What every model in the cube gives the variables the clauses force: left out of its
        // blocking clauses (see `crate::cnf::units` for why). A cube the clauses rule out
        // holds no model.
        let Some(fixed) = self.propagator.implied(&units) else {
            return Ok(Counted::whole(Enumerated {
                found: 0,
                stopped: stop.reason(),
            }));
        };
        let in_cube = self.counted.without(&fixed);
        let mut template = vec![false; self.counted.kept.len()];
        for l in fixed.iter().filter(|l| l.is_pos()) {
            if let Some(i) = self.position(l.var()) {
                template[i] = true;
            }
        }
        // The cube's literals and what they force, as unit clauses: no blocking clause holds
        // their variables, so varisat keeps them at its root (as assumptions instead, redone
        // at every restart, the counts took up to twice as long).
        let mut solver = Varisat::new();
        if units.is_empty() {
            solver.add_cnf(self.cnf);
        } else {
            // A part: loaded without the clauses its literals satisfy, which a fresh solver
            // would otherwise pass over at every propagation. The whole formula's first
            // cube is loaded as written: simplified by its root units too, varisat searched
            // elsewhere, 0.77 to 1.48 of the time by file, no gain overall (README).
            self.propagator
                .open_clauses(&fixed, |clause| solver.add_clause(clause));
        }
        for &l in &fixed {
            solver.add_clause(&[l]);
        }
        for model in &found {
            solver.add_clause(&blocking_clause_by(&in_cube.kept, in_cube.one_hot, |v| {
                self.position(v).is_some_and(|i| model.values[i])
            }));
        }
        // Models found here, the time to the first, and whether the cube is to be split.
        let (mut new, mut first, mut split_now) = (0, None::<Duration>, false);
        let parts = 2f64.powi(self.split.vars.min(64) as i32);
        let counted = in_cube.count(
            &mut solver,
            self.limit,
            stop,
            &mut |n| self.report(n),
            |clause| {
                self.within_limit()?;
                let mut values = template.clone();
                for l in clause.iter().filter(|l| l.is_neg()) {
                    if let Some(i) = self.position(l.var()) {
                        values[i] = true;
                    }
                }
                found.push(Arc::new(Model { values }));
                new += 1;
                let first = *first.get_or_insert_with(|| start.elapsed());
                let since = start.elapsed().saturating_sub(first);
                split_now = new >= self.split.after
                    && since.as_secs_f64() >= self.split.patience * parts * first.as_secs_f64();
                if split_now {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
        )?;
        if !split_now || self.limit_met() {
            return Ok(Counted::whole(counted));
        }
        let on = self.split_vars(&units, &found);
        if on.is_empty() {
            // No free variable divides the models: this cube is counted to its end here.
            let rest = in_cube.count(
                &mut solver,
                self.limit,
                stop,
                &mut |n| self.report(n),
                |_| self.within_limit(),
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
                Cube { units, found }
            })
            .collect();
        Ok(Counted {
            found: counted.found,
            stopped: counted.stopped,
            parts,
        })
    }

    /// Where `v` sits in `counted.kept`, if it is kept.
    fn position(&self, v: Var) -> Option<usize> {
        let at = self
            .positions
            .binary_search_by_key(&v.idx32(), |&(var, _)| var)
            .ok()?;
        Some(self.positions[at].1)
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
