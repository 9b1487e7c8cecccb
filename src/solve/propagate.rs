//! What one constraint alone makes of the values still possible, without a solver: the
//! cheap first look of an explanation ([`crate::solve::steps`]).
//!
//! A clue's consequences are found by trying every assignment of its own variables within
//! the values still possible (a clue names two or three variables, so this is small), and an
//! all-different's by the one matching the explanation already knows, its answer: a value
//! stays possible for a variable when the other variables can swap round to make room. Both
//! are exact for the one constraint: a value they rule out is ruled out by that constraint
//! and the values still possible, and a value they keep is taken by some assignment.

use crate::model::{Constraint, holds};

/// Every model variable a constraint mentions, increasing, each once.
pub(crate) fn scope(c: &Constraint) -> Vec<usize> {
    let mut out = Vec::new();
    collect(c, &mut out);
    out.sort_unstable();
    out.dedup();
    out
}

fn collect(c: &Constraint, out: &mut Vec<usize>) {
    // Every variant by name: a new one must say which variables it reads.
    match c {
        Constraint::AllDifferent(vs) => out.extend(vs),
        Constraint::AllDifferentShifted(vs) => out.extend(vs.iter().map(|&(v, _)| v)),
        Constraint::InSet { var, .. } => out.push(*var),
        Constraint::Table { x, y, .. } => out.extend([*x, *y]),
        Constraint::AnyOf(cs) | Constraint::AllOf(cs) => cs.iter().for_each(|c| collect(c, out)),
        Constraint::Regular { vars, .. } => out.extend(vars),
        Constraint::Clause(_)
        | Constraint::Define { .. }
        | Constraint::AtMostOne(_)
        | Constraint::ExactlyOne(_)
        | Constraint::Count { .. }
        | Constraint::Linear { .. } => c.sum_vars(out),
    }
}

/// The values still possible: `possible[var][value]`.
pub(crate) type Possible = [Vec<bool>];

/// Most assignments [`supports`] tries before it gives up (the solver then answers).
pub(crate) const MAX_ASSIGNMENTS: usize = 1 << 14;

/// For each variable of `scope` (the constraint's own, from [`scope`]), the values that some
/// assignment of the scope within `possible` satisfying `c` gives it. `base` is a full
/// assignment (any values) for the variables outside the scope, which `c` does not read. None
/// when more than [`MAX_ASSIGNMENTS`] assignments would be tried.
pub(crate) fn supports(
    c: &Constraint,
    scope: &[usize],
    possible: &Possible,
    base: &[usize],
) -> Option<Vec<Vec<bool>>> {
    let choices: Vec<Vec<usize>> = scope
        .iter()
        .map(|&v| (0..possible[v].len()).filter(|&x| possible[v][x]).collect())
        .collect();
    let mut count: usize = 1;
    for ch in &choices {
        count = count
            .checked_mul(ch.len())
            .filter(|&n| n <= MAX_ASSIGNMENTS)?;
    }
    let mut out: Vec<Vec<bool>> = scope
        .iter()
        .map(|&v| vec![false; possible[v].len()])
        .collect();
    if count == 0 {
        return Some(out);
    }
    let mut values = base.to_vec();
    let mut at = vec![0; scope.len()];
    loop {
        for (i, &v) in scope.iter().enumerate() {
            values[v] = choices[i][at[i]];
        }
        if holds(c, &values) {
            for (i, &v) in scope.iter().enumerate() {
                out[i][values[v]] = true;
            }
        }
        // The next assignment, odometer style.
        let mut i = 0;
        loop {
            if i == scope.len() {
                return Some(out);
            }
            at[i] += 1;
            if at[i] < choices[i].len() {
                break;
            }
            at[i] = 0;
            i += 1;
        }
    }
}

