//! `satpuz serve`'s JSON API against a server on an ephemeral port: dealing (the same case as
//! `satpuz inquest`), checking, hinting and the verdict, each answer checked by brute force
//! over every arrangement of a short case (not the solver); and every error code.

mod common;

use std::collections::BTreeMap;
use std::time::Duration;

use common::http::{post_json, request};
use common::satpuz;
use satpuz::model::holds;
use satpuz::puzzles::grid::{GridAnswer, GridPuzzle};
use satpuz::serve::{Config, Running, start};
use serde_json::{Value, json};

/// The header every POST of the pages sends (the server refuses a POST without it).
const JSON: &[(&str, &str)] = &[("Content-Type", "application/json")];

fn server(time_limit: Duration) -> Running {
    start(&Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        workers: 2,
        time_limit,
    })
    .expect("the server starts on an ephemeral port")
}

fn addr(s: &Running) -> String {
    s.addr().to_string()
}

/// The case as `satpuz inquest --json --reveal` prints it.
fn cli_case(seed: u64, length: &str) -> Value {
    let run = satpuz(&[
        "inquest",
        "--seed",
        &seed.to_string(),
        "--length",
        length,
        "--json",
        "--reveal",
    ]);
    assert_eq!(run.code, 0, "{run:?}");
    serde_json::from_str(&run.stdout).unwrap()
}

/// Every arrangement of a short case (each category a permutation of the rooms), with the
/// statements each satisfies, evaluated by the model's own checker on the grid puzzle file
/// the CLI prints.
struct Oracle {
    rooms: Vec<String>,
    categories: Vec<(String, Vec<String>)>,
    /// `room_of[cat][value]` per arrangement, and the bitmask of statements that hold.
    arrangements: Vec<(Vec<Vec<usize>>, u64)>,
}

fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for i in 0..n {
            let mut q = p.clone();
            q.insert(i, n - 1);
            out.push(q);
        }
    }
    out
}

impl Oracle {
    fn new(cli: &Value) -> Oracle {
        let mut file = cli.clone();
        file.as_object_mut().unwrap().remove("inquest");
        let puzzle = GridPuzzle::from_json(&file.to_string()).expect("the CLI's case file reads");
        let grid = puzzle.build().unwrap();
        let clues: Vec<_> = grid.model.constraints[grid.clue_constraints.clone()].to_vec();
        assert!(clues.len() <= 64);
        let rooms = puzzle.positions.count;
        let perms = permutations(rooms);
        let cats = puzzle.categories.len();
        let mut arrangements = Vec::new();
        let mut idx = vec![0usize; cats];
        loop {
            let room_of: Vec<Vec<usize>> = idx.iter().map(|&k| perms[k].clone()).collect();
            let mut table = vec![vec![0; cats]; rooms];
            for (c, places) in room_of.iter().enumerate() {
                for (v, &r) in places.iter().enumerate() {
                    table[r][c] = v;
                }
            }
            let values = grid.values(&GridAnswer { table });
            let mask = clues
                .iter()
                .enumerate()
                .filter(|(_, c)| holds(c, &values))
                .fold(0u64, |m, (i, _)| m | 1 << i);
            arrangements.push((room_of, mask));
            // Next combination of permutations.
            let mut c = 0;
            loop {
                if c == cats {
                    return Oracle {
                        rooms: puzzle.position_labels(),
                        categories: puzzle
                            .categories
                            .iter()
                            .map(|k| (k.name.clone(), k.values.clone()))
                            .collect(),
                        arrangements,
                    };
                }
                idx[c] += 1;
                if idx[c] < perms.len() {
                    break;
                }
                idx[c] = 0;
                c += 1;
            }
        }
    }

    fn all(&self) -> u64 {
        let n = self.arrangements.iter().map(|a| a.1).max().unwrap_or(0);
        if n == 0 {
            0
        } else {
            u64::MAX >> n.leading_zeros()
        }
    }

    /// Arrangements that agree with the written squares `(room, cat, value)`.
    fn consistent<'a>(
        &'a self,
        written: &'a [(usize, usize, usize)],
    ) -> impl Iterator<Item = &'a (Vec<Vec<usize>>, u64)> + 'a {
        self.arrangements
            .iter()
            .filter(move |(room_of, _)| written.iter().all(|&(r, c, v)| room_of[c][v] == r))
    }

    /// The seed's rule: green when every completion of the sheet satisfies it, red when none
    /// does, neutral otherwise.
    fn marks(&self, written: &[(usize, usize, usize)], n: usize) -> Vec<&'static str> {
        let (mut any, mut every) = (0u64, u64::MAX);
        for (_, mask) in self.consistent(written) {
            any |= mask;
            every &= mask;
        }
        (0..n)
            .map(|i| match (every >> i & 1, any >> i & 1) {
                (1, _) => "satisfied",
                (_, 0) => "violated",
                _ => "open",
            })
            .collect()
    }

    fn solutions(&self) -> Vec<&Vec<Vec<usize>>> {
        let all = self.all();
        self.arrangements
            .iter()
            .filter(|(_, m)| m & all == all)
            .map(|(r, _)| r)
            .collect()
    }

    fn square(&self, s: &Value) -> (usize, usize, usize) {
        let r = self.rooms.iter().position(|x| *x == s["room"]).unwrap();
        let c = self
            .categories
            .iter()
            .position(|(n, _)| *n == s["category"])
            .unwrap();
        let v = self.categories[c]
            .1
            .iter()
            .position(|x| *x == s["value"])
            .unwrap();
        (r, c, v)
    }

    fn sheet(&self, written: &[(usize, usize, usize)]) -> Value {
        let mut rooms: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
        for &(r, c, v) in written {
            rooms.entry(self.rooms[r].clone()).or_default().insert(
                self.categories[c].0.clone(),
                self.categories[c].1[v].clone(),
            );
        }
        json!({ "rooms": rooms })
    }
}

