//! Unit propagation over a fixed clause set: the literals that a set of assumed literals
//! forces in every model.
//!
//! A count by blocking clauses needs them: a blocking clause that holds a literal false at
//! varisat's root makes varisat unassign that root literal again (`resurrect_unit`, so the new
//! clause keeps propagating), and a blocking clause holds one for every root-fixed projected
//! variable. Leaving those variables out of the blocking clauses, which is exact (every model
//! gives them the same value), keeps the count clear of that. Written by hand: varisat 0.2
//! does not show its root assignment, and no crate propagates over our clause store.

use super::{Clauses, Lit};

/// The clauses, renumbered onto the variables they mention, with each literal's occurrences.
pub(crate) struct UnitPropagator {
    /// The variables the clauses mention, sorted: a variable's dense index is its place here
    /// (a header may declare 2^31 variables and mention a few).
    vars: Vec<u32>,
    /// Each clause's literals as dense literals (`2 * var + negated`), duplicates merged,
    /// tautologies left out.
    lits: Vec<u32>,
    ends: Vec<usize>,
    /// The clauses each dense literal occurs in.
    occurs: Vec<Vec<u32>>,
    /// An empty clause (after merging) was given: nothing satisfies the clauses.
    empty: bool,
}

impl UnitPropagator {
    pub(crate) fn new(clauses: &Clauses) -> Self {
        let mut vars: Vec<u32> = clauses.iter().flatten().map(|l| l.var().idx32()).collect();
        vars.sort_unstable();
        vars.dedup();
        let mut this = UnitPropagator {
            occurs: vec![Vec::new(); 2 * vars.len()],
            vars,
            lits: Vec::new(),
            ends: Vec::new(),
            empty: false,
        };
        let mut clause: Vec<u32> = Vec::new();
        for lits in clauses.iter() {
            clause.clear();
            clause.extend(lits.iter().filter_map(|&l| this.dense(l)));
            clause.sort_unstable();
            clause.dedup();
            if clause.windows(2).any(|w| w[0] ^ 1 == w[1]) {
                continue; // x and ¬x: always true
            }
            if clause.is_empty() {
                this.empty = true;
            }
            let index = this.ends.len() as u32;
            for &l in &clause {
                this.occurs[l as usize].push(index);
            }
            this.lits.extend_from_slice(&clause);
            this.ends.push(this.lits.len());
        }
        this
    }

    /// The dense literal of `lit`, if the clauses mention its variable.
    fn dense(&self, lit: Lit) -> Option<u32> {
        let var = self.vars.binary_search(&lit.var().idx32()).ok()? as u32;
        Some(2 * var + u32::from(lit.is_neg()))
    }

