//! Numbers read from the runs of filled cells along a line, each run's digits in the viewing
//! direction (a run 3,4,5 seen from the left is 345): their product (Hooks #6) and their greatest
//! common divisor, exactly (Hooks #6 and 9). A clued line has at least one number.
//!
//! A 9-cell run spells a 9-digit number, so no automaton can carry the numbers themselves.
//! - **Products** (the model's regular constraint): the state is (product of the closed
//!   numbers, the open number), exact, kept only while the open number is a decimal prefix of a
//!   divisor of what the closed ones leave of the clue: the states are bounded by the clue's
//!   divisors and their prefixes.
//! - **GCD, divisibility**: "g divides every number" is an automaton over the open number
//!   mod g (a run may only end at remainder 0).
//! - **GCD, exactness**: that the GCD is g and not a multiple of it is checked on each solution
//!   the solver returns ([`GcdLines`], through the lazy backend of `connect.rs`): a line whose
//!   numbers have a larger GCD is cut off by a nogood, the clause "this line does not read
//!   this word". No solution reads that word on that line, so the nogoods keep counts and
//!   uniqueness exact; the export and `prove` include the nogoods a solve needed.

use crate::cnf::{Lit, lit_value};
use crate::model::{Encoded, unroll};

use super::digits::{CellBits, Cells};
use super::edges::each_clue;
use super::format::{EdgeClues, Side};
use super::runs::{line_letters, runs};

/// The numbers the runs of `values` (a line in reading order, 0 = empty) spell in decimal
/// (the checker's side: plain arithmetic; `None` past `u64`).
pub(crate) fn numbers(values: &[u64]) -> Vec<Option<u64>> {
    runs(values)
        .iter()
        .map(|run| {
            run.iter()
                .try_fold(0u64, |acc, &d| acc.checked_mul(10)?.checked_add(d))
        })
        .collect()
}

/// Greatest common divisor (`gcd(0, b) = b`).
pub(crate) fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The GCD of a line's numbers, `None` when it has none.
pub(crate) fn gcd_of(numbers: &[u64]) -> Option<u64> {
    (!numbers.is_empty()).then(|| numbers.iter().fold(0, |g, &x| gcd(g, x)))
}

/// Every divisor of `k` (k > 0), ascending.
fn divisors(k: u64) -> Vec<u64> {
    let mut low = Vec::new();
    let mut high = Vec::new();
    let mut d = 1u64;
    while d.saturating_mul(d) <= k {
        if k.is_multiple_of(d) {
            low.push(d);
            if d != k / d {
                high.push(k / d);
            }
        }
        d += 1;
    }
    low.extend(high.into_iter().rev());
    low
}

/// Is `prefix` (> 0) the leading decimal digits of `q`?
fn is_decimal_prefix(prefix: u64, mut q: u64) -> bool {
    while q > prefix {
        q /= 10;
    }
    q == prefix
}

/// The numbers of `line` (cells nearest the edge first) multiply to `clue`.
fn product_of_numbers(enc: &mut Encoded, cells: &CellBits, line: &[usize], clue: u64) {
    let letters = line_letters(cells, line);
    let alphabets = enc.live_letters(&letters);
    // A line of len cells spells numbers whose product is below 10^len (fewer digits than
    // cells), which also bounds the divisor search.
    let reachable = u32::try_from(line.len())
        .ok()
        .and_then(|len| 10u64.checked_pow(len))
        .is_none_or(|top| clue < top);
    let divisors = if reachable {
        divisors(clue)
    } else {
        Vec::new()
    };
    // Could the open number still grow into a divisor of `rest`?
    let grows_into = |open: u64, rest: u64| {
        divisors
            .iter()
            .any(|&q| q >= open && rest.is_multiple_of(q) && is_decimal_prefix(open, q))
    };
    // (closed: product of the closed numbers, open: the open number or 0, seen: some number)
    let layers = unroll(
        &alphabets,
        (1u64, 0u64, false),
        |_, &(closed, open, seen), d| {
            if d == 0 {
                if open == 0 {
                    return Some((closed, 0, seen));
                }
                let rest = clue / closed;
                return rest
                    .is_multiple_of(open)
                    .then_some((closed * open, 0, true));
            }
            let open = open.checked_mul(10)?.checked_add(d as u64)?;
            grows_into(open, clue / closed).then_some((closed, open, true))
        },
        |&(closed, open, seen)| seen && closed.checked_mul(open.max(1)) == Some(clue),
    );
    enc.regular(&layers, &letters);
}

