//! The formula as the component counter reads it: clauses cleaned (duplicate literals merged,
//! tautologies dropped), variables renumbered densely over those some clause mentions, and
//! occurrence lists for propagation and for splitting into components.

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
    /// The file holds an empty clause (after dropping nothing from it): no model.
    pub(super) has_empty_clause: bool,
}

impl Formula {
    /// Reads `cnf`, projected on `cnf.primary` (every variable when that is empty, as the
    /// DIMACS reader leaves it for a file without `c p show`/`c ind` lines).
    pub(super) fn of(cnf: &Cnf) -> Formula {
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
        let mut dense: Vec<u32> = vec![u32::MAX; used];
        let mut projected = Vec::new();
        let mut clauses = Vec::with_capacity(cnf.num_clauses());
        let mut has_empty_clause = false;
        let mut lits: Vec<Code> = Vec::new();
        'clauses: for clause in cnf.clauses.iter() {
            lits.clear();
            lits.extend(
                clause
                    .iter()
                    .map(|l| l.var().idx32() * 2 + u32::from(l.is_neg())),
            );
            lits.sort_unstable();
            lits.dedup();
            // A variable's two signs sit next to each other once sorted.
            if lits.windows(2).any(|w| w[0] ^ 1 == w[1]) {
                continue 'clauses;
            }
            if lits.is_empty() {
                has_empty_clause = true;
                continue;
            }
            let renamed = lits
                .iter()
                .map(|&l| {
                    let v = var_of(l);
                    if dense[v] == u32::MAX {
                        dense[v] = projected.len() as u32;
                        projected.push(is_projected[v]);
                    }
                    dense[v] * 2 + (l & 1)
                })
                .collect();
            clauses.push(renamed);
        }
        let mentioned_projected = projected.iter().filter(|&&p| p).count() as u64;
        let projected_total = if cnf.primary.is_empty() {
            u64::from(cnf.num_vars())
        } else {
            is_projected.iter().filter(|&&p| p).count() as u64
        };
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
            has_empty_clause,
        }
    }

    /// Dense variables: those some (non-tautological) clause mentions.
    pub(super) fn num_vars(&self) -> usize {
        self.projected.len()
    }
}
