//! What the explanation's search claims, checked by routes other than the search: "no smaller
//! set forces anything" against a brute force over every arrangement, and the difficulty
//! rating as a property of the puzzle (the same for isomorphic copies: clues shuffled,
//! values renamed and categories permuted, places permuted or mirrored).

mod common;

use common::model::arrangements_knowing as arrangements;
use common::*;
use rand::RngExt;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use satpuz::model::{Bit, Constraint, Model, holds};
use satpuz::puzzles::grid::GridPuzzle;
use satpuz::puzzles::grid::family::clued;
use satpuz::puzzles::grid::generate::{GridShape, generate};
use satpuz::puzzles::inquest::{Length, deal};
use satpuz::solve::difficulty::Difficulty;
use satpuz::solve::steps::{Clued, Explanation, Fact, Stepper, explain, explain_from};

// ---- brute force over arrangements ----

/// Every set of `size` numbers below `n`, increasing.
fn subsets(n: usize, size: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut pick: Vec<usize> = (0..size).collect();
    if size > n {
        return out;
    }
    loop {
        out.push(pick.clone());
        let Some(i) = (0..size).rev().find(|&i| pick[i] < n - size + i) else {
            return out;
        };
        pick[i] += 1;
        for j in i + 1..size {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

/// For every round whose steps say every set of at most `searched` clues was tried and
/// forced nothing new: a brute force over the arrangements that fit what was known before
/// the round agrees (for each such set and each unknown fact, some arrangement meeting the
/// set breaks the fact). Rounds with more than `limit` arrangements are skipped; returns
/// how many rounds were checked.
fn check_claims(clued: &Clued, ex: &Explanation, limit: usize) -> usize {
    let m = &clued.model;
    let clues: Vec<&Constraint> = m.constraints[clued.clues.clone()].iter().collect();
    let mut known = ex.start.clone();
    let mut checked = 0;
    // A round's steps may have one-clue steps between them: its first step is its first.
    let mut rounds_seen = std::collections::HashSet::new();
    for (i, step) in ex.rated.iter().enumerate() {
        let first_of_round = rounds_seen.insert(step.round);
        if first_of_round
            && step.searched > 0
            && let Some(all) = arrangements(m, &known, limit)
        {
            let meets: Vec<Vec<bool>> = all
                .iter()
                .map(|a| clues.iter().map(|c| holds(c, a)).collect())
                .collect();
            let unknown = unknown_facts(m, &ex.answer, &all);
            for size in 1..=step.searched {
                for set in subsets(clues.len(), size) {
                    for f in &unknown {
                        let broken = all.iter().zip(&meets).any(|(a, meets)| {
                            set.iter().all(|&c| meets[c]) && (a[f.var] == f.value) != f.holds
                        });
                        assert!(
                            broken,
                            "step {}: clues {:?} force {} although the step says no set \
                                 of {} or fewer does",
                            i + 1,
                            set.iter().map(|c| c + 1).collect::<Vec<_>>(),
                            (clued.describe)(*f),
                            step.searched
                        );
                    }
                }
            }
            checked += 1;
        }
        known.extend(step.facts.iter().chain(&step.follows).copied());
    }
    checked
}

/// The true facts not yet known: those some arrangement in `all` (the ones that fit what is
/// known) breaks.
fn unknown_facts(m: &Model, answer: &[usize], all: &[Vec<usize>]) -> Vec<Fact> {
    (0..m.vars.len())
        .flat_map(|var| (0..m.vars[var].values.len()).map(move |value| (var, value)))
        .map(|(var, value)| Fact {
            var,
            value,
            holds: answer[var] == value,
        })
        .filter(|f| all.iter().any(|a| (a[f.var] == f.value) != f.holds))
        .collect()
}

/// The first set of at most `upto` clues that, with the facts `known`, forces a fact still
/// unknown, by brute force over the arrangements that fit `known` (one is said in words), or
/// None. Also None when there are more than `limit` arrangements; `Some(Ok(()))` when none.
fn smaller_set_forcing(
    clued: &Clued,
    answer: &[usize],
    known: &[Fact],
    upto: usize,
    limit: usize,
) -> Option<Result<(), String>> {
    smaller_set_forcing_any(clued, answer, known, upto, limit, |_| true)
}

/// [`smaller_set_forcing`] among the unknown facts that `wanted` keeps.
fn smaller_set_forcing_any(
    clued: &Clued,
    answer: &[usize],
    known: &[Fact],
    upto: usize,
    limit: usize,
    wanted: impl Fn(&Fact) -> bool,
) -> Option<Result<(), String>> {
    let m = &clued.model;
    let clues: Vec<&Constraint> = m.constraints[clued.clues.clone()].iter().collect();
    assert!(clues.len() <= 64, "a clue set fits a word");
    let all = arrangements(m, known, limit)?;
    let meets: Vec<u64> = all
        .iter()
        .map(|a| {
            (0..clues.len())
                .filter(|&c| holds(clues[c], a))
                .fold(0u64, |acc, c| acc | 1 << c)
        })
        .collect();
    let mut unknown = unknown_facts(m, answer, &all);
    unknown.retain(|f| wanted(f));
    for size in 1..=upto.min(clues.len()) {
        for set in subsets(clues.len(), size) {
            let mask = set.iter().fold(0u64, |acc, &c| acc | 1 << c);
            for f in &unknown {
                let broken = all
                    .iter()
                    .zip(&meets)
                    .any(|(a, &mt)| mt & mask == mask && (a[f.var] == f.value) != f.holds);
                if !broken {
                    let numbers: Vec<usize> = set.iter().map(|c| c + 1).collect();
                    return Some(Err(format!(
                        "clues {numbers:?} force {}",
                        (clued.describe)(*f)
                    )));
                }
            }
        }
    }
    Some(Ok(()))
}

/// Checks every step's claim against the brute force, with the facts known before the step:
/// no set of at most `proved` clues forces a fact still unknown, and a step marked optimal
/// has no smaller set that does. Returns how many steps of two clues or more were checked,
/// and how many of them were marked optimal. Also checks that the brute force can fail:
/// each checked step's own clue set forces something.
fn check_optimal(clued: &Clued, ex: &Explanation, limit: usize) -> (usize, usize) {
    let mut known = ex.start.clone();
    let (mut checked, mut optimal) = (0, 0);
    for (i, step) in ex.steps.iter().enumerate() {
        let k = step.clues.len();
        if k >= 2
            && let Some(claim) = smaller_set_forcing(clued, &ex.answer, &known, step.proved, limit)
        {
            if let Err(e) = claim {
                panic!(
                    "step {} says no set of {} or fewer clues forces anything, but {e}",
                    i + 1,
                    step.proved
                );
            }
            let own = smaller_set_forcing(clued, &ex.answer, &known, k, limit);
            assert!(
                matches!(own, Some(Err(_))),
                "step {}: the brute force finds no set of {k} clues that forces anything",
                i + 1
            );
            checked += 1;
            optimal += usize::from(step.proved_fewest());
        }
        known.extend(step.facts.iter().chain(&step.follows).copied());
    }
    (checked, optimal)
}

/// The grids `generate grid` makes for each (positions, categories, seeds), named.
fn generated<const N: usize>(
    shapes: [(usize, usize, std::ops::RangeInclusive<u64>); N],
) -> Vec<(String, GridPuzzle)> {
    let mut out = Vec::new();
    for (positions, categories, seeds) in shapes {
        for seed in seeds {
            let shape = GridShape {
                positions,
                categories,
            };
            let p = generate(shape, seed).expect("generates").puzzle;
            out.push((format!("{positions} x {categories} seed {seed}"), p));
        }
    }
    out
}

fn explained(p: &GridPuzzle) -> (Clued, Explanation) {
    let c = clued(p).expect("builds");
    let ex = explain(&c, &[]).expect("explains");
    (c, ex)
}

#[test]
fn no_smaller_set_is_claimed_unless_every_smaller_set_was_tried() {
    // The generated 6 x 4 grid whose 5-clue case split had a 2-clue step inside it.
    let shape = GridShape {
        positions: 6,
        categories: 4,
    };
    let six = generate(shape, 3).expect("generates").puzzle;
    let (c, ex) = explained(&six);
    let checked = check_claims(&c, &ex, 60_000);
    assert!(checked >= 5, "{checked} rounds of the 6 x 4 grid checked");
    for step in &ex.steps {
        assert!(
            step.clues.len() <= step.searched + 1,
            "every round of the 6 x 4 grid searched in full below its size"
        );
    }
    // Small generated grids, every round with few enough arrangements.
    let mut rounds = 0;
    for (positions, categories) in [(4, 3), (4, 4), (5, 3)] {
        for seed in 1..=12 {
            let shape = GridShape {
                positions,
                categories,
            };
            let p = generate(shape, seed).expect("generates").puzzle;
            let (c, ex) = explained(&p);
            rounds += check_claims(&c, &ex, 60_000);
        }
    }
    assert!(rounds >= 10, "{rounds} rounds of small grids checked");
}

/// Every step marked optimal is cardinality-minimal: no smaller set of clues, with the facts
/// known before the step (including those of earlier steps of its round), forces a fact
/// still unknown; and every step's "no set of k or fewer" holds. Brute force on small
/// generated grids, the 6 x 4 grid with a round of five clues, and zebra's later steps.
#[test]
fn every_step_marked_optimal_is_cardinality_minimal() {
    let (mut checked, mut optimal) = (0, 0);
    let mut puzzles: Vec<GridPuzzle> = vec![load("zebra.json")];
    let shapes = [
        (4, 3, 1..=12),
        (4, 4, 1..=12),
        (5, 3, 1..=12),
        (6, 4, 3..=3),
    ];
    puzzles.extend(generated(shapes).into_iter().map(|(_, p)| p));
    for p in &puzzles {
        let (c, ex) = explained(p);
        let (k, o) = check_optimal(&c, &ex, 60_000);
        checked += k;
        optimal += o;
    }
    assert!(
        optimal >= 20,
        "{optimal} optimal steps of two clues or more checked"
    );
    assert!(checked >= optimal, "{checked} steps checked");
}

/// A later step of a round comes after the one-clue steps that the round's earlier steps
/// make possible: no step of two clues or more is beaten by one clue with the facts known
/// before it (brute force), each says so (`proved` at least 1), and the rounds are still
/// charged once each.
#[test]
fn no_step_of_several_clues_is_beaten_by_one_clue() {
    let (mut checked, mut later) = (0, 0);
    for (positions, categories, seeds) in [(5, 4, 1..=8), (6, 4, 1..=8)] {
        for seed in seeds {
            let shape = GridShape {
                positions,
                categories,
            };
            let p = generate(shape, seed).expect("generates").puzzle;
            let (c, ex) = explained(&p);
            let mut known = ex.start.clone();
            let mut rounds_seen = std::collections::HashSet::new();
            for (i, step) in ex.steps.iter().enumerate() {
                let first_of_round = rounds_seen.insert(step.round);
                if step.clues.len() >= 2 {
                    assert!(
                        step.proved >= 1,
                        "{} step {}: {} clues, not proved past one",
                        p.name,
                        i + 1,
                        step.clues.len()
                    );
                    if let Some(claim) = smaller_set_forcing(&c, &ex.answer, &known, 1, 60_000) {
                        if let Err(e) = claim {
                            panic!("{} step {}: {e}", p.name, i + 1);
                        }
                        checked += 1;
                        later += usize::from(!first_of_round);
                    }
                }
                known.extend(step.facts.iter().chain(&step.follows).copied());
            }
            // Each round charged once, on the rounds' steps and, added up, on the shown ones.
            let costs = satpuz::solve::difficulty::round_costs(&ex.rated);
            let charged: Vec<usize> = (ex.rated.iter().zip(&costs))
                .filter(|&(_, &cost)| cost > 0)
                .map(|(s, _)| s.round)
                .collect();
            let mut distinct = charged.clone();
            distinct.sort_unstable();
            distinct.dedup();
            assert_eq!(
                charged.len(),
                distinct.len(),
                "{}: a round charged twice",
                p.name
            );
            assert_eq!(
                ex.costs.iter().sum::<usize>(),
                ex.difficulty().score,
                "{}: the shown steps' costs add up to the score",
                p.name
            );
        }
    }
    assert!(
        checked >= 20 && later >= 5,
        "{checked} steps of two clues or more checked, {later} of them later steps of a round"
    );
}

/// When the round's earlier steps let fewer clues force one of the round's own facts, that
/// smaller set is a step of the round, taken first: it is the smallest at its point (its
/// claim and its facts checked by brute force where the arrangements are few enough), and
/// the round still counts once (6 x 5 grids whose rounds of three and four clues have such
/// steps).
#[test]
fn a_smaller_set_forcing_a_round_fact_is_a_step_of_the_round() {
    let (mut smaller, mut checked) = (0, 0);
    for seed in 1..=8 {
        let shape = GridShape {
            positions: 6,
            categories: 5,
        };
        let p = generate(shape, seed).expect("generates").puzzle;
        let (c, ex) = explained(&p);
        let mut known = ex.start.clone();
        for (i, step) in ex.steps.iter().enumerate() {
            let widest = ex
                .steps
                .iter()
                .filter(|t| t.round == step.round)
                .map(|t| t.clues.len())
                .max()
                .unwrap_or(0);
            let k = step.clues.len();
            if k >= 2 && k < widest {
                smaller += 1;
                assert!(step.proved_fewest(), "{} step {}", p.name, i + 1);
                let fewer = smaller_set_forcing(&c, &ex.answer, &known, k - 1, 400_000);
                let own = smaller_set_forcing_any(&c, &ex.answer, &known, k, 400_000, |f| {
                    step.facts.contains(f)
                });
                if let (Some(fewer), Some(own)) = (fewer, own) {
                    assert_eq!(fewer, Ok(()), "{} step {}", p.name, i + 1);
                    assert!(own.is_err(), "{} step {}: its own set", p.name, i + 1);
                    checked += 1;
                }
            }
            known.extend(step.facts.iter().chain(&step.follows).copied());
        }
    }
    assert!(
        smaller >= 2 && checked >= 1,
        "{smaller} smaller steps inside rounds, {checked} checked by brute force"
    );
}

/// A hitting-set search that proves no set of up to 12 clues forces anything ends the
/// explanation's hitting-set budget. The 10 x 5 grid of seed 27 has such a round (its steps
/// outgrow the search there, and the solver's cores give a set of 13 clues): searches proved
/// bounds past the exhaustive search's before it, none after it (28 clues not yet spent, so
/// the exhaustive search proves sets of at most 3).
#[test]
fn a_round_past_the_hitting_set_search_ends_its_budget() {
    let shape = GridShape {
        positions: 10,
        categories: 5,
    };
    let p = generate(shape, 27).expect("generates").puzzle;
    let (_, ex) = explained(&p);
    let past = ex
        .steps
        .iter()
        .position(|s| s.proved >= 12)
        .expect("a round past the search's reach");
    let before = ex.steps[..past].iter().map(|s| s.proved).max();
    let after = ex.steps[past + 1..].iter().map(|s| s.proved).max();
    assert!(
        before.is_some_and(|b| b > 3),
        "searches before step {}: up to {before:?}",
        past + 1
    );
    assert!(
        after.is_some_and(|a| a <= 3),
        "no search after step {}: proved up to {after:?}",
        past + 1
    );
}

/// Zebra and eleven small generated grids (4 x 4 seeds 1-8, 5 x 4 seeds 1-2, 6 x 4 seed 3):
/// small enough for a brute force over their arrangements, with steps of three clues and more.
fn zebra_and_small_grids() -> Vec<GridPuzzle> {
    let mut puzzles: Vec<GridPuzzle> = vec![load("zebra.json")];
    for (positions, categories, seeds) in [(4, 4, 1..=8), (5, 4, 1..=2), (6, 4, 3..=3)] {
        for seed in seeds {
            let shape = GridShape {
                positions,
                categories,
            };
            puzzles.push(generate(shape, seed).expect("generates").puzzle);
        }
    }
    puzzles
}

/// The hitting-set search (which takes over past the exhaustive search's budget) against
/// the brute force and the exhaustive search: with a budget of 3 sets per size, every round
/// past one clue is found by hitting sets; each step it marks optimal is cardinality-minimal
/// by brute force, and the rating (level, score, largest step) is the exhaustive search's.
#[test]
fn the_hitting_set_proof_agrees_with_the_brute_force_and_the_exhaustive_search() {
    let puzzles = zebra_and_small_grids();
    let (mut checked, mut optimal, mut wide) = (0, 0, 0);
    for p in &puzzles {
        let c = clued(p).expect("builds");
        let stepper = Stepper::new(&c, &[]).expect("starts").with_max_subsets(3);
        let by_hitting_sets = explain_from(stepper).expect("explains");
        let exhaustive = explain(&c, &[]).expect("explains");
        assert_eq!(
            canonical(&by_hitting_sets.difficulty()),
            canonical(&exhaustive.difficulty()),
            "{}: hitting sets and the exhaustive search rate it alike",
            p.name
        );
        let (k, o) = check_optimal(&c, &by_hitting_sets, 60_000);
        checked += k;
        optimal += o;
        wide += by_hitting_sets
            .steps
            .iter()
            .filter(|s| s.clues.len() >= 3 && s.proved_fewest())
            .count();
    }
    assert!(
        optimal >= 20 && wide >= 5,
        "{optimal} optimal steps of two clues or more checked, {wide} of three or more"
    );
    assert!(checked >= optimal, "{checked} steps checked");
}

/// Checks by brute force, over the arrangements that fit the facts a step lists, that its
/// clues and those facts force its facts and that none of its clues can be dropped; returns
/// how many steps were checked (a step using too few facts to try every arrangement is not).
fn check_steps_follow(name: &str, c: &Clued, ex: &Explanation) -> usize {
    let clues = &c.model.constraints[c.clues.clone()];
    let mut checked = 0;
    for (i, step) in ex.steps.iter().enumerate() {
        let Some(all) = arrangements(&c.model, &step.uses, 200_000) else {
            continue;
        };
        checked += 1;
        // No clue can be dropped: without it some arrangement breaks a fact (a case split's
        // clue set whose shrinking was cut is not taken).
        for &dropped in &step.clues {
            let breaks = all.iter().any(|a| {
                step.clues
                    .iter()
                    .all(|&k| k == dropped || holds(&clues[k], a))
                    && step.facts.iter().any(|f| (a[f.var] == f.value) != f.holds)
            });
            assert!(
                breaks,
                "{name} step {}: clue {dropped} can be dropped",
                i + 1
            );
        }
        for a in all
            .iter()
            .filter(|a| step.clues.iter().all(|&k| holds(&clues[k], a)))
        {
            for f in &step.facts {
                assert_eq!(
                    a[f.var] == f.value,
                    f.holds,
                    "{name} step {}: its clues and the facts it lists force {}",
                    i + 1,
                    (c.describe)(*f)
                );
            }
        }
    }
    checked
}

/// A search cut by the conflict budget claims only what it proved: with no conflict allowed
/// to the searches that may stop short (the facts a step uses, the hitting-set checks and
/// the growing of their answers), every hitting-set proof ends where it began and every
/// step's earlier facts are not shown minimal. The explanation still completes; each step
/// follows from its clues and the facts it lists (brute force over the arrangements that
/// fit them); no step claims more than the brute force allows; and steps past three clues
/// that the unbounded search proved optimal are no longer claimed so.
#[test]
fn searches_cut_by_the_conflict_budget_claim_only_what_they_proved() {
    let puzzles = zebra_and_small_grids();
    let (mut not_minimal, mut checked, mut sound) = (0, 0, 0);
    let (mut wide_proved_unbounded, mut wide_proved_cut) = (0, 0);
    for p in &puzzles {
        let c = clued(p).expect("builds");
        let unbounded = Stepper::new(&c, &[]).expect("starts").with_max_subsets(3);
        let unbounded = explain_from(unbounded).expect("explains");
        let cut = Stepper::new(&c, &[])
            .expect("starts")
            .with_max_subsets(3)
            .with_conflicts_per_solve(0);
        let cut = explain_from(cut).expect("explains with every budgeted solve cut");
        checked += check_optimal(&c, &cut, 60_000).0;
        not_minimal += cut.steps.iter().filter(|s| !s.uses_minimal).count();
        sound += check_steps_follow(&p.name, &c, &cut);
        wide_proved_unbounded += steps_proved_fewest(&unbounded, 3);
        wide_proved_cut += steps_proved_fewest(&cut, 3);
        assert!(
            unbounded.steps.iter().all(|s| s.uses_minimal),
            "{}: without a cut every step's facts used are minimal",
            p.name
        );
    }
    assert!(
        not_minimal >= 10,
        "{not_minimal} steps' facts used not shown minimal"
    );
    assert!(
        checked >= 10,
        "{checked} steps' claims checked by brute force"
    );
    assert!(sound >= 50, "{sound} steps shown to follow by brute force");
    assert!(
        wide_proved_cut < wide_proved_unbounded,
        "steps of three clues or more proved optimal: {wide_proved_cut} cut short, \
         {wide_proved_unbounded} unbounded"
    );
}

/// `explain --exhaustive` lifts every budget: each round's first step is proved the
/// smallest, where the hitting-set search cut short (no proposal allowed, the exhaustive
/// search stopped after single clues) leaves rounds to the case split from the solver's
/// cores. Every claim holds by brute force and every step follows from its clues.
#[test]
fn an_exhaustive_explanation_proves_every_round() {
    let (mut rounds_cut, mut unproved_cut, mut rounds_exhaustive) = (0, 0, 0);
    let (mut checked, mut sound) = (0, 0);
    for p in &zebra_and_small_grids() {
        let c = clued(p).expect("builds");
        let cut = Stepper::new(&c, &[])
            .expect("starts")
            .with_max_subsets(1)
            .with_hitting_checks(0);
        let cut = explain_from(cut).expect("explains with the hitting-set search cut");
        let exhaustive = Stepper::new(&c, &[])
            .expect("starts")
            .with_max_subsets(1)
            .with_hitting_checks(0)
            .exhaustive();
        let exhaustive = explain_from(exhaustive).expect("explains without a budget");
        for (ex, rounds, unproved) in [
            (&cut, &mut rounds_cut, &mut unproved_cut),
            (&exhaustive, &mut rounds_exhaustive, &mut 0),
        ] {
            let mut seen = std::collections::HashSet::new();
            for step in &ex.rated {
                if seen.insert(step.round) && step.clues.len() >= 2 {
                    *rounds += 1;
                    *unproved += usize::from(!step.proved_fewest());
                }
            }
        }
        for (i, step) in exhaustive.rated.iter().enumerate() {
            let first = exhaustive.rated[..i].iter().all(|s| s.round != step.round);
            assert!(
                !first || step.proved_fewest(),
                "{}: step {} opens a round of {} clues but proves none smaller only up to {}",
                p.name,
                i + 1,
                step.clues.len(),
                step.proved
            );
        }
        assert_every_shown_step_proved_fewest(&p.name, &exhaustive);
        checked += check_optimal(&c, &exhaustive, 60_000).0;
        sound += check_steps_follow(&p.name, &c, &exhaustive);
    }
    assert!(
        unproved_cut >= 5,
        "{unproved_cut} of {rounds_cut} rounds left unproved by the cut search"
    );
    assert!(
        rounds_exhaustive >= 20,
        "{rounds_exhaustive} rounds of two clues or more proved"
    );
    assert!(
        checked >= 10,
        "{checked} steps' claims checked by brute force"
    );
    assert!(sound >= 50, "{sound} steps shown to follow by brute force");
}

/// Where a round's later step is not the smallest at its point (an earlier step of the round
/// let fewer clues force a fact the round does not take), the steps shown take the smaller
/// step first: without a budget every shown step is proved the smallest at its point (the
/// brute force agrees where the arrangements are few; tests/explain_steps.rs re-proves the
/// shown steps with fresh solvers), while the rating stays the rounds' and the shown steps'
/// costs add up to it.
#[test]
fn every_step_shown_without_a_budget_is_the_smallest_at_its_point() {
    let (mut beaten, mut checked, mut puzzles) = (0, 0, 0);
    let shapes = [
        (5, 4, 1..=8),
        (6, 4, 1..=8),
        (6, 5, 1..=12),
        (7, 4, 1..=12),
        (7, 5, 1..=12),
    ];
    for (name, p) in generated(shapes) {
        let c = clued(&p).expect("builds");
        let ex =
            explain_from(Stepper::new(&c, &[]).expect("starts").exhaustive()).expect("explains");
        assert_every_shown_step_proved_fewest(&name, &ex);
        assert_eq!(
            ex.costs.iter().sum::<usize>(),
            ex.difficulty().score,
            "{name}: the shown steps' costs add up to the score"
        );
        checked += check_optimal(&c, &ex, 60_000).0;
        let round_beaten = ex.rated.iter().filter(|s| !s.proved_fewest()).count();
        if round_beaten == 0 {
            assert_eq!(ex.steps, ex.rated, "{name}: no round beaten, no step moved");
        } else {
            puzzles += 1;
            beaten += round_beaten;
        }
    }
    assert!(
        puzzles >= 4 && beaten >= 5,
        "{beaten} beaten steps of the rounds on {puzzles} grids"
    );
    assert!(
        checked >= 10,
        "{checked} shown steps checked by brute force"
    );
}

/// Every step `ex` shows was proved the smallest at its point.
fn assert_every_shown_step_proved_fewest(name: &str, ex: &Explanation) {
    for (i, step) in ex.steps.iter().enumerate() {
        assert!(
            step.proved_fewest(),
            "{name}: shown step {} of {} clues proves none smaller only up to {}",
            i + 1,
            step.clues.len(),
            step.proved
        );
    }
}

/// The steps of at least `min_clues` clues proved the fewest that force anything.
fn steps_proved_fewest(ex: &Explanation, min_clues: usize) -> usize {
    ex.steps
        .iter()
        .filter(|s| s.clues.len() >= min_clues && s.proved_fewest())
        .count()
}

/// The exhaustive search cut by the conflict budget ends its proof where it was cut: with
/// one conflict allowed per solve, which facts a set of clues forces is often not known, so
/// a size with such a set is not claimed searched (the hitting-set search, also cut, and the
/// case split take over). Each round's claim "no set of at most `searched` clues forces
/// anything" and each step's `optimal` hold by brute force, each step follows from its
/// clues and the facts it lists, and fewer steps are claimed optimal than without the
/// budget (on these puzzles every round is otherwise searched exhaustively).
#[test]
fn an_exhaustive_search_cut_by_the_conflict_budget_ends_its_proof_where_cut() {
    let (mut rounds, mut steps, mut sound) = (0, 0, 0);
    let (mut proved_unbounded, mut proved_cut) = (0, 0);
    for p in &zebra_and_small_grids() {
        let c = clued(p).expect("builds");
        let unbounded = explain(&c, &[]).expect("explains");
        let cut = Stepper::new(&c, &[])
            .expect("starts")
            .with_conflicts_per_solve(1);
        let cut = explain_from(cut).expect("explains with its searches cut");
        rounds += check_claims(&c, &cut, 60_000);
        steps += check_optimal(&c, &cut, 60_000).0;
        sound += check_steps_follow(&p.name, &c, &cut);
        proved_unbounded += steps_proved_fewest(&unbounded, 2);
        proved_cut += steps_proved_fewest(&cut, 2);
    }
    assert!(
        rounds >= 10,
        "{rounds} rounds' claims checked by brute force"
    );
    assert!(steps >= 10, "{steps} steps' claims checked by brute force");
    assert!(sound >= 50, "{sound} steps shown to follow by brute force");
    assert!(
        proved_cut < proved_unbounded,
        "steps of two clues or more proved optimal: {proved_cut} cut short, \
         {proved_unbounded} unbounded"
    );
}

// ---- isomorphic copies ----

/// `c` with variable `v` renamed `var[v]` and every value `x` renamed `value[x]`.
fn remap(c: &Constraint, var: &[usize], value: &[usize]) -> Constraint {
    let bit = |b: &Bit| match *b {
        Bit::Is {
            var: v,
            value: x,
            negated,
        } => Bit::Is {
            var: var[v],
            value: value[x],
            negated,
        },
        Bit::Const(k) => Bit::Const(k),
    };
    let permuted = |allowed: &[bool]| {
        let mut out = vec![false; allowed.len()];
        for (x, &a) in allowed.iter().enumerate() {
            out[value[x]] = a;
        }
        out
    };
    match c {
        Constraint::AllDifferent(vs) => {
            Constraint::AllDifferent(vs.iter().map(|&v| var[v]).collect())
        }
        Constraint::InSet { var: v, allowed } => Constraint::InSet {
            var: var[*v],
            allowed: permuted(allowed),
        },
        Constraint::Table { x, y, allowed } => {
            let mut rows = vec![Vec::new(); allowed.len()];
            for (a, row) in allowed.iter().enumerate() {
                rows[value[a]] = permuted(row);
            }
            Constraint::Table {
                x: var[*x],
                y: var[*y],
                allowed: rows,
            }
        }
        Constraint::AnyOf(cs) => {
            Constraint::AnyOf(cs.iter().map(|c| remap(c, var, value)).collect())
        }
        Constraint::AllOf(cs) => {
            Constraint::AllOf(cs.iter().map(|c| remap(c, var, value)).collect())
        }
        Constraint::Clause(bits) => Constraint::Clause(bits.iter().map(bit).collect()),
        other => panic!("a grid has no {other:?}"),
    }
}

/// An isomorphic copy of a grid's clued model: variables (the values of the categories)
/// in a random order, the places permuted at random or mirrored, the clues shuffled.
fn variant(clued: &Clued, rng: &mut ChaCha8Rng) -> Clued {
    let m = &clued.model;
    let places = m.vars[0].values.len();
    let mut var: Vec<usize> = (0..m.vars.len()).collect();
    var.shuffle(rng);
    let value: Vec<usize> = if rng.random_bool(0.5) {
        (0..places).rev().collect()
    } else {
        let mut v: Vec<usize> = (0..places).collect();
        v.shuffle(rng);
        v
    };
    let mut order: Vec<usize> = clued.clues.clone().collect();
    order.shuffle(rng);
    let mut model = Model::new();
    let mut vars = m.vars.clone();
    for (v, iv) in m.vars.iter().enumerate() {
        vars[var[v]] = iv.clone();
    }
    model.vars = vars;
    for (i, c) in m.constraints.iter().enumerate() {
        if !clued.clues.contains(&i) {
            model.constraints.push(remap(c, &var, &value));
        }
    }
    let start = model.constraints.len();
    for &i in &order {
        model
            .constraints
            .push(remap(&m.constraints[i], &var, &value));
    }
    Clued {
        clues: start..model.constraints.len(),
        notes: order
            .iter()
            .map(|&i| clued.notes[i - clued.clues.start].clone())
            .collect(),
        model,
        describe: Box::new(|f| format!("{f:?}")),
        clue_noun: "clue",
    }
}

fn rating(clued: &Clued) -> (Difficulty, bool) {
    rated(&explain(clued, &[]).expect("explains"))
}

/// The rating of an explanation, and whether every round was found by a search of every
/// smaller size (none from the solver's cores).
fn rated(ex: &Explanation) -> (Difficulty, bool) {
    let proved = ex.rated.iter().all(|s| s.clues.len() <= s.searched + 1);
    (ex.difficulty(), proved)
}

/// The parts of a rating that belong to the puzzle: the score, its level, the largest step.
fn canonical(d: &Difficulty) -> (usize, &'static str, usize) {
    use satpuz::choice::Choice;
    (d.score, d.level.name(), d.largest)
}

fn puzzles() -> Vec<(String, GridPuzzle)> {
    let mut out: Vec<(String, GridPuzzle)> = ["zebra.json", "jindosh.json", "einstein.json"]
        .iter()
        .map(|n| (n.to_string(), load(n)))
        .collect();
    for (positions, categories, seed) in [(6, 4, 3), (5, 4, 1), (5, 4, 2)] {
        let shape = GridShape {
            positions,
            categories,
        };
        let p = generate(shape, seed).expect("generates").puzzle;
        out.push((format!("{positions} x {categories} seed {seed}"), p));
    }
    for seed in [1, 7, 78] {
        let p = deal(seed, Length::Long).expect("deals").puzzle();
        out.push((format!("long case {seed}"), p));
    }
    out
}

#[test]
fn isomorphic_copies_rate_the_same() {
    let mut rng = ChaCha8Rng::seed_from_u64(3939);
    for (name, p) in puzzles() {
        let c = clued(&p).expect("builds");
        let (want, proved) = rating(&c);
        assert!(
            proved,
            "{name}: every round searched in full below its size"
        );
        for _ in 0..10 {
            let copy = variant(&c, &mut rng);
            let (got, _) = rating(&copy);
            assert_eq!(canonical(&got), canonical(&want), "{name}: a copy");
        }
    }
}

/// Past the default budget (the 10 x 5 grid of seed 2 spends the hitting-set search's 1,500
/// proposals, and its later steps come from the solver's cores, so its score moves with the
/// clue order) `explain --exhaustive` proves every round, and the rating is the puzzle's own:
/// isomorphic copies (values renamed, places permuted or mirrored, clues shuffled) rate the
/// same.
#[test]
fn exhaustive_explanations_past_the_budget_rate_isomorphic_copies_the_same() {
    let shape = GridShape {
        positions: 10,
        categories: 5,
    };
    let p = generate(shape, 2).expect("generates").puzzle;
    let c = clued(&p).expect("builds");
    let exhaustive_rating = |c: &Clued| {
        let stepper = Stepper::new(c, &[]).expect("starts").exhaustive();
        rated(&explain_from(stepper).expect("explains"))
    };
    let (want, proved) = exhaustive_rating(&c);
    assert!(proved, "every round searched in full below its size");
    let mut rng = ChaCha8Rng::seed_from_u64(56);
    for _ in 0..3 {
        let (got, proved) = exhaustive_rating(&variant(&c, &mut rng));
        assert!(
            proved,
            "a copy: every round searched in full below its size"
        );
        assert_eq!(canonical(&got), canonical(&want), "a copy");
    }
}

/// A clue true in the answer: one value's place among two or three, or a random relation
/// between two values that their places meet.
fn true_clue(clued: &Clued, answer: &[usize], rng: &mut ChaCha8Rng) -> Constraint {
    let m = &clued.model;
    let n = m.vars[0].values.len();
    let u = rng.random_range(0..m.vars.len());
    if rng.random_bool(0.5) {
        let allowed = (0..n)
            .map(|x| x == answer[u] || rng.random_range(0..3) == 0)
            .collect();
        Constraint::InSet { var: u, allowed }
    } else {
        let v = (u + 1 + rng.random_range(0..m.vars.len() - 1)) % m.vars.len();
        let allowed = (0..n)
            .map(|a| {
                (0..n)
                    .map(|b| (a, b) == (answer[u], answer[v]) || rng.random_bool(0.6))
                    .collect()
            })
            .collect();
        Constraint::Table {
            x: u,
            y: v,
            allowed,
        }
    }
}

/// The largest step of a fully proved explanation is the puzzle's width: the fewest clues per
/// step with which it can be solved at all (the search always takes the smallest sets that
/// force something, so it never needs more, and it cannot do with fewer). A true clue only
/// adds deductions, so it never widens it. The score can rise: a new clue can make a round
/// of pairs possible before the round of three clues that is still needed (long case 78
/// goes from 11 to 14 or 17 with some of the clues below), so the score is not checked here.
#[test]
fn a_true_clue_added_never_widens_the_largest_step_nor_raises_the_level() {
    let mut rng = ChaCha8Rng::seed_from_u64(393);
    let (mut tried, mut levels) = (0, 0);
    for (name, p) in puzzles() {
        let c = clued(&p).expect("builds");
        let ex = explain(&c, &[]).expect("explains");
        let before = ex.difficulty();
        for _ in 0..6 {
            let mut model = Model::new();
            model.vars = c.model.vars.clone();
            model.constraints = c.model.constraints.clone();
            model.constraints.push(true_clue(&c, &ex.answer, &mut rng));
            let mut notes = c.notes.clone();
            notes.push(c.notes[0].clone());
            let more = Clued {
                clues: c.clues.start..model.constraints.len(),
                notes,
                model,
                describe: Box::new(|f| format!("{f:?}")),
                clue_noun: "clue",
            };
            let (after, proved) = rating(&more);
            assert!(
                after.level <= before.level,
                "{name}: a true clue raised the level from {:?} to {:?}",
                before.level,
                after.level
            );
            levels += 1;
            if proved {
                tried += 1;
                assert!(
                    after.largest <= before.largest,
                    "{name}: a true clue widened the largest step from {} to {}",
                    before.largest,
                    after.largest
                );
            }
        }
    }
    assert!(tried >= 40, "{tried} additions checked");
    assert_eq!(levels, 54, "every addition's level checked");
}

#[test]
fn the_encoding_changes_no_step_and_no_rating() {
    use satpuz::encode::{Amo, Encoding};
    use satpuz::model::EncodeOptions;
    use satpuz::solve::steps::explain_encoded_with;
    for (name, p) in puzzles()
        .into_iter()
        .filter(|(n, _)| n == "zebra.json" || n == "long case 78")
    {
        let c = clued(&p).expect("builds");
        let plain = explain(&c, &[]).expect("explains");
        for (encoding, amo) in [
            (Encoding::Bits, Amo::Pairwise),
            (Encoding::OneHot, Amo::SeqCounter),
            (Encoding::OneHot, Amo::Commander),
        ] {
            let opts = EncodeOptions {
                encoding,
                amo,
                ..EncodeOptions::default()
            };
            let other = explain_encoded_with(&c, &[], opts).expect("explains");
            // The facts each step uses are shrunk by the solver's cores: not compared.
            let shape = |ex: &Explanation| -> Vec<_> {
                ex.steps
                    .iter()
                    .map(|s| (s.clues.clone(), s.facts.clone(), s.follows.clone(), s.round))
                    .collect()
            };
            assert_eq!(shape(&other), shape(&plain), "{name}: {encoding:?} {amo:?}");
        }
    }
    let zebra = encodings_dir().join("zebra.json");
    let plain = satpuz(&["explain", path_str(&zebra), "--json"]);
    let bits = satpuz(&[
        "explain",
        path_str(&zebra),
        "--json",
        "--encoding",
        "bits",
        "--amo",
        "ladder",
    ]);
    assert_eq!(bits.code, 0, "{bits:?}");
    let shape = |out: &str| {
        let v: serde_json::Value = serde_json::from_str(out).expect("JSON");
        let steps: Vec<_> = v["steps"]
            .as_array()
            .expect("steps")
            .iter()
            .map(|s| (s["clues"].clone(), s["facts"].clone()))
            .collect();
        (steps, v["difficulty"].clone())
    };
    assert_eq!(
        shape(&bits.stdout),
        shape(&plain.stdout),
        "the same steps under --encoding bits --amo ladder"
    );
}

// ---- a renewed solver session ----

#[test]
fn renewing_the_solver_session_changes_no_step() {
    // Every step of these is proved smallest, so the steps do not depend on the solver's
    // path: a session renewed before every question (learned clauses forgotten, every
    // literal asked of the new one) must give the same clues, facts and claims. (The earlier
    // facts a step uses are a minimal subset found from the solver's cores, so one of
    // several: `explain_steps.rs` checks each is enough and minimal.)
    let shape = GridShape {
        positions: 6,
        categories: 4,
    };
    let puzzles = [
        load("zebra.json"),
        generate(shape, 3).expect("generates").puzzle,
    ];
    for p in &puzzles {
        let c = clued(p).expect("builds");
        let renewed = Stepper::new(&c, &[])
            .expect("starts")
            .with_session_renewed_after(1);
        let renewed = explain_from(renewed).expect("explains");
        let kept = explain(&c, &[]).expect("explains");
        let view = |ex: &Explanation| -> Vec<(Vec<usize>, Vec<Fact>, usize)> {
            ex.steps
                .iter()
                .map(|s| (s.clues.clone(), s.facts.clone(), s.proved))
                .collect()
        };
        assert!(
            kept.steps.iter().any(|s| s.clues.len() >= 3),
            "{}: has steps that reach the search",
            p.name
        );
        let (renewed, kept) = (view(&renewed), view(&kept));
        for (i, (r, k)) in renewed.iter().zip(&kept).enumerate() {
            assert_eq!(r, k, "{}: step {}", p.name, i + 1);
        }
        assert_eq!(renewed.len(), kept.len(), "{}", p.name);
    }
}
