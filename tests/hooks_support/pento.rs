//! Hooks 11's pentomino rules written again for the tests, apart from the library: the twelve
//! shapes drawn in other orientations than the library's pictures, their orientations by this
//! file's own turns, every fixed pentomino grown cell by cell, and a tiling search that tries
//! every placement through a cell.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use satpuz::puzzles::hooks::format::SparseEdgeClues;
use satpuz::puzzles::hooks::{HooksPuzzle, Pentomino, Rule, Side};

use super::line;

/// A set of cells as (row, column), moved to the origin.
pub type Shape = BTreeSet<(i32, i32)>;

/// Each letter drawn turned or mirrored from the usual picture.
pub const PICTURES: [(char, &[&str]); 12] = [
    ('F', &["##.", ".##", ".#."]),
    ('I', &["#", "#", "#", "#", "#"]),
    ('L', &["####", "#..."]),
    ('N', &["##..", ".###"]),
    ('P', &["###", "##."]),
    ('T', &["#..", "###", "#.."]),
    ('U', &["##", "#.", "##"]),
    ('V', &["###", "..#", "..#"]),
    ('W', &[".##", "##.", "#.."]),
    ('X', &[".#.", "###", ".#."]),
    ('Y', &["####", ".#.."]),
    ('Z', &[".##", ".#.", "##."]),
];

pub fn normalise(cells: impl IntoIterator<Item = (i32, i32)>) -> Shape {
    let cells: Vec<(i32, i32)> = cells.into_iter().collect();
    let r0 = cells.iter().map(|c| c.0).min().unwrap();
    let c0 = cells.iter().map(|c| c.1).min().unwrap();
    cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect()
}

/// The eight images of a shape under the square's symmetries (transpose and mirrors).
pub fn images(shape: &Shape) -> BTreeSet<Shape> {
    let mut out = BTreeSet::new();
    for transpose in [false, true] {
        for flip_r in [1, -1] {
            for flip_c in [1, -1] {
                out.insert(normalise(shape.iter().map(|&(r, c)| {
                    let (r, c) = if transpose { (c, r) } else { (r, c) };
                    (r * flip_r, c * flip_c)
                })));
            }
        }
    }
    out
}

pub fn picture_shape(rows: &[&str]) -> Shape {
    normalise(rows.iter().enumerate().flat_map(|(r, row)| {
        row.bytes()
            .enumerate()
            .filter(|&(_, b)| b == b'#')
            .map(move |(c, _)| (r as i32, c as i32))
    }))
}

/// Every fixed pentomino, grown one neighbouring cell at a time from a single cell.
pub fn grown_pentominoes() -> BTreeSet<Shape> {
    let mut layer: BTreeSet<Shape> = [normalise([(0, 0)])].into_iter().collect();
    for _ in 1..5 {
        let mut next = BTreeSet::new();
        for shape in &layer {
            for &(r, c) in shape {
                for (dr, dc) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                    let cell = (r + dr, c + dc);
                    if !shape.contains(&cell) {
                        next.insert(normalise(shape.iter().copied().chain([cell])));
                    }
                }
            }
        }
        layer = next;
    }
    layer
}

/// The letter's fixed orientations, by this file's pictures and turns.
pub fn orientations(letter: char) -> BTreeSet<Shape> {
    let (_, rows) = PICTURES.iter().find(|(l, _)| *l == letter).unwrap();
    images(&picture_shape(rows))
}

/// Each letter with its orientations as lists of cells.
type Pieces = Vec<(char, Vec<Vec<(i32, i32)>>)>;

