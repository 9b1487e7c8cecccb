#![warn(missing_docs)]
//! # satpuz
//!
//! Logic puzzles to CNF, solved by a real CDCL SAT solver (varisat, embedded), with counting and
//! uniqueness proofs by projected blocking clauses, and DIMACS export/import so any result can
//! be re-checked with an external solver such as minisat.
//!
//! A puzzle becomes a [`model::Model`] (finite-domain variables and constraints), the model a
//! [`cnf::Cnf`] under one [`model::EncodeOptions`] (no encoding choice changes an answer or a
//! count), and the CNF is solved, counted or certified by [`solve`]. Counting and uniqueness
//! block assignments of the *primary* variables only, so a count is a count of distinct
//! answers, never of auxiliary encodings. The `satpuz` binary is a thin command line over this
//! library.
//!
//! | layer | module | what it holds |
//! |---|---|---|
//! | literals, clauses, variable ids, DIMACS | [`cnf`] | [`cnf::Cnf`] (flat clauses, named variables, primary set), [`cnf::dimacs`] (read, write, solver models) |
//! | encodings | [`encode`] | at-most-one (pairwise, sequential counter, rustsat's), one-hot and bit-vector domains, cardinality, pseudo-boolean |
//! | models | [`model`] | finite-domain variables; all-different, tables, clauses, gates, counts and linear sums; named clues; [`model::EncodeOptions`]; one call each to solve, count, prove unique, explain, certify and export to DIMACS, answers as a [`model::Solution`] |
//! | solving | [`solve`] | the [`solve::Backend`] trait, varisat, external solvers, enumeration, uniqueness, one incremental [`solve::Session`], explanations, DRAT proofs, stopping by timeout |
//! | puzzles | [`puzzles`] | the [`puzzles::Family`] trait and its [`puzzles::registry`]; logic grids ([`puzzles::grid`], with [`puzzles::jindosh`] and the prose reader [`puzzles::jindosh_text`]), Jane Street's [`puzzles::hooks`], the seeded [`puzzles::inquest`] cases, and [`puzzles::portia`]'s caskets; grids, the Inquest and the Jindosh reader share one relation vocabulary (`puzzles/relation.rs`, crate-internal) |
//! | results | [`report`] | the serde structs every command prints with `--json`, and their JSON Schema |
//! | playing in the browser | [`serve`] | `satpuz serve`: a local web server (std::net, a deadline per request, a fixed number of workers) with four pages embedded (the Inquest, Portia's caskets, the Jindosh lock, logic grids) and a JSON API under `/api/` |
//! | options | [`choice`] | the [`choice::Choice`] trait: named options (encodings, generator rules) for front ends |
//!
//! A model of your own is solved, counted, proved unique, explained and certified in one call
//! each ([`model::Model::solve`], [`model::Model::count`], [`model::Model::unique`],
//! [`model::Model::explain`], [`model::Model::prove`]); encoding choices go through
//! [`model::Model::with_options`]. Answers come back as values per variable. Seat three guests
//! where Ann avoids the first seat, then pin the answer down with two named clues:
//!
//! ```
//! use satpuz::model::{Constraint, Model, Uniqueness};
//!
//! let mut model = Model::new();
//! let seats: Vec<String> = (1..=3).map(|s| format!("seat {s}")).collect();
//! let guests = ["Ann", "Bob", "Cy"].map(|g| model.add_var(g, seats.clone()));
//! model.add(Constraint::AllDifferent(guests.to_vec()));
//! model.add(Constraint::InSet { var: guests[0], allowed: vec![false, true, true] });
//! assert_eq!(model.count(None).unwrap(), 4);
//!
//! model.add_clue("Bob sits in seat 1", [Constraint::InSet { var: guests[1], allowed: vec![true, false, false] }]);
//! model.add_clue("Cy is not in seat 2", [Constraint::InSet { var: guests[2], allowed: vec![true, false, true] }]);
//! let Uniqueness::Unique(answer) = model.unique().unwrap() else { panic!("one answer") };
//! assert_eq!(answer.get("Ann"), Some("seat 2"));
//! let explained = model.explain().unwrap();
//! assert!(explained.steps[0].sentence.starts_with("By clue"));
//! ```
//!
//! The shipped puzzles go through the same library, one family at a time ([`puzzles`]):
//!
//! ```
//! use satpuz::model::Uniqueness;
//!
//! let grid = satpuz::puzzles::jindosh::puzzle().unwrap().build().unwrap();
//! assert!(matches!(grid.model.unique().unwrap(), Uniqueness::Unique(_)));
//! ```

/// The README's Rust example, compiled and run as a doc test so it cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;

pub mod choice;
pub mod cnf;
pub mod encode;
mod json_keys;
pub mod model;
pub mod puzzles;
pub mod report;
pub mod serve;
pub mod solve;
