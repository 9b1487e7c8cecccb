//! Cardinality and pseudo-boolean encodings against brute force on small random instances:
//! every choice (`--card`, `--pb`) must accept exactly the assignments the arithmetic accepts.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satpuz::choice::Choice;
use satpuz::cnf::{ClauseSink, Cnf, Lit};
use satpuz::encode::card::{self, Card};
use satpuz::encode::pb::{self, Pb};
use satpuz::solve::{Varisat, enumerate};

#[derive(Debug, Clone, Copy)]
enum Op {
    AtMost,
    AtLeast,
    Exactly,
}

const OPS: [Op; 3] = [Op::AtMost, Op::AtLeast, Op::Exactly];

/// A formula over `n` named input variables, projected onto them.
fn inputs(n: usize) -> (Cnf, Vec<Lit>) {
    let mut cnf = Cnf::new();
    let vars: Vec<Lit> = (0..n)
        .map(|i| cnf.vars.named(format!("x{i}")).pos_lit())
        .collect();
    cnf.primary = vars.iter().map(|l| l.var()).collect();
    (cnf, vars)
}

/// Every projected model of the formula, as bit masks over the inputs.
fn models(mut cnf: Cnf, n: usize) -> BTreeSet<u32> {
    let mut solver = Varisat::with_cnf(&cnf);
    let mut found = BTreeSet::new();
    enumerate(&mut cnf, &mut solver, None, |m| {
        let mask = (0..n).filter(|&i| m[i]).fold(0u32, |acc, i| acc | 1 << i);
        assert!(found.insert(mask), "enumeration repeated a model");
        ControlFlow::Continue(())
    })
    .unwrap();
    found
}

fn holds(op: Op, sum: usize, k: usize) -> bool {
    match op {
        Op::AtMost => sum <= k,
        Op::AtLeast => sum >= k,
        Op::Exactly => sum == k,
    }
}

fn value(mask: u32, l: Lit) -> bool {
    (mask >> l.var().idx() & 1 == 1) != l.is_neg()
}

fn brute_force(n: usize, terms: &[(Lit, usize)], op: Op, k: usize) -> BTreeSet<u32> {
    (0..1u32 << n)
        .filter(|&m| {
            let sum: usize = terms.iter().filter(|t| value(m, t.0)).map(|t| t.1).sum();
            holds(op, sum, k)
        })
        .collect()
}

#[test]
fn pb_encodings_agree_with_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut nontrivial = 0;
    for case in 0..300 {
        let n = rng.random_range(1..=6);
        let (_, vars) = inputs(n);
        // Repeated variables and both polarities on purpose: normalisation must handle them.
        let terms: Vec<(Lit, usize)> = (0..rng.random_range(1..=8))
            .map(|_| {
                let l = vars[rng.random_range(0..n)];
                let l = if rng.random_bool(0.5) { l } else { !l };
                (l, rng.random_range(0..=6))
            })
            .collect();
        let total: usize = terms.iter().map(|t| t.1).sum();
        let k = rng.random_range(0..=total + 1);
        let op = OPS[case % 3];
        let expected = brute_force(n, &terms, op, k);
        if !expected.is_empty() && expected.len() < 1 << n {
            nontrivial += 1;
        }
        for choice in Pb::ALL {
            let (mut cnf, _) = inputs(n);
            match op {
                Op::AtMost => pb::at_most(&mut cnf, &terms, k, choice),
                Op::AtLeast => pb::at_least(&mut cnf, &terms, k, choice),
                Op::Exactly => pb::exactly(&mut cnf, &terms, k, choice),
            }
            assert_eq!(
                models(cnf, n),
                expected,
                "case {case}: {op:?} {k} of {terms:?} with {}",
                choice.name()
            );
        }
    }
    assert!(nontrivial > 100, "too few informative cases: {nontrivial}");
}

#[test]
fn card_encodings_agree_with_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for case in 0..300 {
        let n = rng.random_range(1..=7);
        let (_, vars) = inputs(n);
        let mut lits = Vec::new();
        for &l in &vars {
            if rng.random_bool(0.8) {
                lits.push(if rng.random_bool(0.5) { l } else { !l });
            }
        }
        let k = rng.random_range(0..=lits.len() + 1);
        let op = OPS[case % 3];
        let terms: Vec<(Lit, usize)> = lits.iter().map(|&l| (l, 1)).collect();
        let expected = brute_force(n, &terms, op, k);
        for choice in Card::ALL {
            let (mut cnf, _) = inputs(n);
            match op {
                Op::AtMost => card::at_most(&mut cnf, &lits, k, choice),
                Op::AtLeast => card::at_least(&mut cnf, &lits, k, choice),
                Op::Exactly => card::exactly(&mut cnf, &lits, k, choice),
            }
            assert_eq!(
                models(cnf, n),
                expected,
                "case {case}: {op:?} {k} of {lits:?} with {}",
                choice.name()
            );
        }
    }
}

