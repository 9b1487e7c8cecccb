//! The Hooks puzzle file format (`encodings/hooks/hooksNN.json`, documented in
//! `encodings/README.md`) and its validation.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::pentomino::Pentomino;

/// Largest grid side: digits stay below 100 and every product fits comfortably in a `u128`.
pub(crate) const MAX_N: usize = 20;

/// Largest grid side for the rules that read a run as a decimal number: one digit per cell.
pub(crate) const MAX_N_CONCAT: usize = 9;

/// Why a Hooks puzzle file was refused.
#[derive(Debug, thiserror::Error)]
pub enum HooksError {
    /// Syntax or shape (the message carries line and column). Not a `source`: the message
    /// already includes it, and error chains would print it twice.
    #[error("not a valid Hooks puzzle file: {0}")]
    Json(serde_json::Error),
    /// A field whose value breaks the format's rules (a size, a range, a missing clue).
    #[error("{field}: {msg}")]
    Invalid {
        /// The field (`n`, `clues.row_sum`, `givens[2]`, ...).
        field: String,
        /// What is wrong with it.
        msg: String,
    },
    #[error(
        "rule `{rule}` is not supported yet ({why}); supported: counts, row_col_sums, connected, \
         no_2x2, edge_first_two_product, edge_first_block_sum, equal_region_sums, \
         cell_clue_neighbour_sum, line_sum_of_run_products, edge_gcd_of_concatenations, \
         edge_product_of_concatenations, line_gcd_of_concatenations, \
         pentomino_decomposition_9_distinct, pentomino_sum_multiple_of_5, edge_first_seen_digit, \
         edge_first_seen_pentomino"
    )]
    /// A rule the engine cannot encode yet.
    Unsupported {
        /// The rule refused.
        rule: Rule,
        /// What it would need (an automaton, pentomino tilings).
        why: &'static str,
    },
}

impl From<serde_json::Error> for HooksError {
    fn from(e: serde_json::Error) -> Self {
        HooksError::Json(e)
    }
}

pub(super) fn invalid(field: impl Into<String>, msg: impl Into<String>) -> HooksError {
    HooksError::Invalid {
        field: field.into(),
        msg: msg.into(),
    }
}

/// Where the hooks lie.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HookLayout {
    /// The hook of side m is `{(i,j) : max(i,j) = m-1}` (the 1 at the top-left).
    Fixed,
    /// Each hook's corner is one of its square's four corners, to be found.
    Free,
}

/// Which digit each hook carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HookDigits {
    /// The hook of side m carries m.
    BySize,
    /// An unknown permutation (a hook of 2m-1 cells carries at most 2m-1).
    Perm,
}

/// The rule tags of the series. Those without an engine module yet are listed so that their
/// files parse and the error names what is missing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    /// The frame: d copies of digit d, all in the hook that carries d (must be listed).
    Counts,
    /// `clues.row_sum`, `clues.col_sum`: the sums of the filled values of each row and column.
    RowColSums,
    /// The filled cells form one orthogonally connected region.
    Connected,
    /// Every 2x2 block has an empty cell.
    #[serde(rename = "no_2x2")]
    No2x2,
    /// `clues.edge_first_two_product`: the product of the first two numbers seen from an edge.
    EdgeFirstTwoProduct,
    /// `clues.edge_first_block_sum`: the sum of the first run of filled cells seen from an edge.
    EdgeFirstBlockSum,
    /// `regions`: every region has the same sum.
    EqualRegionSums,
    /// `cell_clues`: the clue cell stays empty; its orthogonal neighbours add up to the value.
    CellClueNeighbourSum,
    /// Hooks #4: `clues.row_sum_of_run_products`, `clues.col_sum_of_run_products`: per line,
    /// the sum of the products of its runs of filled cells.
    LineSumOfRunProducts,
    /// Hooks #6: `clues.edge_gcd`: the GCD (exactly) of the numbers read from the runs of
    /// filled cells seen from an edge, each run's digits in the viewing direction.
    EdgeGcdOfConcatenations,
    /// Hooks #6: `clues.edge_product`: the product of those numbers.
    EdgeProductOfConcatenations,
    /// Hooks 9: `clues.row_gcd_left_to_right`, `clues.col_gcd_top_to_bottom`: the GCD of each
    /// row's (column's) numbers, read left to right (top to bottom).
    LineGcdOfConcatenations,
    /// Hooks 11: the filled cells tile exactly into different free pentominoes (9 on the 9x9
    /// frame; rotations and reflections are the same shape, no shape twice).
    #[serde(rename = "pentomino_decomposition_9_distinct")]
    PentominoDecomposition9Distinct,
    /// Hooks 11: each pentomino's values add up to a multiple of 5.
    #[serde(rename = "pentomino_sum_multiple_of_5")]
    PentominoSumMultipleOf5,
    /// Hooks 11: `clues.edge_first_seen_digit`, the first digit seen from an edge.
    EdgeFirstSeenDigit,
    /// Hooks 11: `clues.edge_first_seen_pentomino`, the letter of the pentomino that covers the
    /// first filled cell seen from an edge.
    EdgeFirstSeenPentomino,
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let json = serde_json::to_string(self).map_err(|_| fmt::Error)?;
        f.write_str(json.trim_matches('"'))
    }
}

