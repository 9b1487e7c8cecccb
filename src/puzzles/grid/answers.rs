//! Counting a grid's answers faster than one SAT call per answer.
//!
//! The solver finds an answer; then every swap of two interchangeable variables (the same
//! categories at the same offsets, so the categories stay permutations) that keeps the clues
//! touching those two variables true is another answer, found without the solver. Every answer
//! found either way is blocked in the solver, so the final UNSAT still proves there are no
//! others, and the count is exact. On loosely clued puzzles most answers differ from a
//! neighbour by one swap: 2,480 answers of a 10-position puzzle take 345 SAT calls instead of
//! 2,481 (see `benches/grid_scale.rs`).
//!
//! Memory is the blocking clauses and a 64-bit fingerprint per answer counted (answers are not
//! kept); a count that need not show the answers ([`count_only`]) counts, and blocks with one
//! clause, a whole class of answers at a time (see `Classes`), so that a loosely clued grid
//! does not grow by a clause per answer: an unclued 20x5 grid's `solve` (1,000 answers) took
//! 780 MB, now 8 MB; a 20x5 grid with every value clued counts ~10^7 answers a second in 16 MB.

use std::collections::{HashMap, HashSet};

use super::GridModel;
use crate::cnf::Cnf;
use crate::model::{Constraint, Encoded, holds};
use crate::solve::stop::{Enumerated, Stop};
use crate::solve::{Backend, Branching, SolveError, Tuning, Varisat};

/// Answers kept on the depth-first walk of swaps, at most (whatever the grid's size, the walk
/// holds at most this many bytes of answers). An answer met when the walk is this deep is
/// counted and blocked but not walked from: its neighbours are found from elsewhere or by the
/// solver.
const WALK_BYTES: usize = 1 << 22;

/// How varisat searches a grid: local clauses reduced every 2000 conflicts instead of 15000, and
/// learned clauses shrunk. Both made the hard counts of the bench files and of puzzles drawn after
/// they were chosen faster (`count --all`, CPU; `merged-pairwise-unshrunk` in
/// `benches/grid_scale.rs` keeps the unshrunk route to compare). Two decisions in a hundred are
/// random, on a random value: a fully minimal grid's count has a heavy tail in the clue order,
/// and random decisions cut its worst orders (by 8x on some files), for 10-35% more on the
/// hardest (docs/performance.md). Not for Hooks, whose #4 gets slower with random decisions.
/// The ramping VSIDS decay stays off: it cut the hardest tuning files' conflicts by up to a
/// fifth but lost on grids drawn after it was chosen (docs/performance.md). Decisions stay on
/// VSIDS: learning-rate branching until the first answer found the hardest 50 x 5's answer in
/// fewer conflicts, but its refutation took more and the count lost (docs/performance.md). The
/// generator keeps varisat's defaults, so that its puzzles stay the same.
pub const GRID_TUNING: Tuning = Tuning {
    reduce_locals_interval: std::num::NonZeroU64::new(2000).unwrap(),
    shrink_learnt_clauses: true,
    random_decision_permille: 20,
    random_decision_phases: true,
    vsids_decay_ramp: false,
    branching: Branching::Vsids,
};

/// A solver for a grid's solve or count, loaded with `cnf` and searching with [`GRID_TUNING`].
pub fn grid_solver(cnf: &Cnf) -> Varisat {
    Varisat::with_cnf_tuned(cnf, GRID_TUNING)
}

/// Counts the answers of `grid` (encoded as `encoded`), stopping at `limit`; `on_answer` sees
/// each answer's variable values once.
///
/// Memory per answer is its blocking clause in the solver and one 64-bit fingerprint: answers
/// themselves are not kept (the walk of swaps holds a bounded number of them, see
/// `WALK_BYTES`). The fingerprints only decide whether a swap leads somewhere new: two
/// answers sharing one make the walk skip the second, which the solver then finds (it is not
/// blocked), so the count stays exact; an answer the solver returns is new by construction.
pub fn count_answers(
    grid: &GridModel,
    encoded: &Encoded,
    limit: Option<u64>,
    on_answer: impl FnMut(&[usize]),
) -> Result<u64, SolveError> {
    let classes = Classes::single(grid.model.vars.len());
    let mut solver = grid_solver(&encoded.cnf);
    Ok(walk(
        grid,
        encoded,
        limit,
        &classes,
        &Stop::never(),
        &mut solver,
        on_answer,
    )?
    .found)
}