/// The PB encoders must not lose weight to a literal that appears twice (rustsat takes a map).
#[test]
fn repeated_literal_counts_twice() {
    for choice in Pb::ALL {
        let (mut cnf, v) = inputs(2);
        pb::exactly(&mut cnf, &[(v[0], 2), (v[0], 3), (v[1], 4)], 5, choice);
        assert_eq!(models(cnf, 2), BTreeSet::from([0b01]), "{}", choice.name());
    }
}

/// Grouped sums (at most one term per group, stated in the formula) and order-encoded numbers
/// against brute force over the assignments that keep those side conditions.
#[test]
fn grouped_and_unary_sums_agree_with_brute_force() {
    use satpuz::encode::amo::{Amo, at_most_one};
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for case in 0..200 {
        let n = rng.random_range(2..=8);
        let (_, vars) = inputs(n);
        // split the variables into groups, each with random weights
        let mut groups: Vec<Vec<(Lit, usize)>> = Vec::new();
        for &v in &vars {
            let l = if rng.random_bool(0.7) { v } else { !v };
            let w = rng.random_range(1..=5);
            match groups.last_mut() {
                Some(g) if rng.random_bool(0.5) => g.push((l, w)),
                _ => groups.push(vec![(l, w)]),
            }
        }
        let total: usize = groups
            .iter()
            .map(|g| g.iter().map(|t| t.1).max().unwrap())
            .sum();
        let k = rng.random_range(0..=total + 1);
        let amo_ok = |m: u32| {
            groups
                .iter()
                .all(|g| g.iter().filter(|t| value(m, t.0)).count() <= 1)
        };
        let expected: BTreeSet<u32> = (0..1u32 << n)
            .filter(|&m| amo_ok(m))
            .filter(|&m| {
                let sum: usize = groups
                    .iter()
                    .flatten()
                    .filter(|t| value(m, t.0))
                    .map(|t| t.1)
                    .sum();
                sum == k
            })
            .collect();
        for choice in Pb::ALL {
            let (mut cnf, _) = inputs(n);
            for g in &groups {
                let lits: Vec<Lit> = g.iter().map(|t| t.0).collect();
                at_most_one(&mut cnf, &lits, Amo::Pairwise);
            }
            pb::exactly_grouped(&mut cnf, &groups, k, choice);
            assert_eq!(
                models(cnf, n),
                expected,
                "case {case}: groups {groups:?} = {k}, {}",
                choice.name()
            );
        }
    }
    // Order-encoded numbers: each leaf is a run of literals, some repeated (weights).
    for case in 0..200 {
        let n = rng.random_range(1..=6);
        let (_, vars) = inputs(n);
        let mut leaves: Vec<Vec<Lit>> = Vec::new();
        let mut i = 0;
        while i < n {
            let len = rng.random_range(1..=(n - i).min(3));
            let mut leaf = Vec::new();
            for &v in &vars[i..i + len] {
                for _ in 0..rng.random_range(1..=3) {
                    leaf.push(v);
                }
            }
            leaves.push(leaf);
            i += len;
        }
        let max: usize = leaves.iter().map(Vec::len).sum();
        let (lo, hi) = (rng.random_range(0..=max + 1), rng.random_range(0..=max + 1));
        let (lower, upper) = match case % 3 {
            0 => (Some(lo), None),
            1 => (None, Some(hi)),
            _ => (Some(lo.min(hi)), Some(hi.max(lo))),
        };
        let ordered = |m: u32| {
            leaves
                .iter()
                .all(|leaf| leaf.windows(2).all(|w| !value(m, w[1]) || value(m, w[0])))
        };
        let expected: BTreeSet<u32> = (0..1u32 << n)
            .filter(|&m| ordered(m))
            .filter(|&m| {
                let sum = leaves.iter().flatten().filter(|&&l| value(m, l)).count();
                lower.is_none_or(|l| sum >= l) && upper.is_none_or(|u| sum <= u)
            })
            .collect();
        let (mut cnf, _) = inputs(n);
        for leaf in &leaves {
            for w in leaf.windows(2) {
                cnf.add_clause(&[!w[1], w[0]]);
            }
        }
        pb::unary_bound(&mut cnf, &leaves, upper, lower);
        assert_eq!(
            models(cnf, n),
            expected,
            "case {case}: {leaves:?} in {lower:?}..{upper:?}"
        );
    }
}