/// Every tiling of `g`'s filled cells into distinct pentominoes keeping the puzzle's pentomino
/// rules; per cell the letter covering it (`None`: empty).
pub fn tilings(p: &HooksPuzzle, g: &[u8]) -> Vec<Vec<Option<char>>> {
    static PIECES: OnceLock<Pieces> = OnceLock::new();
    let n = p.n as i32;
    let pieces = PIECES.get_or_init(|| {
        PICTURES
            .iter()
            .map(|&(l, _)| {
                let shapes = orientations(l).into_iter();
                (l, shapes.map(|s| s.into_iter().collect()).collect())
            })
            .collect()
    });
    let mut out = Vec::new();
    let mut cover = vec![None; g.len()];
    let mut used = [false; 12];
    #[allow(clippy::too_many_arguments)]
    fn search(
        p: &HooksPuzzle,
        g: &[u8],
        n: i32,
        pieces: &Pieces,
        used: &mut [bool; 12],
        cover: &mut Vec<Option<char>>,
        out: &mut Vec<Vec<Option<char>>>,
    ) {
        let Some(cell) = (0..g.len()).find(|&i| g[i] > 0 && cover[i].is_none()) else {
            if edge_letters_hold(p, g, cover) {
                out.push(cover.clone());
            }
            return;
        };
        let (r, c) = ((cell as i32) / n, (cell as i32) % n);
        for (k, (letter, shapes)) in pieces.iter().enumerate() {
            if used[k] {
                continue;
            }
            for shape in shapes {
                // every way of laying the shape with one of its cells on `cell`
                for &(ar, ac) in shape {
                    let mut idx = [0usize; 5];
                    let fits = shape.iter().zip(idx.iter_mut()).all(|(&(sr, sc), slot)| {
                        let (rr, cc) = (r - ar + sr, c - ac + sc);
                        let inside = rr >= 0 && cc >= 0 && rr < n && cc < n;
                        *slot = if inside { (rr * n + cc) as usize } else { 0 };
                        inside && g[*slot] > 0 && cover[*slot].is_none()
                    });
                    if !fits {
                        continue;
                    }
                    let sum: u32 = idx.iter().map(|&i| g[i] as u32).sum();
                    if p.has(Rule::PentominoSumMultipleOf5) && !sum.is_multiple_of(5) {
                        continue;
                    }
                    for &i in &idx {
                        cover[i] = Some(*letter);
                    }
                    used[k] = true;
                    search(p, g, n, pieces, used, cover, out);
                    used[k] = false;
                    for &i in &idx {
                        cover[i] = None;
                    }
                }
            }
        }
    }
    search(p, g, n, pieces, &mut used, &mut cover, &mut out);
    out
}

fn edge_letters_hold(p: &HooksPuzzle, g: &[u8], cover: &[Option<char>]) -> bool {
    p.clues
        .edge_first_seen_pentomino
        .iter()
        .flatten()
        .all(|(&side, clues)| {
            clues.iter().all(|(&i, shape)| {
                let first = line(p.n, side, i).into_iter().find(|&c| g[c] > 0);
                first.and_then(|c| cover[c]) == Some(shape.letter())
            })
        })
}

/// The pentomino rules' violations of `g` (empty when it keeps them).
pub fn violations(p: &HooksPuzzle, g: &[u8]) -> Vec<String> {
    let mut bad = Vec::new();
    for (&side, clues) in p.clues.edge_first_seen_digit.iter().flatten() {
        for (&i, &digit) in clues {
            let first = line(p.n, side, i)
                .into_iter()
                .map(|c| g[c])
                .find(|&v| v > 0);
            if first.map(u64::from) != Some(digit) {
                bad.push(format!("first digit {side:?}{i}"));
            }
        }
    }
    if p.has(Rule::PentominoDecomposition9Distinct) && tilings(p, g).is_empty() {
        bad.push("tiling".into());
    }
    bad
}

/// The library's letter for a character.
pub fn pentomino(letter: char) -> Pentomino {
    *Pentomino::ALL
        .iter()
        .find(|s| s.letter() == letter)
        .unwrap()
}

/// Random sparse edge clues read off the grid `g` and its tiling: about a third of the lines
/// of each side.
pub fn edge_clues<T>(
    rng: &mut ChaCha8Rng,
    n: usize,
    g: &[u8],
    read: impl Fn(usize) -> T,
) -> SparseEdgeClues<T> {
    let mut out = SparseEdgeClues::new();
    for side in Side::ALL {
        for i in 0..n {
            let Some(first) = line(n, side, i).into_iter().find(|&c| g[c] > 0) else {
                continue;
            };
            if rng.random_bool(0.35) {
                out.entry(side).or_default().insert(i, read(first));
            }
        }
    }
    out
}
