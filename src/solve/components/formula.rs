//! The formula as the component counter reads it: clauses cleaned (duplicate literals merged,
//! tautologies dropped), simplified (`preprocess.rs`), variables renumbered densely over those some clause mentions, and
//! occurrence lists for propagation and for splitting into components.

use super::preprocess::{PreprocessStats, simplify};
use crate::cnf::Cnf;

/// A literal as the counter stores it: `2 * var + 1` when negative (`var` dense).
pub(super) type Code = u32;

/// The variable of a literal code.
pub(super) fn var_of(lit: Code) -> usize {
    (lit >> 1) as usize
}

/// The clauses over dense variables, with what the count needs to know about them.
#[derive(Debug, Default)]
pub(super) struct Formula {
    /// Each clause's literals, sorted, without duplicates or complementary pairs.
    pub(super) clauses: Vec<Vec<Code>>,
    /// For each literal code, the clauses holding it.
    pub(super) occurrences: Vec<Vec<u32>>,
    /// For each dense variable, the clauses holding it in either sign.
    pub(super) var_clauses: Vec<Vec<u32>>,
    /// For each dense variable: is it one the count is projected on?
    pub(super) projected: Vec<bool>,
    /// Projected variables that no clause mentions: each doubles the count.
    pub(super) free_projected: u64,
    /// The file holds an empty clause (after dropping nothing from it), or preprocessing
    /// found one: no model.
    pub(super) has_empty_clause: bool,
    /// What the preprocessing did.
    pub(super) preprocessed: PreprocessStats,
}

impl Formula {
    /// Reads `cnf`, projected on `cnf.primary` (every variable when that is empty, as the
    /// DIMACS reader leaves it for a file without `c p show`/`c ind` lines), simplified first
    /// when `preprocess` says so (`preprocess.rs`: the projected count stays the same).
    pub(super) fn of(cnf: &Cnf, preprocess: bool) -> Formula {
        // Sized by the ids the file uses, not by its header: `p cnf 2147483646 0` mentions
        // none of them.
        let used = (cnf.clauses.iter().flatten().map(|l| l.var().idx() + 1))
            .chain(cnf.primary.iter().map(|v| v.idx() + 1))
            .max()
            .unwrap_or(0);
        let mut is_projected = vec![cnf.primary.is_empty(); used];
        for v in &cnf.primary {
            is_projected[v.idx()] = true;
        }
        let projected_total = if cnf.primary.is_empty() {
            u64::from(cnf.num_vars())
        } else {
            is_projected.iter().filter(|&&p| p).count() as u64
        };
        let mut clauses = Vec::with_capacity(cnf.num_clauses());
        let mut has_empty_clause = false;
        for clause in cnf.clauses.iter() {
            let mut lits: Vec<Code> = clause
                .iter()
                .map(|l| l.var().idx32() * 2 + u32::from(l.is_neg()))
                .collect();
            lits.sort_unstable();
            lits.dedup();
            // A variable's two signs sit next to each other once sorted.
            if lits.windows(2).any(|w| w[0] ^ 1 == w[1]) {
                continue;
            }
            has_empty_clause |= lits.is_empty();
            clauses.push(lits);
        }
        let mut preprocessed = PreprocessStats::default();
        if preprocess && !has_empty_clause {
            let (simplified, stats) = simplify(clauses, &is_projected);
            preprocessed = stats;
            clauses = simplified.unwrap_or_else(|| vec![Vec::new()]);
            has_empty_clause = clauses.iter().any(Vec::is_empty);
        }
        clauses.retain(|c| !c.is_empty());
        let mut formula = Formula::renamed(clauses, &is_projected, projected_total);
        formula.has_empty_clause = has_empty_clause;
        formula.preprocessed = preprocessed;
        formula
    }

    /// The formula over `clauses` (none empty), its variables renumbered densely in the order
    /// of their ids (the order the search breaks ties in, so the preprocessing, which moves
    /// clauses, does not change it).
    fn renamed(clauses: Vec<Vec<Code>>, is_projected: &[bool], projected_total: u64) -> Formula {
        let mut dense: Vec<u32> = vec![u32::MAX; is_projected.len()];
        for &l in clauses.iter().flatten() {
            dense[var_of(l)] = 0;
        }
        let mut projected = Vec::new();
        for (v, id) in dense.iter_mut().enumerate() {
            if *id == 0 {
                *id = projected.len() as u32;
                projected.push(is_projected[v]);
            }
        }
        let clauses: Vec<Vec<Code>> = clauses
            .into_iter()
            .map(|lits| {
                lits.iter()
                    .map(|&l| dense[var_of(l)] * 2 + (l & 1))
                    .collect()
            })
            .collect();
        let mentioned_projected = projected.iter().filter(|&&p| p).count() as u64;
        let free_projected = projected_total.saturating_sub(mentioned_projected);
        let vars = projected.len();
        let mut occurrences = vec![Vec::new(); 2 * vars];
        let mut var_clauses = vec![Vec::new(); vars];
        for (i, clause) in clauses.iter().enumerate() {
            for &l in clause {
                occurrences[l as usize].push(i as u32);
                var_clauses[var_of(l)].push(i as u32);
            }
        }
        Formula {
            clauses,
            occurrences,
            var_clauses,
            projected,
            free_projected,
            has_empty_clause: false,
            preprocessed: PreprocessStats::default(),
        }
    }

    /// Dense variables: those some (non-tautological) clause mentions.
    pub(super) fn num_vars(&self) -> usize {
        self.projected.len()
    }
}