#[test]
fn a_short_case_is_played_to_the_thief_and_every_answer_agrees_with_brute_force() {
    let s = server(Duration::from_secs(60));
    let a = addr(&s);
    let seed = 20261202;
    let cli = cli_case(seed, "short");
    let oracle = Oracle::new(&cli);
    let statements: Vec<&str> = cli["clues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["text"].as_str().unwrap())
        .collect();
    let n = statements.len();

    // Dealt by date and by seed: the same case the CLI deals.
    for by in [
        json!({"date": "2026-12-02"}),
        json!({"seed": seed, "length": "short"}),
    ] {
        let (status, case) = post_json(&a, "/api/inquest/deal", &by);
        assert_eq!(status, 200, "{case}");
        assert_eq!(case["schema_version"], 1);
        assert_eq!(case["seed"], seed);
        let dealt: Vec<&str> = case["statements"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap())
            .collect();
        assert_eq!(dealt, statements);
        assert_eq!(case["rooms"], cli["positions"]["labels"]);
        assert_eq!(case["intro"], cli["inquest"]["intro"]);
        for (k, cat) in case["categories"].as_array().unwrap().iter().enumerate() {
            assert_eq!(cat["name"], cli["categories"][k]["name"]);
            assert_eq!(cat["values"], cli["categories"][k]["values"]);
        }
        // The page's "1 solution" is right: brute force finds one.
        assert_eq!(case["solutions"], 1);
        assert_eq!(oracle.solutions().len(), 1);
    }
    let (_, by_date) = post_json(&a, "/api/inquest/deal", &json!({"date": "2026-12-02"}));
    assert_eq!(by_date["date"], "2026-12-02");

    // Play by hints alone, checking the marks and each hint against brute force.
    let case = json!({"seed": seed, "length": "short"});
    let mut written: Vec<(usize, usize, usize)> = Vec::new();
    let mut hints = 0;
    loop {
        let mut body = case.clone();
        body["sheet"] = oracle.sheet(&written);
        let (status, checked) = post_json(&a, "/api/inquest/check", &body);
        assert_eq!(status, 200, "{checked}");
        let marks: Vec<&str> = checked["statements"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["mark"].as_str().unwrap())
            .collect();
        assert_eq!(marks, oracle.marks(&written, n), "sheet {written:?}");
        let (status, hint) = post_json(&a, "/api/inquest/hint", &body);
        assert_eq!(status, 200, "{hint}");
        if hint["hint"] == "complete" {
            assert_eq!(written.len(), oracle.rooms.len() * oracle.categories.len());
            assert_eq!(checked["complete"], true);
            break;
        }
        assert_eq!(hint["hint"], "fill", "{hint}");
        let square = oracle.square(&hint["square"]);
        // Forced: every arrangement that satisfies the named statements and agrees with the
        // named squares has it.
        let named: u64 = hint["statements"]
            .as_array()
            .unwrap()
            .iter()
            .map(|k| 1u64 << (k.as_u64().unwrap() - 1))
            .fold(0, |m, b| m | b);
        let given: Vec<_> = hint["given"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| oracle.square(g))
            .collect();
        assert!(given.iter().all(|g| written.contains(g)));
        let mut fitting = oracle
            .consistent(&given)
            .filter(|(_, m)| m & named == named)
            .peekable();
        assert!(fitting.peek().is_some());
        assert!(
            fitting.all(|(room_of, _)| room_of[square.1][square.2] == square.0),
            "hint {hint} is not forced by what it names"
        );
        written.push(square);
        hints += 1;
        assert!(hints <= 16);
    }

    // The verdict, right and wrong, with the whole arrangement brute force finds.
    let solution = oracle.solutions()[0].clone();
    let people = &oracle.categories[0].1;
    let thief = cli["inquest"]["thief"].as_str().unwrap();
    for person in people {
        let mut body = case.clone();
        body["thief"] = json!(person);
        let (status, verdict) = post_json(&a, "/api/inquest/verdict", &body);
        assert_eq!(status, 200, "{verdict}");
        assert_eq!(verdict["right"], person == thief);
        assert_eq!(
            verdict["verdict"],
            if person == thief { "right" } else { "wrong" }
        );
        assert_eq!(verdict["thief"], thief);
        for square in verdict["arrangement"].as_array().unwrap() {
            let (r, c, v) = oracle.square(square);
            assert_eq!(solution[c][v], r);
        }
        assert_eq!(
            verdict["arrangement"].as_array().unwrap().len(),
            oracle.rooms.len() * oracle.categories.len()
        );
    }

    // A wrong mark: two people swapped on the full sheet. Its reds are the statements the
    // wrong arrangement breaks, and the hint is a contradiction.
    let wrong: Vec<_> = written
        .iter()
        .map(|&(r, c, v)| {
            let v = if c == 0 && v < 2 { 1 - v } else { v };
            (r, c, v)
        })
        .collect();
    let mut body = case.clone();
    body["sheet"] = oracle.sheet(&wrong);
    let (_, checked) = post_json(&a, "/api/inquest/check", &body);
    let marks: Vec<&str> = checked["statements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["mark"].as_str().unwrap())
        .collect();
    assert_eq!(marks, oracle.marks(&wrong, n));
    assert!(marks.contains(&"violated"));
    assert_eq!(checked["right"], false);
    let (_, hint) = post_json(&a, "/api/inquest/hint", &body);
    assert_eq!(hint["hint"], "contradiction", "{hint}");
    s.shutdown();
}

#[test]
fn a_long_case_deals_as_the_cli_and_its_hint_fills_the_solvers_square() {
    let s = server(Duration::from_secs(60));
    let a = addr(&s);
    let cli = cli_case(11, "long");
    let (status, case) = post_json(
        &a,
        "/api/inquest/deal",
        &json!({"seed": 11, "length": "long"}),
    );
    assert_eq!(status, 200);
    assert_eq!(case["rooms"], cli["positions"]["labels"]);
    assert_eq!(
        case["statements"].as_array().unwrap().len(),
        cli["clues"].as_array().unwrap().len()
    );
    let (_, hint) = post_json(
        &a,
        "/api/inquest/hint",
        &json!({"seed": 11, "length": "long"}),
    );
    assert_eq!(hint["hint"], "fill");
    let row = cli["inquest"]["arrangement"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["room"] == hint["square"]["room"])
        .unwrap();
    assert_eq!(
        row[hint["square"]["category"].as_str().unwrap()],
        hint["square"]["value"]
    );
    s.shutdown();
}

fn error(a: &str, path: &str, body: &Value) -> (u16, String, Option<String>) {
    let (status, v) = post_json(a, path, body);
    assert_eq!(v["schema_version"], 1, "{v}");
    assert_eq!(v["status"], status);
    (
        status,
        v["error"].as_str().unwrap().to_string(),
        v["field"].as_str().map(str::to_string),
    )
}

#[test]
fn bad_requests_are_400_naming_the_field() {
    let s = server(Duration::from_secs(60));
    let a = addr(&s);
    let cases: Vec<(Value, &str, &str)> = vec![
        (json!({"seed": "7"}), "seed", "expected a whole number"),
        (json!({"seed": -1}), "seed", "expected a whole number"),
        (json!({"length": "medium"}), "length", "`short` or `long`"),
        (
            json!({"date": "2026-02-30"}),
            "date",
            "that month has days 1 to 28",
        ),
        (json!({"date": "2026-12-02", "seed": 3}), "seed", "not both"),
        (
            json!({"seed": 3, "colour": "red"}),
            "colour",
            "unknown field",
        ),
    ];
    for path in ["deal", "check", "hint", "verdict"] {
        for (body, field, words) in &cases {
            let mut body = body.clone();
            if path == "verdict" && body.get("thief").is_none() {
                body["thief"] = json!("nobody");
            }
            let (status, message, f) = error(&a, &format!("/api/inquest/{path}"), &body);
            assert_eq!(status, 400, "{path} {body}: {message}");
            assert_eq!(f.as_deref(), Some(*field), "{path} {body}: {message}");
            assert!(message.contains(words), "{path} {body}: {message}");
            assert!(message.starts_with(field), "{message}");
        }
    }
    // The sheet, named down to the room and column.
    let sheet_errors = [
        (
            json!({"rooms": {"the Attic": {"person": "Mr Haddow"}}}),
            "not a room of this case",
        ),
        (
            json!({"rooms": {"1": {"hat": "x"}}}),
            "unknown column `hat`",
        ),
        (
            json!({"rooms": {"1": {"person": "Mr Haddock"}}}),
            "did you mean `Mr Haddow`",
        ),
        (json!({"rooms": {"9": {}}}), "there is no room 9"),
        (json!([1, 2]), "invalid type"),
    ];
    for (sheet, words) in sheet_errors {
        for path in ["check", "hint"] {
            let body = json!({"seed": 7, "length": "short", "sheet": sheet});
            let (status, message, f) = error(&a, &format!("/api/inquest/{path}"), &body);
            assert_eq!((status, f.as_deref()), (400, Some("sheet")), "{message}");
            assert!(message.contains(words), "{message}");
        }
    }
    let (status, message, f) = error(
        &a,
        "/api/inquest/verdict",
        &json!({"seed": 7, "thief": "Mr Haddock"}),
    );
    assert_eq!((status, f.as_deref()), (400, Some("thief")));
    assert!(message.contains("did you mean `Mr Haddow`"), "{message}");
    let (status, message, f) = error(&a, "/api/inquest/verdict", &json!({"seed": 7}));
    assert_eq!((status, f.as_deref()), (400, Some("thief")), "{message}");

    // Not JSON, or not an object.
    for body in [&b"{\"seed\": 7"[..], b"[1,2]", b"\xff\xfe", b"seed=7"] {
        let r = request(&a, "POST", "/api/inquest/deal", JSON, body).unwrap();
        assert_eq!(r.status, 400, "{}", r.text());
        let v = r.json();
        assert!(v["error"].as_str().unwrap().contains("JSON"), "{v}");
        assert!(v.get("field").is_none());
    }
    s.shutdown();
}

#[test]
fn unknown_paths_are_404_methods_405_and_nothing_reaches_the_file_system() {
    let s = server(Duration::from_secs(60));
    let a = addr(&s);
    for path in [
        "/api/nope",
        "/api/inquest",
        "/api/inquest/deal/../hint",
        "/../../../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/Cargo.toml",
        "/src/serve/mod.rs",
        "/static/app.css",
    ] {
        let method = if path.starts_with("/api/") {
            "POST"
        } else {
            "GET"
        };
        let r = request(&a, method, path, JSON, b"{}").unwrap();
        assert_eq!(r.status, 404, "{path}: {}", r.text());
        assert_eq!(r.json()["status"], 404);
    }
    let r = request(&a, "GET", "/api/inquest/deal", &[], b"").unwrap();
    assert_eq!(r.status, 405, "{}", r.text());
    let r = request(&a, "POST", "/", JSON, b"{}").unwrap();
    assert_eq!(r.status, 405);
    for (path, kind) in [
        ("/", "text/html"),
        ("/inquest", "text/html"),
        ("/app.css", "text/css"),
        ("/inquest.js", "text/javascript"),
        ("/favicon.svg", "image/svg+xml"),
        ("/portia", "text/html"),
        ("/portia.js", "text/javascript"),
        ("/?seed=7&length=long", "text/html"),
    ] {
        let r = request(&a, "GET", path, &[], b"").unwrap();
        assert_eq!(r.status, 200, "{path}");
        assert!(
            r.header("content-type").unwrap().starts_with(kind),
            "{path}"
        );
        assert!(!r.body.is_empty(), "{path}");
    }
    s.shutdown();
}

#[test]
fn bodies_over_one_megabyte_are_413() {
    let s = server(Duration::from_secs(60));
    let a = addr(&s);
    let big = format!("{{\"seed\": 7, \"pad\": \"{}\"}}", "x".repeat(1 << 20));
    let r = request(&a, "POST", "/api/inquest/deal", JSON, big.as_bytes()).unwrap();
    assert_eq!(r.status, 413, "{}", r.text());
    assert!(
        r.json()["error"]
            .as_str()
            .unwrap()
            .contains("1048576 bytes")
    );
    // Without a declared length: chunked.
    let mut chunked = format!("{:x}\r\n", big.len()).into_bytes();
    chunked.extend_from_slice(big.as_bytes());
    chunked.extend_from_slice(b"\r\n0\r\n\r\n");
    let r = request(
        &a,
        "POST",
        "/api/inquest/deal",
        &[
            ("Transfer-Encoding", "chunked"),
            ("Content-Type", "application/json"),
        ],
        &chunked,
    )
    .unwrap();
    assert_eq!(r.status, 413, "{}", r.text());
    // Just under the limit is read (and refused for its unknown field, by name).
    let fits = format!(
        "{{\"seed\": 7, \"pad\": \"{}\"}}",
        "x".repeat((1 << 20) - 40)
    );
    let r = request(&a, "POST", "/api/inquest/deal", JSON, fits.as_bytes()).unwrap();
    assert_eq!(r.status, 400);
    assert_eq!(r.json()["field"], "pad");
    s.shutdown();
}

#[test]
fn a_solve_past_the_time_limit_is_503_and_the_server_keeps_serving() {
    let s = server(Duration::from_micros(1));
    let a = addr(&s);
    // A hint on a long case takes tens of milliseconds; with a limit of a microsecond each is
    // 503, unless the machine is so loaded that the worker waiting for it was not scheduled
    // before it finished (then the answer must still be right: 200).
    let mut refused = 0;
    for seed in 101..111 {
        let (status, v) = post_json(
            &a,
            "/api/inquest/hint",
            &json!({"seed": seed, "length": "long"}),
        );
        match status {
            503 => {
                refused += 1;
                // Past 8 late solves the server refuses at once, saying so.
                let error = v["error"].as_str().unwrap();
                assert!(
                    error.contains("did not answer within") || error.contains("server is busy"),
                    "{v}"
                );
                assert_eq!(v["status"], 503);
            }
            200 => assert_eq!(v["hint"], "fill", "{v}"),
            other => panic!("status {other}: {v}"),
        }
    }
    assert!(refused > 0, "no call passed a time limit of 1 microsecond");
    let r = request(&a, "GET", "/", &[], b"").unwrap();
    assert_eq!(r.status, 200);
    s.shutdown();
    // With time enough, the same calls answer.
    let s = server(Duration::from_secs(60));
    let (status, _) = post_json(
        &addr(&s),
        "/api/inquest/deal",
        &json!({"seed": 101, "length": "long"}),
    );
    assert_eq!(status, 200);
    s.shutdown();
}

#[test]
fn portia_puzzles_by_id_and_at_random_and_their_verdicts() {
    let s = server(Duration::from_secs(60));
    let a = addr(&s);
    // Smullyan's 67a is portia1-44 (the seed says so): the portrait is in the silver casket.
    let (status, p) = post_json(&a, "/api/portia/deal", &json!({"id": "portia1-44"}));
    assert_eq!(status, 200, "{p}");
    assert_eq!(
        p["caskets"][0]["inscriptions"][0],
        "The portrait is in this casket."
    );
    assert_eq!(p["clue"], "At most one of the statements is true.");
    for (casket, right) in [(1, false), (2, true), (3, false)] {
        let (status, v) = post_json(
            &a,
            "/api/portia/verdict",
            &json!({"id": "portia1-44", "casket": casket}),
        );
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["right"], right);
        assert_eq!(v["portrait"], 2);
        // [1, -2, -1] with the portrait in casket 2: false, false, true.
        let truths: Vec<bool> = v["inscriptions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["truth"].as_bool().unwrap())
            .collect();
        assert_eq!(truths, [false, false, true]);
    }
    // Every Portia I puzzle and some of Portia III: the verdict's portrait is the catalogue's
    // (`satpuz generate portia --json`), and the truths are those of the statements there.
    for (generation, step) in [(1, 1), (3, 37)] {
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
            let (status, v) = post_json(
                &a,
                "/api/portia/verdict",
                &json!({"id": id, "casket": solution}),
            );
            assert_eq!(status, 200, "{v}");
            assert_eq!(v["right"], true, "{id}");
            assert_eq!(v["portrait"], solution, "{id}");
            for (c, t) in v["inscriptions"].as_array().unwrap().iter().enumerate() {
                let list = if r["caskets"][0].is_array() {
                    &r["caskets"][0]
                } else {
                    &r["caskets"]
                };
                let pointer = list[c].as_i64().unwrap();
                let holds = (pointer.unsigned_abs() == solution) == (pointer > 0);
                assert_eq!(t["truth"], holds, "{id} casket {}", c + 1);
            }
        }
    }
    // At random, by generation; the same pick gives the same puzzle.
    for g in [1, 2, 3] {
        let (status, p) = post_json(
            &a,
            "/api/portia/deal",
            &json!({"generation": g, "pick": 12345}),
        );
        assert_eq!(status, 200, "{p}");
        assert!(
            p["id"]
                .as_str()
                .unwrap()
                .starts_with(&format!("portia{g}-"))
        );
        assert_eq!(p["caskets"].as_array().unwrap().len(), 3);
        let (_, again) = post_json(
            &a,
            "/api/portia/deal",
            &json!({"generation": g, "pick": 12345}),
        );
        assert_eq!(again["id"], p["id"]);
    }
    let bad: Vec<(&str, Value, &str, &str)> = vec![
        (
            "deal",
            json!({"id": "portia1-349"}),
            "id",
            "not in the Portia I catalogue",
        ),
        ("deal", json!({"id": "hooks1"}), "id", "not a catalogue id"),
        (
            "deal",
            json!({"generation": 4}),
            "generation",
            "expected 1, 2 or 3",
        ),
        (
            "deal",
            json!({"id": "portia1-44", "generation": 2}),
            "generation",
            "is a Portia I puzzle",
        ),
        ("deal", json!({"colour": 1}), "colour", "unknown field"),
        (
            "verdict",
            json!({"id": "portia1-44", "casket": 4}),
            "casket",
            "expected 1 (gold)",
        ),
        ("verdict", json!({"id": "portia1-44"}), "casket", "missing"),
        ("verdict", json!({"casket": 1}), "id", "missing"),
        (
            "verdict",
            json!({"id": "portia1-44", "casket": "gold"}),
            "casket",
            "expected 1 (gold)",
        ),
    ];
    for (call, body, field, words) in bad {
        let (status, message, f) = error(&a, &format!("/api/portia/{call}"), &body);
        assert_eq!(
            (status, f.as_deref()),
            (400, Some(field)),
            "{body}: {message}"
        );
        assert!(message.contains(words), "{body}: {message}");
    }
    s.shutdown();
}

/// The lock's heirlooms for these owners, as the try call takes them.
fn owners(pairs: &[(&str, &str)]) -> Value {
    Value::Object(
        pairs
            .iter()
            .map(|(n, h)| (n.to_string(), json!(h)))
            .collect(),
    )
}

#[test]
fn the_jindosh_lock_opens_on_the_riddles_answer_and_why_names_the_needed_clues() {
    let s = server(Duration::from_secs(60));
    let a = addr(&s);
    let riddle = common::jindosh();
    let (status, read) = post_json(&a, "/api/jindosh/read", &json!({}));
    assert_eq!(status, 200, "{read}");
    assert_eq!(read["solutions"], 1);
    assert_eq!(read["names"].as_array().unwrap().len(), 5);
    assert_eq!(read["clues"].as_array().unwrap().len(), riddle.clues.len());
    assert!(read["unreadable"].as_array().unwrap().is_empty());
    // The page's text is the riddle's own, and the reader reads it whole.
    let text = read["text"].as_str().unwrap().to_string();
    let (_, pasted) = post_json(&a, "/api/jindosh/read", &json!({ "text": text }));
    assert_eq!(pasted["solutions"], 1, "{pasted}");
    assert!(pasted["unreadable"].as_array().unwrap().is_empty());

    // The seed's answer opens it, from the built-in riddle and from the pasted text; any two
    // heirlooms swapped, or one left out, keep it shut.
    for riddle_fields in [json!({}), json!({ "text": text })] {
        let mut body = riddle_fields.clone();
        body["heirlooms"] = owners(&common::JINDOSH_OWNERS);
        let (status, v) = post_json(&a, "/api/jindosh/try", &body);
        assert_eq!(status, 200, "{v}");
        assert_eq!(
            (v["opens"].clone(), v["verdict"].clone()),
            (json!(true), json!("opens"))
        );
        for i in 0..5 {
            for j in i + 1..5 {
                let mut swapped = common::JINDOSH_OWNERS;
                let (hi, hj) = (swapped[i].1, swapped[j].1);
                swapped[i].1 = hj;
                swapped[j].1 = hi;
                body["heirlooms"] = owners(&swapped);
                let (_, v) = post_json(&a, "/api/jindosh/try", &body);
                assert_eq!(v["opens"], false, "{swapped:?}");
            }
        }
        body["heirlooms"] = owners(&common::JINDOSH_OWNERS[1..]);
        let (_, v) = post_json(&a, "/api/jindosh/try", &body);
        assert_eq!(v["opens"], false);
        assert_eq!(v["missing"], json!([common::JINDOSH_OWNERS[0].0]));
    }

    // Why: a clue is needed exactly when brute force finds a second answer without it.
    let (status, why) = post_json(&a, "/api/jindosh/why", &json!({}));
    assert_eq!(status, 200, "{why}");
    let clues = why["clues"].as_array().unwrap();
    assert_eq!(clues.len(), riddle.clues.len());
    assert_eq!(common::brute_force(&riddle, &riddle.clues, 2).len(), 1);
    let mut needed = 0;
    for (i, c) in clues.iter().enumerate() {
        let mut fewer = riddle.clues.clone();
        fewer.remove(i);
        let by_brute_force = common::brute_force(&riddle, &fewer, 2).len() > 1;
        assert_eq!(c["needed"], by_brute_force, "clue {}: {c}", i + 1);
        assert_eq!(c["text"].as_str(), riddle.clues[i].text.as_deref());
        needed += usize::from(by_brute_force);
    }
    assert_eq!(why["needed"], needed);
    assert!(needed > 0 && needed < clues.len(), "{needed}");
    s.shutdown();
}

#[test]
fn a_pasted_riddle_lists_every_unreadable_sentence_and_a_lock_it_cannot_judge_is_400() {
    let s = server(Duration::from_secs(60));
    let a = addr(&s);
    let text = std::fs::read_to_string(common::encodings_dir().join("jindosh.txt")).unwrap();
    // Two sentences the reader cannot read, in place of the red/green clue.
    let broken = text.replace(
        "The lady in red sat left of someone in green.",
        "Her hat was next to her. Lady Winslow owned the Ring and the Diamond.",
    );
    assert_ne!(broken, text);
    let (status, read) = post_json(&a, "/api/jindosh/read", &json!({ "text": broken }));
    assert_eq!(status, 200, "{read}");
    let unreadable = read["unreadable"].as_array().unwrap();
    let sentences: Vec<&str> = unreadable
        .iter()
        .map(|u| u["sentence"].as_str().unwrap())
        .collect();
    assert_eq!(
        sentences,
        [
            "Her hat was next to her.",
            "Lady Winslow owned the Ring and the Diamond."
        ],
        "{read}"
    );
    assert!(unreadable.iter().all(|u| u["number"].as_u64().unwrap() > 1));
    assert!(unreadable[1]["problem"].as_str().unwrap().contains("both"));
    // The red/green clue is needed (see the test above), so the rest allow two answers.
    let mut riddle = common::jindosh();
    riddle.clues.remove(3);
    assert!(common::brute_force(&riddle, &riddle.clues, 2).len() > 1);
    assert_eq!(read["solutions"], 2);
    for path in ["try", "why"] {
        let (status, message, field) = error(
            &a,
            &format!("/api/jindosh/{path}"),
            &json!({"text": broken, "heirlooms": owners(&common::JINDOSH_OWNERS)}),
        );
        // why takes no heirlooms: its 400 names that field instead.
        if path == "why" {
            assert_eq!(
                (status, field.as_deref()),
                (400, Some("heirlooms")),
                "{message}"
            );
            let (status, message, field) =
                error(&a, "/api/jindosh/why", &json!({ "text": broken }));
            assert_eq!((status, field.as_deref()), (400, Some("text")), "{message}");
            assert!(message.contains("more than one answer"), "{message}");
        } else {
            assert_eq!((status, field.as_deref()), (400, Some("text")), "{message}");
            assert!(message.contains("more than one answer"), "{message}");
        }
    }

    let cases = [
        (
            "read",
            json!({"text": 7}),
            "text",
            "expected the riddle's text",
        ),
        ("read", json!({"text": "Nothing here."}), "text", "no clues"),
        ("read", json!({"seed": 1}), "seed", "unknown field"),
        (
            "try",
            json!({"heirlooms": {"Lady Wnslow": "Ring"}}),
            "heirlooms",
            "not a name of this riddle",
        ),
        (
            "try",
            json!({"heirlooms": {"Lady Winslow": "Crown"}}),
            "heirlooms",
            "not an heirloom",
        ),
        (
            "try",
            json!({"heirlooms": ["Ring"]}),
            "heirlooms",
            "expected an object",
        ),
    ];
    for (path, body, field, words) in cases {
        let (status, message, f) = error(&a, &format!("/api/jindosh/{path}"), &body);
        assert_eq!(status, 400, "{path} {body}: {message}");
        assert_eq!(f.as_deref(), Some(field), "{path} {body}: {message}");
        assert!(message.contains(words), "{path} {body}: {message}");
    }
    s.shutdown();
}

/// A written square as a clue: `value` (of category `cat`) at `position` (from 1), or not.
fn at_clue(value: &str, position: usize, not: bool) -> satpuz::puzzles::grid::Clue {
    satpuz::puzzles::grid::Clue {
        relation: satpuz::puzzles::grid::Relation::At {
            a: value.to_string(),
            position,
        },
        not,
        text: None,
    }
}

/// The values a clue names (to keep only the written squares it can interact with: squares of
/// other categories are independent of it).
fn clue_values(p: &GridPuzzle, clue: &satpuz::puzzles::grid::Clue) -> Vec<usize> {
    let text = serde_json::to_string(clue).unwrap();
    p.categories
        .iter()
        .enumerate()
        .filter(|(_, c)| c.values.iter().any(|v| text.contains(&format!("\"{v}\""))))
        .map(|(i, _)| i)
        .collect()
}

#[test]
fn a_grid_file_is_played_by_hints_with_every_mark_and_hint_checked_by_brute_force() {
    let s = server(Duration::from_secs(60));
    let a = addr(&s);
    let zebra = common::load("zebra.json");
    let solution = common::brute_force(&zebra, &zebra.clues, 2);
    assert_eq!(solution.len(), 1);
    let solution = &solution[0]; // rows[category][position]
    let (status, loaded) = post_json(&a, "/api/grid/load", &json!({}));
    assert_eq!(status, 200, "{loaded}");
    assert_eq!(loaded["name"], zebra.name);
    assert_eq!(loaded["solutions"], 1);
    let file: Value = serde_json::from_str(loaded["example"].as_str().unwrap()).unwrap();
    // written[(category, position)] = value
    let mut written: BTreeMap<(usize, usize), String> = BTreeMap::new();
    let sheet = |w: &BTreeMap<(usize, usize), String>| {
        let mut rooms = serde_json::Map::new();
        for ((c, p), v) in w {
            let room = rooms
                .entry((p + 1).to_string())
                .or_insert_with(|| json!({}));
            room[&zebra.categories[*c].name] = json!(v);
        }
        json!({"puzzle": file, "sheet": rooms})
    };
    let squares = zebra.positions.count * zebra.categories.len();
    for step in 0..=squares {
        let body = sheet(&written);
        let (status, checked) = post_json(&a, "/api/grid/check", &body);
        assert_eq!(status, 200, "{checked}");
        // Marks: can the clue hold, and can it fail, on some filling of the blank squares?
        for (i, clue) in zebra.clues.iter().enumerate() {
            let cats = clue_values(&zebra, clue);
            let given: Vec<_> = written
                .iter()
                .filter(|((c, _), _)| cats.contains(c))
                .map(|((_, p), v)| at_clue(v, p + 1, false))
                .collect();
            let mut negated = clue.clone();
            negated.not = !negated.not;
            let can_hold =
                common::satisfiable(&zebra, &[&given[..], std::slice::from_ref(clue)].concat());
            let can_fail = common::satisfiable(&zebra, &[&given[..], &[negated]].concat());
            let expected = match (can_hold, can_fail) {
                (true, false) => "satisfied",
                (false, _) => "violated",
                (true, true) => "open",
            };
            assert_eq!(
                checked["clues"][i]["mark"],
                expected,
                "step {step} clue {}",
                i + 1
            );
        }
        let (status, hint) = post_json(&a, "/api/grid/hint", &body);
        assert_eq!(status, 200, "{hint}");
        if step == squares {
            assert_eq!(hint["hint"], "complete", "{hint}");
            assert_eq!(
                (checked["complete"].clone(), checked["right"].clone()),
                (json!(true), json!(true))
            );
            break;
        }
        assert_eq!(hint["hint"], "fill", "step {step}: {hint}");
        let c = zebra
            .categories
            .iter()
            .position(|c| c.name == hint["square"]["category"])
            .unwrap();
        let labels = zebra.position_labels();
        let p = labels
            .iter()
            .position(|l| *l == hint["square"]["position"])
            .unwrap();
        let value = hint["square"]["value"].as_str().unwrap().to_string();
        assert_eq!(solution[c][p], value, "step {step}: the solution's square");
        assert!(!written.contains_key(&(c, p)));
        // Forced by what it names: the named clues and squares with the square denied have no
        // arrangement (the first steps, where the search is small).
        if step < 6 {
            let mut clues: Vec<_> = hint["clues"]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| zebra.clues[n.as_u64().unwrap() as usize - 1].clone())
                .collect();
            for g in hint["given"].as_array().unwrap() {
                let gp = labels.iter().position(|l| *l == g["position"]).unwrap();
                clues.push(at_clue(g["value"].as_str().unwrap(), gp + 1, false));
            }
            clues.push(at_clue(&value, p + 1, true));
            assert!(!common::satisfiable(&zebra, &clues), "step {step}: {hint}");
        }
        written.insert((c, p), value);
    }

    // A wrong square: the hint is a contradiction of clues and squares that brute force
    // finds unsatisfiable, and minimal.
    let colour = zebra
        .categories
        .iter()
        .position(|c| c.name == "colour")
        .unwrap();
    let wrong: BTreeMap<(usize, usize), String> = [((colour, 0), "red".to_string())].into();
    assert_ne!(solution[colour][0], "red");
    let (_, hint) = post_json(&a, "/api/grid/hint", &sheet(&wrong));
    assert_eq!(hint["hint"], "contradiction", "{hint}");
    let mut clues: Vec<_> = hint["clues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| zebra.clues[n.as_u64().unwrap() as usize - 1].clone())
        .collect();
    assert_eq!(hint["given"][0]["value"], "red");
    clues.push(at_clue("red", 1, false));
    assert!(!common::satisfiable(&zebra, &clues));
    for skip in 0..clues.len() {
        let mut fewer = clues.clone();
        fewer.remove(skip);
        assert!(
            common::satisfiable(&zebra, &fewer),
            "item {skip} of {hint} is needed"
        );
    }
    s.shutdown();
}

#[test]
fn grid_file_errors_are_400_naming_the_field() {
    let s = server(Duration::from_secs(60));
    let a = addr(&s);
    let mut two_answers = common::load("dinesman.json");
    two_answers.clues.pop();
    assert!(common::brute_force(&two_answers, &two_answers.clues, 2).len() > 1);
    let two = serde_json::to_value(&two_answers).unwrap();
    let (_, loaded) = post_json(&a, "/api/grid/load", &json!({ "puzzle": two }));
    assert_eq!(loaded["solutions"], 2, "{loaded}");
    let cases = [
        (
            "load",
            json!({"puzzle": "zebra"}),
            "puzzle",
            "expected a grid puzzle file",
        ),
        (
            "load",
            json!({"puzzle": {"name": "x"}}),
            "puzzle",
            "positions",
        ),
        ("load", json!({"sheet": {}}), "sheet", "unknown field"),
        (
            "check",
            json!({"puzzle": two}),
            "puzzle",
            "more than one answer",
        ),
        (
            "hint",
            json!({"sheet": {"9": {}}}),
            "sheet",
            "not a position",
        ),
        (
            "hint",
            json!({"sheet": {"1": {"flavour": "x"}}}),
            "sheet",
            "unknown category",
        ),
        (
            "hint",
            json!({"sheet": {"1": {"colour": "mauve"}}}),
            "sheet",
            "not one of",
        ),
        (
            "check",
            json!({"sheet": {"1": {"colour": "red"}, "2": {"colour": "red"}}}),
            "sheet",
            "already written",
        ),
    ];
    for (path, body, field, words) in cases {
        let (status, message, f) = error(&a, &format!("/api/grid/{path}"), &body);
        assert_eq!(status, 400, "{path} {body}: {message}");
        assert_eq!(f.as_deref(), Some(field), "{path} {body}: {message}");
        assert!(message.contains(words), "{path} {body}: {message}");
    }
    s.shutdown();
}
