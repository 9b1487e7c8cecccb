//! `solve::Session` against brute force on small random models, in every encoding: clues
//! switched on and off, cores, blocking for good and under an activation literal, clues from a
//! plain-CNF encoder, and the minimisers (every set returned fails or forces, and dropping any
//! single member breaks that).

use rand::seq::SliceRandom;
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satpuz::cnf::{Lit, lit_value};
use satpuz::encode::card::{Card, at_most};
use satpuz::model::{Constraint, EncodeOptions, Model, holds};
use satpuz::solve::{
    CutOrder, Deletion, Direction, Growth, Narrowing, NoWitnesses, Role, Session, Witnesses, grow,
    minimal_unique_subset,
};

/// Every way to delete.
fn deletions() -> Vec<Deletion> {
    let mut all = Vec::new();
    for narrowing in [Narrowing::Eager, Narrowing::AtTurn] {
        for direction in [Direction::FirstToLast, Direction::LastToFirst] {
            all.push(Deletion {
                narrowing,
                direction,
            });
        }
    }
    all
}

/// A random constraint over `sizes.len()` variables with these domain sizes.
fn random_constraint(rng: &mut ChaCha8Rng, sizes: &[usize], depth: usize) -> Constraint {
    let n = sizes.len();
    let pick = rng.random_range(0..if depth == 0 { 5 } else { 3 });
    match pick {
        0 => {
            let var = rng.random_range(0..n);
            Constraint::InSet {
                var,
                allowed: (0..sizes[var]).map(|_| rng.random_bool(0.6)).collect(),
            }
        }
        1 => {
            let x = rng.random_range(0..n);
            let y = (x + rng.random_range(1..n)) % n;
            Constraint::Table {
                x,
                y,
                allowed: (0..sizes[x])
                    .map(|_| (0..sizes[y]).map(|_| rng.random_bool(0.6)).collect())
                    .collect(),
            }
        }
        2 => {
            let mut vars: Vec<usize> = (0..n).collect();
            vars.shuffle(rng);
            vars.truncate(2);
            Constraint::AllDifferent(vars)
        }
        3 => Constraint::AnyOf(
            (0..2)
                .map(|_| random_constraint(rng, sizes, depth + 1))
                .collect(),
        ),
        _ => Constraint::AllOf(
            (0..2)
                .map(|_| random_constraint(rng, sizes, depth + 1))
                .collect(),
        ),
    }
}

/// A model of 3 or 4 variables over 2 to 4 values, with `hard` constraints, and `clues` more.
fn random_model(rng: &mut ChaCha8Rng, hard: usize, clues: usize) -> (Model, Vec<Constraint>) {
    let n = rng.random_range(3..=4);
    let sizes: Vec<usize> = (0..n).map(|_| rng.random_range(2..=4)).collect();
    let mut model = Model::new();
    for (i, &size) in sizes.iter().enumerate() {
        model.add_var(format!("x{i}"), (0..size).map(|v| v.to_string()).collect());
    }
    for _ in 0..hard {
        model.add(random_constraint(rng, &sizes, 0));
    }
    let clues = (0..clues)
        .map(|_| random_constraint(rng, &sizes, 0))
        .collect();
    (model, clues)
}

/// Every full assignment of the model's variables.
fn assignments(model: &Model) -> Vec<Vec<usize>> {
    let mut all = vec![Vec::new()];
    for var in &model.vars {
        all = all
            .into_iter()
            .flat_map(|a| {
                (0..var.values.len()).map(move |v| {
                    let mut b = a.clone();
                    b.push(v);
                    b
                })
            })
            .collect();
    }
    all
}

/// The assignments that satisfy the model's own constraints and the clues `on`.
fn solutions(model: &Model, clues: &[Constraint], on: &[usize]) -> Vec<Vec<usize>> {
    assignments(model)
        .into_iter()
        .filter(|a| model.satisfied_by(a) && on.iter().all(|&c| holds(&clues[c], a)))
        .collect()
}

/// A session on the model with every clue added behind its selector.
fn session_with_clues(model: &Model, clues: &[Constraint], opts: EncodeOptions) -> Session {
    let mut session = Session::new(model.encode(opts));
    for (i, c) in clues.iter().enumerate() {
        assert_eq!(session.add_clue(c), i);
    }
    session
}

fn random_subset(rng: &mut impl Rng, n: usize) -> Vec<usize> {
    (0..n).filter(|_| rng.random_bool(0.5)).collect()
}

