//! Pseudo-boolean sums: `sum w_i * l_i` at most / at least / exactly a constant, by rustsat's
//! encoders (generalized totalizer, dynamic polynomial watchdog, binary adder) or by a
//! totalizer over at-most-one groups written here ([`Pb::Tree`]).
//!
//! Terms are normalised first (duplicate literals merged, `x` and `!x` folded into a constant,
//! zero weights dropped, terms heavier than the bound fixed) because rustsat's encoders take a
//! map from literal to weight and would silently drop a repeated literal.

use std::collections::BTreeMap;

use rustsat::encodings::EnforceError;
use rustsat::encodings::pb::simulators::{Double, Inverted};
use rustsat::encodings::pb::{
    BinaryAdder, BoundBoth, BoundLower, BoundUpper, DynamicPolyWatchdog, GeneralizedTotalizer,
};
use serde::{Deserialize, Serialize};

use crate::choice::Choice;
use crate::cnf::{ClauseSink, Cnf, Lit};

mod tree;

/// How a weighted sum becomes clauses. None of the choices changes an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pb {
    /// rustsat's generalized totalizer (Joshi, Martins & Manquinho 2015); lower bounds by the
    /// same tree over the negated inputs.
    Gte,
    /// rustsat's dynamic polynomial watchdog (Paxian, Reimer & Becker 2018).
    Dpw,
    /// rustsat's binary adder network (Eén & Sörensson 2006).
    Adder,
    /// A totalizer over whole numbers (at-most-one groups, e.g. a cell's digits), both ways;
    /// hand-written (see the `tree` module). The default: the fastest on the Hooks puzzles.
    #[default]
    Tree,
}

impl Pb {
    /// Every sum encoder, the default first.
    pub const ALL: [Pb; 4] = [Pb::Tree, Pb::Gte, Pb::Dpw, Pb::Adder];
}

impl Choice for Pb {
    fn choices() -> &'static [Self] {
        &Self::ALL
    }

    fn name(self) -> &'static str {
        match self {
            Pb::Gte => "gte",
            Pb::Dpw => "dpw",
            Pb::Adder => "adder",
            Pb::Tree => "tree",
        }
    }

    fn about(self) -> &'static str {
        match self {
            Pb::Gte => "rustsat's generalized totalizer (Joshi, Martins & Manquinho 2015)",
            Pb::Dpw => "rustsat's dynamic polynomial watchdog (Paxian, Reimer & Becker 2018)",
            Pb::Adder => "rustsat's binary adder network (Eén & Sörensson 2006)",
            Pb::Tree => {
                "a totalizer over whole numbers (a cell's digits, at-most-one groups); the fastest on Hooks"
            }
        }
    }
}

/// `sum w * l <= k`.
pub fn at_most(cnf: &mut Cnf, terms: &[(Lit, usize)], k: usize, pb: Pb) {
    let Some((terms, k)) = upper_part(cnf, terms, k) else {
        return;
    };
    match pb {
        Pb::Gte => encode_ub::<GeneralizedTotalizer>(cnf, &terms, k),
        Pb::Dpw => encode_ub::<DynamicPolyWatchdog>(cnf, &terms, k),
        Pb::Adder => encode_ub::<BinaryAdder>(cnf, &terms, k),
        Pb::Tree => tree::bound_groups(cnf, &singletons(&terms), Some(k), None),
    }
}

/// `sum w * l >= k`.
pub fn at_least(cnf: &mut Cnf, terms: &[(Lit, usize)], k: usize, pb: Pb) {
    let Some((terms, k)) = lower_part(cnf, terms, k) else {
        return;
    };
    match pb {
        Pb::Gte => encode_lb::<Inverted<GeneralizedTotalizer>>(cnf, &terms, k),
        Pb::Dpw => encode_lb::<Inverted<DynamicPolyWatchdog>>(cnf, &terms, k),
        Pb::Adder => encode_lb::<BinaryAdder>(cnf, &terms, k),
        Pb::Tree => tree::bound_groups(cnf, &singletons(&terms), None, Some(k)),
    }
}

