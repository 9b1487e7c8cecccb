//! At-most-one encodings.

use rustsat::encodings::am1;
use serde::{Deserialize, Serialize};

use crate::choice::Choice;
use crate::cnf::{ClauseSink, Cnf, Lit};

/// How an at-most-one constraint becomes clauses. None of the choices changes an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Amo {
    /// n(n-1)/2 binary clauses, no auxiliaries.
    #[default]
    Pairwise,
    /// Sinz's sequential counter (2005): n-1 auxiliaries, 3n-4 clauses.
    #[serde(rename = "seqcounter")]
    SeqCounter,
    /// rustsat's ladder (regular) encoding.
    Ladder,
    /// rustsat's bitwise (binary) encoding: log2 n auxiliaries.
    Bitwise,
    /// rustsat's commander encoding.
    Commander,
}

impl Amo {
    /// Every at-most-one encoding, the default first.
    pub const ALL: [Amo; 5] = [
        Amo::Pairwise,
        Amo::SeqCounter,
        Amo::Ladder,
        Amo::Bitwise,
        Amo::Commander,
    ];
}

impl Choice for Amo {
    fn choices() -> &'static [Self] {
        &Self::ALL
    }

    fn name(self) -> &'static str {
        match self {
            Amo::Pairwise => "pairwise",
            Amo::SeqCounter => "seqcounter",
            Amo::Ladder => "ladder",
            Amo::Bitwise => "bitwise",
            Amo::Commander => "commander",
        }
    }

    fn about(self) -> &'static str {
        match self {
            Amo::Pairwise => "n(n-1)/2 binary clauses, no auxiliaries",
            Amo::SeqCounter => "Sinz's sequential counter (2005): n-1 auxiliaries, 3n-4 clauses",
            Amo::Ladder => "rustsat's ladder (regular) encoding",
            Amo::Bitwise => "rustsat's bitwise (binary) encoding: log2 n auxiliaries",
            Amo::Commander => "rustsat's commander encoding",
        }
    }
}

/// At most one of `lits` is true.
pub fn at_most_one(cnf: &mut Cnf, lits: &[Lit], amo: Amo) {
    if lits.len() <= 1 {
        return;
    }
    match amo {
        Amo::Pairwise => pairwise(cnf, lits),
        Amo::SeqCounter => sequential_counter(cnf, lits),
        Amo::Ladder => rustsat_amo(cnf, am1::Ladder::from(lits.to_vec())),
        Amo::Bitwise => rustsat_amo(cnf, am1::Bitwise::from(lits.to_vec())),
        Amo::Commander => rustsat_amo(cnf, am1::Commander::<4>::from(lits.to_vec())),
    }
}

/// Exactly one of `lits` is true.
pub fn exactly_one(cnf: &mut Cnf, lits: &[Lit], amo: Amo) {
    cnf.add_clause(lits);
    at_most_one(cnf, lits, amo);
}

/// Written by hand rather than through rustsat's `Pairwise`: that one builds a heap-allocated
/// `Clause` per pair, and pairwise AMOs are the bulk of every puzzle encoding.
fn pairwise(cnf: &mut Cnf, lits: &[Lit]) {
    for (i, &a) in lits.iter().enumerate() {
        for &b in &lits[i + 1..] {
            cnf.add_clause(&[!a, !b]);
        }
    }
}

/// Sinz's sequential counter: s_i means "one of x_1..x_i is true". rustsat has no sequential
/// counter, hence by hand.
fn sequential_counter(cnf: &mut Cnf, lits: &[Lit]) {
    let n = lits.len();
    let s: Vec<Lit> = (0..n - 1).map(|_| cnf.fresh_lit()).collect();
    cnf.add_clause(&[!lits[0], s[0]]);
    for i in 1..n - 1 {
        cnf.add_clause(&[!lits[i], s[i]]);
        cnf.add_clause(&[!s[i - 1], s[i]]);
        cnf.add_clause(&[!lits[i], !s[i - 1]]);
    }
    cnf.add_clause(&[!lits[n - 1], !s[n - 2]]);
}

fn rustsat_amo(cnf: &mut Cnf, mut enc: impl am1::Encode) {
    // The collector never fails: our clause store grows like any Vec.
    enc.encode(&mut cnf.clauses, &mut cnf.vars)
        .expect("clause collection is infallible");
}
