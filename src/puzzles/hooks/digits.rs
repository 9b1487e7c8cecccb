//! Digits: which digit each hook carries, what each cell holds, "d copies of digit d", givens.
//!
//! A cell holds d when it is filled and its hook carries d. The count rule is stated over
//! cells, not hooks: exactly d cells hold d. Since a cell can only hold its own hook's digit,
//! that also puts every copy of d inside d's hook, whatever the layout.

use crate::cnf::{Lit, Var, lit_value};
use crate::model::{Bit, Cmp, Constraint, Encoded, Number};

use super::format::HookDigits;
use super::layout::Layout;

/// The cells of the grid as bits of the model being built.
#[derive(Debug, Clone)]
pub(crate) struct CellBits {
    pub(crate) n: usize,
    /// Per cell (row-major): the cell is filled.
    pub(crate) filled: Vec<Bit>,
    /// `value[cell][d-1]`: the cell holds digit d (at most one per cell; none when empty).
    pub(crate) value: Vec<Vec<Bit>>,
    /// `at_least[cell][v-1]`: the cell holds a digit >= v (0 when empty), in order encoding.
    pub(crate) at_least: Vec<Vec<Bit>>,
    /// `hook_digit[k][d-1]`: hook k carries digit d.
    #[expect(dead_code, reason = "was public API; unused in the crate (issue 9)")]
    pub(crate) hook_digit: Vec<Vec<Bit>>,
}

impl CellBits {
    pub(crate) fn build(enc: &mut Encoded, layout: &Layout, digits: HookDigits) -> CellBits {
        let n = layout.n;
        let hook_digit = enc.track("hook digits", |enc| hook_digits(enc, n, digits));
        let filled: Vec<Bit> = (0..n * n).map(|_| enc.new_bool()).collect();
        let (at_least, value) = enc.track("cell values", |enc| {
            // "the digit of hook k is at least v" (constants by size)
            let hook_at_least: Vec<Vec<Bit>> = (0..n)
                .map(|k| {
                    (1..=n)
                        .map(|v| enc.or_all(&hook_digit[k][v - 1..]))
                        .collect()
                })
                .collect();
            let mut at_least = Vec::with_capacity(n * n);
            let mut value = Vec::with_capacity(n * n);
            for (cell, &f) in filled.iter().enumerate() {
                let member = &layout.member[cell];
                // The value in order encoding, "holds at least v". By size the digit is the
                // side, straight from the layout's order encoding; permuted digits are read
                // through the cell's hook from that hook's digit in order encoding.
                let ge: Vec<Bit> = (1..=n)
                    .map(|v| match digits {
                        HookDigits::BySize => enc.and(f, layout.side_at_least[cell][v]),
                        HookDigits::Perm => perm_at_least(enc, f, member, &hook_at_least, v),
                    })
                    .collect();
                // "holds d" = at least d and not at least d+1; by size also: filled and in the
                // hook of side d. Sums over weighted literals read these as their inputs and
                // propagate better through the membership form (Hooks #2 with gte: 104
                // against 278 ms); the order-encoded tree reads `ge` and prefers the other.
                let holds: Vec<Bit> = (1..=n)
                    .map(|d| {
                        let above = ge.get(d).map_or(Bit::FALSE, |&b| b);
                        let bit = match digits {
                            HookDigits::BySize => {
                                enc.and_two_ways([f, member[n - d]], [ge[d - 1], !above])
                            }
                            HookDigits::Perm => enc.and(ge[d - 1], !above),
                        };
                        enc.named(bit, format!("cell({},{})={d}", cell / n, cell % n))
                    })
                    .collect();
                at_least.push(ge);
                value.push(holds);
            }
            (at_least, value)
        });
        if digits == HookDigits::Perm {
            enc.track("digit channel", |enc| {
                digit_channel(enc, &filled, &layout.member, &hook_digit, &value)
            });
        }
        // A cell filled with no digit is impossible (its hook always carries one); stating it
        // lets the solver see it without going through the layout.
        for (cell, &f) in filled.iter().enumerate() {
            let mut cl: Vec<Bit> = value[cell].clone();
            cl.push(!f);
            enc.clause(&cl);
        }
        CellBits {
            n,
            filled,
            value,
            at_least,
            hook_digit,
        }
    }

    /// Exactly d cells hold digit d, for every d.
    pub(crate) fn add_counts(&self, enc: &mut Encoded) {
        enc.track("digit counts", |enc| {
            for d in 1..=self.n {
                let lits: Vec<Bit> = self.value.iter().map(|v| v[d - 1]).collect();
                enc.require(&Constraint::Count {
                    lits,
                    cmp: Cmp::Exactly,
                    k: d,
                });
            }
        });
    }