/// Counts the answers of `grid` as [`count_answers`] does, without showing them, and a class
/// of answers at a time (see `Classes`): the answers that differ only in where a few values
/// of one category stand, and in where the values no clue mentions stand, are counted together
/// and blocked by one clause over the other variables. A puzzle with no clues is one class; a
/// loosely clued one has large classes, so memory grows by a clause per class, not per answer.
/// Fails with
/// [`SolveError::TooMany`] when there are more answers than a `u64` holds and no `limit`.
/// Ends early, with the count so far, when `stop` says so; `on_class` is called once per class
/// counted (so as many times as answers only when no value is free).
pub fn count_only(
    grid: &GridModel,
    encoded: &Encoded,
    limit: Option<u64>,
    stop: &Stop,
    on_class: impl FnMut(),
) -> Result<Enumerated, SolveError> {
    let mut solver = grid_solver(&encoded.cnf);
    count_only_on(
        grid,
        encoded,
        &mut solver,
        SingleAnswer::Short,
        limit,
        stop,
        on_class,
    )
}

/// How [`count_only_on`] blocks a class of one answer. Both forbid exactly that answer; which
/// one a solver finds its next answer faster with depends on the solver: minisat as a process
/// was over twice as fast with `Whole` on a 20 x 5 grid with clues removed, and even elsewhere;
/// varisat, incremental, is mixed, so `satpuz count` on varisat stays on `Short`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SingleAnswer {
    /// Over the variables a class is blocked on (the ones outside its grouping), as a larger
    /// class is: the shorter clause.
    Short,
    /// Over every variable: the answer's whole assignment.
    Whole,
}

/// [`count_only`] on an incremental backend of the caller's, loaded with `encoded.cnf` (the
/// blocking clauses are added to it for good).
pub fn count_only_on(
    grid: &GridModel,
    encoded: &Encoded,
    solver: &mut dyn Backend,
    single: SingleAnswer,
    limit: Option<u64>,
    stop: &Stop,
    mut on_class: impl FnMut(),
) -> Result<Enumerated, SolveError> {
    let classes = Classes {
        single,
        ..Classes::of(grid)
    };
    walk(grid, encoded, limit, &classes, stop, solver, |_| on_class())
}

