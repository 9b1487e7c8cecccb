//! The puzzles' answers, computed from a solved grid.

use super::connect::components;
use super::format::AnswerRule;

/// A puzzle's answer by its rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Answer {
    pub(crate) rule: AnswerRule,
    pub value: u128,
}

impl AnswerRule {
    pub(crate) fn describe(self) -> &'static str {
        match self {
            AnswerRule::SumShadedIPlusJEven => "sum of the cells with i+j even",
            AnswerRule::MaxProductPartialPermutation => {
                "largest product of filled cells, no two in a row or column"
            }
            AnswerRule::ProductOfEmptyRegionAreas => {
                "product of the areas of the connected groups of empty cells"
            }
        }
    }

    /// The answer for an n x n grid (row-major digits, 0 = empty).
    pub fn apply(self, grid: &[u8], n: usize) -> Answer {
        let value = match self {
            AnswerRule::SumShadedIPlusJEven => (0..n * n)
                .filter(|i| (i / n + i % n).is_multiple_of(2))
                .map(|i| grid[i] as u128)
                .sum(),
            AnswerRule::MaxProductPartialPermutation => max_product_matching(grid, n),
            AnswerRule::ProductOfEmptyRegionAreas => {
                let empty: Vec<bool> = grid.iter().map(|&v| v == 0).collect();
                components(&empty, n, n)
                    .iter()
                    .map(|g| g.len() as u128)
                    .product()
            }
        };
        Answer { rule: self, value }
    }
}

/// The largest product of filled values with no two in a row or column (rows may be skipped:
/// a skipped row multiplies by 1). Dynamic programming over the set of used columns, row by
/// row: exact, and 9 * 2^9 states for the 9x9 puzzles.
fn max_product_matching(grid: &[u8], n: usize) -> u128 {
    let mut best: Vec<Option<u128>> = vec![None; 1 << n];
    best[0] = Some(1);
    for r in 0..n {
        let mut next = best.clone(); // skipping row r
        for (used, product) in best.iter().enumerate() {
            let Some(product) = *product else { continue };
            for c in (0..n).filter(|c| used >> c & 1 == 0) {
                let v = grid[r * n + c];
                if v == 0 {
                    continue;
                }
                let slot = &mut next[used | 1 << c];
                let candidate = product * v as u128;
                if slot.is_none_or(|s| s < candidate) {
                    *slot = Some(candidate);
                }
            }
        }
        best = next;
    }
    best.into_iter().flatten().max().unwrap_or(1)
}
