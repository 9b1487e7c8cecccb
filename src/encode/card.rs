//! Cardinality constraints: at most / at least / exactly k of a set of literals.

use rustsat::encodings::card::{BoundBoth, BoundLower, BoundUpper, Totalizer};
use serde::{Deserialize, Serialize};

use crate::choice::Choice;
use crate::cnf::{ClauseSink, Cnf, Lit};

/// How a cardinality constraint becomes clauses. None of the choices changes an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Card {
    /// rustsat's totalizer (Bailleux & Boufkhad 2003).
    #[default]
    Totalizer,
    /// Sinz's sequential counter (2005), generalised to k.
    #[serde(rename = "seqcounter")]
    SeqCounter,
}

impl Card {
    /// Both cardinality encodings, the default first.
    pub const ALL: [Card; 2] = [Card::Totalizer, Card::SeqCounter];
}

impl Choice for Card {
    fn choices() -> &'static [Self] {
        &Self::ALL
    }

    fn name(self) -> &'static str {
        match self {
            Card::Totalizer => "totalizer",
            Card::SeqCounter => "seqcounter",
        }
    }

    fn about(self) -> &'static str {
        match self {
            Card::Totalizer => "rustsat's totalizer (Bailleux & Boufkhad 2003)",
            Card::SeqCounter => "Sinz's sequential counter (2005), generalised to k",
        }
    }
}

/// At most `k` of `lits` are true.
pub fn at_most(cnf: &mut Cnf, lits: &[Lit], k: usize, card: Card) {
    if k >= lits.len() {
        return;
    }
    if k == 0 {
        for &l in lits {
            cnf.add_clause(&[!l]);
        }
        return;
    }
    match card {
        Card::Totalizer => {
            let mut tot = Totalizer::from_iter(lits.iter().copied());
            tot.encode_ub(k..=k, &mut cnf.clauses, &mut cnf.vars)
                .expect("clause collection is infallible");
            let units = tot.enforce_ub(k).expect("the bound was encoded");
            for u in units {
                cnf.add_clause(&[u]);
            }
        }
        Card::SeqCounter => sequential_counter_at_most(cnf, lits, k),
    }
}

/// At least `k` of `lits` are true.
pub fn at_least(cnf: &mut Cnf, lits: &[Lit], k: usize, card: Card) {
    if k == 0 {
        return;
    }
    if k > lits.len() {
        cnf.add_clause(&[]); // impossible: the empty clause
        return;
    }
    match card {
        Card::Totalizer => {
            let mut tot = Totalizer::from_iter(lits.iter().copied());
            tot.encode_lb(k..=k, &mut cnf.clauses, &mut cnf.vars)
                .expect("clause collection is infallible");
            let units = tot.enforce_lb(k).expect("the bound was encoded");
            for u in units {
                cnf.add_clause(&[u]);
            }
        }
        Card::SeqCounter => {
            let count = sequential_counter(cnf, lits, k, Direction::AtLeast);
            cnf.add_clause(&[count[k - 1]]);
        }
    }
}

/// Exactly `k` of `lits` are true.
pub fn exactly(cnf: &mut Cnf, lits: &[Lit], k: usize, card: Card) {
    if k > lits.len() {
        cnf.add_clause(&[]);
        return;
    }
    match card {
        Card::Totalizer if k > 0 && k < lits.len() => {
            let mut tot = Totalizer::from_iter(lits.iter().copied());
            tot.encode_both(k..=k, &mut cnf.clauses, &mut cnf.vars)
                .expect("clause collection is infallible");
            let units = tot.enforce_eq(k).expect("the bound was encoded");
            for u in units {
                cnf.add_clause(&[u]);
            }
        }
        Card::SeqCounter if k > 0 && k < lits.len() => {
            // One counter read both ways (width k+1) instead of two.
            let count = sequential_counter(cnf, lits, k + 1, Direction::Both);
            cnf.add_clause(&[count[k - 1]]);
            cnf.add_clause(&[!count[k]]);
        }
        _ => {
            at_most(cnf, lits, k, card);
            at_least(cnf, lits, k, card);
        }
    }
}