/// `sum w * l == k`.
pub fn exactly(cnf: &mut Cnf, terms: &[(Lit, usize)], k: usize, pb: Pb) {
    let Some((terms, k)) = upper_part(cnf, terms, k) else {
        return;
    };
    let total: usize = terms.iter().map(|t| t.1).sum();
    if k >= total {
        // Everything that is left must be true (or the sum falls short).
        if k > total {
            cnf.add_clause(&[]);
        }
        for &(l, _) in &terms {
            cnf.add_clause(&[l]);
        }
        return;
    }
    match pb {
        Pb::Gte => encode_eq::<Double<GeneralizedTotalizer, Inverted<GeneralizedTotalizer>>>(
            cnf, &terms, k,
        ),
        Pb::Dpw => {
            encode_eq::<Double<DynamicPolyWatchdog, Inverted<DynamicPolyWatchdog>>>(cnf, &terms, k)
        }
        Pb::Adder => encode_eq::<BinaryAdder>(cnf, &terms, k),
        Pb::Tree => tree::bound_groups(cnf, &singletons(&terms), Some(k), Some(k)),
    }
}

/// `sum w * l == k` where the terms come in groups of which at most one is true, which the
/// caller guarantees (a cell holds at most one digit). [`Pb::Tree`] uses the groups as leaves;
/// the other encoders see the flat list. A variable in two places voids the groups.
pub fn exactly_grouped(cnf: &mut Cnf, groups: &[Vec<(Lit, usize)>], k: usize, pb: Pb) {
    bound_grouped(cnf, groups, Some(k), Some(k), pb);
}

/// `lower <= sum w * l <= upper` over at-most-one groups, as [`exactly_grouped`]; a missing
/// bound is not stated.
pub(crate) fn bound_grouped(
    cnf: &mut Cnf,
    groups: &[Vec<(Lit, usize)>],
    upper: Option<usize>,
    lower: Option<usize>,
    pb: Pb,
) {
    let flat: Vec<(Lit, usize)> = groups.iter().flatten().copied().collect();
    let mut vars: Vec<u32> = flat.iter().map(|t| t.0.var().idx32()).collect();
    vars.sort_unstable();
    let distinct = vars.windows(2).all(|w| w[0] != w[1]);
    if pb != Pb::Tree || !distinct {
        return match (upper, lower) {
            (Some(u), Some(l)) if u == l => exactly(cnf, &flat, u, pb),
            (u, l) => {
                if let Some(u) = u {
                    at_most(cnf, &flat, u, pb);
                }
                if let Some(l) = l {
                    at_least(cnf, &flat, l, pb);
                }
            }
        };
    }
    let groups: Vec<Vec<(Lit, usize)>> = groups
        .iter()
        .map(|g| g.iter().copied().filter(|t| t.1 > 0).collect::<Vec<_>>())
        .filter(|g| !g.is_empty())
        .collect();
    tree::bound_groups(cnf, &groups, upper, lower);
}

fn singletons(terms: &[(Lit, usize)]) -> Vec<Vec<(Lit, usize)>> {
    terms.iter().map(|&t| vec![t]).collect()
}

/// `lower <= sum <= upper` where each leaf is a number in order encoding (`leaf[v-1]` true
/// exactly when the number is at least v; the caller guarantees the order), by
/// [`Pb::Tree`]. For models that have their numbers in order encoding already.
pub fn unary_bound(cnf: &mut Cnf, leaves: &[Vec<Lit>], upper: Option<usize>, lower: Option<usize>) {
    tree::bound(cnf, leaves, upper, lower);
}

