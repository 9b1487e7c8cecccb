//! The Jindosh Riddle (Dishonored 2), shipped as a grid puzzle file.

use crate::puzzles::grid::{GridPuzzle, PuzzleError};

/// The version from the seed blog post, as shipped in `encodings/jindosh.json`.
pub(crate) const JINDOSH_JSON: &str = include_str!("../../encodings/jindosh.json");

/// The shipped Jindosh Riddle.
pub fn puzzle() -> Result<GridPuzzle, PuzzleError> {
    GridPuzzle::from_json(JINDOSH_JSON)
}
