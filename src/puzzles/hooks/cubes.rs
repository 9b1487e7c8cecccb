//! Solving in cubes: the search split on where the outermost hooks lie.
//!
//! With a free layout the side-n hook takes the first or the last row (and column), the
//! side-(n-1) hook one end of what is left, and so on: peeling [`CUBE_DEPTH`] hooks gives
//! 2^depth cases per axis, each a conjunction of the layout's order literals, and their
//! products over the two axes are the cubes (256 for depth 4). One solver runs them in turn
//! under assumptions (learned clauses kept); the first grid is blocked, and its cube and every
//! later one must then be UNSAT (the earlier ones already were), so the cubes together are
//! the same uniqueness proof as one plain solve. It pays where the eager clues leave the
//! layout open for long (Hooks 9's GCD lines: 1.26 s of CPU plain, 0.60 to 0.95 s in cubes
//! over 13 orders of the cubes) and costs where they pin it down early (Hooks #4's run
//! products: 0.75 s plain, 0.95 to 1.57 s in cubes), so the puzzle's rules choose: see
//! [`wants_cubes`] and docs/hooks.md.

use crate::cnf::{Cnf, Lit};
use crate::model::Bit;
use crate::solve::{self, Backend, SolveError, Verdict};

use super::format::{HookLayout, HooksPuzzle, Rule};

/// Whether `p` is solved in cubes: a free layout (there is something to split) clued by GCDs
/// on every line (whose divisibility automata constrain the layout little). Hooks #6, whose
/// edge GCDs sit beside products, gains nothing (62 to 92 ms against 86 ms plain, criterion
/// under load) and stays plain, as do #4 and 11 (measured in docs/hooks.md).
pub(crate) fn wants_cubes(p: &HooksPuzzle) -> bool {
    p.hooks == HookLayout::Free && p.n >= 3 && p.has(Rule::LineGcdOfConcatenations)
}

/// How many outer hooks per axis the cubes fix. Hooks 9's CPU by depth (least of seven
/// orders of the cubes .. median): 1 (4 cubes) 1.19 s, 2 0.74 .. 0.97 s, 3 0.64 .. 0.98 s,
/// 4 0.60 .. 0.76 s, 5 0.67 .. 0.83 s.
pub(crate) const CUBE_DEPTH: usize = 4;

/// The cubes over the placements of the `depth` outermost hooks on each axis (`ge[line][v]`:
/// the line's hook has side >= v), as bits; `None` where a bit is a constant (no split then).
/// Peeling from the outside, the hook of side v takes one end of the block of lines still
/// left, so "the block's first line has side >= v" splits the cases in two, `2^depth` per
/// axis.
pub(crate) fn outer_hook_cubes(
    rows: &[Vec<Bit>],
    cols: &[Vec<Bit>],
    depth: usize,
) -> Option<Vec<Vec<Bit>>> {
    fn axis(ge: &[Vec<Bit>], lo: usize, hi: usize, v: usize, depth: usize) -> Vec<Vec<Bit>> {
        if depth == 0 || lo >= hi {
            return vec![Vec::new()];
        }
        let first = ge[lo][v];
        let mut cases = Vec::new();
        for (bit, lo, hi) in [(first, lo + 1, hi), (!first, lo, hi - 1)] {
            for mut rest in axis(ge, lo, hi, v - 1, depth - 1) {
                rest.insert(0, bit);
                cases.push(rest);
            }
        }
        cases
    }
    let n = rows.len();
    if n < 2 || cols.len() != n {
        return None;
    }
    let (rows, cols) = (
        axis(rows, 0, n - 1, n, depth),
        axis(cols, 0, n - 1, n, depth),
    );
    let cubes: Vec<Vec<Bit>> = rows
        .iter()
        .flat_map(|r| cols.iter().map(move |c| [r.clone(), c.clone()].concat()))
        .collect();
    let constant = cubes.iter().flatten().any(|b| matches!(b, Bit::Const(_)));
    (!constant).then_some(cubes)
}

/// [`solve::solve_unique`] with the search split into `cubes` (assumption sets that together
/// cover every assignment); plain when there are none. The blocking clauses are guarded, as
/// [`solve::enumerate`]'s are, so the backend stays usable for the formula itself.
pub(crate) fn solve_unique_in_cubes(
    cnf: &mut Cnf,
    backend: &mut dyn Backend,
    cubes: &[Vec<Lit>],
) -> Result<Verdict, SolveError> {
    if cubes.is_empty() {
        return solve::solve_unique(cnf, backend);
    }
    let (primary, one_hot) = solve::projection(cnf);
    let act = cnf.vars.fresh().pos_lit();
    let mut models: Vec<Vec<bool>> = Vec::with_capacity(2);
    'cubes: for cube in cubes {
        let mut assumptions = cube.clone();
        assumptions.push(act);
        while backend.solve(&assumptions)? {
            let model = backend.model(cnf.num_vars());
            let mut clause = solve::blocking_clause(&primary, one_hot, &model);
            clause.push(!act);
            models.push(model);
            if models.len() == 2 {
                break 'cubes;
            }
            backend.add_clause(&clause);
        }
    }
    backend.add_clause(&[!act]);
    Ok(Verdict::of_first_two(models))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::ClauseSink;
    use crate::model::{EncodeOptions, Encoded};
    use crate::puzzles::hooks::Layout;

    /// Peeling every hook but the last fixes the whole layout: on a free 5x5 frame the 16 x 16
    /// cubes of depth 4 hold one layout each, so they cover the 4^4 layouts exactly once; at
    /// depth 2 each of the 16 holds 4 x 4 of them.
    #[test]
    fn cubes_split_the_layouts_evenly() {
        for (depth, cubes_expected, per_cube) in [(4, 256, 1), (2, 16, 16)] {
            let mut enc = Encoded::new(EncodeOptions::default());
            let layout = Layout::build(&mut enc, 5, HookLayout::Free);
            let sides: Vec<Bit> = layout
                .row_side
                .iter()
                .chain(&layout.col_side)
                .flatten()
                .copied()
                .collect();
            enc.project_on(&sides, false);
            let cubes = outer_hook_cubes(&layout.row_side, &layout.col_side, depth)
                .expect("a free layout has variables to split on");
            assert_eq!(cubes.len(), cubes_expected);
            let mut cnf = enc.cnf.clone();
            let mut total = 0;
            for cube in &cubes {
                let lits: Vec<Lit> = cube.iter().map(|&b| enc.lit(b).unwrap()).collect();
                let mut cubed = cnf.clone();
                for &l in &lits {
                    cubed.add_clause(&[l]);
                }
                let layouts = solve::count(&mut cubed, None).unwrap();
                assert_eq!(layouts, per_cube, "depth {depth}, cube {lits:?}");
                total += layouts;
            }
            assert_eq!(total, 4u64.pow(4));
            assert_eq!(solve::count(&mut cnf, None).unwrap(), 4u64.pow(4));
        }
    }

    /// A fixed layout has nothing to split.
    #[test]
    fn a_fixed_layout_has_no_cubes() {
        let mut enc = Encoded::new(EncodeOptions::default());
        let layout = Layout::build(&mut enc, 5, HookLayout::Fixed);
        assert!(outer_hook_cubes(&layout.row_side, &layout.col_side, CUBE_DEPTH).is_none());
    }
}