/// Every number of `line` is a multiple of `g`, and there is one.
fn numbers_divisible_by(enc: &mut Encoded, cells: &CellBits, line: &[usize], g: u64) {
    let letters = line_letters(cells, line);
    let alphabets = enc.live_letters(&letters);
    // (the open number mod g, a number is open, some number was seen)
    let layers = unroll(
        &alphabets,
        (0u64, false, false),
        |_, &(rem, open, seen), d| match d {
            0 => (!open || rem == 0).then_some((0, false, seen)),
            d => {
                let rem = ((rem as u128 * 10 + d as u128) % g as u128) as u64;
                Some((rem, true, true))
            }
        },
        |&(rem, open, seen)| seen && (!open || rem == 0),
    );
    enc.regular(&layers, &letters);
}

/// The product clues of Hooks #6 (`edge_product`).
pub(crate) fn add_products(enc: &mut Encoded, cells: &CellBits, clues: &EdgeClues) {
    enc.track("concatenated products", |enc| {
        each_clue(enc, cells, clues, |enc, line, clue| {
            product_of_numbers(enc, cells, line, clue)
        });
    });
}

/// The GCD clues' divisibility part (exactness is [`GcdLines`]'s); returns the lines to check.
pub(crate) fn add_gcd_divisibility(
    enc: &mut Encoded,
    cells: &CellBits,
    clues: &EdgeClues,
) -> Vec<GcdLine> {
    let mut lines = Vec::new();
    enc.track("concatenated gcds", |enc| {
        each_clue(enc, cells, clues, |enc, line, clue| {
            numbers_divisible_by(enc, cells, line, clue);
            lines.push(GcdLine {
                cells: line.to_vec(),
                gcd: clue,
            });
        });
    });
    lines
}

/// Hooks 9's row and column GCDs as edge clues: rows seen from the left, columns from the top.
pub(crate) fn line_gcds_as_edges(rows: &[u64], cols: &[u64]) -> EdgeClues {
    [(Side::L, rows.to_vec()), (Side::T, cols.to_vec())]
        .into_iter()
        .collect()
}

/// One GCD clue: the line's cells in reading order and the GCD its numbers must have.
#[derive(Debug, Clone)]
pub(crate) struct GcdLine {
    pub(crate) cells: Vec<usize>,
    pub(crate) gcd: u64,
}

/// The exactness half of the GCD clues, checked on a solver's model.
#[derive(Debug, Clone)]
pub(crate) struct GcdLines {
    pub(crate) cells: Cells,
    pub(crate) lines: Vec<GcdLine>,
}

impl GcdLines {
    /// Enough variables to read every cell literal.
    pub(crate) fn read_vars(&self) -> u32 {
        let filled = self.cells.filled.iter().copied().map(Some);
        let values = self.cells.value.iter().flatten().copied();
        filled
            .chain(values)
            .flatten()
            .map(|l| l.var().idx32() + 1)
            .max()
            .unwrap_or(0)
    }

    /// A nogood for each line of the model whose numbers' GCD is not its clue: "the line
    /// does not read this word" (its filled cells' digits, its empty cells empty).
    pub(crate) fn nogoods(&self, model: &[bool]) -> Vec<Vec<Lit>> {
        let grid = self.cells.decode(model);
        let mut out = Vec::new();
        for line in &self.lines {
            let values: Vec<u64> = line.cells.iter().map(|&c| grid[c] as u64).collect();
            let numbers: Option<Vec<u64>> = numbers(&values).into_iter().collect();
            if numbers.as_deref().and_then(gcd_of) == Some(line.gcd) {
                continue;
            }
            let clause: Vec<Lit> = line
                .cells
                .iter()
                .filter_map(|&c| match grid[c] {
                    0 => Some(self.cells.filled[c]),
                    d => self.cells.value[c][d as usize - 1].map(|l| !l),
                })
                .collect();
            debug_assert!(clause.iter().all(|&l| !lit_value(model, l)));
            out.push(clause);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_each_run_in_order() {
        assert_eq!(
            numbers(&[3, 4, 5, 0, 0, 7, 0, 1, 2]),
            vec![Some(345), Some(7), Some(12)]
        );
        assert_eq!(numbers(&[0, 0]), Vec::<Option<u64>>::new());
        assert_eq!(gcd_of(&[345, 15]), Some(15));
        assert_eq!(gcd_of(&[]), None);
    }

    #[test]
    fn divisors_and_prefixes() {
        assert_eq!(divisors(36), vec![1, 2, 3, 4, 6, 9, 12, 18, 36]);
        assert_eq!(divisors(1), vec![1]);
        assert!(is_decimal_prefix(12, 1234) && is_decimal_prefix(7, 7));
        assert!(!is_decimal_prefix(13, 1234) && !is_decimal_prefix(12, 1));
    }
}