/// The one counter: the solver finds an answer, the walk of swaps its neighbours; each answer
/// stands for its class (`on_class` sees one member of each), counted and blocked at once.
fn walk(
    grid: &GridModel,
    encoded: &Encoded,
    limit: Option<u64>,
    classes: &Classes,
    stop: &Stop,
    solver: &mut dyn Backend,
    mut on_class: impl FnMut(&[usize]),
) -> Result<Enumerated, SolveError> {
    let free = &classes.grouped;
    let swaps: Vec<(usize, usize)> = interchangeable(grid)
        .into_iter()
        .filter(|&(u, v)| !(free[u] && free[v]))
        .collect();
    let touching = clues_touching(grid);
    let key = |var: usize, value: usize| if free[var] { 0 } else { key(var, value) };
    let mut seen: HashSet<u64> = HashSet::new();
    let mut found = 0u64;
    // Counts a new class and blocks it; true when every answer is counted or the limit met.
    let mut count = |found: &mut u64, values: &[usize], solver: &mut dyn Backend| {
        let class = classes.size(grid, values);
        let whole = classes.single == SingleAnswer::Whole && class == Some(1);
        let blocking: Vec<_> = encoded
            .domains
            .iter()
            .zip(values)
            .enumerate()
            .filter(|&(var, _)| whole || !free[var])
            .flat_map(|(_, (d, &v))| d.assignment_lits(v))
            .map(|l| !l)
            .collect();
        solver.add_clause(&blocking);
        on_class(values);
        *found = match limit {
            Some(l) => *found + class.unwrap_or(u64::MAX).min(l - *found),
            None => class
                .and_then(|n| found.checked_add(n))
                .ok_or(SolveError::TooMany)?,
        };
        // An empty blocking clause: the class was every answer.
        Ok::<bool, SolveError>(blocking.is_empty() || limit.is_some_and(|l| *found >= l))
    };
    let depth = (WALK_BYTES / (grid.model.vars.len().max(1) * size_of::<usize>())).max(1);
    // The walk: answers with their fingerprint and the index of the next swap to try.
    let mut path: Vec<(Vec<usize>, u64, usize)> = Vec::new();
    // Set when the limit is met or every answer counted (then complete), or when stopped.
    let mut done = limit == Some(0);
    let mut reason = None;
    while !done {
        reason = stop.reason();
        if reason.is_some() || !solver.solve(&[])? {
            break;
        }
        let model = solver.model(encoded.cnf.num_vars());
        let first = encoded.decode(&model).ok_or_else(|| {
            SolveError::Solver("a model left a puzzle variable without a value".into())
        })?;
        let print = first
            .iter()
            .enumerate()
            .fold(0, |h, (var, &value)| h ^ key(var, value));
        seen.insert(print);
        done = count(&mut found, &first, solver)?;
        path.push((first, print, 0));
        while !done && let Some((values, print, next)) = path.last_mut() {
            let Some(&(u, v)) = swaps.get(*next) else {
                path.pop();
                continue;
            };
            *next += 1;
            let (a, b) = (values[u], values[v]);
            if a == b {
                continue;
            }
            let other = *print ^ key(u, a) ^ key(v, b) ^ key(u, b) ^ key(v, a);
            if seen.contains(&other) {
                continue;
            }
            values.swap(u, v);
            let clues_hold = touching[u]
                .iter()
                .chain(&touching[v])
                .all(|&k| holds(&grid.model.constraints[k], values));
            let next_answer = clues_hold.then(|| values.clone());
            values.swap(u, v);
            let Some(answer) = next_answer else {
                continue;
            };
            seen.insert(other);
            done = count(&mut found, &answer, solver)?;
            if path.len() < depth {
                path.push((answer, other, 0));
            }
            reason = stop.reason();
            if reason.is_some() {
                break;
            }
        }
        if reason.is_some() {
            break;
        }
        path.clear();
    }
    Ok(Enumerated {
        found,
        stopped: if done { None } else { reason },
    })
}

/// Most placements a class tries one by one: the tried variables placed over the places they
/// share with the free values beside them (fewer as the clues prune them).
const TRIED: u64 = 40_320;

/// How answers are grouped into classes, each counted and blocked at once: the answers that
/// agree outside the `grouped` variables. Those are
/// - the free values: variables that stand for one value each, at offset 0, over every place,
///   and that no clue mentions. Within a category they can trade places freely (their places
///   are the ones the category's other values leave, and nothing else constrains them), so
///   they multiply a class by the factorial of their number per category;
/// - `tried`: some variables of the largest set of interchangeable ones (the same categories at
///   the same offsets; one category where each stands once fixes their places, the ones the
///   category's other variables leave), the least clued such set: their placements over those
///   places are tried one by one against the clues that mention them. When the set is one of
///   plain values of a category, that category's free values share the places and fill the
///   rest in every order; when it is one of shared variables (tied values), the free values of
///   its categories are not grouped (they would compete for the places).
///
/// Classes partition the answers; a class is never empty (it holds the answer it was met by),
/// and blocking the values outside `grouped` blocks exactly its members.
struct Classes {
    /// Left out of fingerprints and blocking clauses: the free values and `tried`.
    grouped: Vec<bool>,
    /// Arrangements of the free values that do not share `tried`'s places (`None`: beyond
    /// `u64`).
    free_ways: Option<u64>,
    /// The clued values whose placements are tried.
    tried: Vec<usize>,
    /// The free values that share `tried`'s places.
    free_with_tried: u64,
    /// `tried` and those free values: their places are the ones the tried values take.
    sharing: Vec<usize>,
    /// `checks[d]`: the clue constraints to check once `tried[..=d]` are placed (every variable
    /// of theirs in `tried` is among those).
    checks: Vec<Vec<usize>>,
    /// How a class of one answer is blocked.
    single: SingleAnswer,
}

impl Classes {
    /// One answer per class.
    fn single(vars: usize) -> Classes {
        Classes {
            grouped: vec![false; vars],
            free_ways: Some(1),
            tried: Vec::new(),
            free_with_tried: 0,
            sharing: Vec::new(),
            checks: Vec::new(),
            single: SingleAnswer::Short,
        }
    }

