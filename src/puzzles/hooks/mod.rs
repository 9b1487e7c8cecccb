//! Jane Street's Hooks series: nested L-shaped hooks, d copies of digit d, and per-puzzle clue
//! rules, one module per rule type.
//!
//! The model's primary variables are the cells' values (`cell(r,c)=d`), so counting and
//! uniqueness are over grids, not layouts. Every solution fills the same number of cells with
//! one digit each, so blocking only the true primary variables is exact.

pub(crate) mod answer;
pub mod check;
pub(crate) mod concat;
pub mod connect;
pub(crate) mod cube_threads;
pub(crate) mod cubes;
pub(crate) mod digits;
pub(crate) mod edges;
pub(crate) mod family;
pub mod format;
pub(crate) mod layout;
pub(crate) mod neighbours;
pub(crate) mod no2x2;
pub mod pentomino;
pub(crate) mod runs;
pub(crate) mod sums;
pub mod tiling;

use crate::choice::Choice;
use crate::cnf::{ClauseSink, Cnf, Lit};
use crate::model::{EncodeOptions, Encoded};
use crate::solve::{Backend, SolveError, Varisat, Verdict};

pub(crate) use connect::LazyConnected;
pub(crate) use digits::{CellBits, Cells};
pub(crate) use format::SHIPPED_COUNT;
pub use format::{
    AnswerRule, HookDigits, HookLayout, HooksError, HooksPuzzle, Rule, Side, shipped, shipped_json,
};
pub(crate) use layout::Layout;
pub use pentomino::Pentomino;
pub use tiling::Tiles;

/// How the `connected` rule is enforced: the one Hooks setting that is not an encoding choice
/// of [`EncodeOptions`] (it decides whether the CNF alone states the rule).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Connectivity {
    /// Cut clauses added while solving, whenever a solution falls apart (measured about 2.7
    /// times faster on the Hooks puzzles: see README, section Hooks).
    #[default]
    Lazy,
    /// Reachability from the first filled cell in up to 44 steps, in the CNF itself (about
    /// 11,000 more variables); the exported CNF then needs no cuts from a solve. GCD clues'
    /// exactness has no encoding of its own: the nogoods a solve needs go in the CNF at build.
    Eager,
}

impl Choice for Connectivity {
    fn choices() -> &'static [Self] {
        &[Connectivity::Lazy, Connectivity::Eager]
    }

    fn name(self) -> &'static str {
        match self {
            Connectivity::Lazy => "lazy",
            Connectivity::Eager => "eager",
        }
    }

    fn about(self) -> &'static str {
        match self {
            Connectivity::Lazy => "cut clauses added while solving (faster)",
            Connectivity::Eager => "reachability in the CNF itself (self-contained, certifiable)",
        }
    }
}

/// A puzzle in CNF, with what is needed to read grids back and to keep them connected.
#[derive(Debug, Clone)]
pub struct HooksModel {
    /// The formula; its primary variables are the cells' values (`cell(r,c)=d`).
    pub cnf: Cnf,
    pub(crate) n: usize,
    /// The cells' literals, to read a grid from a model.
    pub cells: Cells,
    /// The pentomino placements' literals (puzzles with the tiling rule), to read a tiling.
    pub tiles: Option<Tiles>,
    /// The puzzle has the `connected` rule. With [`Connectivity::Lazy`] the CNF alone does
    /// not state it: solve through [`HooksModel::backend`] (which also checks eager models).
    pub(crate) connected: bool,
    /// Every grid fills this many cells (strengthens the connectivity cuts).
    pub(crate) total_filled: usize,
    /// The GCD clues (Hooks #6, 9): the CNF states only that the clue divides every number;
    /// [`HooksModel::backend`] checks that it is the GCD.
    pub(crate) gcd_lines: Vec<concat::GcdLine>,
    /// With [`Connectivity::Eager`] and GCD clues: how many nogoods a solve at build put in
    /// the CNF, so that it alone states the puzzle (`None` if the solve failed).
    pub(crate) gcd_nogoods_in_cnf: Option<usize>,
    /// The cases [`HooksModel::solve_unique`] splits the search into (none: one plain
    /// search); see [`cubes`].
    pub(crate) cubes: Vec<Vec<Lit>>,
}