    /// `[row, col, digit]` givens as unit clauses.
    pub(crate) fn add_givens(&self, enc: &mut Encoded, givens: &[[usize; 3]]) {
        enc.track("givens", |enc| {
            for &[r, c, d] in givens {
                enc.clause(&[self.value[r * self.n + c][d - 1]]);
            }
        });
    }

    /// The cell's value, in both forms: exclusive weighted bits (`d` for "holds d") and order
    /// encoding. The sum encoding reads the one it prefers.
    pub(crate) fn number(&self, cell: usize) -> Number {
        Number {
            terms: (1..=self.n).map(|d| (self.value[cell][d - 1], d)).collect(),
            at_least: self.at_least[cell].clone(),
        }
    }

    /// The cells resolved to the CNF's literals, to read grids from models.
    pub(crate) fn resolve(&self, enc: &mut Encoded) -> Cells {
        Cells {
            n: self.n,
            filled: self
                .filled
                .iter()
                .map(|&f| enc.lit(f).expect("a cell's filled bit is a variable"))
                .collect(),
            value: self
                .value
                .iter()
                .map(|v| v.iter().map(|&b| enc.lit(b).ok()).collect())
                .collect(),
        }
    }
}

/// The cells of an encoded grid: what is needed to read a grid from a model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cells {
    pub n: usize,
    /// Per cell (row-major): the literal "the cell is filled".
    pub(crate) filled: Vec<Lit>,
    /// `value[cell][d-1]`: the literal "the cell holds d" (`None`: it never does).
    pub(crate) value: Vec<Vec<Option<Lit>>>,
}

impl Cells {
    /// The variables that define a grid: one per (cell, possible digit).
    pub fn primary(&self) -> Vec<Var> {
        self.value
            .iter()
            .flatten()
            .flatten()
            .map(|l| l.var())
            .collect()
    }

    /// The grid of a model: digit per cell, 0 when empty.
    pub fn decode(&self, model: &[bool]) -> Vec<u8> {
        self.value
            .iter()
            .map(|v| {
                v.iter()
                    .position(|l| l.is_some_and(|l| lit_value(model, l)))
                    .map_or(0, |i| i as u8 + 1)
            })
            .collect()
    }
}

/// `[k][d-1]`: hook k (side n-k) carries d. By size: fixed. Perm: a permutation in which a hook
/// of 2m-1 cells carries at most 2m-1.
fn hook_digits(enc: &mut Encoded, n: usize, digits: HookDigits) -> Vec<Vec<Bit>> {
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
                                enc.named_bool(format!("hook({k}).digit={d}"))
                            } else {
                                Bit::FALSE
                            }
                        })
                        .collect()
                })
                .collect();
            for row in &table {
                enc.require(&Constraint::ExactlyOne(row.clone()));
            }
            for d in 0..n {
                enc.require(&Constraint::ExactlyOne(
                    table.iter().map(|r| r[d]).collect(),
                ));
            }
            table
        }
    }
}

/// "The cell holds at least v" for permuted digits: false when empty, and otherwise whatever
/// "the digit of my hook is at least v" says for the hook the cell lies in.
fn perm_at_least(
    enc: &mut Encoded,
    filled: Bit,
    member: &[Bit],
    hook_at_least: &[Vec<Bit>],
    v: usize,
) -> Bit {
    let u = enc.new_bool();
    enc.clause(&[filled, !u]);
    for (k, &m) in member.iter().enumerate() {
        if m.is_false() {
            continue;
        }
        let h = hook_at_least[k][v - 1];
        enc.clause(&[!m, !h, !filled, u]);
        enc.clause(&[!m, h, !u]);
    }
    u
}

/// Permuted digits: the channel cell <-> hook <-> digit stated directly, both ways (filled, in
/// hook k, k carries d -> holds d; holds d, in hook k -> k carries d), beside the order
/// encoding that already implies it: propagation no longer goes through `perm_at_least`'s
/// auxiliaries, and Hooks 9's search is shorter (`docs/hooks.md`).
fn digit_channel(
    enc: &mut Encoded,
    filled: &[Bit],
    member: &[Vec<Bit>],
    hook_digit: &[Vec<Bit>],
    value: &[Vec<Bit>],
) {
    for (cell, &f) in filled.iter().enumerate() {
        for (&in_hook, digits) in member[cell].iter().zip(hook_digit) {
            if in_hook.is_false() {
                continue;
            }
            for (&carries, &holds) in digits.iter().zip(&value[cell]) {
                if carries.is_false() {
                    continue;
                }
                enc.clause(&[!f, !in_hook, !carries, holds]);
                enc.clause(&[!holds, !in_hook, carries]);
            }
        }
    }
}