    fn of(grid: &GridModel) -> Classes {
        let vars = grid.model.vars.len();
        let Some(mut free) = free_values(grid) else {
            return Classes::single(vars);
        };
        // Sets of interchangeable variables whose places are fixed by one of their categories
        // (where each stands once).
        let shape = shapes(grid);
        let mut by_shape: HashMap<&[(usize, usize)], Vec<usize>> = HashMap::new();
        for (v, sv) in shape.iter().enumerate() {
            let once = |&(c, _): &(usize, usize)| sv.iter().filter(|e| e.0 == c).count() == 1;
            if sv.iter().any(once) {
                by_shape.entry(sv).or_default().push(v);
            }
        }
        // Of those, the largest, then the least clued (its placements are pruned least).
        let touching = clues_touching(grid);
        let clued = |g: &[usize]| g.iter().map(|&v| touching[v].len()).sum::<usize>();
        let Some(group) = by_shape
            .into_values()
            .max_by_key(|g| (g.len(), std::cmp::Reverse((clued(g), g[0]))))
        else {
            return Classes::single(vars);
        };
        let sigma = &shape[group[0]];
        if sigma.len() > 1 {
            // Free values of these categories would compete with the group for its places.
            for &(c, _) in sigma {
                for &v in &grid.value_var[c] {
                    free[v] = false;
                }
            }
        }
        let free_here = group.iter().filter(|&&v| free[v]).count() as u64;
        // As many clued variables as keep the placements per class within TRIED.
        let (mut tried, mut placements) = (Vec::new(), 1u64);
        for &v in group.iter().filter(|&&v| !free[v]) {
            match placements.checked_mul(free_here + tried.len() as u64 + 1) {
                Some(p) if p <= TRIED => placements = p,
                _ => break,
            }
            tried.push(v);
        }
        let mut grouped = free;
        for &v in &tried {
            grouped[v] = true;
        }
        let sharing: Vec<usize> = group.iter().copied().filter(|&v| grouped[v]).collect();
        // Free values elsewhere: each category's in every order.
        let free_ways = grid.value_var.iter().try_fold(1u64, |w, members| {
            let k = members
                .iter()
                .filter(|&&v| grouped[v] && !sharing.contains(&v))
                .count() as u64;
            factorial(k).and_then(|f| w.checked_mul(f))
        });
        let mut checks = vec![Vec::new(); tried.len()];
        let mut placed = vec![None; vars];
        for (d, &v) in tried.iter().enumerate() {
            placed[v] = Some(d);
        }
        let mut seen = HashSet::new();
        for &v in &tried {
            for &k in &touching[v] {
                if seen.insert(k) {
                    let mut vs = Vec::new();
                    vars_of(&grid.model.constraints[k], &mut vs);
                    let last = vs.iter().filter_map(|&u| placed[u]).max().unwrap_or(0);
                    checks[last].push(k);
                }
            }
        }
        Classes {
            grouped,
            free_ways,
            tried,
            free_with_tried: free_here,
            sharing,
            checks,
            single: SingleAnswer::Short,
        }
    }

    /// The number of answers in the class of the answer `values` (`None`: beyond `u64`).
    fn size(&self, grid: &GridModel, values: &[usize]) -> Option<u64> {
        let here = if self.tried.is_empty() {
            factorial(self.free_with_tried)?
        } else {
            let places: Vec<usize> = self.sharing.iter().map(|&v| values[v]).collect();
            let mut used = vec![false; places.len()];
            let mut scratch = values.to_vec();
            self.placements(grid, &places, 0, &mut used, &mut scratch)?
        };
        self.free_ways?.checked_mul(here)
    }

    /// Placements of `tried[depth..]` over the `places` not in `used` that keep the clues,
    /// each completed by the free values in every order (`None`: beyond `u64`).
    fn placements(
        &self,
        grid: &GridModel,
        places: &[usize],
        depth: usize,
        used: &mut [bool],
        values: &mut [usize],
    ) -> Option<u64> {
        let Some(&var) = self.tried.get(depth) else {
            return factorial(self.free_with_tried);
        };
        let mut n = 0u64;
        for (i, &place) in places.iter().enumerate() {
            if used[i] {
                continue;
            }
            values[var] = place;
            if self.checks[depth]
                .iter()
                .all(|&k| holds(&grid.model.constraints[k], values))
            {
                used[i] = true;
                let more = self.placements(grid, places, depth + 1, used, values);
                used[i] = false;
                n = n.checked_add(more?)?;
            }
        }
        Some(n)
    }
}

