//! [`super::Pb::Tree`]: a totalizer whose leaves are whole numbers (an at-most-one group of
//! weighted literals, or a number already in order encoding), merged both ways.
//!
//! A node keeps only the sums it can reach, like the generalized totalizer: `(s, lit)` with
//! `lit` true exactly when the node's sum is at least s. Values at or above `cap` (one past the
//! bound) are merged into one. Hand-written because rustsat's encoders take single literals:
//! nine exclusive digits of one cell would cost them every sum of digit combinations, none of
//! which can occur.

use crate::cnf::{ClauseSink, Cnf, Lit};

/// Reachable positive sums, ascending, each with "sum >= s".
type Node = Vec<(usize, Lit)>;

/// `lower <= sum <= upper` over numbers in order encoding (`leaf[v-1]`: at least v).
pub fn bound(cnf: &mut Cnf, leaves: &[Vec<Lit>], upper: Option<usize>, lower: Option<usize>) {
    let nodes: Vec<Node> = leaves.iter().map(|l| from_unary(l)).collect();
    bound_nodes(cnf, nodes, upper, lower);
}

/// `lower <= sum <= upper` over at-most-one groups of `(literal, weight > 0)`.
pub fn bound_groups(
    cnf: &mut Cnf,
    groups: &[Vec<(Lit, usize)>],
    upper: Option<usize>,
    lower: Option<usize>,
) {
    let Some(cap) = cap(upper, lower) else {
        return;
    };
    let nodes: Vec<Node> = groups.iter().map(|g| from_group(cnf, g, cap)).collect();
    bound_nodes(cnf, nodes, upper, lower);
}

/// Counting past upper+1 (or past lower) tells nothing more.
fn cap(upper: Option<usize>, lower: Option<usize>) -> Option<usize> {
    match (upper, lower) {
        (Some(u), _) => Some(u + 1),
        (None, Some(l)) => Some(l),
        (None, None) => None,
    }
}

fn bound_nodes(cnf: &mut Cnf, nodes: Vec<Node>, upper: Option<usize>, lower: Option<usize>) {
    let max: usize = nodes.iter().map(|n| n.last().map_or(0, |e| e.0)).sum();
    if lower.is_some_and(|l| l > max) || upper.zip(lower).is_some_and(|(u, l)| l > u) {
        cnf.add_clause(&[]);
        return;
    }
    let Some(cap) = cap(upper, lower) else {
        return;
    };
    let nodes: Vec<Node> = nodes
        .into_iter()
        .map(|n| clamp(n, cap))
        .filter(|n| !n.is_empty())
        .collect();
    // The root is never built: the bound is stated on its two halves directly, one clause per
    // reachable value of one half instead of a full merge.
    let (a, b) = if nodes.len() < 2 {
        (nodes.into_iter().next().unwrap_or_default(), Node::new())
    } else {
        let (left, right) = nodes.split_at(nodes.len() / 2);
        (tree(cnf, left, cap), tree(cnf, right, cap))
    };
    let mut cl = Vec::with_capacity(2);
    let a_values = std::iter::once(0).chain(a.iter().map(|e| e.0));
    for (idx, i) in a_values.enumerate() {
        // a's value is i exactly when a >= i and not a >= next
        let a_at_least_i = idx.checked_sub(1).map(|p| a[p].1);
        let a_next = a.get(idx).map(|e| e.1);
        if let Some(u) = upper {
            // a >= i and b >= j with i + j > u is forbidden
            if let Some(b_over) = at_least(&b, (u + 1).saturating_sub(i)) {
                cl.clear();
                cl.extend(a_at_least_i.map(|l| !l));
                if let Some(l) = b_over {
                    cl.push(!l);
                }
                cnf.add_clause(&cl);
            }
        }
        if let Some(l) = lower.filter(|&l| l > i) {
            // a <= i needs b >= l - i
            cl.clear();
            cl.extend(a_next);
            if let Some(Some(b_enough)) = at_least(&b, l - i) {
                cl.push(b_enough);
            }
            cnf.add_clause(&cl);
        }
    }
}

/// "node >= t": `Some(None)` when always true (t <= 0), `Some(Some(lit))`, or `None` when
/// unreachable.
fn at_least(node: &Node, t: usize) -> Option<Option<Lit>> {
    if t == 0 {
        return Some(None);
    }
    node.iter().find(|e| e.0 >= t).map(|e| Some(e.1))
}

fn tree(cnf: &mut Cnf, nodes: &[Node], cap: usize) -> Node {
    match nodes {
        [] => Node::new(),
        [one] => one.clone(),
        _ => {
            let (left, right) = nodes.split_at(nodes.len() / 2);
            let a = tree(cnf, left, cap);
            let b = tree(cnf, right, cap);
            merge(cnf, &a, &b, cap)
        }
    }
}

