//! varisat's switches that change the search's path (`vendor/varisat/PATCHES.md`): throttled
//! unit simplification (the fifth change: between two simplifications clauses keep literals
//! fixed at level 0, and clauses true at level 0 stay in the database), unit simplification in
//! place (the eighth change: the watchlists keep their order, and watches whose blocking literal
//! is removed get another), the sixth change's target phases, rephasing, glue restarts and
//! mode switching (decisions take other values, restarts come at other times), the seventh
//! change's vivification of learnt clauses (`varisat_vivify.rs` tests it where it cuts
//! clauses), the ninth change's random decisions (other variables decided, on their saved
//! or a random value), the tenth change's ramping VSIDS decay (other activities), and
//! learning-rate branching (other variables decided), on throughout or switched off after the
//! first model as satpuz's `Branching::LearningRateUntilModel` does.
//! Verdicts, models, failed assumptions, projected counts and DRAT proofs must not notice:
//! checked against brute force and against satpuz's own DRAT checker, on formulas where units
//! arrive at every step (input units, learned units, units added between solves as an
//! activation literal is retired), each switch on and off, rephasing and switching modes every
//! few conflicts, random decisions often.

use proptest::prelude::*;

use satpuz::{cnf::Lit, solve::proof::check_drat};
use varisat::{ExtendFormula, ProofFormat, Solver, config::SolverConfigUpdate};

fn varisat_lit(dimacs: i32) -> varisat::Lit {
    varisat::Lit::from_dimacs(dimacs as isize)
}

/// The switches a solver searches with.
#[derive(Debug, Clone, Copy)]
struct Switches {
    throttled: bool,
    in_place: bool,
    target_phases: bool,
    /// Intervals 0: never; else small, so that these small formulas rephase and switch modes.
    rephase_interval: u64,
    glue_restarts: bool,
    mode_switch_interval: u64,
    /// Vivification of learnt clauses, a round at every restart after every few conflicts.
    vivify: bool,
    /// Random decisions in a thousand (0: none; else often, so that these small formulas
    /// meet them), with random values or saved phases.
    random_decision_permille: u64,
    random_decision_phases: bool,
    /// The VSIDS decay ramps up (the tenth change).
    vsids_decay_ramp: bool,
    /// Learning-rate branching.
    learning_rate: LearningRate,
}

/// Whether and how long a solver branches on learning rates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LearningRate {
    Off,
    On,
    /// On until a solve finds a model, then off (VSIDS takes over the same solver).
    UntilModel,
}

/// After a solve: the switch off if it was on until a model and the solve found one.
fn after_solve(solver: &mut Solver, switches: &mut Switches, sat: bool) {
    if sat && switches.learning_rate == LearningRate::UntilModel {
        switches.learning_rate = LearningRate::Off;
        let mut update = SolverConfigUpdate::new();
        update.learning_rate_branching = Some(false);
        solver.config(&update).expect("a switch is in range");
    }
}

fn switches() -> impl Strategy<Value = Switches> {
    let interval = || prop_oneof![Just(0u64), 1u64..4];
    (
        (any::<bool>(), any::<bool>()),
        any::<bool>(),
        interval(),
        any::<bool>(),
        interval(),
        any::<bool>(),
        prop_oneof![Just(0u64), 100u64..=1000],
        any::<bool>(),
        // Drawn last, so that the recorded regression case draws the rest as it did.
        any::<bool>(),
        prop_oneof![
            Just(LearningRate::Off),
            Just(LearningRate::On),
            Just(LearningRate::UntilModel)
        ],
    )
        .prop_map(
            |(
                (throttled, in_place),
                target_phases,
                rephase_interval,
                glue_restarts,
                mode_switch_interval,
                vivify,
                random_decision_permille,
                random_decision_phases,
                vsids_decay_ramp,
                learning_rate,
            )| {
                Switches {
                    throttled,
                    in_place,
                    target_phases,
                    rephase_interval,
                    glue_restarts,
                    mode_switch_interval,
                    vivify,
                    random_decision_permille,
                    random_decision_phases,
                    vsids_decay_ramp,
                    learning_rate,
                }
            },
        )
}

/// A varisat as satpuz's searches get it, with `switches`.
fn solver<'a>(switches: Switches) -> Solver<'a> {
    let mut solver = Solver::new();
    let mut update = SolverConfigUpdate::new();
    update.throttle_unit_simplify = Some(switches.throttled);
    update.unit_simplify_in_place = Some(switches.in_place);
    update.target_phases = Some(switches.target_phases);
    update.rephase_interval = Some(switches.rephase_interval);
    update.glue_restarts = Some(switches.glue_restarts);
    update.mode_switch_interval = Some(switches.mode_switch_interval);
    update.random_decision_permille = Some(switches.random_decision_permille);
    update.random_decision_phases = Some(switches.random_decision_phases);
    update.vsids_decay_ramp = Some(switches.vsids_decay_ramp);
    update.learning_rate_branching = Some(switches.learning_rate != LearningRate::Off);
    if switches.vivify {
        update.vivify_learnt_clauses = Some(true);
        update.vivify_effort = Some(100_000);
        update.reduce_mids_interval = Some(2);
        update.luby_restart_interval_scale = Some(1);
    }
    solver
        .config(&update)
        .expect("switches and intervals are in range");
    solver
}

/// Whether some assignment of `vars` variables satisfies every clause and assumption.
fn brute_force_sat(vars: u32, clauses: &[Vec<i32>], assumptions: &[i32]) -> bool {
    let holds = |bits: u32, lit: i32| (bits >> (lit.unsigned_abs() - 1) & 1 == 1) == (lit > 0);
    (0..1u32 << vars).any(|bits| {
        assumptions.iter().all(|&lit| holds(bits, lit))
            && clauses
                .iter()
                .all(|c| c.iter().any(|&lit| holds(bits, lit)))
    })
}