/// `k!`, `None` beyond `u64`.
fn factorial(k: u64) -> Option<u64> {
    (2..=k).try_fold(1u64, u64::checked_mul)
}

/// The variables that stand for one value each, at offset 0, over every place, and that no
/// clue mentions (free values); `None` when the model is not laid out as a grid's is (the
/// categories' own constraints first, one per category, then the clues').
fn free_values(grid: &GridModel) -> Option<Vec<bool>> {
    let vars = grid.model.vars.len();
    let mut values_of = vec![0usize; vars];
    let mut free = vec![true; vars];
    for (c, members) in grid.value_var.iter().enumerate() {
        for (i, &v) in members.iter().enumerate() {
            values_of[v] += 1;
            free[v] &= grid.value_offset[c][i] == 0
                && grid.model.vars[v].values.len() == members.len()
                && !grid.model.vars[v].boolean;
        }
    }
    for (f, &n) in free.iter_mut().zip(&values_of) {
        *f &= n == 1;
    }
    let categories = grid.value_var.len();
    let structural = grid.model.constraints.get(..categories)?.iter().all(|c| {
        matches!(
            c,
            Constraint::AllDifferent(_) | Constraint::AllDifferentShifted(_)
        )
    });
    if !structural || grid.clue_constraints.start != categories {
        return None;
    }
    for c in &grid.model.constraints[categories..] {
        let mut vs = Vec::new();
        vars_of(c, &mut vs);
        for v in vs {
            free[v] = false;
        }
    }
    Some(free)
}

/// The key of `var = value` in an answer's fingerprint, which is the XOR of the keys of its
/// variables (the grouped ones left out), so that a swap updates it in O(1) (Zobrist
/// hashing): splitmix64 of the pair. Equal answers have equal fingerprints.
fn key(var: usize, value: usize) -> u64 {
    let mut z = ((var as u64) << 32 ^ value as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Pairs of variables that stand for values of the same categories at the same offsets:
/// swapping their values keeps every category a permutation.
fn interchangeable(grid: &GridModel) -> Vec<(usize, usize)> {
    let vars = grid.model.vars.len();
    let shape = shapes(grid);
    let mut pairs = Vec::new();
    for u in 0..vars {
        for v in u + 1..vars {
            if !shape[u].is_empty() && shape[u] == shape[v] {
                pairs.push((u, v));
            }
        }
    }
    pairs
}

/// Each variable's (category, offset) pairs, sorted: the values it stands for.
fn shapes(grid: &GridModel) -> Vec<Vec<(usize, usize)>> {
    let mut shape: Vec<Vec<(usize, usize)>> = vec![Vec::new(); grid.model.vars.len()];
    for (c, members) in grid.value_var.iter().enumerate() {
        for (i, &v) in members.iter().enumerate() {
            shape[v].push((c, grid.value_offset[c][i]));
        }
    }
    for s in &mut shape {
        s.sort_unstable();
    }
    shape
}

/// For each variable, the clue constraints that mention it.
fn clues_touching(grid: &GridModel) -> Vec<Vec<usize>> {
    let mut touching = vec![Vec::new(); grid.model.vars.len()];
    for k in grid.clue_constraints.clone() {
        let mut vs = Vec::new();
        vars_of(&grid.model.constraints[k], &mut vs);
        vs.sort_unstable();
        vs.dedup();
        for v in vs {
            touching[v].push(k);
        }
    }
    touching
}

/// The variables a constraint mentions.
fn vars_of(c: &Constraint, out: &mut Vec<usize>) {
    match c {
        Constraint::Table { x, y, .. } => out.extend([*x, *y]),
        Constraint::InSet { var, .. } => out.push(*var),
        Constraint::AnyOf(cs) | Constraint::AllOf(cs) => cs.iter().for_each(|c| vars_of(c, out)),
        Constraint::AllDifferent(vs) => out.extend(vs),
        Constraint::AllDifferentShifted(vs) => out.extend(vs.iter().map(|&(v, _)| v)),
        other => other.sum_vars(out),
    }
}