/// The (variable, value) pairs still possible that `vars`, all different, can never take
/// given `possible`, when `answer` (whose values are possible and all different) is one way
/// they can all be placed.
///
/// Variable `i` can take `j`'s answer value exactly when `j` can move on: along a chain of
/// variables each taking the next one's answer value, back round to `i` (same strongly
/// connected component of "can take the answer value of") or to a variable with a value no
/// one's answer uses.
pub(crate) fn all_different_excluded(
    vars: &[usize],
    possible: &Possible,
    answer: &[usize],
) -> Vec<(usize, usize)> {
    let k = vars.len();
    // owner[value]: the index (into vars) of the variable whose answer it is.
    let width = vars.iter().map(|&v| possible[v].len()).max().unwrap_or(0);
    let mut owner = vec![usize::MAX; width];
    for (i, &v) in vars.iter().enumerate() {
        owner[answer[v]] = i;
    }
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); k];
    let mut to_free = vec![false; k];
    for (i, &v) in vars.iter().enumerate() {
        for (x, &ok) in possible[v].iter().enumerate() {
            if !ok || x == answer[v] {
                continue;
            }
            match owner[x] {
                usize::MAX => to_free[i] = true,
                j => edges[i].push(j),
            }
        }
    }
    let component = strongly_connected(&edges);
    // Reaches a variable with a free value: backwards from those along reversed edges.
    let mut reverse: Vec<Vec<usize>> = vec![Vec::new(); k];
    for (i, out) in edges.iter().enumerate() {
        for &j in out {
            reverse[j].push(i);
        }
    }
    let mut frees = to_free.clone();
    let mut stack: Vec<usize> = (0..k).filter(|&i| to_free[i]).collect();
    while let Some(j) = stack.pop() {
        for &i in &reverse[j] {
            if !frees[i] {
                frees[i] = true;
                stack.push(i);
            }
        }
    }
    let mut out = Vec::new();
    for (i, &v) in vars.iter().enumerate() {
        for &j in &edges[i] {
            if component[i] != component[j] && !frees[j] {
                out.push((v, answer[vars[j]]));
            }
        }
    }
    out
}

/// Tarjan's strongly connected components, iteratively: a component number per node.
fn strongly_connected(edges: &[Vec<usize>]) -> Vec<usize> {
    let n = edges.len();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut component = vec![usize::MAX; n];
    let (mut next, mut components) = (0, 0);
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        // (node, next edge to follow)
        let mut work = vec![(root, 0)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (u, ref mut e)) = work.last_mut() {
            if let Some(&w) = edges[u].get(*e) {
                *e += 1;
                if index[w] == usize::MAX {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[u] = low[u].min(index[w]);
                }
            } else {
                work.pop();
                if let Some(&(parent, _)) = work.last() {
                    low[parent] = low[parent].min(low[u]);
                }
                if low[u] == index[u] {
                    while let Some(w) = stack.pop() {
                        on_stack[w] = false;
                        component[w] = components;
                        if w == u {
                            break;
                        }
                    }
                    components += 1;
                }
            }
        }
    }
    component
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::local::excluded_by;

    /// Brute force: every permutation-free assignment within `possible`, all different (the
    /// generic route of [`excluded_by`], which tries each one).
    fn brute_excluded(vars: &[usize], possible: &Possible) -> Vec<(usize, usize)> {
        let c = Constraint::AllDifferent(vars.to_vec());
        let base = vec![0; possible.len()];
        // Small enough to try every assignment: an empty answer means none was excluded.
        assert!(supports(&c, vars, possible, &base).is_some());
        excluded_by(&c, vars, possible, &base)
    }

    #[test]
    fn all_different_exclusions_agree_with_brute_force() {
        // Small random domains around a fixed answer, four variables over five values.
        let mut seed = 7u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        };
        for _ in 0..2000 {
            let k = 2 + next() % 3;
            let width = k + next() % 2;
            let mut answer: Vec<usize> = (0..width).collect();
            for i in (1..width).rev() {
                answer.swap(i, next() % (i + 1));
            }
            answer.truncate(k);
            let possible: Vec<Vec<bool>> = (0..k)
                .map(|v| {
                    (0..width)
                        .map(|x| x == answer[v] || next() % 2 == 0)
                        .collect()
                })
                .collect();
            let vars: Vec<usize> = (0..k).collect();
            let mut got = all_different_excluded(&vars, &possible, &answer);
            got.sort_unstable();
            assert_eq!(
                got,
                brute_excluded(&vars, &possible),
                "{possible:?} {answer:?}"
            );
        }
    }
}
