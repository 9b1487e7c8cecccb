//! Hooks 11's rules as an exact cover with placements: the filled cells tile into distinct free
//! pentominoes, each adding up to a multiple of 5, and edge clues name the first digit or the
//! first pentomino's letter seen from an edge.
//!
//! One boolean per placement (shape, orientation, position) that fits the board, and per cell
//! and shape one for "a piece of this shape covers the cell" (implied by each of its placements
//! over the cell, and implying one of them). A filled cell has exactly one shape and an empty
//! one none; each shape is placed at most once. So a filled cell is covered by exactly one
//! placement and an empty one by none, and since the frame fills 5k cells, the k pieces are k
//! different shapes.
//!
//! Sums modulo 5: the residue of a set of cells is built from smaller sets, memoized by the set
//! (a placement's first three cells, its last two), so placements that share cells share their
//! residues. `R(S, k)` is implied one way, from `R(S', i)` and the residue `j` of the last cell
//! (`k = i + j mod 5`); a placement with head residue i then implies the tail residue -i mod 5,
//! and a tail's residues are at most one: 5 clauses per placement (and 10 per tail) where
//! forbidding each of the 20 wrong (head, tail) pairs took 20, the same propagation. A true `R`
//! forced by filled cells is the set's real residue, the only one forced, so the at-most-one
//! never removes it; a spurious one only forbids more, so a grid with a valid tiling keeps a
//! model and every model's placements keep the rule.

use std::collections::{HashMap, HashSet};
use std::ops::ControlFlow;

use crate::cnf::{ClauseSink, Lit, lit_value};
use crate::model::{Bit, Cmp, Constraint, Encoded};
use crate::solve::{self, Backend, SolveError};

use super::{HooksModel, hooks_solver};

use super::digits::CellBits;
use super::format::{HooksError, HooksPuzzle, Rule, SparseEdgeClues, invalid};
use super::pentomino::{Pentomino, Placement, placements};

/// The placements of a built model, resolved to literals: what is needed to read a tiling back.
#[derive(Debug, Clone)]
pub struct Tiles {
    pub(crate) n: usize,
    /// Each placement that fits the board, with its literal ("this piece lies here").
    pub(crate) placements: Vec<(Placement, Lit)>,
}

impl Tiles {
    /// The tiling of a model: per cell, the letter of the piece covering it (`None`: empty).
    pub fn decode(&self, model: &[bool]) -> Vec<Option<Pentomino>> {
        let mut out = vec![None; self.n * self.n];
        for (placement, lit) in &self.placements {
            if lit_value(model, *lit) {
                for &c in &placement.cells {
                    out[c] = Some(placement.shape);
                }
            }
        }
        out
    }

    /// The placements' variables (the projection for "is the tiling unique").
    pub fn primary(&self) -> Vec<crate::cnf::Var> {
        self.placements.iter().map(|(_, l)| l.var()).collect()
    }
}

/// The placements of the model being built, as bits.
pub(crate) struct TileBits {
    placements: Vec<(Placement, Bit)>,
    /// `shape_at[cell][s]`: the cell is covered by a piece of shape `Pentomino::ALL[s]`
    /// (false where no placement of that shape covers the cell).
    shape_at: Vec<Vec<Bit>>,
}