impl HooksPuzzle {
    /// The puzzle as CNF, connectivity lazy: solve through [`HooksModel::backend`].
    pub fn build(&self, opts: EncodeOptions) -> HooksModel {
        self.build_with(opts, Connectivity::Lazy)
    }

    /// The puzzle as a model of booleans, gates, counts and sums, encoded under `opts`
    /// (domain encodings do not apply: Hooks has no finite-domain variables).
    pub fn build_with(&self, opts: EncodeOptions, connect: Connectivity) -> HooksModel {
        self.build_on_threads(opts, connect, cube_threads::default_threads())
    }

    /// [`HooksPuzzle::build_with`], the build on at most `threads` threads (`-j/--jobs`).
    pub fn build_on_threads(
        &self,
        opts: EncodeOptions,
        connect: Connectivity,
        threads: usize,
    ) -> HooksModel {
        let n = self.n;
        let mut enc = Encoded::new(opts);
        let layout = enc.track("layout", |enc| Layout::build(enc, n, self.hooks));
        let cells = CellBits::build(&mut enc, &layout, self.hook_digits);
        cells.add_counts(&mut enc);

        cells.add_givens(&mut enc, &self.givens);
        let mut gcd_lines = Vec::new();
        for &rule in &self.rules {
            match rule {
                Rule::Counts | Rule::Connected => {}
                Rule::RowColSums => {
                    let (rows, cols) = (&self.clues.row_sum, &self.clues.col_sum);
                    let (Some(rows), Some(cols)) = (rows, cols) else {
                        continue; // validate() requires both
                    };
                    sums::add_row_col_sums(&mut enc, &cells, rows, cols);
                }
                Rule::No2x2 => no2x2::add_no_2x2(&mut enc, &cells),
                Rule::EdgeFirstTwoProduct => {
                    if let Some(clues) = &self.clues.edge_first_two_product {
                        edges::add_first_two_products(&mut enc, &cells, clues);
                    }
                }
                Rule::EdgeFirstBlockSum => {
                    if let Some(clues) = &self.clues.edge_first_block_sum {
                        edges::add_first_block_sums(&mut enc, &cells, clues);
                    }
                }
                Rule::EqualRegionSums => {
                    if let Some(regions) = &self.regions {
                        let total = self.total_value();
                        sums::add_equal_region_sums(&mut enc, &cells, regions, total);
                    }
                }
                Rule::CellClueNeighbourSum => {
                    neighbours::add_neighbour_clues(&mut enc, &cells, &self.cell_clues)
                }
                Rule::LineSumOfRunProducts => {
                    let clues = &self.clues;
                    let (Some(rows), Some(cols)) = (
                        &clues.row_sum_of_run_products,
                        &clues.col_sum_of_run_products,
                    ) else {
                        continue; // validate() requires both
                    };
                    runs::add_sums_of_run_products(&mut enc, &cells, rows, cols, threads);
                }
                Rule::EdgeFirstSeenDigit => {
                    if let Some(clues) = &self.clues.edge_first_seen_digit {
                        tiling::add_first_seen_digits(&mut enc, &cells, clues);
                    }
                }
                // with the tiling, below
                Rule::PentominoDecomposition9Distinct
                | Rule::PentominoSumMultipleOf5
                | Rule::EdgeFirstSeenPentomino => {}
                Rule::EdgeProductOfConcatenations => {
                    if let Some(clues) = &self.clues.edge_product {
                        concat::add_products(&mut enc, &cells, clues);
                    }
                }
                Rule::EdgeGcdOfConcatenations => {
                    if let Some(clues) = &self.clues.edge_gcd {
                        gcd_lines.extend(concat::add_gcd_divisibility(&mut enc, &cells, clues));
                    }
                }
                Rule::LineGcdOfConcatenations => {
                    let clues = &self.clues;
                    let (Some(rows), Some(cols)) =
                        (&clues.row_gcd_left_to_right, &clues.col_gcd_top_to_bottom)
                    else {
                        continue; // validate() requires both
                    };
                    let clues = concat::line_gcds_as_edges(rows, cols);
                    gcd_lines.extend(concat::add_gcd_divisibility(&mut enc, &cells, &clues));
                }
            }
        }
        let tiles = tiling::add_tiling_rules(&mut enc, &cells, self);
        if self.has(Rule::Connected) && connect == Connectivity::Eager {
            enc.track("connectivity", |enc| {
                connect::eager_reachability(enc, &cells.filled, n, n, self.total_filled() - 1);
            });
        }
        if self.has(Rule::Connected) {
            enc.track("connectivity", |enc| {
                for cut in connect::local_cuts(&cells.filled, n, n, self.total_filled()) {
                    enc.clause(&cut);
                }
            });
        }
        // Every grid fills the same number of cells with one digit each, so blocking only the
        // true value bits is exact.
        let values: Vec<_> = cells.value.iter().flatten().copied().collect();
        enc.project_on(&values, true);
        let cubes =
            match cubes::outer_hook_cubes(&layout.row_side, &layout.col_side, cubes::CUBE_DEPTH) {
                Some(cubes) if cubes::wants_cubes(self) => cubes
                    .iter()
                    .map(|cube| {
                        let lit = |&b| enc.lit(b).expect("a free layout's order bit is a variable");
                        cube.iter().map(lit).collect()
                    })
                    .collect(),
                _ => Vec::new(),
            };
        let cells = cells.resolve(&mut enc);
        let tiles = tiles.map(|t| t.resolve(&mut enc, n));
        let mut model = HooksModel {
            cnf: enc.cnf,
            n,
            cells,
            tiles,
            connected: self.has(Rule::Connected),
            total_filled: self.total_filled(),
            gcd_lines,
            gcd_nogoods_in_cnf: None,
            cubes,
        };
        if connect == Connectivity::Eager && !model.gcd_lines.is_empty() {
            // A failed solve, or too many grids, leaves them out; the backend still checks
            // every model, and `gcd_nogoods_in_cnf` says the CNF is not the whole puzzle.
            if let Ok(Some(nogoods)) = self.gcd_nogoods_for(opts, &model) {
                model.cnf.track("gcd nogoods", |cnf| {
                    for clause in &nogoods {
                        cnf.add_clause(clause);
                    }
                });
                model.gcd_nogoods_in_cnf = Some(nogoods.len());
            }
        }
        model
    }
}

