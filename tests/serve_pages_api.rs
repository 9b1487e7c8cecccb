//! The API behind the Portia, Jindosh and grid pages: names matched exactly as the grid file
//! format matches them, one key per position in a sheet, Portia II in the seed's numbering, the
//! reasoning read off the solver, and the Jindosh answer and its readable "why".

mod common;

use std::time::Duration;

use common::http::post_json;
use common::satpuz;
use satpuz::serve::{Config, Running, start};
use serde_json::{Value, json};

fn server() -> Running {
    start(&Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        workers: 2,
        time_limit: Duration::from_secs(60),
    })
    .expect("the server starts on an ephemeral port")
}

/// A two-position grid whose one category holds `X` and `x`, and the clue "X is at 1".
fn letters() -> Value {
    json!({
        "name": "Letters",
        "positions": {"count": 2},
        "categories": [
            {"name": "letter", "values": ["X", "x"]},
            {"name": "pet", "values": ["dog", "cat"]},
            {"name": "Pet", "values": ["Dog", "Cat"]}
        ],
        "clues": [
            {"kind": "at", "a": "X", "position": 1},
            {"kind": "same", "a": "X", "b": "cat"},
            {"kind": "same", "a": "x", "b": "Cat"}
        ]
    })
}

fn marks(a: &str, puzzle: &Value, sheet: Value) -> Vec<String> {
    let (status, v) = post_json(
        a,
        "/api/grid/check",
        &json!({"puzzle": puzzle, "sheet": sheet}),
    );
    assert_eq!(status, 200, "{v}");
    v["clues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["mark"].as_str().unwrap().to_string())
        .collect()
}

/// What a clue of `letters()` says of a full sheet: the clue's own meaning, evaluated here.
fn letters_holds(sheet: &[[&str; 3]; 2]) -> Vec<bool> {
    let at = |value: &str| {
        sheet
            .iter()
            .position(|row| row.contains(&value))
            .expect("every value is written")
    };
    vec![at("X") == 0, at("X") == at("cat"), at("x") == at("Cat")]
}

#[test]
fn the_grid_sheet_matches_names_exactly_as_the_file_does() {
    let s = server();
    let a = s.addr().to_string();
    let puzzle = letters();
    // Every full sheet: each clue's mark is what the clue says of it, `X` and `x` (and `pet`
    // and `Pet`) never confused.
    let perms = [[0, 1], [1, 0]];
    for l in perms {
        for p in perms {
            for q in perms {
                let cell = |pos: usize| {
                    [
                        ["X", "x"][l[pos]],
                        ["dog", "cat"][p[pos]],
                        ["Dog", "Cat"][q[pos]],
                    ]
                };
                let table = [cell(0), cell(1)];
                let sheet: serde_json::Map<String, Value> = (0..2)
                    .map(|pos| {
                        let [letter, pet, big] = table[pos];
                        (
                            format!("position{}", pos + 1),
                            json!({"letter": letter, "pet": pet, "Pet": big}),
                        )
                    })
                    .collect();
                let expected: Vec<&str> = letters_holds(&table)
                    .into_iter()
                    .map(|h| if h { "satisfied" } else { "violated" })
                    .collect();
                assert_eq!(
                    marks(&a, &puzzle, Value::Object(sheet.clone())),
                    expected,
                    "{sheet:?}"
                );
            }
        }
    }
    // `x` written at 1 breaks "X is at 1"; the hint on an empty sheet writes `X` there.
    assert_eq!(
        marks(&a, &puzzle, json!({"1": {"letter": "x"}}))[0],
        "violated"
    );
    let (status, h) = post_json(&a, "/api/grid/hint", &json!({"puzzle": puzzle}));
    assert_eq!(status, 200, "{h}");
    assert_eq!(h["square"]["value"], "X", "{h}");
    assert_eq!(h["square"]["position"], "position1", "{h}");
    // A name in another case is not a name of the file.
    for (sheet, words) in [
        (json!({"1": {"LETTER": "X"}}), "unknown category `LETTER`"),
        (json!({"1": {"letter": " X"}}), "` X` is not one of X, x"),
        (
            json!({"position3": {"letter": "X"}}),
            "position `position3`",
        ),
    ] {
        let (status, v) = post_json(
            &a,
            "/api/grid/check",
            &json!({"puzzle": puzzle, "sheet": sheet}),
        );
        assert_eq!(status, 400, "{v}");
        let message = v["error"].as_str().unwrap();
        assert!(message.contains(words), "{sheet}: {message}");
    }
    s.shutdown();
}

#[test]
fn two_keys_for_one_position_are_refused_and_labels_win_over_numbers() {
    let s = server();
    let a = s.addr().to_string();
    let puzzle = letters();
    let (status, v) = post_json(
        &a,
        "/api/grid/check",
        &json!({"puzzle": puzzle, "sheet": {"1": {"letter": "X"}, "position1": {"pet": "cat"}}}),
    );
    assert_eq!(status, 400, "{v}");
    let message = v["error"].as_str().unwrap();
    assert!(
        message.contains("`1` and `position1`") || message.contains("`position1` and `1`"),
        "{message}"
    );
    // Positions labelled "3", "2", "1": the key "1" is the label, the third position.
    let mut labelled = letters();
    labelled["positions"] = json!({"count": 2, "labels": ["2", "1"]});
    // In the file too a number is a label first, so the clue names the first position by word.
    labelled["clues"][0]["position"] = json!("first");
    let (status, h) = post_json(
        &a,
        "/api/grid/hint",
        &json!({"puzzle": labelled, "sheet": {"1": {"letter": "X"}}}),
    );
    assert_eq!(status, 200, "{h}");
    // "X is at the first position", labelled "2"; the sheet wrote it under the label "1", the
    // second position.
    assert_eq!(h["hint"], "contradiction", "{h}");
    assert_eq!(h["given"][0]["position"], "1", "{h}");
    s.shutdown();
}

#[test]
fn portia_two_follows_the_seeds_numbering() {
    let s = server();
    let a = s.addr().to_string();
    let run = satpuz(&[
        "generate",
        "portia",
        "--generation",
        "2",
        "--rule",
        "seed",
        "--json",
    ]);
    assert_eq!(run.code, 0, "{run:?}");
    let records: Vec<Value> = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(records.len(), 16152);
    // The seed: "Puzzle 68b above corresponds to portia2-6854 ... it generates as [2, 3, 1],
    // [-1, -1, -3]".
    let (status, p) = post_json(&a, "/api/portia/deal", &json!({"id": "portia2-6854"}));
    assert_eq!(status, 200, "{p}");
    assert_eq!(p["catalogue"], 16152);
    let statement = |pointer: i64| {
        let names = ["gold", "silver", "lead"];
        let name = names[pointer.unsigned_abs() as usize - 1];
        if pointer > 0 {
            format!("The portrait is in the {name} casket.")
        } else {
            format!("The portrait is not in the {name} casket.")
        }
    };
    for (c, pair) in [[2, -1], [3, -1], [1, -3]].iter().enumerate() {
        let words: Vec<String> = p["caskets"][c]["inscriptions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| {
                w.as_str().unwrap().replace(
                    "this casket",
                    &format!("the {} casket", ["gold", "silver", "lead"][c]),
                )
            })
            .collect();
        assert_eq!(words, pair.map(statement), "casket {}", c + 1);
    }
    // Ids and puzzles are the CLI's `--rule seed` catalogue's, at a spread of numbers.
    for r in records.iter().step_by(1009) {
        let id = r["id"].as_str().unwrap();
        let (status, v) = post_json(
            &a,
            "/api/portia/verdict",
            &json!({"id": id, "casket": r["solution"]}),
        );
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["right"], true, "{id}");
    }
    s.shutdown();
}