impl TileBits {
    /// The tiling rule: one bit per placement, one per cell and shape, each filled cell covered
    /// by one shape, each empty cell by none, each shape placed at most once.
    pub(crate) fn build(enc: &mut Encoded, cells: &CellBits) -> TileBits {
        let n = cells.n;
        enc.track("pentomino tiling", |enc| {
            let placements: Vec<(Placement, Bit)> = placements(n)
                .into_iter()
                .map(|p| {
                    let name = placement_name(&p, n);
                    (p, enc.named_bool(name))
                })
                .collect();
            let mut by_shape: Vec<Vec<Vec<Bit>>> = vec![vec![Vec::new(); SHAPES]; n * n];
            for (p, bit) in &placements {
                for &c in &p.cells {
                    by_shape[c][shape_index(p.shape)].push(*bit);
                }
            }
            // "The cell is covered by a piece of shape s", one per cell and shape, defined by
            // the placements; one of them or "empty" per cell. Two placements over a cell then
            // clash through the cell's shapes (or the shape's at-most-one), and the solver
            // reasons on 12 shapes a cell rather than on hundreds of placements: Hooks 11 in
            // about 0.6 of the CPU time of one cardinality constraint per cell over its
            // placements (docs/hooks.md).
            let mut shape_at: Vec<Vec<Bit>> = vec![vec![Bit::FALSE; SHAPES]; n * n];
            for (cell, per_shape) in by_shape.iter().enumerate() {
                for (s, lits) in per_shape.iter().enumerate().filter(|(_, l)| !l.is_empty()) {
                    let covered = enc.new_bool();
                    for &p in lits {
                        enc.clause(&[!p, covered]);
                    }
                    let mut some: Vec<Bit> = vec![!covered];
                    some.extend(lits.iter().copied());
                    enc.clause(&some);
                    shape_at[cell][s] = covered;
                }
                let mut one: Vec<Bit> = shape_at[cell]
                    .iter()
                    .copied()
                    .filter(|b| !b.is_false())
                    .collect();
                one.push(!cells.filled[cell]);
                enc.require(&Constraint::ExactlyOne(one));
            }
            // Hundreds of placements per shape: a cardinality constraint (the options' `card`),
            // where pairwise at-most-one would be 10^5 clauses.
            for shape in Pentomino::ALL {
                let lits: Vec<Bit> = placements
                    .iter()
                    .filter(|(p, _)| p.shape == shape)
                    .map(|(_, b)| *b)
                    .collect();
                enc.require(&Constraint::Count {
                    lits,
                    cmp: Cmp::AtMost,
                    k: 1,
                });
            }
            TileBits {
                placements,
                shape_at,
            }
        })
    }

    /// Each placed piece's values add up to a multiple of 5.
    pub(crate) fn add_sums_multiple_of_5(&self, enc: &mut Encoded, cells: &CellBits) {
        enc.track("pentomino sums mod 5", |enc| {
            let mut residues = Residues::new(cells);
            // The tails whose residues are already exclusive.
            let mut exclusive: HashSet<&[usize]> = HashSet::new();
            for (p, bit) in &self.placements {
                let head = residues.of(enc, &p.cells[..3]);
                let tail = residues.of(enc, &p.cells[3..]);
                if exclusive.insert(&p.cells[3..]) {
                    enc.require(&Constraint::AtMostOne(tail.to_vec()));
                }
                for (i, &h) in head.iter().enumerate() {
                    enc.clause(&[!*bit, !h, tail[(5 - i) % 5]]);
                }
            }
        });
    }

    /// The first filled cell seen from the edge is covered by a piece of the clue's shape.
    pub(crate) fn add_first_seen_letters(
        &self,
        enc: &mut Encoded,
        cells: &CellBits,
        clues: &SparseEdgeClues<Pentomino>,
    ) {
        let n = cells.n;
        enc.track("edge pentominoes", |enc| {
            for (&side, lines) in clues {
                for (&index, &shape) in lines {
                    first_seen(enc, cells, &side.line(n, index), |cell| {
                        vec![self.shape_at[cell][shape_index(shape)]]
                    });
                }
            }
        });
    }

    /// The placements resolved to literals.
    pub(crate) fn resolve(&self, enc: &mut Encoded, n: usize) -> Tiles {
        Tiles {
            n,
            placements: self
                .placements
                .iter()
                .map(|(p, b)| {
                    let lit = enc.lit(*b).expect("a placement's bit is a variable");
                    (p.clone(), lit)
                })
                .collect(),
        }
    }
}

/// The first filled cell seen from the edge holds the clue's digit.
pub(crate) fn add_first_seen_digits(
    enc: &mut Encoded,
    cells: &CellBits,
    clues: &SparseEdgeClues<u64>,
) {
    let n = cells.n;
    enc.track("edge first digits", |enc| {
        for (&side, lines) in clues {
            for (&index, &digit) in lines {
                first_seen(enc, cells, &side.line(n, index), |cell| {
                    vec![cells.value[cell][digit as usize - 1]]
                });
            }
        }
    });
}

/// Some cell of `line` is filled, and the first filled one makes one of `what(cell)` true: per
/// cell, "no earlier cell filled and this one filled" implies it (one clause each, no
/// auxiliaries).
fn first_seen(
    enc: &mut Encoded,
    cells: &CellBits,
    line: &[usize],
    what: impl Fn(usize) -> Vec<Bit>,
) {
    let filled: Vec<Bit> = line.iter().map(|&c| cells.filled[c]).collect();
    enc.clause(&filled);
    for (i, &cell) in line.iter().enumerate() {
        let mut clause: Vec<Bit> = filled[..i].to_vec();
        clause.push(!filled[i]);
        clause.extend(what(cell));
        enc.clause(&clause);
    }
}

