//! Sums over sets of cells: row and column sums, equal region sums.

use crate::cnf::Cnf;
use crate::encode::pb::Pb;

use super::digits::{Cells, Number};
use super::gates::{self, Bit};

/// The cells' values add up to `total`.
pub fn cells_sum_to(cnf: &mut Cnf, cells: &Cells, set: &[usize], total: usize, choice: Pb) {
    let numbers: Vec<Number> = set.iter().map(|&c| cells.number(c)).collect();
    numbers_sum_to(cnf, &numbers, total, choice);
}

/// The numbers add up to `total`. [`Pb::Tree`] takes them in order encoding, as its leaves;
/// the other encoders take the weighted terms.
pub fn numbers_sum_to(cnf: &mut Cnf, numbers: &[Number], total: usize, choice: Pb) {
    if choice == Pb::Tree {
        let unary: Vec<Vec<Bit>> = numbers.iter().map(|x| x.unary.clone()).collect();
        gates::unary_sum_equals(cnf, &unary, total);
    } else {
        let groups: Vec<Vec<(Bit, usize)>> = numbers.iter().map(|x| x.terms.clone()).collect();
        gates::grouped_sum_equals(cnf, &groups, total, choice);
    }
}

/// Row r sums to `rows[r]`, column c to `cols[c]`.
pub fn add_row_col_sums(cnf: &mut Cnf, cells: &Cells, rows: &[u64], cols: &[u64], choice: Pb) {
    let n = cells.n;
    cnf.track("row/col sums", |cnf| {
        for (r, &sum) in rows.iter().enumerate() {
            let line: Vec<usize> = (0..n).map(|c| r * n + c).collect();
            cells_sum_to(cnf, cells, &line, sum as usize, choice);
        }
        for (c, &sum) in cols.iter().enumerate() {
            let line: Vec<usize> = (0..n).map(|r| r * n + c).collect();
            cells_sum_to(cnf, cells, &line, sum as usize, choice);
        }
    });
}

/// Every region has the same sum. The values of the whole grid add up to a known total (d
/// copies of each d), so the common sum is that total over the number of regions: a constant,
/// checked to divide when the file is read.
pub fn add_equal_region_sums(
    cnf: &mut Cnf,
    cells: &Cells,
    regions: &[Vec<usize>],
    grid_total: u64,
    choice: Pb,
) {
    let n = cells.n;
    let mut members: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for (r, row) in regions.iter().enumerate() {
        for (c, &id) in row.iter().enumerate() {
            members.entry(id).or_default().push(r * n + c);
        }
    }
    let each = (grid_total / members.len() as u64) as usize;
    cnf.track("region sums", |cnf| {
        for set in members.values() {
            cells_sum_to(cnf, cells, set, each, choice);
        }
    });
}
