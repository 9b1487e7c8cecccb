//! The SAT verdict against brute force, on every list and every clue.

use satpuz::encode::card::Card;
use satpuz::encode::{Amo, Encoding};
use satpuz::model::EncodeOptions;
use satpuz::puzzles::portia::catalogue::Generation;
use satpuz::puzzles::portia::model::{self, Answer, Formula};
use satpuz::puzzles::portia::{Clue, CountClue, LidClue, MakerStatement, Puzzle};

use crate::reference::{OVERLAYS, count_true, lists, pairs, per_casket, true_at};

/// A clue's verdict by brute force: the positions it allows.
fn brute_positions(allowed: impl Fn(i64) -> bool) -> Vec<usize> {
    (1..=3)
        .filter(|&p| allowed(p))
        .map(|p| p as usize - 1)
        .collect()
}

/// The SAT answer agrees with the positions brute force allows.
fn assert_agrees(answer: &Answer, positions: &[usize], what: &str) {
    match (answer, positions) {
        (Answer::None, []) => {}
        (Answer::Unique(f), [p]) => assert_eq!(f.portrait, *p, "{what}"),
        (Answer::Multiple(a, b), ps) if ps.len() >= 2 => {
            assert_ne!(a.portrait, b.portrait, "{what}");
            assert!(
                ps.contains(&a.portrait) && ps.contains(&b.portrait),
                "{what}"
            );
        }
        _ => panic!("{what}: SAT says {answer:?}, brute force allows {positions:?}"),
    }
}

/// A clue's text and, by brute force, whether it holds for a truth count / per-lid counts.
type CountClueCase = (String, Box<dyn Fn(usize) -> bool>);
type LidClueCase = (String, Box<dyn Fn(&[usize; 3]) -> bool>);

/// Every Portia I clue form: one bound, or "at least/most a true and at least/most b false".
fn count_clues() -> Vec<CountClueCase> {
    let mut out: Vec<CountClueCase> = Vec::new();
    let bound = |kind: &'static str, n: usize, x: usize| match kind {
        "at least" => x >= n,
        "at most" => x <= n,
        _ => x == n,
    };
    for kind in ["at least", "at most", "exactly"] {
        for n in 0..=4 {
            out.push((
                format!("{kind} {n} true"),
                Box::new(move |t| bound(kind, n, t)),
            ));
            out.push((
                format!("{kind} {n} false"),
                Box::new(move |t| bound(kind, n, 3 - t)),
            ));
        }
    }
    for kind in ["at least", "at most"] {
        for a in 0..=3 {
            for b in 0..=3 {
                out.push((
                    format!("{kind} {a} true and {kind} {b} false"),
                    Box::new(move |t| bound(kind, a, t) && bound(kind, b, 3 - t)),
                ));
            }
        }
    }
    for (text, f) in [
        ("all true", 3usize),
        ("all false", 0),
        ("only one true", 1),
        ("none true", 0),
    ] {
        out.push((text.to_string(), Box::new(move |t| t == f)));
    }
    out
}

#[test]
fn portia1_sat_agrees_with_brute_force_on_every_list_and_clue() {
    let clues = count_clues();
    for card in Card::ALL {
        for encoding in Encoding::ALL {
            let opts = EncodeOptions {
                encoding,
                amo: Amo::Pairwise,
                card,
                ..EncodeOptions::default()
            };
            for l in lists() {
                let list = satpuz::puzzles::portia::parse_statement_list(
                    &format!("{},{},{}", l[0], l[1], l[2]),
                    "test",
                )
                .unwrap();
                for (text, allowed) in &clues {
                    let puzzle = Puzzle::one(list, CountClue::parse(text).unwrap());
                    let answer = model::solve(&puzzle, opts).unwrap().answer;
                    let positions = brute_positions(|p| allowed(count_true(&l, p)));
                    assert_agrees(&answer, &positions, &format!("{l:?} `{text}` {opts:?}"));
                }
            }
        }
    }
}