/// How many free pentominoes there are.
const SHAPES: usize = Pentomino::ALL.len();

/// The place of `shape` in [`Pentomino::ALL`].
fn shape_index(shape: Pentomino) -> usize {
    Pentomino::ALL
        .iter()
        .position(|&s| s == shape)
        .expect("every shape is in ALL")
}

/// `tile(F@(0,1)(0,2)(1,0)(1,1)(2,1))`: the piece's letter and cells.
fn placement_name(p: &Placement, n: usize) -> String {
    let cells: String = p
        .cells
        .iter()
        .map(|c| format!("({},{})", c / n, c % n))
        .collect();
    format!("tile({}@{cells})", p.shape)
}

/// Residues modulo 5 of sets of cells, memoized by the (sorted) set.
struct Residues<'a> {
    cells: &'a CellBits,
    memo: HashMap<Vec<usize>, [Bit; 5]>,
}

impl<'a> Residues<'a> {
    fn new(cells: &'a CellBits) -> Self {
        Residues {
            cells,
            memo: HashMap::new(),
        }
    }

    /// `[k]`: implied when every cell of `set` is filled and their values add up to k mod 5.
    fn of(&mut self, enc: &mut Encoded, set: &[usize]) -> [Bit; 5] {
        if let Some(r) = self.memo.get(set) {
            return *r;
        }
        let r = match set {
            [] => unreachable!("placements split into non-empty parts"),
            [cell] => {
                let value = &self.cells.value[*cell];
                std::array::from_fn(|k| {
                    let digits: Vec<Bit> = (1..=value.len())
                        .filter(|d| d % 5 == k)
                        .map(|d| value[d - 1])
                        .collect();
                    enc.or_all(&digits)
                })
            }
            [rest @ .., last] => {
                let before = self.of(enc, rest);
                let own = self.of(enc, std::slice::from_ref(last));
                let out: [Bit; 5] = std::array::from_fn(|_| enc.new_bool());
                for (i, &b) in before.iter().enumerate() {
                    for (j, &o) in own.iter().enumerate() {
                        enc.clause(&[!b, !o, out[(i + j) % 5]]);
                    }
                }
                out
            }
        };
        self.memo.insert(set.to_vec(), r);
        r
    }
}

impl HooksPuzzle {
    /// The tiling rules: the frame must fill a whole number of distinct pentominoes, and the
    /// rules about pentominoes need the tiling; the sparse edge clues must name real lines and
    /// digits.
    pub(super) fn validate_pentominoes(&self) -> Result<(), HooksError> {
        let tiled = self.has(Rule::PentominoDecomposition9Distinct);
        if tiled {
            let filled = self.total_filled();
            if !filled.is_multiple_of(5) || filled / 5 > Pentomino::ALL.len() {
                return Err(invalid(
                    "rules",
                    format!(
                        "`pentomino_decomposition_9_distinct`: the {n}x{n} frame fills {filled} \
                         cells, which is not 5 times a number of distinct pentominoes (at most 12)",
                        n = self.n
                    ),
                ));
            }
        }
        for rule in [Rule::PentominoSumMultipleOf5, Rule::EdgeFirstSeenPentomino] {
            if self.has(rule) && !tiled {
                return Err(invalid(
                    "rules",
                    format!("`{rule}` needs the tiling rule `pentomino_decomposition_9_distinct`"),
                ));
            }
        }
        let digits = &self.clues.edge_first_seen_digit;
        let field = "clues.edge_first_seen_digit";
        if self.rule_data(Rule::EdgeFirstSeenDigit, field, digits.is_some())? {
            for (side, clues) in digits.iter().flatten() {
                for (&index, &digit) in clues {
                    let field = format!("{field}.{side:?}.{index}");
                    self.line_exists(&field, index)?;
                    if digit == 0 || digit > self.n as u64 {
                        return Err(invalid(
                            field,
                            format!("digit {digit} is not in 1..={}", self.n),
                        ));
                    }
                }
            }
        }
        let letters = &self.clues.edge_first_seen_pentomino;
        let field = "clues.edge_first_seen_pentomino";
        if self.rule_data(Rule::EdgeFirstSeenPentomino, field, letters.is_some())? {
            for (side, clues) in letters.iter().flatten() {
                for &index in clues.keys() {
                    self.line_exists(&format!("{field}.{side:?}.{index}"), index)?;
                }
            }
        }
        Ok(())
    }