    fn clause(&self, i: usize) -> &[u32] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.lits[start..self.ends[i]]
    }

    /// Every literal over a mentioned variable that the clauses' units and `assumed` force by
    /// unit propagation, `assumed` among them; None when propagation falsifies a clause
    /// (then no model satisfies the clauses and `assumed`). Assumed literals over variables
    /// that no clause mentions are left out.
    pub(crate) fn implied(&self, assumed: &[Lit]) -> Option<Vec<Lit>> {
        if self.empty {
            return None;
        }
        // Per dense variable: 0 unassigned, 1 true, 2 false.
        let mut value = vec![0u8; self.vars.len()];
        let mut false_in = vec![0u32; self.ends.len()];
        let mut trail: Vec<u32> = Vec::new();
        let assign = |l: u32, value: &mut [u8], trail: &mut Vec<u32>| -> bool {
            let want = 1 + (l & 1) as u8;
            match value[(l >> 1) as usize] {
                0 => {
                    value[(l >> 1) as usize] = want;
                    trail.push(l);
                    true
                }
                v => v == want,
            }
        };
        let units = (0..self.ends.len()).filter(|&i| self.clause(i).len() == 1);
        for l in units
            .map(|i| self.clause(i)[0])
            .chain(assumed.iter().filter_map(|&l| self.dense(l)))
        {
            if !assign(l, &mut value, &mut trail) {
                return None;
            }
        }
        let mut next = 0;
        while let Some(&l) = trail.get(next) {
            next += 1;
            // `l` is true: its negation is false in every clause that holds it.
            for &c in &self.occurs[(l ^ 1) as usize] {
                let c = c as usize;
                false_in[c] += 1;
                let clause = self.clause(c);
                if (false_in[c] as usize) + 1 < clause.len() {
                    continue;
                }
                let is_true = |x: u32| value[(x >> 1) as usize] == 1 + (x & 1) as u8;
                if clause.iter().any(|&x| is_true(x)) {
                    continue;
                }
                match clause.iter().find(|&&x| value[(x >> 1) as usize] == 0) {
                    Some(&x) => {
                        assign(x, &mut value, &mut trail);
                    }
                    None => return None,
                }
            }
        }
        Some(trail.iter().map(|&l| self.lit(l)).collect())
    }

    /// The literal of dense literal `l`.
    fn lit(&self, l: u32) -> Lit {
        Lit::new(self.vars[(l >> 1) as usize], l & 1 == 1)
    }

    /// The clauses as they stand once `fixed` holds (literals that [`Self::implied`] gave, so
    /// no clause is all false): each clause `fixed` satisfies left out, the false literals
    /// taken out of the others, which go to `add` one by one. A solver loaded with these and
    /// `fixed` as units has the models of the clauses and `fixed`, without passing over the
    /// satisfied clauses at every propagation.
    pub(crate) fn open_clauses(&self, fixed: &[Lit], mut add: impl FnMut(&[Lit])) {
        // Per dense variable: 0 unassigned, 1 true, 2 false (as in `implied`).
        let mut value = vec![0u8; self.vars.len()];
        for d in fixed.iter().filter_map(|&l| self.dense(l)) {
            value[(d >> 1) as usize] = 1 + (d & 1) as u8;
        }
        let mut open = Vec::new();
        'clauses: for i in 0..self.ends.len() {
            open.clear();
            for &x in self.clause(i) {
                match value[(x >> 1) as usize] {
                    0 => open.push(self.lit(x)),
                    v if v == 1 + (x & 1) as u8 => continue 'clauses,
                    _ => {}
                }
            }
            add(&open);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::dimacs::parse_cnf;

    fn implied(text: &str, assumed: &[i32]) -> Option<Vec<i32>> {
        let cnf = parse_cnf(text.as_bytes(), false).unwrap().cnf;
        let assumed: Vec<Lit> = assumed
            .iter()
            .map(|&l| Lit::from_ipasir(l).unwrap())
            .collect();
        let mut got: Vec<i32> = UnitPropagator::new(&cnf.clauses)
            .implied(&assumed)?
            .iter()
            .map(|l| l.to_ipasir())
            .collect();
        got.sort_unstable();
        Some(got)
    }

    #[test]
    fn units_and_assumptions_propagate_to_a_fixpoint() {
        // A chain: 1 forces 2 forces 3; 4 is left open.
        let chain = "p cnf 4 3\n-1 2 0\n-2 3 0\n3 4 -1 0\n";
        assert_eq!(implied(chain, &[]), Some(vec![]));
        assert_eq!(implied(chain, &[1]), Some(vec![1, 2, 3]));
        assert_eq!(implied(chain, &[-3]), Some(vec![-3, -2, -1]));
        // The file's own units, a duplicate literal and a tautology (read as written).
        let file = "p cnf 3 3\n1 0\n-1 2 2 0\n3 -3 -2 0\n";
        assert_eq!(implied(file, &[]), Some(vec![1, 2]));
        // Conflicts: with an assumption, between units, an empty clause.
        assert_eq!(implied(chain, &[1, -3]), None);
        assert_eq!(implied("p cnf 1 2\n1 0\n-1 0\n", &[]), None);
        assert_eq!(implied("p cnf 1 1\n0\n", &[]), None);
        // An assumption on a variable in no clause is left out; a huge id costs nothing.
        assert_eq!(
            implied("p cnf 2147483646 1\n2147483646 0\n", &[5]),
            Some(vec![2147483646])
        );
    }

    #[test]
    fn open_clauses_keep_the_models_under_the_fixed_literals() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let lit = |rng: &mut rand_chacha::ChaCha8Rng| {
            Lit::new(rng.random_range(0..6), rng.random_bool(0.5))
        };
        let holds = |clause: &[Lit], bits: u32| {
            clause
                .iter()
                .any(|l| (bits >> l.vidx() & 1 == 1) != l.is_neg())
        };
        let (mut checked, mut simplified) = (0, 0);
        for _ in 0..600 {
            // Duplicates, clashes (tautologies) and units as they come.
            let mut clauses = Clauses::default();
            for _ in 0..rng.random_range(4..12) {
                let clause: Vec<Lit> = (0..rng.random_range(1..4)).map(|_| lit(&mut rng)).collect();
                clauses.push_raw(&clause);
            }
            let propagator = UnitPropagator::new(&clauses);
            let assumed: Vec<Lit> = (0..rng.random_range(0..3)).map(|_| lit(&mut rng)).collect();
            let Some(fixed) = propagator.implied(&assumed) else {
                continue;
            };
            let mut open = Clauses::default();
            propagator.open_clauses(&fixed, |c| open.push_raw(c));
            for clause in open.iter() {
                assert!(!clause.is_empty(), "an open clause is never all false");
                assert!(
                    clause
                        .iter()
                        .all(|l| fixed.iter().all(|f| f.var() != l.var())),
                    "no open clause mentions a fixed variable"
                );
            }
            for bits in 0..1u32 << 6 {
                let agrees = fixed.iter().all(|&f| holds(&[f], bits));
                let before = agrees && clauses.iter().all(|c| holds(c, bits));
                let after = agrees && open.iter().all(|c| holds(c, bits));
                assert_eq!(before, after, "{clauses:?} under {fixed:?} at {bits:06b}");
            }
            checked += 1;
            simplified += usize::from(open.len() < clauses.len());
        }
        assert!(
            checked > 250 && simplified > 200,
            "{checked} checked, {simplified} simplified"
        );
    }
}
