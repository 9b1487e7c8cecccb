//! Puzzle front ends: each turns its input into a model and reads answers back.

pub mod grid;
pub mod hooks;
pub mod inquest;
pub mod jindosh;
pub mod jindosh_text;
pub mod portia;
pub mod relation;
