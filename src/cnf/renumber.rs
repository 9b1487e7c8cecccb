//! Dense renumbering of a formula read from a file whose variable ids leave wide gaps.
//!
//! Every solver here (varisat, minisat, CaDiCaL, kissat) allocates per variable id up to the
//! largest one a clause names: `p cnf 2147483646 1` / `2147483646 0` made varisat take over
//! 24 GB and be killed. A formula whose ids are sparse is renumbered before it reaches a solver:
//! the variables the file mentions (in a clause, the projection or a name) become `0..k` in the
//! same order, and the declared count stays, so the variables in no clause are still free ones
//! that counts multiply by (ids `k..`). Answers are mapped back to the file's ids.
//!
//! rustsat's [`ReindexingVarManager`] keeps the map; the mentioned ids are given to it in
//! increasing order, so the renumbering keeps the order of the variables.

use rustsat::instances::{ReindexVars, ReindexingVarManager};

use super::{Cnf, Lit, Var};

/// Ids beyond what the file mentions that are left as they are: a solver's cost for them
/// (varisat: about 40 bytes each) stays under ~40 MB.
const GAP_ALLOWED: u32 = 1 << 20;

/// The map between a sparse formula's variables and the dense ones a solver is given.
#[derive(Debug)]
pub struct Renumbering {
    map: ReindexingVarManager,
    /// Variables mentioned (`0..mentioned` are dense ids).
    mentioned: u32,
}

impl Renumbering {
    /// Renumbers `cnf` densely when the largest variable it mentions is far beyond how many it
    /// mentions (by more than a million ids and more than it mentions); None, and `cnf` left
    /// as it is, otherwise. The declared variable count stays.
    pub fn compact_sparse(cnf: &mut Cnf) -> Option<Renumbering> {
        let mentioned = || {
            let clause_vars = cnf.clauses.iter().flatten().map(|l| l.var());
            let named = cnf.vars.names().map(|(v, _)| v);
            clause_vars
                .chain(cnf.primary.iter().copied())
                .chain(named)
                .map(Var::idx32)
        };
        let largest = mentioned().max()?;
        // Nothing to count for the usual file, whose ids are all small.
        if largest < GAP_ALLOWED {
            return None;
        }
        let occurrences = mentioned().count();
        let sparse =
            |count: usize| largest as usize + 1 - count > (GAP_ALLOWED as usize).max(count);
        // The distinct variables, by a bit per id while that costs no more than the clauses'
        // own 4 bytes per literal (a large file with dense ids: no sort, no copy of its
        // literals), else sorted (few literals naming far ids).
        let sorted: Vec<u32> = if largest as usize / 8 <= 4 * occurrences {
            let mut seen = vec![0u64; largest as usize / 64 + 1];
            for v in mentioned() {
                seen[v as usize / 64] |= 1 << (v % 64);
            }
            let count: u32 = seen.iter().map(|w| w.count_ones()).sum();
            if !sparse(count as usize) {
                return None;
            }
            (0..=largest)
                .filter(|&v| seen[v as usize / 64] & (1 << (v % 64)) != 0)
                .collect()
        } else {
            let mut all: Vec<u32> = mentioned().collect();
            all.sort_unstable();
            all.dedup();
            if !sparse(all.len()) {
                return None;
            }
            all
        };
        let count = sorted.len() as u32;
        let mut map = ReindexingVarManager::default();
        for &v in &sorted {
            map.reindex(Var::new(v));
        }
        let mut renumbering = Renumbering {
            map,
            mentioned: count,
        };
        *cnf = renumbering.rename(cnf, |map, v| Some(map.reindex(v)))?;
        Some(renumbering)
    }

    /// How many variables the file mentions (the dense ids `0..` this).
    pub fn mentioned(&self) -> u32 {
        self.mentioned
    }

    /// The file's variable for a dense one; None for a variable the file does not mention.
    pub fn original(&self, dense: Var) -> Option<Var> {
        if dense.idx32() >= self.mentioned {
            return None;
        }
        self.map.reverse(dense)
    }

    /// The file's literal for a dense one; None for a variable the file does not mention.
    pub fn original_lit(&self, dense: Lit) -> Option<Lit> {
        self.map
            .reverse_lit(dense)
            .filter(|_| dense.var().idx32() < self.mentioned)
    }

    /// A dense formula in the file's ids again (the refuted formula `prove` writes). None when
    /// it names a variable the file does not mention.
    pub fn restore(&mut self, cnf: &Cnf) -> Option<Cnf> {
        let mentioned = self.mentioned;
        self.rename(cnf, |map, v| {
            (v.idx32() < mentioned).then(|| map.reverse(v)).flatten()
        })
    }