impl HooksPuzzle {
    /// The GCD nogoods that make `eager`'s CNF exactly the puzzle: listed on the lazy model
    /// (the same cells, connectivity by cuts), which lists Hooks 9 about four times faster
    /// than the eager formula, whose reachability the solver carries through every call. Every
    /// connected grid keeps the cuts, so a model of the eager CNF with these nogoods is one of
    /// the grids listed. Listed on `eager` itself if the cells' literals differ.
    fn gcd_nogoods_for(
        &self,
        opts: EncodeOptions,
        eager: &HooksModel,
    ) -> Result<Option<Vec<Vec<Lit>>>, SolveError> {
        let lazy = self.build_with(opts, Connectivity::Lazy);
        let listed = match lazy.cells == eager.cells {
            true => lazy.list_every_grid()?,
            false => eager.list_every_grid()?,
        };
        Ok(listed.map(|backend| backend.gcd_nogood_clauses))
    }
}

/// The most grids [`HooksModel::lazy_clauses`] lists to collect the clauses a solve adds.
pub(crate) const LAZY_CLAUSES_LIMIT: u64 = 10_000;

/// What solving a Hooks puzzle found.
#[derive(Debug, Clone)]
pub struct Solved {
    /// The first grid, if any (row-major digits, 0 = empty).
    pub grid: Option<Vec<u8>>,
    /// A second, different grid, if there is one.
    pub other: Option<Vec<u8>>,
    /// Solver answers rejected because their filled cells were not connected.
    pub rejected: u64,
    /// Solver answers rejected because a line's numbers had another GCD than its clue.
    pub gcd_rejected: u64,
    /// The clauses added while solving: connectivity cuts (over the cells' filled literals)
    /// and GCD nogoods (over a line's cells).
    pub cuts: Vec<Vec<Lit>>,
}