fn clause(vars: u32, max_len: usize) -> impl Strategy<Value = Vec<i32>> {
    let var = 1..=vars as i32;
    prop::collection::vec((var, any::<bool>()), 1..=max_len).prop_map(|lits| {
        lits.into_iter()
            .map(|(v, pos)| if pos { v } else { -v })
            .collect()
    })
}

/// One step of an incremental use: clauses to add (a quarter of them units), then a solve under
/// assumptions (DIMACS literals).
type Step = (Vec<Vec<i32>>, Vec<i32>);

/// A number of variables and the steps over them.
fn steps() -> impl Strategy<Value = (u32, Vec<Step>)> {
    (3u32..=10).prop_flat_map(|vars| {
        let step = (
            prop::collection::vec(clause(vars, 4), 0..6),
            prop::collection::vec(clause(vars, 1).prop_map(|c| c[0]), 0..4),
        );
        (Just(vars), prop::collection::vec(step, 1..12))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn incremental_solves_with_units_between_them_agree_with_brute_force(
        (vars, steps) in steps(),
        switches in switches(),
    ) {
        let mut switches = switches;
        let mut solver = solver(switches);
        let mut clauses: Vec<Vec<i32>> = Vec::new();
        for (added, assumptions) in steps {
            for c in added {
                let lits: Vec<varisat::Lit> = c.iter().map(|&l| varisat_lit(l)).collect();
                solver.add_clause(&lits);
                clauses.push(c);
            }
            let assumed: Vec<varisat::Lit> = assumptions.iter().map(|&l| varisat_lit(l)).collect();
            solver.assume(&assumed);
            let sat = solver.solve().expect("no proof, no interrupt");
            after_solve(&mut solver, &mut switches, sat);
            prop_assert_eq!(sat, brute_force_sat(vars, &clauses, &assumptions));
            if sat {
                let model = solver.model().expect("a model after SAT");
                let value = |l: i32| model.contains(&varisat_lit(l));
                prop_assert!(assumptions.iter().all(|&l| value(l)));
                prop_assert!(clauses.iter().all(|c| c.iter().any(|&l| value(l))));
            } else if let Some(core) = solver.failed_core() {
                // The core is a subset of the assumptions that alone contradicts the formula.
                let core: Vec<i32> = core.iter().map(|l| l.to_dimacs() as i32).collect();
                prop_assert!(core.iter().all(|l| assumptions.contains(l)));
                prop_assert!(!brute_force_sat(vars, &clauses, &core));
            }
        }
    }

    #[test]
    fn projected_enumeration_counts_as_brute_force(
        clauses in prop::collection::vec(clause(8, 3), 4..30),
        projected_mask in 1u32..256,
        switches in switches(),
    ) {
        let mut switches = switches;
        let mut solver = solver(switches);
        for c in &clauses {
            let lits: Vec<varisat::Lit> = c.iter().map(|&l| varisat_lit(l)).collect();
            solver.add_clause(&lits);
        }
        // Projected variables may be fixed at level 0 or in no clause at all.
        let projected: Vec<u32> = (0..8).filter(|v| projected_mask >> v & 1 == 1).collect();
        let vars: Vec<varisat::Var> =
            projected.iter().map(|&v| varisat::Var::from_index(v as usize)).collect();
        solver.start_projected_enumeration(&vars);
        let mut found = std::collections::BTreeSet::new();
        while solver.solve().expect("no proof, no interrupt") {
            after_solve(&mut solver, &mut switches, true);
            let key: Vec<bool> = vars.iter().map(|&v| solver.model_value(v) == Some(true)).collect();
            prop_assert!(found.insert(key), "a projection found twice");
        }
        let satisfied = |bits: u32| {
            clauses.iter().all(|c| c.iter().any(|&l| (bits >> (l.unsigned_abs() - 1) & 1 == 1) == (l > 0)))
        };
        let brute: std::collections::BTreeSet<Vec<bool>> = (0..1u32 << 8)
            .filter(|&bits| satisfied(bits))
            .map(|bits| projected.iter().map(|&v| bits >> v & 1 == 1).collect())
            .collect();
        prop_assert_eq!(found, brute);
    }

    #[test]
    fn refutations_that_learn_units_have_drat_proofs_that_check(
        clauses in prop::collection::vec(clause(14, 3), 40..75),
        switches in switches(),
    ) {
        let mut proof = Vec::new();
        let sat = {
            let mut solver = solver(switches);
            solver.write_proof(&mut proof, ProofFormat::Drat);
            for c in &clauses {
                let lits: Vec<varisat::Lit> = c.iter().map(|&l| varisat_lit(l)).collect();
                solver.add_clause(&lits);
            }
            let sat = solver.solve().expect("the proof writes to memory");
            if sat {
                let model = solver.model().expect("a model after SAT");
                prop_assert!(clauses.iter().all(|c| c.iter().any(|&l| model.contains(&varisat_lit(l)))));
            }
            solver.close_proof().expect("the proof writes to memory");
            sat
        };
        prop_assert_eq!(sat, brute_force_sat(14, &clauses, &[]));
        if !sat {
            let ours: Vec<Vec<Lit>> = clauses
                .iter()
                .map(|c| c.iter().map(|&l| Lit::from_ipasir(l).expect("nonzero")).collect())
                .collect();
            prop_assert!(check_drat(&ours, &proof).is_ok());
        }
    }
}
