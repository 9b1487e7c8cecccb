//! Finite-domain variables over `0..size`, one-hot (direct) or bit-vector (log).

use serde::{Deserialize, Serialize};

use crate::choice::Choice;

use crate::cnf::{ClauseSink, Cnf, Lit, Var, lit_value};
use crate::encode::amo::{Amo, exactly_one};

/// How a finite-domain variable becomes booleans. Never changes an answer or a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Encoding {
    /// One boolean per value; exactly one of them true.
    #[default]
    OneHot,
    /// ceil(log2 size) bits, bounded by a `<= size-1` comparator.
    Bits,
}

impl Encoding {
    /// Both encodings, the default first.
    pub const ALL: [Encoding; 2] = [Encoding::OneHot, Encoding::Bits];
}

impl Choice for Encoding {
    fn choices() -> &'static [Self] {
        &Self::ALL
    }

    fn name(self) -> &'static str {
        match self {
            Encoding::OneHot => "onehot",
            Encoding::Bits => "bits",
        }
    }

    fn about(self) -> &'static str {
        match self {
            Encoding::OneHot => "one boolean per value, exactly one of them true",
            Encoding::Bits => "ceil(log2 size) bits, bounded by a <= size-1 comparator",
        }
    }
}

/// The booleans of one finite-domain variable.
#[derive(Debug, Clone)]
pub enum Domain {
    /// One-hot: literal `v` is true iff the variable takes value `v` (exactly one is true).
    OneHot(Vec<Lit>),
    /// A boolean (values 0 = false, 1 = true) as one literal, whatever the encoding: one-hot
    /// would spend two literals and an exactly-one on it, bits a Tseitin literal per value.
    Bool(Lit),
    /// Binary: the value is the unsigned number the bits spell, below `size`.
    Bits {
        /// Least significant first.
        bits: Vec<Lit>,
        /// Number of values (`0..size`); values `size..2^bits` are excluded by a comparator.
        size: usize,
        /// Tseitin literal for `X = v`, made on first use.
        value_lits: Vec<Option<Lit>>,
    },
}

/// Bits needed for values `0..size` (at least one, so a one-value domain still has a literal).
pub(crate) fn bit_width(size: usize) -> usize {
    (usize::BITS - size.saturating_sub(1).leading_zeros()).max(1) as usize
}

impl Domain {
    /// New variable over `0..size`. `name(Some(v))` names the one-hot literal of value `v`,
    /// `name(None)` gives the base name (bits are named `<base>.bit<i>`).
    pub fn new(
        cnf: &mut Cnf,
        encoding: Encoding,
        size: usize,
        amo: Amo,
        name: impl Fn(Option<usize>) -> String,
    ) -> Domain {
        assert!(size > 0, "a domain needs at least one value");
        match encoding {
            Encoding::OneHot => {
                let lits: Vec<Lit> = (0..size)
                    .map(|v| cnf.vars.named(name(Some(v))).pos_lit())
                    .collect();
                exactly_one(cnf, &lits, amo);
                Domain::OneHot(lits)
            }
            Encoding::Bits => {
                let base = name(None);
                let bits: Vec<Lit> = (0..bit_width(size))
                    .map(|i| cnf.vars.named(format!("{base}.bit{i}")).pos_lit())
                    .collect();
                less_or_equal_const(cnf, &bits, size - 1);
                Domain::Bits {
                    bits,
                    size,
                    value_lits: vec![None; size],
                }
            }
        }
    }

    /// A one-hot variable over `0..live.len()` whose values with `live[v]` false are fixed
    /// false by a unit clause each, outside its exactly-one (over the others). Named as by
    /// [`Domain::new`].
    pub(crate) fn one_hot_live(
        cnf: &mut Cnf,
        live: &[bool],
        amo: Amo,
        name: impl Fn(Option<usize>) -> String,
    ) -> Domain {
        let lits: Vec<Lit> = (0..live.len())
            .map(|v| cnf.vars.named(name(Some(v))).pos_lit())
            .collect();
        let alive: Vec<Lit> = (0..live.len())
            .filter(|&v| live[v])
            .map(|v| lits[v])
            .collect();
        exactly_one(cnf, &alive, amo);
        for v in (0..live.len()).filter(|&v| !live[v]) {
            cnf.add_clause(&[!lits[v]]);
        }
        Domain::OneHot(lits)
    }