/// Which implications of a counter are written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Direction {
    /// `s[i][j]` only when at least j+1 of the first i+1 are true (lower bounds).
    AtLeast,
    /// Both ways: `s[i][j]` exactly when at least j+1 of the first i+1 are true.
    Both,
}

/// A sequential counter of `width` outputs over `lits` (n >= 1): returns the final row,
/// `out[j]` meaning "at least j+1 of the literals are true". Sinz's counter, with the
/// converse implications added so that it supports lower bounds too; rustsat has no
/// sequential counter, hence by hand.
fn sequential_counter(cnf: &mut Cnf, lits: &[Lit], width: usize, dir: Direction) -> Vec<Lit> {
    let mut prev: Vec<Lit> = Vec::new();
    for (i, &x) in lits.iter().enumerate() {
        // only the first min(i+1, width) outputs of row i can be true
        let row: Vec<Lit> = (0..width.min(i + 1)).map(|_| cnf.fresh_lit()).collect();
        for (j, &s) in row.iter().enumerate() {
            let below = prev.get(j).copied(); // at least j+1 among the earlier ones
            let one_less = if j == 0 { None } else { Some(prev[j - 1]) };
            // s -> below or (x and one_less)
            match (below, one_less) {
                (Some(b), Some(o)) => {
                    cnf.add_clause(&[!s, b, x]);
                    cnf.add_clause(&[!s, b, o]);
                }
                (Some(b), None) => cnf.add_clause(&[!s, b, x]),
                (None, Some(o)) => {
                    cnf.add_clause(&[!s, x]);
                    cnf.add_clause(&[!s, o]);
                }
                (None, None) => cnf.add_clause(&[!s, x]),
            }
            if dir == Direction::Both {
                // below -> s, and x and one_less -> s
                if let Some(b) = below {
                    cnf.add_clause(&[!b, s]);
                }
                match one_less {
                    Some(o) => cnf.add_clause(&[!x, !o, s]),
                    None => cnf.add_clause(&[!x, s]),
                }
            }
        }
        prev = row;
    }
    // pad with constant-false outputs when there are fewer literals than the width
    while prev.len() < width {
        let f = cnf.fresh_lit();
        cnf.add_clause(&[!f]);
        prev.push(f);
    }
    prev
}

/// Sinz's sequential counter for `sum lits <= k` (0 < k < n): s[i][j] means "at least j+1 of
/// the first i+1 literals are true". rustsat has no sequential counter, hence by hand.
fn sequential_counter_at_most(cnf: &mut Cnf, lits: &[Lit], k: usize) {
    let n = lits.len();
    if k >= n {
        return;
    }
    if k == 0 {
        for &l in lits {
            cnf.add_clause(&[!l]);
        }
        return;
    }
    let s: Vec<Vec<Lit>> = (0..n - 1)
        .map(|_| (0..k).map(|_| cnf.fresh_lit()).collect())
        .collect();
    cnf.add_clause(&[!lits[0], s[0][0]]);
    for &later in &s[0][1..] {
        cnf.add_clause(&[!later]);
    }
    for i in 1..n - 1 {
        cnf.add_clause(&[!lits[i], s[i][0]]);
        cnf.add_clause(&[!s[i - 1][0], s[i][0]]);
        for j in 1..k {
            cnf.add_clause(&[!lits[i], !s[i - 1][j - 1], s[i][j]]);
            cnf.add_clause(&[!s[i - 1][j], s[i][j]]);
        }
        cnf.add_clause(&[!lits[i], !s[i - 1][k - 1]]);
    }
    cnf.add_clause(&[!lits[n - 1], !s[n - 2][k - 1]]);
}
