//! Random small CNF files as plain signed literals, and their brute-force model counts.

use std::collections::HashSet;
use std::fmt::Write as _;

use rand::RngExt;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

/// A CNF as plain signed literals, so the brute force shares nothing with the library.
#[derive(Debug, Clone)]
pub struct PlainCnf {
    pub num_vars: usize,
    pub clauses: Vec<Vec<i32>>,
    /// `c p show` variables (1-based), if the file projects.
    pub show: Option<Vec<usize>>,
}

/// `len` random literals over variables 1 to `num_vars` (they may repeat or clash).
pub fn random_clause(rng: &mut ChaCha8Rng, num_vars: usize, len: usize) -> Vec<i32> {
    (0..len)
        .map(|_| {
            let v = rng.random_range(1..=num_vars) as i32;
            if rng.random_bool(0.5) { v } else { -v }
        })
        .collect()
}

impl PlainCnf {
    /// A random formula over up to 14 variables: clause lengths 1-5 (an empty clause rarely),
    /// literals may repeat or clash within a clause, as real files sometimes do.
    pub fn random(rng: &mut ChaCha8Rng, with_show: bool) -> PlainCnf {
        let num_vars = rng.random_range(1..=14);
        let num_clauses = rng.random_range(0..=(4 * num_vars).max(2));
        let clauses = (0..num_clauses)
            .map(|_| {
                let len = if rng.random_bool(0.01) {
                    0
                } else {
                    *[1, 2, 2, 3, 3, 3, 3, 4, 4, 5].choose(rng).expect("lengths")
                };
                random_clause(rng, num_vars, len)
            })
            .collect();
        let show = with_show.then(|| {
            let mut s: Vec<usize> = (1..=num_vars).filter(|_| rng.random_bool(0.5)).collect();
            if s.is_empty() {
                s.push(rng.random_range(1..=num_vars));
            }
            s
        });
        PlainCnf {
            num_vars,
            clauses,
            show,
        }
    }

    pub fn to_dimacs(&self) -> String {
        let mut out = String::new();
        if let Some(show) = &self.show {
            out.push_str("c p show");
            for v in show {
                let _ = write!(out, " {v}");
            }
            out.push_str(" 0\n");
        }
        let _ = writeln!(out, "p cnf {} {}", self.num_vars, self.clauses.len());
        for cl in &self.clauses {
            for l in cl {
                let _ = write!(out, "{l} ");
            }
            out.push_str("0\n");
        }
        out
    }

    pub fn satisfied_by(&self, assignment: u32) -> bool {
        self.clauses.iter().all(|cl| {
            cl.iter().any(|&l| {
                let value = assignment >> (l.unsigned_abs() - 1) & 1 == 1;
                value == (l > 0)
            })
        })
    }

    /// Models, or distinct projections of models onto the `c p show` variables.
    pub fn brute_force_count(&self) -> u64 {
        let mask: u32 = match &self.show {
            Some(show) => show.iter().map(|v| 1u32 << (v - 1)).fold(0, |a, b| a | b),
            None => u32::MAX,
        };
        let projections: HashSet<u32> = (0..1u32 << self.num_vars)
            .filter(|&a| self.satisfied_by(a))
            .map(|a| a & mask)
            .collect();
        projections.len() as u64
    }
}