    pub(crate) fn size(&self) -> usize {
        match self {
            Domain::OneHot(lits) => lits.len(),
            Domain::Bool(_) => 2,
            Domain::Bits { size, .. } => *size,
        }
    }

    /// The variables that carry this domain's value (its share of the projection).
    pub fn primary_vars(&self) -> impl Iterator<Item = Var> + '_ {
        match self {
            Domain::OneHot(lits) => lits.iter(),
            Domain::Bool(l) => std::slice::from_ref(l).iter(),
            Domain::Bits { bits, .. } => bits.iter(),
        }
        .map(|l| l.var())
    }

    /// A literal equivalent to `X = v`.
    pub fn value_lit(&mut self, cnf: &mut Cnf, v: usize) -> Lit {
        match self {
            Domain::OneHot(lits) => lits[v],
            Domain::Bool(l) => bool_lit(*l, v),
            Domain::Bits {
                bits, value_lits, ..
            } => {
                if let Some(l) = value_lits[v] {
                    return l;
                }
                let e = cnf.fresh_lit();
                let mut back = vec![e];
                for (i, &b) in bits.iter().enumerate() {
                    let bit = bit_lit(b, v, i);
                    cnf.add_clause(&[!e, bit]);
                    back.push(!bit);
                }
                cnf.add_clause(&back);
                value_lits[v] = Some(e);
                e
            }
        }
    }

    /// Literals whose disjunction says `X != v`, with no auxiliary variable.
    pub(crate) fn not_value_clause(&self, v: usize) -> Vec<Lit> {
        match self {
            Domain::OneHot(lits) => vec![!lits[v]],
            Domain::Bool(l) => vec![!bool_lit(*l, v)],
            Domain::Bits { bits, .. } => bits
                .iter()
                .enumerate()
                .map(|(i, &b)| !bit_lit(b, v, i))
                .collect(),
        }
    }

    /// The variable's value under a full assignment, or None when the assignment is not a
    /// valid code (cannot happen for a model of the formula).
    pub fn decode(&self, assignment: &[bool]) -> Option<usize> {
        match self {
            Domain::OneHot(lits) => {
                let mut it = (0..lits.len()).filter(|&v| lit_value(assignment, lits[v]));
                let v = it.next()?;
                it.next().is_none().then_some(v)
            }
            Domain::Bool(l) => Some(usize::from(lit_value(assignment, *l))),
            Domain::Bits { bits, size, .. } => {
                let v = bits
                    .iter()
                    .enumerate()
                    .filter(|&(_, &b)| lit_value(assignment, b))
                    .map(|(i, _)| 1usize << i)
                    .sum();
                (v < *size).then_some(v)
            }
        }
    }

    /// The primary literals that are true when the variable takes value `v`, for blocking
    /// clauses: one-hot needs only `X=v`; bits need every bit.
    pub(crate) fn assignment_lits(&self, v: usize) -> Vec<Lit> {
        match self {
            Domain::OneHot(lits) => vec![lits[v]],
            Domain::Bool(l) => vec![bool_lit(*l, v)],
            Domain::Bits { bits, .. } => bits
                .iter()
                .enumerate()
                .map(|(i, &b)| bit_lit(b, v, i))
                .collect(),
        }
    }
}

/// A boolean's literal for value `v` (1 = true, 0 = false).
fn bool_lit(l: Lit, v: usize) -> Lit {
    debug_assert!(v < 2, "a boolean has values 0 and 1");
    if v == 1 { l } else { !l }
}

/// The literal of bit `i` as it is in the binary code of `v`.
fn bit_lit(bit: Lit, v: usize, i: usize) -> Lit {
    if v >> i & 1 == 1 { bit } else { !bit }
}

/// `bits <= c` as plain clauses: the number exceeds c exactly when, at some position i where c
/// has a 0, the bit is 1 and every higher bit where c has a 1 is also 1. One clause per zero
/// bit of c forbids that; no auxiliaries (Logic Solver builds a Tseitin comparator instead).
pub fn less_or_equal_const(cnf: &mut Cnf, bits: &[Lit], c: usize) {
    for i in 0..bits.len() {
        if c >> i & 1 == 1 {
            continue;
        }
        let mut clause = vec![!bits[i]];
        clause.extend(
            (i + 1..bits.len())
                .filter(|&j| c >> j & 1 == 1)
                .map(|j| !bits[j]),
        );
        cnf.add_clause(&clause);
    }
}