#[test]
fn guarded_clues_bind_exactly_when_switched_on_and_cores_are_unsat() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let (mut sat, mut unsat) = (0, 0);
    for round in 0..40 {
        let (model, clues) = random_model(&mut rng, 1, 5);
        for opts in EncodeOptions::for_domains() {
            let mut session = session_with_clues(&model, &clues, opts);
            // A hard constraint added after the clues reuses literals they may have made
            // (bit domains make value literals on first use): their definitions must hold
            // whatever clue is on.
            let sizes: Vec<usize> = model.vars.iter().map(|v| v.values.len()).collect();
            let late = random_constraint(&mut rng, &sizes, 0);
            let mut model = model.clone();
            model.add(late.clone());
            session.add_constraint(&late);
            for _ in 0..6 {
                let on = random_subset(&mut rng, clues.len());
                let expected = solutions(&model, &clues, &on);
                let found = session.solve_values(&session.selectors_of(&on)).unwrap();
                match found {
                    Some(values) => {
                        sat += 1;
                        assert!(
                            expected.contains(&values),
                            "round {round} {opts:?}: {values:?} is not a solution with {on:?}"
                        );
                    }
                    None => {
                        unsat += 1;
                        assert!(expected.is_empty(), "round {round} {opts:?}: {on:?}");
                        let core = session.core();
                        assert!(core.iter().all(|c| on.contains(c)), "core within {on:?}");
                        assert!(
                            solutions(&model, &clues, &core).is_empty(),
                            "round {round} {opts:?}: core {core:?} is UNSAT"
                        );
                    }
                }
            }
        }
    }
    assert!(
        sat > 100 && unsat > 100,
        "both verdicts tested: {sat} {unsat}"
    );
}

#[test]
fn blocking_for_good_and_under_activation() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for round in 0..40 {
        let (model, _) = random_model(&mut rng, 2, 0);
        let expected = solutions(&model, &[], &[]);
        for opts in EncodeOptions::for_domains() {
            let mut session = Session::new(model.encode(opts));
            let Some(first) = session.solve_values(&[]).unwrap() else {
                assert!(expected.is_empty(), "round {round} {opts:?}");
                continue;
            };
            // Under activation: forbidden only while assumed.
            let act = session.block_answer_under_activation(&first);
            let other = session.solve_values(&[act]).unwrap();
            assert_eq!(
                other.is_some(),
                expected.len() > 1,
                "round {round} {opts:?}"
            );
            assert_ne!(other.as_ref(), Some(&first));
            assert!(
                session.solve(&[]).unwrap(),
                "without the activation it is back"
            );
            // For good: blocking every answer found enumerates each solution once.
            let mut seen = Vec::new();
            while let Some(values) = session.solve_values(&[]).unwrap() {
                assert!(!seen.contains(&values), "round {round}: {values:?} again");
                session.block_answer(&values);
                seen.push(values);
            }
            seen.sort();
            assert_eq!(seen, expected, "round {round} {opts:?}");
        }
    }
}

#[test]
fn clues_from_a_plain_cnf_encoder_are_guarded_whole() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for round in 0..30 {
        let (model, _) = random_model(&mut rng, 1, 0);
        for opts in EncodeOptions::for_domains() {
            for card in Card::ALL {
                let mut session = Session::new(model.encode(opts));
                // "at most k variables take value 0", in the formula's own value literals.
                let zero: Vec<Lit> = (0..model.vars.len())
                    .map(|v| session.value_lit(v, 0))
                    .collect();
                let k = rng.random_range(0..2);
                let clue = session.add_clue_encoded_by(|_, cnf| at_most(cnf, &zero, k, card));
                let zeros = |a: &[usize]| a.iter().filter(|&&v| v == 0).count();
                let all = solutions(&model, &[], &[]);
                let with: Vec<_> = all.iter().filter(|a| zeros(a) <= k).collect();
                assert_eq!(
                    session.solve(&[]).unwrap(),
                    !all.is_empty(),
                    "round {round}"
                );
                let on = session.selector(clue);
                match session.solve_values(&[on]).unwrap() {
                    Some(values) => {
                        assert!(with.contains(&&values), "round {round}: {values:?}");
                        let model_bits = session.model();
                        assert!(zero.iter().filter(|&&l| lit_value(&model_bits, l)).count() <= k);
                    }
                    None => assert!(with.is_empty(), "round {round} {opts:?} {card:?}"),
                }
            }
        }
    }
}

