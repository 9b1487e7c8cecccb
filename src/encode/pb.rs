//! Pseudo-boolean sums: `sum w_i * l_i` at most / at least / exactly a constant, by rustsat's
//! encoders (generalized totalizer, dynamic polynomial watchdog, binary adder).
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

use crate::cnf::{ClauseSink, Cnf, Lit};

/// How a weighted sum becomes clauses. None of the choices changes an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Pb {
    /// rustsat's generalized totalizer (Joshi, Martins & Manquinho 2015); lower bounds by the
    /// same tree over the negated inputs.
    #[default]
    Gte,
    /// rustsat's dynamic polynomial watchdog (Paxian, Reimer & Becker 2018).
    Dpw,
    /// rustsat's binary adder network (Eén & Sörensson 2006).
    Adder,
}

impl Pb {
    pub const ALL: [Pb; 3] = [Pb::Gte, Pb::Dpw, Pb::Adder];

    pub fn name(self) -> &'static str {
        match self {
            Pb::Gte => "gte",
            Pb::Dpw => "dpw",
            Pb::Adder => "adder",
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
    }
}

/// Merges repeated literals and folds `w*x + v*!x` into `min(w,v) + |w-v| * (x or !x)`.
/// Returns the terms (sorted by variable, weights > 0) and the constant part.
pub fn normalize(terms: &[(Lit, usize)]) -> (Vec<(Lit, usize)>, usize) {
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