impl HooksModel {
    /// `inner`, made to return only grids that satisfy the connectivity rule (when the puzzle
    /// has one) and whose GCD clues are exact.
    pub fn backend<B: Backend>(&self, inner: B) -> LazyConnected<B> {
        let (filled, side) = if self.connected {
            (self.cells.filled.clone(), self.n)
        } else {
            (Vec::new(), 0)
        };
        LazyConnected::new(inner, filled, side, side, self.total_filled).with_gcd(
            concat::GcdLines {
                cells: self.cells.clone(),
                lines: self.gcd_lines.clone(),
            },
        )
    }

    /// The clauses solving adds beyond the CNF (connectivity cuts, GCD nogoods) while it
    /// lists every grid, on a copy: with them the CNF's models are exactly the puzzle's
    /// solutions (projected on the cells). `None` when there are [`LAZY_CLAUSES_LIMIT`] grids
    /// or more (the list, and so the clauses, may be incomplete).
    pub(crate) fn lazy_clauses(&self) -> Result<Option<Vec<Vec<Lit>>>, SolveError> {
        Ok(self.list_every_grid()?.map(|backend| backend.cuts))
    }

    /// The lazy backend after listing every grid on a copy ([`HooksModel::lazy_clauses`]), in
    /// the puzzle's cubes where it has them (Hooks 9's listing in about half the CPU of one
    /// search); `None` when there are [`LAZY_CLAUSES_LIMIT`] grids or more.
    fn list_every_grid(&self) -> Result<Option<LazyConnected<Varisat>>, SolveError> {
        let mut probe = self.clone();
        let mut backend = probe.backend(hooks_solver(&probe.cnf));
        let found = cubes::enumerate_in_cubes(
            &mut probe.cnf,
            &mut backend,
            &self.cubes,
            Some(LAZY_CLAUSES_LIMIT),
            |_| {},
        )?;
        Ok((found < LAZY_CLAUSES_LIMIT).then_some(backend))
    }

    /// The grid of a model.
    pub fn grid(&self, model: &[bool]) -> Vec<u8> {
        self.cells.decode(model)
    }

    /// Solves with varisat and proves uniqueness (the found grid blocked: UNSAT), in cubes
    /// where the puzzle gains from them, on two threads where the process may use two cores
    /// ([`cubes`]).
    pub fn solve_unique(&mut self) -> Result<Solved, SolveError> {
        self.solve_unique_on_threads(cube_threads::default_threads())
    }

    /// [`HooksModel::solve_unique`] with the cubes, if any, shared by `threads` threads (one:
    /// run in turn on one solver); the same grids either way.
    pub fn solve_unique_on_threads(&mut self, threads: usize) -> Result<Solved, SolveError> {
        let search = self.search_unique_on(threads)?;
        let (grid, other) = match search.verdict {
            Verdict::Unsat => (None, None),
            Verdict::Unique(a) => (Some(self.grid(&a)), None),
            Verdict::Multiple(a, b) => (Some(self.grid(&a)), Some(self.grid(&b))),
        };
        Ok(Solved {
            grid,
            other,
            rejected: search.rejected,
            gcd_rejected: search.gcd_rejected,
            cuts: search.cuts,
        })
    }
}

/// The solver of every Hooks search: varisat with its learned clauses unshrunk
/// ([`Varisat::unshrunk`]: shrinking made every Hooks puzzle slower) and keeping varisat's
/// reduction interval rather than the grids' tuning, with glue restarts, target phases and
/// switching modes ([`Varisat::unshrunk_switching_modes`]: #4 and the series faster under
/// three of four encoding choices; figures in docs/hooks.md, "Search modes").
pub(crate) fn hooks_solver(cnf: &Cnf) -> Varisat {
    let mut solver = Varisat::unshrunk_switching_modes();
    solver.add_cnf(cnf);
    solver
}

/// A grid as text: one row per line, `.` for empty cells.
pub(crate) fn render_grid(grid: &[u8], n: usize) -> String {
    let width = n.to_string().len();
    let mut out = String::new();
    for row in grid.chunks(n) {
        let cells: Vec<String> = row
            .iter()
            .map(|&v| match v {
                0 => format!("{:>width$}", "."),
                v => format!("{v:>width$}"),
            })
            .collect();
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    out
}