/// Checks a minimal unsatisfiable set of clues by brute force.
fn assert_minimal_unsat(model: &Model, clues: &[Constraint], set: &[usize], what: &str) {
    assert!(
        solutions(model, clues, set).is_empty(),
        "{what}: {set:?} is UNSAT"
    );
    for &drop in set {
        let rest: Vec<usize> = set.iter().copied().filter(|&c| c != drop).collect();
        assert!(
            !solutions(model, clues, &rest).is_empty(),
            "{what}: {set:?} without {drop} is SAT"
        );
    }
}

#[test]
fn the_minimiser_returns_minimal_unsat_sets() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut tested = 0;
    for round in 0..150 {
        let (model, clues) = random_model(&mut rng, 0, 7);
        let all: Vec<usize> = (0..clues.len()).collect();
        if !solutions(&model, &clues, &all).is_empty() {
            continue;
        }
        tested += 1;
        for opts in EncodeOptions::for_domains() {
            for deletion in deletions() {
                let mut session = session_with_clues(&model, &clues, opts);
                assert!(!session.solve_clues(&all, &[]).unwrap());
                let core = session.failed();
                let mut order = all.clone();
                order.shuffle(&mut rng);
                let items: Vec<(Lit, Role)> = order
                    .iter()
                    .map(|&c| (session.selector(c), Role::Plain))
                    .collect();
                let kept = session
                    .minimise(&items, Some(&core), deletion, &mut NoWitnesses)
                    .unwrap()
                    .kept;
                let set: Vec<usize> = kept.iter().map(|&i| order[i]).collect();
                assert_minimal_unsat(&model, &clues, &set, &format!("round {round}"));
            }
        }
    }
    assert!(tested > 20, "enough contradictory clue sets: {tested}");
}

#[test]
fn the_bounded_minimiser_gives_up_only_when_it_cannot_beat_the_limit() {
    // AtTurn deletion decides by the formula and the order alone, so a bounded pass that
    // does not give up keeps what the unbounded pass keeps.
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let mut tested = 0;
    for round in 0..150 {
        let (model, clues) = random_model(&mut rng, 0, 7);
        let all: Vec<usize> = (0..clues.len()).collect();
        if !solutions(&model, &clues, &all).is_empty() {
            continue;
        }
        tested += 1;
        for direction in [Direction::FirstToLast, Direction::LastToFirst] {
            let deletion = Deletion {
                narrowing: Narrowing::AtTurn,
                direction,
            };
            let mut session = session_with_clues(&model, &clues, EncodeOptions::default());
            let items: Vec<(Lit, Role)> = all
                .iter()
                .map(|&c| (session.selector(c), Role::Plain))
                .collect();
            let kept = session
                .minimise(&items, None, deletion, &mut NoWitnesses)
                .unwrap()
                .kept;
            let size = kept.len();
            let below = |limit: usize| {
                session_with_clues(&model, &clues, EncodeOptions::default())
                    .minimise_below(&items, None, deletion, &mut NoWitnesses, limit)
                    .unwrap()
                    .map(|m| m.kept)
            };
            assert_eq!(below(size + 1), Some(kept.clone()), "round {round}");
            assert_eq!(
                below(size),
                None,
                "round {round}: {size} items cannot beat {size}"
            );
            assert_minimal_unsat(&model, &clues, &kept, &format!("round {round}"));
        }
    }
    assert!(tested > 20, "enough contradictory clue sets: {tested}");
}

#[test]
fn a_fixed_assumption_stays_and_is_not_counted() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut tested = 0;
    for round in 0..150 {
        let (model, clues) = random_model(&mut rng, 0, 6);
        let all: Vec<usize> = (0..clues.len()).collect();
        // Deny one value of one variable as the fixed assumption.
        let mut session = session_with_clues(&model, &clues, EncodeOptions::default());
        let deny = !session.value_lit(0, 0);
        let mut denied = model.clone();
        let size = model.vars[0].values.len();
        denied.add(Constraint::InSet {
            var: 0,
            allowed: (0..size).map(|v| v != 0).collect(),
        });
        if !solutions(&denied, &clues, &all).is_empty() {
            continue;
        }
        tested += 1;
        let mut items = vec![(deny, Role::Fixed)];
        items.extend(all.iter().map(|&c| (session.selector(c), Role::Plain)));
        let kept = session
            .minimise(&items, None, Deletion::EAGER, &mut NoWitnesses)
            .unwrap()
            .kept;
        assert!(!kept.contains(&0), "the fixed item is not reported");
        let set: Vec<usize> = kept.iter().map(|&i| i - 1).collect();
        assert_minimal_unsat(&denied, &clues, &set, &format!("round {round}"));
    }
    assert!(tested > 20, "{tested}");
}

