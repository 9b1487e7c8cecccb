//! # satpuz
//!
//! Logic puzzles to CNF, solved by a real CDCL SAT solver (varisat, embedded), with counting and
//! uniqueness proofs by projected blocking clauses, and DIMACS export/import so any result can
//! be re-checked with an external solver such as minisat.
//!
//! | layer | module | what it holds |
//! |---|---|---|
//! | literals, clauses, variable ids, DIMACS | [`cnf`] | [`cnf::Cnf`], [`cnf::dimacs`] |
//! | encodings | [`encode`] | at-most-one (pairwise, sequential counter, rustsat's), one-hot and bit-vector domains |
//! | models | [`model`] | finite-domain variables, all-different, unary/binary tables, disjunctions |
//! | solving | [`solve`] | the [`solve::Backend`] trait, varisat, external solvers, enumeration, uniqueness |
//! | puzzles | [`puzzles`] | logic grids (Jindosh, zebra, ...) |
//!
//! ```
//! use satpuz::model::EncodeOptions;
//! use satpuz::solve::{Varisat, Verdict, solve_unique};
//!
//! let puzzle = satpuz::puzzles::jindosh::puzzle().unwrap();
//! let grid = puzzle.build().unwrap();
//! let mut encoded = grid.model.encode(EncodeOptions::default());
//! let mut solver = Varisat::with_cnf(&encoded.cnf);
//! let verdict = solve_unique(&mut encoded.cnf, &mut solver).unwrap();
//! assert!(matches!(verdict, Verdict::Unique(_)));
//! ```

pub mod choice;
pub mod cnf;
pub mod encode;
pub mod model;
pub mod puzzles;
pub mod report;
pub mod solve;