impl Rule {
    /// Why a rule has no engine module yet, or `None` when it is supported.
    pub(crate) fn unsupported(self) -> Option<&'static str> {
        // Every rule of the series has its module now; a new tag says here why it has none.
        let _ = self;
        None
    }
}

/// How the puzzle's answer is computed from its grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AnswerRule {
    /// Hooks #1: the sum of the cells with i+j even.
    SumShadedIPlusJEven,
    /// Hooks #2: the largest product of filled values, no two in a row or column.
    MaxProductPartialPermutation,
    /// From Hooks #3: the product of the areas of the connected groups of empty cells.
    ProductOfEmptyRegionAreas,
}

/// The edge a line is read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Side {
    /// A column read top to bottom.
    T,
    /// A column read bottom to top.
    B,
    /// A row read left to right.
    L,
    /// A row read right to left.
    R,
}

impl Side {
    /// The four sides, in the order `T`, `B`, `L`, `R`.
    pub const ALL: [Side; 4] = [Side::T, Side::B, Side::L, Side::R];

    /// The cells (row-major indices) of line `index` seen from this side, nearest first.
    pub(crate) fn line(self, n: usize, index: usize) -> Vec<usize> {
        match self {
            Side::T => (0..n).map(|r| r * n + index).collect(),
            Side::B => (0..n).rev().map(|r| r * n + index).collect(),
            Side::L => (0..n).map(|c| index * n + c).collect(),
            Side::R => (0..n).rev().map(|c| index * n + c).collect(),
        }
    }
}

/// Clues along the four edges: `side -> array`, 0 meaning no clue.
pub type EdgeClues = BTreeMap<Side, Vec<u64>>;

/// Clues along the four edges given only where there is one: `side -> {index: clue}`
/// (Hooks 11).
pub type SparseEdgeClues<T> = BTreeMap<Side, BTreeMap<usize, T>>;

/// The per-rule clue data of a Hooks file (`clues`); a rule's data is present exactly when the
/// rule is listed.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Clues {
    /// `row_col_sums`: the sum of the filled values of each row, top to bottom (n entries).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub row_sum: Option<Vec<u64>>,
    /// `row_col_sums`: the sum of each column, left to right (n entries).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub col_sum: Option<Vec<u64>>,
    /// `edge_first_two_product`: per side, the product of the first two numbers seen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edge_first_two_product: Option<EdgeClues>,
    /// `edge_first_block_sum`: per side, the sum of the first run of filled cells seen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edge_first_block_sum: Option<EdgeClues>,
    /// `line_sum_of_run_products`: per row (top to bottom), the sum over its runs of filled
    /// cells of the product of the run's values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub row_sum_of_run_products: Option<Vec<u64>>,
    /// `line_sum_of_run_products`: the same per column (left to right).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub col_sum_of_run_products: Option<Vec<u64>>,
    /// `edge_first_seen_digit`: per side and line, the first digit seen from that edge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edge_first_seen_digit: Option<SparseEdgeClues<u64>>,
    /// `edge_first_seen_pentomino`: per side and line, the letter of the pentomino covering
    /// the first filled cell seen from that edge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edge_first_seen_pentomino: Option<SparseEdgeClues<Pentomino>>,
    /// `edge_gcd_of_concatenations`: per side, the GCD of the numbers the line's runs of
    /// filled cells spell in the viewing direction (0: no clue).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edge_gcd: Option<EdgeClues>,
    /// `edge_product_of_concatenations`: per side, the product of those numbers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edge_product: Option<EdgeClues>,
    /// `line_gcd_of_concatenations`: per row (top to bottom), the GCD of the numbers its runs
    /// spell left to right.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub row_gcd_left_to_right: Option<Vec<u64>>,
    /// `line_gcd_of_concatenations`: per column (left to right), read top to bottom.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub col_gcd_top_to_bottom: Option<Vec<u64>>,
    /// Clue fields of rules without an engine module (their rule is reported first).
    #[serde(flatten)]
    pub(crate) other: BTreeMap<String, serde_json::Value>,
}

