//! The reference generator's arithmetic, re-implemented independently (no library code).

use serde_json::{Value, json};

pub const POOL: [i64; 6] = [1, 2, 3, -1, -2, -3];

/// Is statement `s` true with the portrait in casket `p` (both 1-based)?
pub fn true_at(s: i64, p: i64) -> bool {
    if s > 0 { s == p } else { -s != p }
}

pub fn lists() -> Vec<[i64; 3]> {
    let mut out = Vec::new();
    for a in POOL {
        for b in POOL {
            for c in POOL {
                out.push([a, b, c]);
            }
        }
    }
    out
}

pub fn pairs() -> Vec<([i64; 3], [i64; 3])> {
    let ls = lists();
    let mut out = Vec::new();
    for i in 0..ls.len() {
        for j in i + 1..ls.len() {
            if (0..3).all(|c| ls[i][c] != ls[j][c]) {
                out.push((ls[i], ls[j]));
            }
        }
    }
    out
}

pub fn count_true(list: &[i64; 3], p: i64) -> usize {
    list.iter().filter(|&&s| true_at(s, p)).count()
}

pub fn per_casket(a: &[i64; 3], b: &[i64; 3], p: i64) -> [usize; 3] {
    std::array::from_fn(|c| usize::from(true_at(a[c], p)) + usize::from(true_at(b[c], p)))
}

/// Portia I: (list, p) is a puzzle iff its truth count differs from both others.
pub fn reference_portia1() -> Vec<Value> {
    let mut out = Vec::new();
    for l in lists() {
        let t: Vec<usize> = (1..=3).map(|p| count_true(&l, p)).collect();
        for p in 1..=3 {
            let c = t[p - 1];
            if t.iter().filter(|&&x| x == c).count() == 1 {
                let position = if c == *t.iter().min().unwrap() {
                    "min"
                } else if c == *t.iter().max().unwrap() {
                    "max"
                } else {
                    "mid"
                };
                out.push(
                    json!({"id": format!("portia1-{}", out.len() + 1), "caskets": l,
                    "truths": c, "solution": p, "position": position}),
                );
            }
        }
    }
    out
}

/// Portia II under the seed's rule (set of v(p) not a subset of the set of v(q)) or the sound
/// one (v(p) and v(q) differ as multisets).
pub fn reference_portia2(seed_rule: bool) -> Vec<Value> {
    let mut out = Vec::new();
    for (a, b) in pairs() {
        let v: Vec<[usize; 3]> = (1..=3).map(|p| per_casket(&a, &b, p)).collect();
        for p in 0..3 {
            let keep = (0..3).filter(|&q| q != p).all(|q| {
                if seed_rule {
                    !v[p].iter().all(|x| v[q].contains(x))
                } else {
                    let (mut x, mut y) = (v[p], v[q]);
                    x.sort();
                    y.sort();
                    x != y
                }
            });
            if keep {
                out.push(
                    json!({"id": format!("portia2-{}", out.len() + 1), "caskets": [a, b],
                    "truths": v[p], "solution": p + 1}),
                );
            }
        }
    }
    out
}

pub const OVERLAYS: [[i64; 3]; 6] = [
    [-2, 3, 1],
    [2, -3, 1],
    [2, 3, -1],
    [-3, 1, 2],
    [3, -1, 2],
    [3, 1, -2],
];

/// Portia III: bases (list, p) whose truth vector differs from the other positions', each
/// with the six overlays.
pub fn reference_portia3() -> Vec<Value> {
    let mut out = Vec::new();
    for l in lists() {
        let vector = |p: i64| l.map(|s| usize::from(true_at(s, p)));
        for p in 1..=3 {
            if (1..=3).filter(|&q| q != p).any(|q| vector(q) == vector(p)) {
                continue;
            }
            for o in OVERLAYS {
                out.push(json!({"id": format!("portia3-{}", out.len() + 1),
                    "caskets": [l, o], "truths": vector(p), "solution": p}));
            }
        }
    }
    out
}
