//! `satpuz serve` under load: 100 concurrent hints on long cases all answer, each with the
//! square `satpuz inquest --reveal` has; 200 concurrent requests of every kind, refused ones
//! among them, each get their own answer; and the server's memory stays flat over 10,000
//! requests (VmRSS of this process, which runs the server).

mod common;

use std::collections::HashMap;
use std::time::Duration;

use common::http::{post_json, request};
use common::satpuz;
use satpuz::serve::{Config, start};
use serde_json::{Value, json};

fn server() -> satpuz::serve::Running {
    start(&Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        workers: 4,
        time_limit: Duration::from_secs(300),
    })
    .unwrap()
}

/// The arrangement `satpuz inquest --reveal --json` prints: (room, category) -> value.
fn revealed(seed: u64) -> HashMap<(String, String), String> {
    let run = satpuz(&[
        "inquest",
        "--seed",
        &seed.to_string(),
        "--length",
        "long",
        "--json",
        "--reveal",
    ]);
    assert_eq!(run.code, 0, "{run:?}");
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    let mut out = HashMap::new();
    for row in v["inquest"]["arrangement"].as_array().unwrap() {
        let room = row["room"].as_str().unwrap().to_string();
        for (k, value) in row.as_object().unwrap() {
            if k != "room" {
                out.insert(
                    (room.clone(), k.clone()),
                    value.as_str().unwrap().to_string(),
                );
            }
        }
    }
    out
}

#[test]
fn a_hundred_concurrent_hints_on_long_cases_all_answer_correctly() {
    let s = server();
    let addr = s.addr().to_string();
    let seeds = [31u64, 32, 33, 34];
    let answers: HashMap<u64, _> = seeds.iter().map(|&k| (k, revealed(k))).collect();
    let threads: Vec<_> = (0..100)
        .map(|i| {
            let addr = addr.clone();
            let seed = seeds[i % seeds.len()];
            std::thread::spawn(move || {
                let (status, hint) = post_json(
                    &addr,
                    "/api/inquest/hint",
                    &json!({"seed": seed, "length": "long", "sheet": {}}),
                );
                (seed, status, hint)
            })
        })
        .collect();
    for t in threads {
        let (seed, status, hint) = t.join().unwrap();
        assert_eq!(status, 200, "{hint}");
        assert_eq!(hint["hint"], "fill", "{hint}");
        let sq = &hint["square"];
        let key = (
            sq["room"].as_str().unwrap().to_string(),
            sq["category"].as_str().unwrap().to_string(),
        );
        assert_eq!(
            answers[&seed][&key],
            sq["value"].as_str().unwrap(),
            "{hint}"
        );
        assert!(!hint["statements"].as_array().unwrap().is_empty());
    }
    s.shutdown();
}

#[test]
fn two_hundred_concurrent_mixed_requests_each_get_their_own_answer() {
    let s = server();
    let addr = s.addr().to_string();
    let json = ("Content-Type", "application/json");
    let threads: Vec<_> = (0..200u64)
        .map(|i| {
            let addr = addr.clone();
            std::thread::spawn(move || {
                let post = |path: &str, headers: &[(&str, &str)], body: &str| {
                    request(&addr, "POST", path, headers, body.as_bytes()).unwrap()
                };
                let deal = format!("{{\"seed\": {}, \"length\": \"short\"}}", i % 20);
                let (reply, want) = match i % 10 {
                    0 => (request(&addr, "GET", "/", &[], b"").unwrap(), 200),
                    1 => (request(&addr, "HEAD", "/grid.js", &[], b"").unwrap(), 200),
                    2 => (post("/api/inquest/deal", &[json], &deal), 200),
                    3 => (
                        post(
                            "/api/inquest/hint",
                            &[json],
                            r#"{"seed": 5, "length": "short", "sheet": {}}"#,
                        ),
                        200,
                    ),
                    4 => (post("/api/grid/load", &[json], "{}"), 200),
                    5 => (
                        post(
                            "/api/inquest/deal",
                            &[json, ("Host", "evil.example")],
                            &deal,
                        ),
                        403,
                    ),
                    6 => (
                        post(
                            "/api/inquest/deal",
                            &[("Content-Type", "text/plain")],
                            &deal,
                        ),
                        415,
                    ),
                    7 => (
                        post(
                            "/api/inquest/deal",
                            &[json, ("Origin", "http://evil.example")],
                            &deal,
                        ),
                        403,
                    ),
                    8 => (
                        post("/api/inquest/deal", &[json], r#"{"seed": 1, "seed": 2}"#),
                        400,
                    ),
                    _ => (post("/api/nope", &[json], "{}"), 404),
                };
                (i, reply, want)
            })
        })
        .collect();
    for t in threads {
        let (i, reply, want) = t.join().unwrap();
        assert_eq!(reply.status, want, "request {i}: {}", reply.text());
        match i % 10 {
            // HEAD: the headers of the GET, no body.
            1 => assert!(reply.body.is_empty() && reply.header("content-length") != Some("0")),
            2 => assert_eq!(reply.json()["seed"], i % 20, "{}", reply.text()),
            3 => assert_eq!(reply.json()["hint"], "fill", "{}", reply.text()),
            4 => assert_eq!(reply.json()["solutions"], 1, "{}", reply.text()),
            _ => {}
        }
    }
    s.shutdown();
}

fn rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmRSS")
}

#[test]
fn memory_stays_flat_over_ten_thousand_requests() {
    let s = server();
    let addr = s.addr().to_string();
    // Every kind of request: deals of many seeds (more than the case cache holds), checks,
    // pages, errors.
    let one = |i: u64| match i % 5 {
        0 => {
            let (status, _) = post_json(
                &addr,
                "/api/inquest/deal",
                &json!({"seed": i % 200, "length": "short"}),
            );
            assert_eq!(status, 200);
        }
        1 => {
            let (status, _) = post_json(
                &addr,
                "/api/inquest/check",
                &json!({"seed": 5, "sheet": {"rooms": {"1": {"person": null}}}}),
            );
            assert_eq!(status, 200);
        }
        2 => assert_eq!(request(&addr, "GET", "/", &[], b"").unwrap().status, 200),
        3 => assert_eq!(
            request(&addr, "GET", "/app.css", &[], b"").unwrap().status,
            200
        ),
        _ => {
            let (status, _) = post_json(&addr, "/api/inquest/deal", &json!({"seed": "x"}));
            assert_eq!(status, 400);
        }
    };
    for i in 0..2_000 {
        one(i);
    }
    let before = rss_kib();
    for i in 2_000..12_000 {
        one(i);
    }
    let after = rss_kib();
    eprintln!("VmRSS after 2,000 requests {before} KiB, after 10,000 more {after} KiB");
    assert!(
        after <= before + 8 * 1024,
        "memory grew from {before} KiB to {after} KiB over 10,000 requests"
    );
    s.shutdown();
}
