//! The twelve free pentominoes (Golomb's letters), their 63 fixed orientations, and their
//! placements on a square board: the catalogue Hooks 11's tiling is built from, and that the
//! independent checker searches with.

use std::collections::BTreeSet;
use std::fmt;

use serde::{Deserialize, Serialize};

/// A free pentomino, by its letter (rotations and reflections are the same shape).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Pentomino {
    /// `.##/##./.#.`
    F,
    /// five in a row
    I,
    /// four in a row and a foot at one end
    L,
    /// two and three in a row, offset by one
    N,
    /// a 2x2 square and one more
    P,
    /// three in a row and a stem of two from the middle
    T,
    /// three in a row and both ends raised
    U,
    /// two arms of three sharing a corner
    V,
    /// a staircase
    W,
    /// a plus sign
    X,
    /// four in a row and a bump on the second
    Y,
    /// `##./.#./.##`
    Z,
}

/// A cell of a shape: (row, column) offsets from the shape's bounding box corner.
pub type Offset = (usize, usize);

impl Pentomino {
    /// The twelve, in letter order.
    pub const ALL: [Pentomino; 12] = [
        Pentomino::F,
        Pentomino::I,
        Pentomino::L,
        Pentomino::N,
        Pentomino::P,
        Pentomino::T,
        Pentomino::U,
        Pentomino::V,
        Pentomino::W,
        Pentomino::X,
        Pentomino::Y,
        Pentomino::Z,
    ];

    /// The letter as a character.
    pub fn letter(self) -> char {
        match self {
            Pentomino::F => 'F',
            Pentomino::I => 'I',
            Pentomino::L => 'L',
            Pentomino::N => 'N',
            Pentomino::P => 'P',
            Pentomino::T => 'T',
            Pentomino::U => 'U',
            Pentomino::V => 'V',
            Pentomino::W => 'W',
            Pentomino::X => 'X',
            Pentomino::Y => 'Y',
            Pentomino::Z => 'Z',
        }
    }

    /// The shape as drawn in the usual naming (`#` a cell), one orientation of it.
    fn picture(self) -> &'static [&'static str] {
        match self {
            Pentomino::F => &[".##", "##.", ".#."],
            Pentomino::I => &["#####"],
            Pentomino::L => &["#.", "#.", "#.", "##"],
            Pentomino::N => &[".#", ".#", "##", "#."],
            Pentomino::P => &["##", "##", "#."],
            Pentomino::T => &["###", ".#.", ".#."],
            Pentomino::U => &["#.#", "###"],
            Pentomino::V => &["#..", "#..", "###"],
            Pentomino::W => &["#..", "##.", ".##"],
            Pentomino::X => &[".#.", "###", ".#."],
            Pentomino::Y => &[".#", "##", ".#", ".#"],
            Pentomino::Z => &["##.", ".#.", ".##"],
        }
    }

    /// Its distinct fixed orientations (rotations and reflections), each as sorted offsets
    /// from its bounding box's top-left corner: 63 over the twelve shapes.
    pub fn orientations(self) -> Vec<Vec<Offset>> {
        let base: Vec<(i32, i32)> = self
            .picture()
            .iter()
            .enumerate()
            .flat_map(|(r, row)| {
                row.bytes()
                    .enumerate()
                    .filter(|&(_, b)| b == b'#')
                    .map(move |(c, _)| (r as i32, c as i32))
            })
            .collect();
        let mut out = BTreeSet::new();
        for flip in [false, true] {
            let mut cells: Vec<(i32, i32)> = base
                .iter()
                .map(|&(r, c)| if flip { (r, -c) } else { (r, c) })
                .collect();
            for _ in 0..4 {
                cells = cells.iter().map(|&(r, c)| (c, -r)).collect(); // a quarter turn
                out.insert(normalised(&cells));
            }
        }
        out.into_iter().collect()
    }
}

impl fmt::Display for Pentomino {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Cells moved so that the smallest row and column are 0, sorted.
fn normalised(cells: &[(i32, i32)]) -> Vec<Offset> {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let mut out: Vec<Offset> = cells
        .iter()
        .map(|&(r, c)| ((r - r0) as usize, (c - c0) as usize))
        .collect();
    out.sort_unstable();
    out
}

/// One pentomino laid on the board: its shape and its five cells (row-major indices, sorted).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    /// The piece.
    pub shape: Pentomino,
    /// Its cells, row-major indices, ascending.
    pub cells: [usize; 5],
}

/// Every placement of every shape's every orientation that fits an n x n board, shape by
/// shape.
pub fn placements(n: usize) -> Vec<Placement> {
    let mut out = Vec::new();
    for shape in Pentomino::ALL {
        for orientation in shape.orientations() {
            let height = orientation.iter().map(|c| c.0).max().unwrap_or(0) + 1;
            let width = orientation.iter().map(|c| c.1).max().unwrap_or(0) + 1;
            if height > n || width > n {
                continue;
            }
            for r in 0..=n - height {
                for c in 0..=n - width {
                    let mut cells = [0; 5];
                    for (slot, &(dr, dc)) in cells.iter_mut().zip(&orientation) {
                        *slot = (r + dr) * n + c + dc;
                    }
                    cells.sort_unstable();
                    out.push(Placement { shape, cells });
                }
            }
        }
    }
    out
}
