//! Digits: which digit each hook carries, what each cell holds, "d copies of digit d", givens.
//!
//! A cell holds d when it is filled and its hook carries d. The count rule is stated over
//! cells, not hooks: exactly d cells hold d. Since a cell can only hold its own hook's digit,
//! that also puts every copy of d inside d's hook, whatever the layout.

use crate::cnf::{ClauseSink, Cnf, Lit, Var};
use crate::encode::amo::{Amo, exactly_one};
use crate::encode::card::{self, Card};
use crate::encode::pb::Pb;

use super::format::HookDigits;
use super::gates::{self, Bit, FALSE};
use super::layout::Layout;

/// The cells of the grid in SAT terms.
#[derive(Debug, Clone)]
pub struct Cells {
    pub n: usize,
    /// Per cell (row-major): the cell is filled.
    pub filled: Vec<Lit>,
    /// `value[cell][d-1]`: the cell holds digit d (at most one per cell; none when empty).
    pub value: Vec<Vec<Bit>>,
    /// `at_least[cell][v-1]`: the cell holds a digit >= v (0 when empty), in order encoding.
    pub at_least: Vec<Vec<Bit>>,
    /// `hook_digit[k][d-1]`: hook k carries digit d.
    pub hook_digit: Vec<Vec<Bit>>,
}

impl Cells {
    pub fn build(cnf: &mut Cnf, layout: &Layout, digits: HookDigits, choice: Pb) -> Cells {
        let n = layout.n;
        let hook_digit = cnf.track("hook digits", |cnf| hook_digits(cnf, n, digits));
        let filled: Vec<Lit> = (0..n * n).map(|_| cnf.fresh_lit()).collect();
        let (at_least, value) = cnf.track("cell values", |cnf| {
            // "the digit of hook k is at least v" (constants by size)
            let hook_at_least: Vec<Vec<Bit>> = (0..n)
                .map(|k| {
                    (1..=n)
                        .map(|v| gates::or_all(cnf, &hook_digit[k][v - 1..]))
                        .collect()
                })
                .collect();
            let mut at_least = Vec::with_capacity(n * n);
            let mut value = Vec::with_capacity(n * n);
            for (cell, &f) in filled.iter().enumerate() {
                let f = Bit::Lit(f);
                let member = &layout.member[cell];
                // The value in order encoding, "holds at least v". By size the digit is the
                // side, straight from the layout's order encoding; permuted digits are read
                // through the cell's hook from that hook's digit in order encoding.
                let ge: Vec<Bit> = (1..=n)
                    .map(|v| match digits {
                        HookDigits::BySize => gates::and(cnf, f, layout.side_at_least[cell][v]),
                        HookDigits::Perm => perm_at_least(cnf, f, member, &hook_at_least, v),
                    })
                    .collect();
                // "holds d" = at least d and not at least d+1 (by size also: filled and in the
                // hook of side d)
                let holds: Vec<Bit> = (1..=n)
                    .map(|d| {
                        let above = ge.get(d).map_or(FALSE, |&b| b);
                        let bit = match (digits, choice) {
                            // The literal encoders read these as their inputs: defined straight
                            // from hook membership they propagate better (Hooks #2 with gte:
                            // 104 against 278 ms); the tree reads `ge` and prefers this form.
                            (HookDigits::BySize, pb) if pb != Pb::Tree => {
                                gates::and(cnf, f, member[n - d])
                            }
                            _ => gates::and(cnf, ge[d - 1], !above),
                        };
                        name(cnf, bit, format!("cell({},{})={d}", cell / n, cell % n))
                    })
                    .collect();
                at_least.push(ge);
                value.push(holds);
            }
            (at_least, value)
        });
        // A cell filled with no digit is impossible (its hook always carries one); stating it
        // lets the solver see it without going through the layout.
        for (cell, &f) in filled.iter().enumerate() {
            let mut cl: Vec<Bit> = value[cell].clone();
            cl.push(Bit::Lit(!f));
            gates::clause(cnf, &cl);
        }
        Cells {
            n,
            filled,
            value,
            at_least,
            hook_digit,
        }
    }

    /// Exactly d cells hold digit d, for every d.
    pub fn add_counts(&self, cnf: &mut Cnf, choice: Card) {
        cnf.track("digit counts", |cnf| {
            for d in 1..=self.n {
                let lits: Vec<Lit> = self.value.iter().filter_map(|v| v[d - 1].lit()).collect();
                card::exactly(cnf, &lits, d, choice);
            }
        });
    }

    /// `[row, col, digit]` givens as unit clauses.
    pub fn add_givens(&self, cnf: &mut Cnf, givens: &[[usize; 3]]) {
        cnf.track("givens", |cnf| {
            for &[r, c, d] in givens {
                gates::clause(cnf, &[self.value[r * self.n + c][d - 1]]);
            }
        });
    }