#[test]
fn portia2_sat_agrees_with_brute_force_on_every_pair_and_clue() {
    // All 10 distributions and all 7 sets of occurring counts, on each of the 13500 pairs (the
    // fresh-solver route is covered by re-solving every record).
    let mut clues: Vec<LidClueCase> = Vec::new();
    for x in 0..=2usize {
        for y in x..=2 {
            for z in y..=2 {
                let mut want = [x, y, z];
                want.sort();
                clues.push((
                    format!("lids {z},{y},{x}"),
                    Box::new(move |v: &[usize; 3]| {
                        let mut v = *v;
                        v.sort();
                        v == want
                    }),
                ));
            }
        }
    }
    for mask in 1..8usize {
        let counts: Vec<usize> = (0..3).filter(|k| mask >> k & 1 == 1).collect();
        let text: Vec<String> = counts.iter().map(|k| k.to_string()).collect();
        clues.push((
            format!("lids include {}", text.join(",")),
            Box::new(move |v: &[usize; 3]| counts.iter().all(|k| v.contains(k))),
        ));
    }
    assert_eq!(clues.len(), 17);
    let parsed: Vec<Clue> = clues
        .iter()
        .map(|(t, _)| Clue::Lids(LidClue::parse(t).unwrap()))
        .collect();
    let pool = satpuz::puzzles::portia::catalogue::statement_pairs();
    let mine = pairs();
    assert_eq!(pool.len(), 13500);
    assert_eq!(mine.len(), 13500);
    for (lists, (a, b)) in pool.iter().zip(&mine) {
        assert_eq!(lists[0].map(|s| s.pointer()), *a);
        assert_eq!(lists[1].map(|s| s.pointer()), *b);
    }
    // One solver per clue over the frame with open statements (the catalogue's route), each
    // pair picked by assumptions.
    for ((text, allowed), clue) in clues.iter().zip(&parsed) {
        let (mut formula, choices) =
            Formula::with_statement_choices(2, Generation::Two, EncodeOptions::default());
        formula.add_clue(clue);
        let mut session = satpuz::solve::Session::new(formula);
        for (lists, (a, b)) in pool.iter().zip(&mine) {
            let picks: Vec<_> = (0..2)
                .flat_map(|j| (0..3).map(move |c| (j, c)))
                .map(|(j, c)| {
                    let i = satpuz::puzzles::portia::Statement::POOL
                        .iter()
                        .position(|&s| s == lists[j][c])
                        .unwrap();
                    choices[c][j][i]
                })
                .collect();
            let answer = model::unique_under(&mut session, &picks).unwrap();
            let positions = brute_positions(|p| allowed(&per_casket(a, b, p)));
            assert_agrees(&answer, &positions, &format!("{a:?} {b:?} `{text}`"));
        }
    }
}

/// A maker statement by brute force: (about, kind) with kind b/c/s/d.
fn maker_true(kind: char, about: usize, speaker: usize, bellini: [bool; 3]) -> bool {
    match kind {
        'b' => bellini[about],
        'c' => !bellini[about],
        's' => bellini[about] == bellini[speaker],
        _ => bellini[about] != bellini[speaker],
    }
}

#[test]
fn portia3_sat_agrees_with_brute_force_on_every_list_and_maker_wording() {
    // Every overlay with every wording of its three statements (2 each), on all 216 lists.
    for encoding in Encoding::ALL {
        let opts = EncodeOptions {
            encoding,
            ..EncodeOptions::default()
        };
        for l in lists() {
            let list = satpuz::puzzles::portia::parse_statement_list(
                &format!("{},{},{}", l[0], l[1], l[2]),
                "test",
            )
            .unwrap();
            for o in OVERLAYS {
                for wording in 0..8usize {
                    let kinds: [char; 3] = std::array::from_fn(|c| {
                        let second = wording >> c & 1 == 1;
                        match (o[c] < 0, second) {
                            (true, false) => 's',
                            (true, true) => 'd',
                            (false, false) => 'b',
                            (false, true) => 'c',
                        }
                    });
                    let abouts = o.map(|e| e.unsigned_abs() as usize - 1);
                    let text: Vec<String> = (0..3)
                        .map(|c| format!("{}{}", kinds[c], abouts[c] + 1))
                        .collect();
                    let makers = MakerStatement::parse_all(&text.join(","), "test").unwrap();
                    let puzzle = Puzzle::three(list, makers);
                    let answer = model::solve(&puzzle, opts).unwrap().answer;
                    // Brute force: a portrait position is possible if some choice of makers
                    // makes every inscription true exactly on Bellini's caskets.
                    let positions = brute_positions(|p| {
                        (0..8usize).any(|m| {
                            let bellini: [bool; 3] = std::array::from_fn(|c| m >> c & 1 == 1);
                            (0..3).all(|c| {
                                true_at(l[c], p) == bellini[c]
                                    && maker_true(kinds[c], abouts[c], c, bellini) == bellini[c]
                            })
                        })
                    });
                    assert_agrees(&answer, &positions, &format!("{l:?} {text:?} {encoding:?}"));
                    if let Answer::Unique(found) = &answer {
                        // The makers the solver found satisfy the brute-force check too.
                        let b: [bool; 3] = std::array::from_fn(|c| found.bellini[c]);
                        assert!((0..3).all(|c| maker_true(kinds[c], abouts[c], c, b) == b[c]));
                    }
                }
            }
        }
    }
}
