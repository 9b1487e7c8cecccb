//! Corpora of generated grids: which puzzle each record index holds (its shape, its level and
//! its seed), how a corpus splits into shards, and a canonical form that finds the same
//! puzzle under other names.
//!
//! A record depends only on the corpus seed and its index, so any split of the indices over
//! threads, processes or machines makes the same bytes.

use std::collections::HashMap;
use std::ops::Range;

use super::generate::GridShape;
use super::{Clue, GridPuzzle, Relation};
use crate::choice::Choice;
use crate::solve::difficulty::Level;

/// The seed of attempt `attempt` of record `index` of the corpus of `corpus_seed`: SplitMix64's
/// finaliser chained over the three numbers, so neighbouring indices get unrelated seeds. Kept
/// below 2^53 so that every JSON reader (JavaScript's numbers included) reads it exactly.
pub fn puzzle_seed(corpus_seed: u64, index: u64, attempt: u64) -> u64 {
    let mixed = split_mix(split_mix(split_mix(corpus_seed) ^ index) ^ attempt);
    mixed & ((1 << 53) - 1)
}

/// SplitMix64 (Steele, Lea, Flood 2014): a bijective 64-bit mix, written out because it is
/// five lines and its constants are the definition.
fn split_mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One cell of a corpus: a shape and, when asked, a level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    /// The puzzles' shape.
    pub shape: GridShape,
    /// The level every puzzle of the cell is rated at (None: whatever it is).
    pub level: Option<Level>,
}

impl Cell {
    /// `5x5` or `5x5 hard`.
    pub fn words(&self) -> String {
        let size = shape_name(self.shape);
        match self.level {
            Some(level) => format!("{size} {}", level.name()),
            None => size,
        }
    }
}

/// `positions x categories`, as `5x4`.
pub fn shape_name(shape: GridShape) -> String {
    format!("{}x{}", shape.positions, shape.categories)
}

/// What a corpus holds: its cells in order, each with the same number of records. Record `i`
/// is of cell `i / per_cell`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CorpusPlan {
    /// Every size with every level, sizes outermost.
    pub cells: Vec<Cell>,
    /// Records of each cell.
    pub per_cell: u64,
}

impl CorpusPlan {
    /// Every shape of `shapes` with every level of `levels` (or none), `per_cell` records each.
    pub fn new(shapes: &[GridShape], levels: &[Level], per_cell: u64) -> CorpusPlan {
        let levels: Vec<Option<Level>> = if levels.is_empty() {
            vec![None]
        } else {
            levels.iter().copied().map(Some).collect()
        };
        let cells = shapes
            .iter()
            .flat_map(|&shape| levels.iter().map(move |&level| Cell { shape, level }))
            .collect();
        CorpusPlan { cells, per_cell }
    }

    /// Records in all (saturating: a plan past 2^64 records is refused by its maker).
    pub fn total(&self) -> u64 {
        (self.cells.len() as u64).saturating_mul(self.per_cell)
    }

    /// The cell of record `index`.
    pub fn cell(&self, index: u64) -> Cell {
        self.cells[(index / self.per_cell) as usize]
    }
}

/// A shard `K/M`: the K-th (from 1) of M contiguous parts of the indices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// Which part, from 1.
    pub k: u64,
    /// Parts in all.
    pub m: u64,
}

impl Shard {
    /// The whole corpus as one shard.
    pub const WHOLE: Shard = Shard { k: 1, m: 1 };

    /// `K/M` with 1 <= K <= M.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let (k, m) = text
            .split_once('/')
            .ok_or_else(|| format!("`{text}`: expected K/M, e.g. 3/4 (the third of four parts)"))?;
        let number = |x: &str| {
            x.trim()
                .parse::<u64>()
                .map_err(|e| format!("`{x}` in `{text}`: {e}"))
        };
        let (k, m) = (number(k)?, number(m)?);
        if m == 0 || k == 0 || k > m {
            return Err(format!(
                "`{text}`: need 1 <= K <= M (shards are numbered from 1)"
            ));
        }
        Ok(Shard { k, m })
    }

    /// The indices of this shard among `total`: the parts are contiguous, in order, and differ
    /// in size by at most one, so their concatenation is `0..total`.
    pub fn range(self, total: u64) -> Range<u64> {
        let at = |k: u64| (u128::from(total) * u128::from(k) / u128::from(self.m)) as u64;
        at(self.k - 1)..at(self.k)
    }
}

