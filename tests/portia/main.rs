//! Portia's caskets: the three catalogues against an independent re-implementation of the
//! reference generator's arithmetic, the SAT verdict against brute force on every statement
//! list and every clue, Smullyan's 67a/67b/68b, every record re-solved from its JSON, and the
//! command line.
//!
//! Everything in `reference` and every `brute_*` check is written here from the and the
//! reference generator's description, without the library's code.
//!
//! `reference` re-implements the reference generator's arithmetic, `catalogues` compares the
//! catalogues and re-solves every record, `agreement` checks the SAT verdict against brute force,
//! `smullyan` has the book's puzzles, `cli` the command line and clue texts.

#[path = "../common/mod.rs"]
mod common;

mod agreement;
mod catalogues;
mod cli;
mod reference;
mod smullyan;