/// Second answers remembered and used, as the Inquest's cut does.
#[derive(Default)]
struct Remembered {
    clues: Vec<Constraint>,
    answers: Vec<Vec<usize>>,
    dropped: Vec<usize>,
}

impl Witnesses for Remembered {
    fn still_open(&mut self, new: &[usize]) -> bool {
        self.answers
            .last()
            .is_some_and(|a| new.iter().all(|&c| holds(&self.clues[c], a)))
    }
    fn shows_needed(&mut self, rest: &[usize], candidate: usize) -> bool {
        self.answers.iter().any(|a| {
            !holds(&self.clues[candidate], a) && rest.iter().all(|&c| holds(&self.clues[c], a))
        })
    }
    fn found(&mut self, answer: &[usize]) {
        self.answers.push(answer.to_vec());
    }
    fn dropped(&mut self, clue: usize) {
        self.dropped.push(clue);
    }
}

#[test]
fn minimal_unique_subsets_force_the_answer_and_need_every_clue() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let mut tested = 0;
    for round in 0..120 {
        let (model, _) = random_model(&mut rng, 0, 0);
        let candidates = assignments(&model);
        let answer = candidates[rng.random_range(0..candidates.len())].clone();
        // Clues true of the answer, drawn until they force it (or give up).
        let sizes: Vec<usize> = model.vars.iter().map(|v| v.values.len()).collect();
        let mut clues = Vec::new();
        while clues.len() < 12 {
            let c = random_constraint(&mut rng, &sizes, 0);
            if holds(&c, &answer) {
                clues.push(c);
            }
        }
        for opts in EncodeOptions::for_domains() {
            for (k, deletion) in deletions().into_iter().enumerate() {
                let blocked_for_good = k % 2 == 1;
                let mut session = Session::new(model.encode(opts));
                let under: Vec<Lit> = if blocked_for_good {
                    session.block_answer(&answer);
                    Vec::new()
                } else {
                    vec![session.block_answer_under_activation(&answer)]
                };
                let mut witnesses = Remembered {
                    clues: clues.clone(),
                    ..Remembered::default()
                };
                let mut on = Vec::new();
                let mut forced = false;
                for c in &clues {
                    on.push(session.add_clue(c));
                    let growth = grow(
                        &mut session,
                        &on,
                        &on[on.len() - 1..],
                        &under,
                        &mut witnesses,
                    )
                    .unwrap();
                    let unique = solutions(&model, &clues, &on).len() == 1;
                    assert_eq!(growth == Growth::Forced, unique, "round {round}: {on:?}");
                    if unique {
                        forced = true;
                        break;
                    }
                }
                if !forced {
                    continue;
                }
                tested += 1;
                let order: Vec<usize> = on.iter().rev().copied().collect();
                let prefer = [order[order.len() - 1]];
                let cut = CutOrder {
                    order: &order,
                    prefer: &prefer,
                    under: &under,
                    deletion,
                    just_forced: true,
                };
                let kept = minimal_unique_subset(&mut session, cut, &mut witnesses)
                    .unwrap()
                    .expect("forced")
                    .kept;
                let what = format!("round {round} {opts:?} {deletion:?}");
                assert_eq!(
                    solutions(&model, &clues, &kept),
                    vec![answer.clone()],
                    "{what}"
                );
                for &drop in &kept {
                    let rest: Vec<usize> = kept.iter().copied().filter(|&c| c != drop).collect();
                    assert!(
                        solutions(&model, &clues, &rest).len() > 1,
                        "{what}: clue {drop} of {kept:?} is needed"
                    );
                }
                assert!(witnesses.dropped.iter().all(|c| !kept.contains(c)));
            }
        }
    }
    assert!(tested > 50, "{tested}");
}

#[test]
fn a_set_that_does_not_force_the_answer_has_no_cut() {
    let mut model = Model::new();
    model.add_var("x", vec!["a".into(), "b".into(), "c".into()]);
    let clue = Constraint::InSet {
        var: 0,
        allowed: vec![true, true, false],
    };
    let mut session = Session::new(model.encode(EncodeOptions::default()));
    let under = [session.block_answer_under_activation(&[0])];
    session.add_clue(&clue);
    let cut = CutOrder {
        order: &[0],
        prefer: &[],
        under: &under,
        deletion: Deletion::EAGER,
        just_forced: false,
    };
    assert_eq!(
        minimal_unique_subset(&mut session, cut, &mut NoWitnesses).unwrap(),
        None
    );
    // With the clue retired, the block alone decides: b or c.
    session.retire_clue(0);
    assert_ne!(session.solve_values(&under).unwrap(), Some(vec![0]));
}