/// One Hooks puzzle: the frame, the rules and their clues.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HooksPuzzle {
    /// The puzzle's title.
    pub name: String,
    /// Its publication month, when known (free text).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub month: Option<String>,
    /// The grid's side (1 to 20); there are n hooks, of sides n down to 1.
    pub n: usize,
    /// Where the hooks lie.
    pub hooks: HookLayout,
    /// Which digit each hook carries.
    pub hook_digits: HookDigits,
    /// The rules that hold (`counts` included).
    pub rules: Vec<Rule>,
    /// `[row, col, digit]`, 0-indexed.
    #[serde(default)]
    pub givens: Vec<[usize; 3]>,
    /// The rules' clue data.
    #[serde(default)]
    pub clues: Clues,
    /// An n x n map of region ids (`equal_region_sums`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regions: Option<Vec<Vec<usize>>>,
    /// `[row, col, value]` (`cell_clue_neighbour_sum`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cell_clues: Vec<[usize; 3]>,
    /// How the answer is read off the solved grid.
    pub answer_rule: AnswerRule,
}

impl HooksPuzzle {
    /// Parses and validates a puzzle file's text.
    pub fn from_json(text: &str) -> Result<HooksPuzzle, HooksError> {
        let p: HooksPuzzle = serde_json::from_str(text)?;
        p.validate()?;
        Ok(p)
    }

    /// Hooks #1's frame (fixed hooks, digit m in the hook of side m) with the given row and
    /// column sums, for any n: the seed's `--rows/--cols` form.
    pub fn from_sums(rows: Vec<u64>, cols: Vec<u64>) -> Result<HooksPuzzle, HooksError> {
        let p = HooksPuzzle {
            name: format!(
                "Hooks (fixed, {}x{}, row and column sums)",
                rows.len(),
                cols.len()
            ),
            month: None,
            n: rows.len(),
            hooks: HookLayout::Fixed,
            hook_digits: HookDigits::BySize,
            rules: vec![Rule::Counts, Rule::RowColSums],
            givens: Vec::new(),
            clues: Clues {
                row_sum: Some(rows),
                col_sum: Some(cols),
                ..Clues::default()
            },
            regions: None,
            cell_clues: Vec::new(),
            answer_rule: AnswerRule::SumShadedIPlusJEven,
        };
        p.validate()?;
        Ok(p)
    }

    /// Does the puzzle list `rule`?
    pub fn has(&self, rule: Rule) -> bool {
        self.rules.contains(&rule)
    }

    /// Sum of all filled values: d copies of each digit d.
    pub(crate) fn total_value(&self) -> u64 {
        (1..=self.n as u64).map(|d| d * d).sum()
    }

    /// Number of filled cells: d copies of each digit d.
    pub(crate) fn total_filled(&self) -> usize {
        self.n * (self.n + 1) / 2
    }