/// Merges repeated literals and folds `w*x + v*!x` into `min(w,v) + |w-v| * (x or !x)`.
/// Returns the terms (sorted by variable, weights > 0) and the constant part.
pub(crate) fn normalize(terms: &[(Lit, usize)]) -> (Vec<(Lit, usize)>, usize) {
    let mut by_var: BTreeMap<u32, (usize, usize)> = BTreeMap::new();
    for &(l, w) in terms {
        let e = by_var.entry(l.var().idx32()).or_default();
        if l.is_neg() {
            e.1 += w;
        } else {
            e.0 += w;
        }
    }
    let mut out = Vec::with_capacity(by_var.len());
    let mut constant = 0;
    for (v, (pos, neg)) in by_var {
        let var = rustsat::types::Var::new(v);
        constant += pos.min(neg);
        if pos > neg {
            out.push((var.pos_lit(), pos - neg));
        } else if neg > pos {
            out.push((var.neg_lit(), neg - pos));
        }
    }
    (out, constant)
}

/// Normalises for an upper bound: terms heavier than the bound become unit clauses (false).
/// `None` when nothing is left to encode (already written as units or trivially true).
fn upper_part(
    cnf: &mut Cnf,
    terms: &[(Lit, usize)],
    k: usize,
) -> Option<(Vec<(Lit, usize)>, usize)> {
    let (terms, constant) = normalize(terms);
    let Some(k) = k.checked_sub(constant) else {
        cnf.add_clause(&[]);
        return None;
    };
    let mut kept = Vec::with_capacity(terms.len());
    for (l, w) in terms {
        if w > k {
            cnf.add_clause(&[!l]);
        } else {
            kept.push((l, w));
        }
    }
    if k == 0 {
        // every remaining term was heavier than 0 and is already false
        return None;
    }
    Some((kept, k))
}

/// Normalises for a lower bound. `None` when nothing is left to encode.
fn lower_part(
    cnf: &mut Cnf,
    terms: &[(Lit, usize)],
    k: usize,
) -> Option<(Vec<(Lit, usize)>, usize)> {
    let (terms, constant) = normalize(terms);
    let k = k.saturating_sub(constant);
    if k == 0 {
        return None;
    }
    let total: usize = terms.iter().map(|t| t.1).sum();
    if total < k {
        cnf.add_clause(&[]);
        return None;
    }
    if total == k {
        for &(l, _) in &terms {
            cnf.add_clause(&[l]);
        }
        return None;
    }
    Some((terms, k))
}

fn encode_ub<E: BoundUpper + FromIterator<(Lit, usize)>>(
    cnf: &mut Cnf,
    terms: &[(Lit, usize)],
    k: usize,
) {
    let total: usize = terms.iter().map(|t| t.1).sum();
    if total <= k {
        return;
    }
    let mut enc = E::from_iter(terms.iter().copied());
    enc.encode_ub(k..=k, &mut cnf.clauses, &mut cnf.vars)
        .expect("clause collection is infallible");
    add_units(cnf, enc.enforce_ub(k));
}

fn encode_lb<E: BoundLower + FromIterator<(Lit, usize)>>(
    cnf: &mut Cnf,
    terms: &[(Lit, usize)],
    k: usize,
) {
    let mut enc = E::from_iter(terms.iter().copied());
    enc.encode_lb(k..=k, &mut cnf.clauses, &mut cnf.vars)
        .expect("clause collection is infallible");
    add_units(cnf, enc.enforce_lb(k));
}

fn encode_eq<E: BoundBoth + FromIterator<(Lit, usize)>>(
    cnf: &mut Cnf,
    terms: &[(Lit, usize)],
    k: usize,
) {
    if k == 0 {
        for &(l, _) in terms {
            cnf.add_clause(&[!l]);
        }
        return;
    }
    let mut enc = E::from_iter(terms.iter().copied());
    enc.encode_both(k..=k, &mut cnf.clauses, &mut cnf.vars)
        .expect("clause collection is infallible");
    add_units(cnf, enc.enforce_eq(k));
}

/// The encoders return the bound as unit literals (assumptions); we make them clauses.
fn add_units(cnf: &mut Cnf, units: Result<Vec<Lit>, EnforceError>) {
    match units {
        Ok(units) => {
            for u in units {
                cnf.add_clause(&[u]);
            }
        }
        Err(EnforceError::Unsat) => cnf.add_clause(&[]),
        Err(EnforceError::NotEncoded) => unreachable!("the bound was encoded just before"),
    }
}