#[test]
fn a_grid_hint_cites_a_written_square_instead_of_re_deriving_it() {
    let s = server();
    let a = s.addr().to_string();
    // Zebra: yellow written in house 1 (with the Norwegian, blue in house 2 and milk in house
    // 3). Kools in house 1 follows from clue 7 ("Kools are smoked in the yellow house") and the
    // written yellow; the hint must not re-derive yellow from clues 1, 5, 9 and 14.
    let sheet = json!({
        "house1": {"colour": "yellow", "nationality": "Norwegian"},
        "house2": {"colour": "blue"},
        "house3": {"drink": "milk"}
    });
    let (status, h) = post_json(&a, "/api/grid/hint", &json!({"sheet": sheet}));
    assert_eq!(status, 200, "{h}");
    assert_eq!(h["hint"], "fill", "{h}");
    assert_eq!(h["square"]["value"], "Kools", "{h}");
    assert_eq!(h["clues"], json!([7]), "{h}");
    assert_eq!(
        h["given"],
        json!([{"position": "house1", "category": "colour", "value": "yellow"}]),
        "{h}"
    );
    s.shutdown();
}

#[test]
fn the_jindosh_answer_is_the_riddles_and_why_speaks_in_sentences() {
    let s = server();
    let a = s.addr().to_string();
    // The answer: the seed's owners (the riddle's stated answer), and every seat.
    let (status, answer) = post_json(&a, "/api/jindosh/answer", &json!({}));
    assert_eq!(status, 200, "{answer}");
    for (name, heirloom) in common::JINDOSH_OWNERS {
        assert!(
            answer["owners"]
                .as_array()
                .unwrap()
                .contains(&json!({"name": name, "heirloom": heirloom})),
            "{answer}"
        );
    }
    let seats = answer["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 5);
    // Each needed clue's change is a sentence naming a seat by its place, and it is a change:
    // the other answer puts a different value there.
    let (status, why) = post_json(&a, "/api/jindosh/why", &json!({}));
    assert_eq!(status, 200, "{why}");
    let ordinals = ["first", "second", "third", "fourth", "fifth"];
    for c in why["clues"].as_array().unwrap() {
        let Some(w) = c["without_it"].as_str() else {
            assert_eq!(c["needed"], false, "{c}");
            continue;
        };
        assert!(w.starts_with("Without this clue, "), "{w}");
        let seat = ordinals
            .iter()
            .position(|o| w.contains(&format!("the {o} seat")))
            .unwrap_or_else(|| panic!("no seat in {w}"));
        let here = &seats[seat];
        let other = here
            .as_object()
            .unwrap()
            .iter()
            .filter(|(k, _)| *k != "seat")
            .find(|(_, v)| w.contains(v.as_str().unwrap()));
        assert!(
            other.is_none(),
            "{w}: the answer already has {other:?} there"
        );
    }
    // Two names given one heirloom: said in the report.
    let (status, v) = post_json(
        &a,
        "/api/jindosh/try",
        &json!({"heirlooms": {"Lady Winslow": "Ring", "Madam Natsiou": "Ring", "Doctor Marcolla": "Diamond"}}),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(
        v["shared"],
        json!([{"heirloom": "Ring", "names": ["Lady Winslow", "Madam Natsiou"]}])
    );
    assert_eq!(v["opens"], false);
    s.shutdown();
}

#[test]
fn a_wrong_portia_pick_is_told_why_its_casket_fails_and_every_case_follows_the_statements() {
    let s = server();
    let a = s.addr().to_string();
    // Portia I and III, a spread of each catalogue: exactly the portrait's case fits, and a
    // wrong pick gets its own case as `why_not`. The truths each case states are checked
    // against the statements' meaning (the CLI's records) in the Portia I sentences.
    for (generation, step) in [(1, 11), (3, 97)] {
        let run = satpuz(&[
            "generate",
            "portia",
            "--generation",
            &generation.to_string(),
            "--json",
        ]);
        assert_eq!(run.code, 0);
        let records: Vec<Value> = serde_json::from_str(&run.stdout).unwrap();
        for r in records.iter().step_by(step) {
            let id = r["id"].as_str().unwrap();
            let solution = r["solution"].as_u64().unwrap();
            for chosen in 1..=3u64 {
                let (status, v) = post_json(
                    &a,
                    "/api/portia/verdict",
                    &json!({"id": id, "casket": chosen}),
                );
                assert_eq!(status, 200, "{v}");
                let steps = v["reasoning"].as_array().unwrap();
                assert_eq!(steps.len(), 4, "{id}: three cases and the conclusion");
                for (c, case) in steps[..3].iter().enumerate() {
                    let case = case.as_str().unwrap();
                    let fits = case.ends_with(&format!(
                        "so it can be in the {} casket.",
                        ["gold", "silver", "lead"][c]
                    ));
                    assert_eq!(fits, c as u64 + 1 == solution, "{id}: {case}");
                    if generation == 1 {
                        let list = r["caskets"].as_array().unwrap();
                        let trues = list
                            .iter()
                            .filter(|p| {
                                let p = p.as_i64().unwrap();
                                (p.unsigned_abs() == c as u64 + 1) == (p > 0)
                            })
                            .count();
                        assert!(
                            case.contains(&format!("That makes {trues} of 3 true")),
                            "{id}: {case}"
                        );
                    }
                }
                if chosen == solution {
                    assert!(v.get("why_not").is_none(), "{v}");
                } else {
                    assert_eq!(v["why_not"], steps[chosen as usize - 1], "{id}");
                }
                if generation == 3 {
                    assert_eq!(v["maker_inscriptions"].as_array().unwrap().len(), 3);
                }
            }
        }
    }
    s.shutdown();
}