    /// Checks every field against the frame; errors name the field and entry.
    pub fn validate(&self) -> Result<(), HooksError> {
        let n = self.n;
        if n == 0 || n > MAX_N {
            return Err(invalid(
                "n",
                format!("{n} is not a grid side in 1..={MAX_N}"),
            ));
        }
        for &rule in &self.rules {
            if let Some(why) = rule.unsupported() {
                return Err(HooksError::Unsupported { rule, why });
            }
        }
        if !self.has(Rule::Counts) {
            return Err(invalid(
                "rules",
                "`counts` (d copies of each digit d in its hook) is the frame of every Hooks puzzle \
                 and must be listed",
            ));
        }
        self.validate_concatenations()?;
        if let Some(field) = self.clues.other.keys().next() {
            return Err(invalid(
                format!("clues.{field}"),
                "unknown clue field (known: row_sum, col_sum, edge_first_two_product, \
                 edge_first_block_sum, row_sum_of_run_products, col_sum_of_run_products, \
                 edge_gcd, edge_product, row_gcd_left_to_right, col_gcd_top_to_bottom, \
                 edge_first_seen_digit, edge_first_seen_pentomino)",
            ));
        }
        self.validate_givens()?;
        self.validate_line_sums()?;
        self.validate_run_products()?;
        self.validate_line_gcds()?;
        for (rule, field, clues) in [
            (
                Rule::EdgeFirstTwoProduct,
                "edge_first_two_product",
                &self.clues.edge_first_two_product,
            ),
            (
                Rule::EdgeFirstBlockSum,
                "edge_first_block_sum",
                &self.clues.edge_first_block_sum,
            ),
            (
                Rule::EdgeGcdOfConcatenations,
                "edge_gcd",
                &self.clues.edge_gcd,
            ),
            (
                Rule::EdgeProductOfConcatenations,
                "edge_product",
                &self.clues.edge_product,
            ),
        ] {
            self.validate_edges(rule, field, clues.as_ref())?;
        }
        self.validate_regions()?;
        self.validate_cell_clues()?;
        self.validate_pentominoes()
    }

    fn in_grid(&self, field: &str, r: usize, c: usize) -> Result<(), HooksError> {
        if r >= self.n || c >= self.n {
            return Err(invalid(
                field,
                format!("cell ({r},{c}) is outside the {n}x{n} grid", n = self.n),
            ));
        }
        Ok(())
    }

    fn validate_givens(&self) -> Result<(), HooksError> {
        for (i, &[r, c, d]) in self.givens.iter().enumerate() {
            let field = format!("givens[{i}]");
            self.in_grid(&field, r, c)?;
            if d == 0 || d > self.n {
                return Err(invalid(
                    field,
                    format!("digit {d} is not in 1..={}", self.n),
                ));
            }
        }
        Ok(())
    }

    /// A rule's data must be present exactly when the rule is listed: data without its rule
    /// would otherwise be ignored silently.
    pub(super) fn rule_data(
        &self,
        rule: Rule,
        field: &str,
        present: bool,
    ) -> Result<bool, HooksError> {
        match (self.has(rule), present) {
            (true, false) => Err(invalid(field, format!("rule `{rule}` needs this field"))),
            (false, true) => Err(invalid(
                field,
                format!("given, but rule `{rule}` is not listed in `rules`"),
            )),
            (listed, _) => Ok(listed),
        }
    }

    fn validate_line_sums(&self) -> Result<(), HooksError> {
        self.validate_row_col_clues(
            Rule::RowColSums,
            [
                ("row_sum", &self.clues.row_sum),
                ("col_sum", &self.clues.col_sum),
            ],
        )
    }

    fn validate_run_products(&self) -> Result<(), HooksError> {
        self.validate_row_col_clues(
            Rule::LineSumOfRunProducts,
            [
                (
                    "row_sum_of_run_products",
                    &self.clues.row_sum_of_run_products,
                ),
                (
                    "col_sum_of_run_products",
                    &self.clues.col_sum_of_run_products,
                ),
            ],
        )
    }

    fn validate_line_gcds(&self) -> Result<(), HooksError> {
        self.validate_row_col_clues(
            Rule::LineGcdOfConcatenations,
            [
                ("row_gcd_left_to_right", &self.clues.row_gcd_left_to_right),
                ("col_gcd_top_to_bottom", &self.clues.col_gcd_top_to_bottom),
            ],
        )
    }

    /// A run read as a decimal number needs one digit per cell.
    fn validate_concatenations(&self) -> Result<(), HooksError> {
        let concat = [
            Rule::EdgeGcdOfConcatenations,
            Rule::EdgeProductOfConcatenations,
            Rule::LineGcdOfConcatenations,
        ];
        match concat.into_iter().find(|&r| self.has(r)) {
            Some(rule) if self.n > MAX_N_CONCAT => Err(invalid(
                "n",
                format!(
                    "rule `{rule}` reads runs of cells as decimal numbers, one digit per cell: \
                     n = {} is more than {MAX_N_CONCAT}",
                    self.n
                ),
            )),
            _ => Ok(()),
        }
    }

