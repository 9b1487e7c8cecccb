//! Boolean gates over literals that may be known constants.
//!
//! A fixed hook layout makes most membership facts constants; folding them here keeps the
//! formula (and its sums) as small as a hand-written fixed-layout model, from the same code.

use std::ops::Not;

use crate::cnf::{ClauseSink, Cnf, Lit};
use crate::encode::pb::{self, Pb};

/// A known truth value or a literal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bit {
    Const(bool),
    Lit(Lit),
}

pub const TRUE: Bit = Bit::Const(true);
pub const FALSE: Bit = Bit::Const(false);

impl Not for Bit {
    type Output = Bit;
    fn not(self) -> Bit {
        match self {
            Bit::Const(b) => Bit::Const(!b),
            Bit::Lit(l) => Bit::Lit(!l),
        }
    }
}

impl From<Lit> for Bit {
    fn from(l: Lit) -> Bit {
        Bit::Lit(l)
    }
}

impl Bit {
    pub fn lit(self) -> Option<Lit> {
        match self {
            Bit::Lit(l) => Some(l),
            Bit::Const(_) => None,
        }
    }

    pub fn is_false(self) -> bool {
        self == FALSE
    }

    /// Its value under a full assignment.
    pub fn value(self, model: &[bool]) -> bool {
        match self {
            Bit::Const(b) => b,
            Bit::Lit(l) => model[l.var().idx()] != l.is_neg(),
        }
    }
}

/// Adds the clause `OR bits` (satisfied constants drop it, false ones drop out).
pub fn clause(cnf: &mut Cnf, bits: &[Bit]) {
    let mut lits = Vec::with_capacity(bits.len());
    for &b in bits {
        match b {
            Bit::Const(true) => return,
            Bit::Const(false) => {}
            Bit::Lit(l) => lits.push(l),
        }
    }
    cnf.add_clause(&lits);
}

/// `a AND b`, a fresh Tseitin variable unless constants or equal inputs decide it.
pub fn and(cnf: &mut Cnf, a: Bit, b: Bit) -> Bit {
    match (a, b) {
        (Bit::Const(false), _) | (_, Bit::Const(false)) => FALSE,
        (Bit::Const(true), x) | (x, Bit::Const(true)) => x,
        (Bit::Lit(x), Bit::Lit(y)) if x == y => a,
        (Bit::Lit(x), Bit::Lit(y)) if x == !y => FALSE,
        (Bit::Lit(x), Bit::Lit(y)) => {
            let out = cnf.fresh_lit();
            cnf.add_clause(&[!out, x]);
            cnf.add_clause(&[!out, y]);
            cnf.add_clause(&[out, !x, !y]);
            Bit::Lit(out)
        }
    }
}

/// `a OR b`.
pub fn or(cnf: &mut Cnf, a: Bit, b: Bit) -> Bit {
    !and(cnf, !a, !b)
}

/// `OR bits`, one Tseitin variable for the whole disjunction.
pub fn or_all(cnf: &mut Cnf, bits: &[Bit]) -> Bit {
    let mut lits = Vec::with_capacity(bits.len());
    for &b in bits {
        match b {
            Bit::Const(true) => return TRUE,
            Bit::Const(false) => {}
            Bit::Lit(l) if !lits.contains(&l) => lits.push(l),
            Bit::Lit(_) => {}
        }
    }
    match lits[..] {
        [] => FALSE,
        [l] => Bit::Lit(l),
        _ => {
            let out = cnf.fresh_lit();
            for &l in &lits {
                cnf.add_clause(&[out, !l]);
            }
            let mut long = lits.clone();
            long.push(!out);
            cnf.add_clause(&long);
            Bit::Lit(out)
        }
    }
}

/// `sum w * bit == k` over groups of which at most one bit is true (the caller guarantees it),
/// constants folded into the bound.
pub fn grouped_sum_equals(cnf: &mut Cnf, groups: &[Vec<(Bit, usize)>], k: usize, choice: Pb) {
    let mut constant = 0;
    let mut lit_groups = Vec::with_capacity(groups.len());
    for group in groups {
        let mut lits = Vec::with_capacity(group.len());
        let mut fixed = false;
        for &(b, w) in group {
            match b {
                Bit::Const(true) => {
                    constant += w;
                    fixed = true;
                }
                Bit::Const(false) => {}
                Bit::Lit(l) => lits.push((l, w)),
            }
        }
        if fixed {
            // the true member excludes the others
            for (l, _) in lits {
                cnf.add_clause(&[!l]);
            }
        } else {
            lit_groups.push(lits);
        }
    }
    match k.checked_sub(constant) {
        Some(rest) => pb::exactly_grouped(cnf, &lit_groups, rest, choice),
        None => cnf.add_clause(&[]),
    }
}

/// `sum == k` over numbers in order encoding (`number[v-1]`: at least v), constants folded.
pub fn unary_sum_equals(cnf: &mut Cnf, numbers: &[Vec<Bit>], k: usize) {
    let mut constant = 0;
    let mut leaves = Vec::with_capacity(numbers.len());
    for number in numbers {
        // order encoding: true constants come first, false ones last
        let fixed = number.iter().take_while(|&&b| b == TRUE).count();
        constant += fixed;
        let leaf: Vec<Lit> = number[fixed..].iter().map_while(|b| b.lit()).collect();
        leaves.push(leaf);
    }
    match k.checked_sub(constant) {
        Some(rest) => pb::unary_bound(cnf, &leaves, Some(rest), Some(rest)),
        None => cnf.add_clause(&[]),
    }
}