/// Sizes as `--sizes` takes them: `5x5`, a list `4x4,5x5`, or a range `3x3..6x6` (every
/// positions from 3 to 6 with every number of categories from 3 to 6, positions outermost).
pub fn parse_sizes(text: &str) -> Result<Vec<(u64, u64)>, String> {
    let mut sizes = Vec::new();
    for part in text.split(',') {
        let part = part.trim();
        let size = |s: &str| -> Result<(u64, u64), String> {
            let (p, c) = s
                .split_once(['x', 'X'])
                .ok_or_else(|| format!("`{s}`: expected POSITIONSxCATEGORIES, e.g. 5x5"))?;
            let n = |x: &str| {
                x.trim()
                    .parse::<u64>()
                    .map_err(|e| format!("`{x}` in `{s}`: {e}"))
            };
            Ok((n(p)?, n(c)?))
        };
        match part.split_once("..") {
            Some((from, to)) => {
                let ((p0, c0), (p1, c1)) = (size(from)?, size(to)?);
                if p0 > p1 || c0 > c1 {
                    return Err(format!(
                        "`{part}`: the range runs backwards (each of its numbers must grow)"
                    ));
                }
                for p in p0..=p1 {
                    for c in c0..=c1 {
                        sizes.push((p, c));
                    }
                }
            }
            None => sizes.push(size(part)?),
        }
    }
    for (i, s) in sizes.iter().enumerate() {
        if sizes[..i].contains(s) {
            return Err(format!("`{text}`: the size {}x{} is named twice", s.0, s.1));
        }
    }
    Ok(sizes)
}

/// The puzzle in a form that names no value and no category: each value is written as its
/// category and its position in `answer_position` (a value's position in the one answer is
/// kept by any renaming), relations are turned to one direction (`right of` as `left of`, the
/// two sides of a symmetric relation sorted), the clues sorted, and the categories numbered in
/// the order that makes the smallest text. Two puzzles with a unique answer have the same form
/// exactly when one is the other with its values and categories renamed and its clues
/// reordered. `answer_position[c][i]`: the position (from 0) of value `i` of category `c`.
pub fn canonical_form(puzzle: &GridPuzzle, answer_position: &[Vec<usize>]) -> String {
    let mut place: HashMap<&str, (usize, usize)> = HashMap::new();
    for (c, cat) in puzzle.categories.iter().enumerate() {
        for (i, v) in cat.values.iter().enumerate() {
            place.insert(v.as_str(), (c, answer_position[c][i]));
        }
    }
    let k = puzzle.categories.len();
    let mut best: Option<String> = None;
    // Every order of the categories for up to 7 (5,040); past that only the file's order, so
    // the form still finds the same puzzle under renamed values.
    let orders: Vec<Vec<usize>> = if k <= 7 {
        permutations(k)
    } else {
        vec![(0..k).collect()]
    };
    for order in orders {
        let token = |name: &str| match place.get(name) {
            Some(&(c, p)) => format!("c{}p{}", order[c], p),
            None => format!("?{name}"),
        };
        let mut clues: Vec<String> = puzzle.clues.iter().map(|c| clue_form(c, &token)).collect();
        clues.sort_unstable();
        let text = format!("{}x{}:{}", puzzle.positions.count, k, clues.join(";"));
        if best.as_ref().is_none_or(|b| text < *b) {
            best = Some(text);
        }
    }
    best.unwrap_or_default()
}

/// Every permutation of `0..k`, in lexicographic order.
fn permutations(k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut current: Vec<usize> = (0..k).collect();
    loop {
        out.push(current.clone());
        // The next permutation in lexicographic order (Narayana Pandita).
        let Some(i) = (1..k).rev().find(|&i| current[i - 1] < current[i]) else {
            return out;
        };
        let j = (i..k)
            .rev()
            .find(|&j| current[j] > current[i - 1])
            .unwrap_or(i);
        current.swap(i - 1, j);
        current[i..].reverse();
    }
}