    /// The cell's value both ways, for sums.
    pub fn number(&self, cell: usize) -> Number {
        Number {
            terms: self.terms(cell).collect(),
            unary: self.at_least[cell].clone(),
        }
    }

    /// The weighted terms of a cell's value (`d` for "holds d").
    pub fn terms(&self, cell: usize) -> impl Iterator<Item = (Bit, usize)> + '_ {
        self.value[cell]
            .iter()
            .enumerate()
            .filter(|(_, b)| !b.is_false())
            .map(|(i, &b)| (b, i + 1))
    }

    /// The variables that define a grid: one per (cell, possible digit).
    pub fn primary(&self) -> Vec<Var> {
        self.value
            .iter()
            .flatten()
            .filter_map(|b| b.lit())
            .map(|l| l.var())
            .collect()
    }

    /// The grid of a model: digit per cell, 0 when empty.
    pub fn decode(&self, model: &[bool]) -> Vec<u8> {
        self.value
            .iter()
            .map(|v| {
                v.iter()
                    .position(|b| b.value(model))
                    .map_or(0, |i| i as u8 + 1)
            })
            .collect()
    }
}

/// `[k][d-1]`: hook k (side n-k) carries d. By size: fixed. Perm: a permutation in which a hook
/// of 2m-1 cells carries at most 2m-1.
fn hook_digits(cnf: &mut Cnf, n: usize, digits: HookDigits) -> Vec<Vec<Bit>> {
    match digits {
        HookDigits::BySize => (0..n)
            .map(|k| (1..=n).map(|d| Bit::Const(d == n - k)).collect())
            .collect(),
        HookDigits::Perm => {
            let table: Vec<Vec<Bit>> = (0..n)
                .map(|k| {
                    let cells = 2 * (n - k) - 1;
                    (1..=n)
                        .map(|d| {
                            if d <= cells {
                                let v = cnf.vars.named(format!("hook({k}).digit={d}"));
                                Bit::Lit(v.pos_lit())
                            } else {
                                FALSE
                            }
                        })
                        .collect()
                })
                .collect();
            let lits =
                |bits: Vec<Bit>| -> Vec<Lit> { bits.into_iter().filter_map(Bit::lit).collect() };
            for row in &table {
                exactly_one(cnf, &lits(row.clone()), Amo::Pairwise);
            }
            for d in 0..n {
                exactly_one(
                    cnf,
                    &lits(table.iter().map(|r| r[d]).collect()),
                    Amo::Pairwise,
                );
            }
            table
        }
    }
}

/// "The cell holds at least v" for permuted digits: false when empty, and otherwise whatever
/// "the digit of my hook is at least v" says for the hook the cell lies in.
fn perm_at_least(
    cnf: &mut Cnf,
    filled: Bit,
    member: &[Bit],
    hook_at_least: &[Vec<Bit>],
    v: usize,
) -> Bit {
    let u = Bit::Lit(cnf.fresh_lit());
    gates::clause(cnf, &[filled, !u]);
    for (k, &m) in member.iter().enumerate() {
        if m.is_false() {
            continue;
        }
        let h = hook_at_least[k][v - 1];
        gates::clause(cnf, &[!m, !h, !filled, u]);
        gates::clause(cnf, &[!m, h, !u]);
    }
    u
}

/// Gives a cell-value bit a variable carrying `name` (a fresh named copy when the literal is
/// negated or already named).
fn name(cnf: &mut Cnf, bit: Bit, name: String) -> Bit {
    let Bit::Lit(l) = bit else {
        return bit;
    };
    if !l.is_neg() && cnf.vars.name(l.var()).is_none() {
        cnf.vars.set_name(l.var(), name);
        return bit;
    }
    let copy = cnf.vars.named(name).pos_lit();
    cnf.add_clause(&[!copy, l]);
    cnf.add_clause(&[copy, !l]);
    Bit::Lit(copy)
}

/// A small non-negative number in two forms: exclusive weighted terms (`value = w` when the
/// term holds, 0 when none does) and order encoding (`unary[v-1]`: value >= v).
#[derive(Debug, Clone)]
pub struct Number {
    pub terms: Vec<(Bit, usize)>,
    pub unary: Vec<Bit>,
}

impl Number {
    /// The number when `gate` holds, 0 otherwise; only in the form the sum encoding `choice`
    /// reads (each gate costs a variable).
    pub fn masked(&self, cnf: &mut Cnf, gate: Bit, choice: Pb) -> Number {
        let mut out = Number {
            terms: Vec::new(),
            unary: Vec::new(),
        };
        if choice == Pb::Tree {
            out.unary = self
                .unary
                .iter()
                .map(|&b| gates::and(cnf, gate, b))
                .collect();
        } else {
            out.terms = self
                .terms
                .iter()
                .map(|&(b, w)| (gates::and(cnf, gate, b), w))
                .collect();
        }
        out
    }
}