    /// `cnf` with every variable renamed (clauses, projection, names), the declared count
    /// kept; None when `rename` has no name for one.
    fn rename(
        &mut self,
        cnf: &Cnf,
        mut rename: impl FnMut(&mut ReindexingVarManager, Var) -> Option<Var>,
    ) -> Option<Cnf> {
        let mut out = Cnf::new();
        out.vars.reserve(cnf.num_vars());
        let mut lits = Vec::new();
        for clause in cnf.clauses.iter() {
            lits.clear();
            for &l in clause {
                let v = rename(&mut self.map, l.var())?;
                lits.push(Lit::new(v.idx32(), l.is_neg()));
            }
            out.clauses.push_raw(&lits);
        }
        for &v in &cnf.primary {
            out.primary.push(rename(&mut self.map, v)?);
        }
        out.primary_one_hot = cnf.primary_one_hot;
        for (v, name) in cnf.vars.names() {
            out.vars.set_name(rename(&mut self.map, v)?, name);
        }
        out.stats = cnf.stats.clone();
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::ClauseSink;
    use crate::cnf::dimacs::parse_cnf;

    fn parse(text: &str) -> Cnf {
        parse_cnf(text.as_bytes(), false).unwrap().cnf
    }

    /// Both ways of counting the distinct variables (a bit per id for many literals, sorted
    /// for few) draw the line where it is: more than a million ids unused, and more than used.
    #[test]
    fn sparse_begins_where_it_should_counted_either_way() {
        let (few, many) = (GAP_ALLOWED + 5, 3 * GAP_ALLOWED);
        // (largest id, variables used: 0..used-1 and the largest, sparse?)
        for (largest, used, sparse) in [
            // Few literals, sorted: a million and more unused only below 6 used.
            (few, 5, true),
            (few, 6, false),
            // Many, by bits: the unused must outnumber the used too.
            (many, many / 2, true),
            (many, many / 2 + 1, false),
        ] {
            let mut cnf = Cnf::new();
            for v in 0..used - 1 {
                cnf.add_clause(&[Var::new(v).pos_lit()]);
            }
            cnf.add_clause(&[Var::new(largest).neg_lit()]);
            let ren = Renumbering::compact_sparse(&mut cnf);
            assert_eq!(ren.is_some(), sparse, "largest {largest}, used {used}");
            if let Some(ren) = ren {
                assert_eq!(ren.mentioned(), used);
                assert_eq!(ren.original(Var::new(used - 1)), Some(Var::new(largest)));
                let last = cnf.clauses.iter().last().unwrap();
                assert_eq!(last, &[Var::new(used - 1).neg_lit()]);
            }
        }
    }

    #[test]
    fn dense_files_stay_as_they_are() {
        let mut cnf = parse("p cnf 3000000 2\n1 -2 0\n2000 0\n");
        assert!(Renumbering::compact_sparse(&mut cnf).is_none());
        let mut cnf = parse("p cnf 3000000 1\n3000000 0\n");
        // 3,000,000 ids for one variable: renumbered.
        let ren = Renumbering::compact_sparse(&mut cnf).unwrap();
        assert_eq!(ren.mentioned(), 1);
        assert_eq!(cnf.num_vars(), 3_000_000, "the declared count stays");
        assert_eq!(cnf.clauses.iter().next().unwrap(), &[Var::new(0).pos_lit()]);
    }

    #[test]
    fn order_names_projection_and_restore() {
        let text = "p cnf 2147483646 3\nc 2147483646 big\nc p show 7 2000000000 0\n\
                    -2147483646 7 0\n2000000000 -5 0\n5 0\n";
        let file = parse(text);
        let mut cnf = file.clone();
        let mut ren = Renumbering::compact_sparse(&mut cnf).unwrap();
        assert_eq!(ren.mentioned(), 4);
        // 5 < 7 < 2000000000 < 2147483646 keep their order as 0 < 1 < 2 < 3.
        let d = |i: u32| Var::new(i);
        let clauses: Vec<Vec<Lit>> = cnf.clauses.iter().map(<[Lit]>::to_vec).collect();
        assert_eq!(
            clauses,
            vec![
                vec![d(3).neg_lit(), d(1).pos_lit()],
                vec![d(2).pos_lit(), d(0).neg_lit()],
                vec![d(0).pos_lit()],
            ]
        );
        assert_eq!(cnf.primary, vec![d(1), d(2)]);
        assert_eq!(cnf.vars.name(d(3)), Some("big"));
        assert_eq!(ren.original(d(2)), Some(Var::new(1_999_999_999)));
        assert_eq!(ren.original(d(4)), None);
        assert_eq!(
            ren.original_lit(d(3).neg_lit()),
            Some(Var::new(2_147_483_645).neg_lit())
        );
        let back = ren.restore(&cnf).unwrap();
        let back_clauses: Vec<Vec<Lit>> = back.clauses.iter().map(<[Lit]>::to_vec).collect();
        let file_clauses: Vec<Vec<Lit>> = file.clauses.iter().map(<[Lit]>::to_vec).collect();
        assert_eq!(back_clauses, file_clauses);
        assert_eq!(back.primary, file.primary);
        assert_eq!(back.num_vars(), file.num_vars());
        assert_eq!(back.vars.name(Var::new(2_147_483_645)), Some("big"));
        let mut extra = cnf.clone();
        extra.add_clause(&[d(4).pos_lit()]);
        assert!(
            ren.restore(&extra).is_none(),
            "a variable the file does not name"
        );
    }
}