    fn line_exists(&self, field: &str, index: usize) -> Result<(), HooksError> {
        if index >= self.n {
            return Err(invalid(
                field,
                format!("line {index} is outside the {n}x{n} grid", n = self.n),
            ));
        }
        Ok(())
    }
}

/// The tiling rules the puzzle lists, on the model being built (`None`: no tiling rule).
pub(crate) fn add_tiling_rules(
    enc: &mut Encoded,
    cells: &CellBits,
    p: &HooksPuzzle,
) -> Option<TileBits> {
    if !p.has(Rule::PentominoDecomposition9Distinct) {
        return None;
    }
    let tiles = TileBits::build(enc, cells);
    if p.has(Rule::PentominoSumMultipleOf5) {
        tiles.add_sums_multiple_of_5(enc, cells);
    }
    if let Some(clues) = &p.clues.edge_first_seen_pentomino {
        tiles.add_first_seen_letters(enc, cells, clues);
    }
    Some(tiles)
}

impl HooksModel {
    /// The tiling of a model (puzzles with the tiling rule).
    pub fn tiling(&self, model: &[bool]) -> Option<Vec<Option<Pentomino>>> {
        self.tiles.as_ref().map(|t| t.decode(model))
    }

    /// [`HooksModel::tilings_of`] on `backend`, a solver that already holds the formula (and
    /// what it learned finding `grid`): the grid's cells are assumptions, each tiling found is
    /// blocked under `act`, a guard of a fresh variable released at the end, so the backend
    /// keeps the formula alone.
    pub(crate) fn tilings_on(
        &self,
        backend: &mut dyn Backend,
        grid: &[u8],
        limit: usize,
        act: Lit,
    ) -> Result<Vec<Vec<Option<Pentomino>>>, SolveError> {
        let Some(tiles) = &self.tiles else {
            return Ok(Vec::new());
        };
        let mut assumptions: Vec<Lit> = Vec::new();
        for (cell, values) in self.cells.value.iter().enumerate() {
            for (d, lit) in values.iter().enumerate() {
                if let Some(lit) = *lit {
                    let holds = grid.get(cell).is_some_and(|&v| v as usize == d + 1);
                    assumptions.push(if holds { lit } else { !lit });
                }
            }
        }
        assumptions.push(act);
        let primary = tiles.primary();
        let mut found = Vec::new();
        while found.len() < limit && backend.solve(&assumptions)? {
            let model = backend.model(self.cnf.num_vars());
            let mut clause = solve::blocking_clause(&primary, true, &model);
            clause.push(!act);
            backend.add_clause(&clause);
            found.push(tiles.decode(&model));
        }
        backend.add_clause(&[!act]);
        Ok(found)
    }

    /// Up to `limit` different tilings of `grid` that keep every rule: the formula with the
    /// grid fixed, projected on the placements (every tiling places the same number of pieces,
    /// so blocking the placed ones is exact). Empty when there is none or no tiling rule.
    pub fn tilings_of(
        &self,
        grid: &[u8],
        limit: u64,
    ) -> Result<Vec<Vec<Option<Pentomino>>>, SolveError> {
        let Some(tiles) = &self.tiles else {
            return Ok(Vec::new());
        };
        let mut cnf = self.cnf.clone();
        for (cell, values) in self.cells.value.iter().enumerate() {
            for (d, lit) in values.iter().enumerate() {
                if let Some(lit) = *lit {
                    let holds = grid.get(cell).is_some_and(|&v| v as usize == d + 1);
                    cnf.add_clause(&[if holds { lit } else { !lit }]);
                }
            }
        }
        cnf.primary = tiles.primary();
        cnf.primary_one_hot = true;
        let mut backend = self.backend(hooks_solver(&cnf));
        let mut found = Vec::new();
        solve::enumerate(&mut cnf, &mut backend, Some(limit), |m| {
            found.push(tiles.decode(m));
            ControlFlow::Continue(())
        })?;
        Ok(found)
    }
}
