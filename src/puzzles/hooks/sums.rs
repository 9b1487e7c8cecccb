//! Sums over sets of cells: row and column sums, equal region sums.

use crate::model::{Cmp, Constraint, Encoded, Number};

use super::digits::CellBits;

/// The cells' values add up to `total`.
pub(crate) fn cells_sum_to(enc: &mut Encoded, cells: &CellBits, set: &[usize], total: usize) {
    let numbers: Vec<Number> = set.iter().map(|&c| cells.number(c)).collect();
    numbers_sum_to(enc, numbers, total);
}

/// The numbers add up to `total` (the options' PB encoding picks the form it reads).
pub(crate) fn numbers_sum_to(enc: &mut Encoded, numbers: Vec<Number>, total: usize) {
    enc.require(&Constraint::Linear {
        numbers,
        cmp: Cmp::Exactly,
        k: total,
    });
}

/// Row r sums to `rows[r]`, column c to `cols[c]`.
pub(crate) fn add_row_col_sums(enc: &mut Encoded, cells: &CellBits, rows: &[u64], cols: &[u64]) {
    let n = cells.n;
    enc.track("row/col sums", |enc| {
        for (r, &sum) in rows.iter().enumerate() {
            let line: Vec<usize> = (0..n).map(|c| r * n + c).collect();
            cells_sum_to(enc, cells, &line, sum as usize);
        }
        for (c, &sum) in cols.iter().enumerate() {
            let line: Vec<usize> = (0..n).map(|r| r * n + c).collect();
            cells_sum_to(enc, cells, &line, sum as usize);
        }
    });
}

/// Every region has the same sum. The values of the whole grid add up to a known total (d
/// copies of each d), so the common sum is that total over the number of regions: a constant,
/// checked to divide when the file is read.
pub(crate) fn add_equal_region_sums(
    enc: &mut Encoded,
    cells: &CellBits,
    regions: &[Vec<usize>],
    grid_total: u64,
) {
    let n = cells.n;
    let mut members: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for (r, row) in regions.iter().enumerate() {
        for (c, &id) in row.iter().enumerate() {
            members.entry(id).or_default().push(r * n + c);
        }
    }
    let each = (grid_total / members.len() as u64) as usize;
    enc.track("region sums", |enc| {
        for set in members.values() {
            cells_sum_to(enc, cells, set, each);
        }
    });
}