    /// A rule clued by one array for the rows and one for the columns (`fields` without the
    /// `clues.` prefix): both present exactly when the rule is listed, n entries each.
    fn validate_row_col_clues(
        &self,
        rule: Rule,
        fields: [(&str, &Option<Vec<u64>>); 2],
    ) -> Result<(), HooksError> {
        let present = fields.iter().any(|(_, c)| c.is_some());
        let both = format!("clues.{}/{}", fields[0].0, fields[1].0);
        if !self.rule_data(rule, &both, present)? {
            return Ok(());
        }
        for (field, clues) in fields {
            let field = format!("clues.{field}");
            let Some(clues) = clues else {
                return Err(invalid(field, format!("rule `{rule}` needs this field")));
            };
            if clues.len() != self.n {
                return Err(invalid(
                    field,
                    format!(
                        "{} entries, expected one per line (n = {})",
                        clues.len(),
                        self.n
                    ),
                ));
            }
        }
        Ok(())
    }

    fn validate_edges(
        &self,
        rule: Rule,
        field: &str,
        clues: Option<&EdgeClues>,
    ) -> Result<(), HooksError> {
        let field = format!("clues.{field}");
        if !self.rule_data(rule, &field, clues.is_some())? {
            return Ok(());
        }
        for (side, values) in clues.into_iter().flatten() {
            if values.len() != self.n {
                return Err(invalid(
                    format!("{field}.{side:?}"),
                    format!("{} entries, expected n = {}", values.len(), self.n),
                ));
            }
        }
        Ok(())
    }

    fn validate_regions(&self) -> Result<(), HooksError> {
        let Some(regions) = &self.regions else {
            self.rule_data(Rule::EqualRegionSums, "regions", false)?;
            return Ok(());
        };
        self.rule_data(Rule::EqualRegionSums, "regions", true)?;
        if regions.len() != self.n {
            return Err(invalid(
                "regions",
                format!("{} rows, expected n = {}", regions.len(), self.n),
            ));
        }
        for (r, row) in regions.iter().enumerate() {
            if row.len() != self.n {
                return Err(invalid(
                    format!("regions[{r}]"),
                    format!("{} entries, expected n = {}", row.len(), self.n),
                ));
            }
        }
        let count = self.region_count();
        if !self.total_value().is_multiple_of(count as u64) {
            return Err(invalid(
                "regions",
                format!(
                    "{count} regions cannot have equal sums: the values add up to {}",
                    self.total_value()
                ),
            ));
        }
        Ok(())
    }

    /// Number of distinct region ids.
    pub(crate) fn region_count(&self) -> usize {
        let mut ids: Vec<usize> = self.regions.iter().flatten().flatten().copied().collect();
        ids.sort_unstable();
        ids.dedup();
        ids.len()
    }

    fn validate_cell_clues(&self) -> Result<(), HooksError> {
        let present = !self.cell_clues.is_empty();
        if !self.rule_data(Rule::CellClueNeighbourSum, "cell_clues", present)? {
            return Ok(());
        }
        for (i, &[r, c, _]) in self.cell_clues.iter().enumerate() {
            self.in_grid(&format!("cell_clues[{i}]"), r, c)?;
        }
        Ok(())
    }
}

/// The shipped puzzle files, by number.
const SHIPPED: [&str; 11] = [
    include_str!("../../../encodings/hooks/hooks01.json"),
    include_str!("../../../encodings/hooks/hooks02.json"),
    include_str!("../../../encodings/hooks/hooks03.json"),
    include_str!("../../../encodings/hooks/hooks04.json"),
    include_str!("../../../encodings/hooks/hooks05.json"),
    include_str!("../../../encodings/hooks/hooks06.json"),
    include_str!("../../../encodings/hooks/hooks07.json"),
    include_str!("../../../encodings/hooks/hooks08.json"),
    include_str!("../../../encodings/hooks/hooks09.json"),
    include_str!("../../../encodings/hooks/hooks10.json"),
    include_str!("../../../encodings/hooks/hooks11.json"),
];

/// Number of shipped puzzles (`hooks1` ... `hooks11`).
pub(crate) const SHIPPED_COUNT: usize = SHIPPED.len();

/// The text of shipped puzzle `number` (1-based).
pub fn shipped_json(number: usize) -> Option<&'static str> {
    number.checked_sub(1).and_then(|i| SHIPPED.get(i)).copied()
}

/// Shipped puzzle `number` (1-based), parsed and validated.
pub fn shipped(number: usize) -> Option<Result<HooksPuzzle, HooksError>> {
    shipped_json(number).map(HooksPuzzle::from_json)
}
