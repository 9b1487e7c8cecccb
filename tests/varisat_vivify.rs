//! varisat's vivification of learnt clauses (`vendor/varisat/PATCHES.md`, the seventh change):
//! learnt clauses of the core and mid tiers are cut to the literals that propagation shows
//! needed. On formulas large enough that it does cut clauses (random 3-SAT near the threshold,
//! rounds after every few conflicts), verdicts, models, failed assumptions and DRAT proofs must
//! be as good as without it: models satisfy every clause and assumption, a failed core
//! contradicts the formula by a solver without vivification, the verdicts agree with that
//! solver's, and every refutation's DRAT proof checks by satpuz's own checker. The small
//! formulas of `varisat_switches.rs` run vivified against brute force too.

use satpuz::{cnf::Lit, solve::proof::check_drat};
use varisat::{ExtendFormula, ProofFormat, Solver, VivifyStats, config::SolverConfigUpdate};

/// A solver vivifying as often as it can (a round at every restart, restarts every few
/// conflicts, no budget to speak of), or one without vivification.
fn solver<'a>(vivify: bool) -> Solver<'a> {
    let mut solver = Solver::new();
    if vivify {
        let mut update = SolverConfigUpdate::new();
        update.vivify_learnt_clauses = Some(true);
        update.vivify_effort = Some(100_000);
        update.reduce_mids_interval = Some(20);
        update.luby_restart_interval_scale = Some(4);
        solver.config(&update).expect("in range");
    }
    solver
}

/// Random 3-SAT over `vars` variables, `clauses` clauses, from a seed (xorshift: the test needs
/// no more randomness than that).
fn random_3sat(seed: u64, vars: u32, clauses: usize) -> Vec<Vec<i32>> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..clauses)
        .map(|_| {
            let mut clause: Vec<i32> = Vec::with_capacity(3);
            while clause.len() < 3 {
                let var = (next() % u64::from(vars)) as i32 + 1;
                if clause.iter().all(|l| l.abs() != var) {
                    clause.push(if next() & 1 == 1 { var } else { -var });
                }
            }
            clause
        })
        .collect()
}

fn lits(clause: &[i32]) -> Vec<varisat::Lit> {
    clause
        .iter()
        .map(|&l| varisat::Lit::from_dimacs(l as isize))
        .collect()
}

fn add_all(solver: &mut Solver, clauses: &[Vec<i32>]) {
    for c in clauses {
        solver.add_clause(&lits(c));
    }
}

fn satisfies(model: &[varisat::Lit], clauses: &[Vec<i32>]) -> bool {
    clauses
        .iter()
        .all(|c| lits(c).iter().any(|l| model.contains(l)))
}

fn add_stats(total: &mut VivifyStats, stats: VivifyStats) {
    total.rounds += stats.rounds;
    total.tried += stats.tried;
    total.shortened += stats.shortened;
    total.literals_removed += stats.literals_removed;
}

#[test]
fn vivified_refutations_have_drat_proofs_that_check() {
    let mut total = VivifyStats::default();
    let mut refuted = 0;
    for seed in 1..=12 {
        let clauses = random_3sat(seed, 60, 270);
        let mut proof = Vec::new();
        let (sat, stats) = {
            let mut solver = solver(true);
            solver.write_proof(&mut proof, ProofFormat::Drat);
            add_all(&mut solver, &clauses);
            let sat = solver.solve().expect("the proof writes to memory");
            if sat {
                let model = solver.model().expect("a model after SAT");
                assert!(
                    satisfies(&model, &clauses),
                    "seed {seed}: a model that fails"
                );
            }
            solver.close_proof().expect("the proof writes to memory");
            (sat, solver.vivify_stats())
        };
        add_stats(&mut total, stats);
        let mut plain = solver(false);
        add_all(&mut plain, &clauses);
        assert_eq!(sat, plain.solve().expect("no proof"), "seed {seed}");
        if !sat {
            refuted += 1;
            let ours: Vec<Vec<Lit>> = clauses
                .iter()
                .map(|c| {
                    c.iter()
                        .map(|&l| Lit::from_ipasir(l).expect("nonzero"))
                        .collect()
                })
                .collect();
            check_drat(&ours, &proof)
                .unwrap_or_else(|e| panic!("seed {seed}: the DRAT proof fails: {e:?}"));
        }
    }
    assert!(refuted >= 3, "too few refutations to test: {refuted}");
    assert!(
        total.shortened > 0 && total.literals_removed >= total.shortened,
        "vivification shortened nothing: {total:?}"
    );
}

#[test]
fn vivified_incremental_solves_under_assumptions_agree_with_a_plain_solver() {
    let mut total = VivifyStats::default();
    for seed in 1..=8 {
        let clauses = random_3sat(100 + seed, 60, 250);
        let mut vivified = solver(true);
        let mut plain = solver(false);
        add_all(&mut vivified, &clauses);
        add_all(&mut plain, &clauses);
        let mut added: Vec<Vec<i32>> = clauses.clone();
        for step in 0..6u64 {
            // Assumptions drawn from the seed and step; a clause over fresh randomness between
            // solves, so later solves start from learnt clauses of earlier ones.
            let extra = random_3sat(seed * 31 + step, 60, 4);
            let assumptions: Vec<i32> = extra[0].clone();
            for c in &extra[1..] {
                vivified.add_clause(&lits(c));
                plain.add_clause(&lits(c));
                added.push(c.clone());
            }
            vivified.assume(&lits(&assumptions));
            plain.assume(&lits(&assumptions));
            let sat = vivified.solve().expect("no proof, no interrupt");
            assert_eq!(
                sat,
                plain.solve().expect("no proof, no interrupt"),
                "seed {seed} step {step}"
            );
            if sat {
                let model = vivified.model().expect("a model after SAT");
                assert!(satisfies(&model, &added), "seed {seed} step {step}");
                assert!(lits(&assumptions).iter().all(|l| model.contains(l)));
            } else {
                let core = vivified.failed_core().expect("a core after UNSAT").to_vec();
                assert!(core.iter().all(|l| lits(&assumptions).contains(l)));
                let mut check = solver(false);
                add_all(&mut check, &added);
                check.assume(&core);
                assert!(
                    !check.solve().expect("no proof"),
                    "seed {seed} step {step}: a failed core the formula allows"
                );
            }
        }
        add_stats(&mut total, vivified.vivify_stats());
    }
    assert!(
        total.shortened > 0,
        "vivification shortened nothing: {total:?}"
    );
}