/// One clue's canonical text, values written by `token`.
fn clue_form(clue: &Clue, token: &dyn Fn(&str) -> String) -> String {
    let not = if clue.not { "!" } else { "" };
    let pair = |a: &str, b: &str| {
        let (a, b) = (token(a), token(b));
        if a <= b { (a, b) } else { (b, a) }
    };
    let body = match &clue.relation {
        Relation::Same { a, b } => {
            let (a, b) = pair(a, b);
            format!("same({a},{b})")
        }
        Relation::NextTo { a, b } => {
            let (a, b) = pair(a, b);
            format!("next({a},{b})")
        }
        Relation::Distance { a, b, k } => {
            let (a, b) = pair(a, b);
            format!("apart{k}({a},{b})")
        }
        Relation::LeftOf { a, b } => format!("left({},{})", token(a), token(b)),
        Relation::RightOf { a, b } => format!("left({},{})", token(b), token(a)),
        Relation::SomewhereLeftOf { a, b } => format!("before({},{})", token(a), token(b)),
        Relation::SomewhereRightOf { a, b } => format!("before({},{})", token(b), token(a)),
        Relation::LeftBy { a, b, k } => format!("left{k}({},{})", token(a), token(b)),
        Relation::RightBy { a, b, k } => format!("left{k}({},{})", token(b), token(a)),
        Relation::At { a, position } => format!("at{position}({})", token(a)),
        Relation::OneOf { a, positions } => {
            let mut p = positions.clone();
            p.sort_unstable();
            p.dedup();
            format!("in{p:?}({})", token(a))
        }
        Relation::AtEnd { a } => format!("end({})", token(a)),
        Relation::Either { either } => {
            let mut parts: Vec<String> = either.iter().map(|c| clue_form(c, token)).collect();
            parts.sort_unstable();
            format!("either({})", parts.join("|"))
        }
    };
    format!("{not}{body}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_contiguous_and_cover_every_index_once() {
        for total in [0, 1, 5, 7, 100, 101] {
            for m in 1..=6 {
                let ranges: Vec<Range<u64>> =
                    (1..=m).map(|k| Shard { k, m }.range(total)).collect();
                assert_eq!(ranges[0].start, 0);
                assert_eq!(ranges[ranges.len() - 1].end, total);
                for w in ranges.windows(2) {
                    assert_eq!(w[0].end, w[1].start);
                }
            }
        }
        assert!(Shard::parse("0/4").is_err());
        assert!(Shard::parse("5/4").is_err());
        assert!(Shard::parse("4").is_err());
        assert_eq!(Shard::parse("2/4"), Ok(Shard { k: 2, m: 4 }));
    }

    #[test]
    fn sizes_read_as_lists_and_ranges() {
        assert_eq!(parse_sizes("5x5"), Ok(vec![(5, 5)]));
        assert_eq!(
            parse_sizes("3x3..4x4,6x2"),
            Ok(vec![(3, 3), (3, 4), (4, 3), (4, 4), (6, 2)])
        );
        assert!(parse_sizes("4x4..3x3").is_err());
        assert!(parse_sizes("5x5,5x5").is_err());
        assert!(parse_sizes("five").is_err());
    }

    #[test]
    fn seeds_differ_by_index_and_attempt_and_fit_in_53_bits() {
        let mut seen = std::collections::HashSet::new();
        for index in 0..100 {
            for attempt in 0..10 {
                let s = puzzle_seed(1, index, attempt);
                assert!(s < 1 << 53);
                assert!(seen.insert(s));
            }
        }
        assert_ne!(puzzle_seed(1, 0, 0), puzzle_seed(2, 0, 0));
    }

    #[test]
    fn permutations_are_all_there() {
        assert_eq!(permutations(3).len(), 6);
        assert_eq!(permutations(1), vec![vec![0]]);
        let p4 = permutations(4);
        assert_eq!(p4.len(), 24);
        let set: std::collections::HashSet<_> = p4.into_iter().collect();
        assert_eq!(set.len(), 24);
    }
}