/// Values at or above `cap` become one entry "at least cap" (the lowest of them).
fn clamp(node: Node, cap: usize) -> Node {
    let mut out: Node = node.iter().copied().filter(|e| e.0 < cap).collect();
    if let Some(&(_, l)) = node.iter().find(|e| e.0 >= cap) {
        out.push((cap, l));
    }
    out
}

/// An order-encoded number: runs of one literal collapse to their highest value (`[x, x, x]`
/// is "3 when x, else 0").
fn from_unary(leaf: &[Lit]) -> Node {
    let mut out: Node = Vec::with_capacity(leaf.len());
    for (i, &l) in leaf.iter().enumerate() {
        if leaf.get(i + 1) != Some(&l) {
            out.push((i + 1, l));
        }
    }
    out
}

/// An at-most-one group: "value >= w" is the OR of the terms weighing at least w.
fn from_group(cnf: &mut Cnf, group: &[(Lit, usize)], cap: usize) -> Node {
    let mut weights: Vec<usize> = group.iter().map(|t| t.1.min(cap)).collect();
    weights.sort_unstable();
    weights.dedup();
    weights
        .into_iter()
        .map(|w| {
            let set: Vec<Lit> = group
                .iter()
                .filter(|t| t.1.min(cap) >= w)
                .map(|t| t.0)
                .collect();
            let lit = match set[..] {
                [single] => single,
                _ => {
                    let o = cnf.fresh_lit();
                    for &l in &set {
                        cnf.add_clause(&[!l, o]);
                    }
                    let mut cl = set.clone();
                    cl.push(!o);
                    cnf.add_clause(&cl);
                    o
                }
            };
            (w, lit)
        })
        .collect()
}

/// Reaches every value 1..=max.
fn contiguous(node: &Node) -> bool {
    node.iter().enumerate().all(|(i, e)| e.0 == i + 1)
}

/// The sum of two nodes, both ways: `out >= i+j` when `a >= i` and `b >= j`; and `out >= s`
/// only when, for every reachable i of a, `a` exceeds i or `b >= s - i`.
fn merge(cnf: &mut Cnf, a: &Node, b: &Node, cap: usize) -> Node {
    if a.is_empty() {
        return b.clone();
    }
    if b.is_empty() {
        return a.clone();
    }
    let mut sums: Vec<usize> = Vec::new();
    for i in std::iter::once(0).chain(a.iter().map(|e| e.0)) {
        for j in std::iter::once(0).chain(b.iter().map(|e| e.0)) {
            if i + j > 0 {
                sums.push((i + j).min(cap));
            }
        }
    }
    sums.sort_unstable();
    sums.dedup();
    let out: Node = sums.into_iter().map(|s| (s, cnf.fresh_lit())).collect();
    let lit_of = |s: usize| out.iter().find(|e| e.0 == s).map(|e| e.1);
    let mut cl = Vec::with_capacity(3);
    // ">= s" implies ">= every smaller reachable value". The upward clauses below only name
    // the exact sum of a pair; when both sides reach every value up to their maximum, smaller
    // pairs already give the smaller sums and these clauses would be redundant.
    if !contiguous(a) || !contiguous(b) {
        for w in out.windows(2) {
            cnf.add_clause(&[!w[1].1, w[0].1]);
        }
    }
    // upward
    for ia in 0..=a.len() {
        for ib in 0..=b.len() {
            let i = if ia == 0 { 0 } else { a[ia - 1].0 };
            let j = if ib == 0 { 0 } else { b[ib - 1].0 };
            if i + j == 0 {
                continue;
            }
            cl.clear();
            if ia > 0 {
                cl.push(!a[ia - 1].1);
            }
            if ib > 0 {
                cl.push(!b[ib - 1].1);
            }
            cl.push(lit_of((i + j).min(cap)).expect("every sum has an output"));
            cnf.add_clause(&cl);
        }
    }
    // downward
    for &(s, o) in &out {
        for ia in 0..=a.len() {
            let i = if ia == 0 { 0 } else { a[ia - 1].0 };
            if i >= s {
                break;
            }
            let b_enough = match at_least(b, s - i) {
                Some(Some(l)) => Some(l),
                Some(None) => continue,
                None => {
                    // b cannot make up the rest: a must exceed i. Only the largest such i
                    // needs saying (a's own order gives the smaller ones).
                    let next_i = a.get(ia).map(|e| e.0);
                    if next_i.is_some_and(|n| n < s && at_least(b, s - n).is_none()) {
                        continue;
                    }
                    None
                }
            };
            cl.clear();
            cl.push(!o);
            if let Some(next) = a.get(ia) {
                cl.push(next.1);
            }
            cl.extend(b_enough);
            cnf.add_clause(&cl);
        }
    }
    out
}
