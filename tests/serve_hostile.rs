//! `satpuz serve` against what any web page the user visits, or a careless client, can send
//! it: a server in a child process on an ephemeral port, each test ending by itself (the child
//! is killed when the test ends, passed or failed).
//!
//! Refused: a Host other than the server's own address (DNS rebinding), a cross-origin POST,
//! a POST not declared JSON, a key given twice in a body, `--workers` out of range. Survived:
//! clients that connect and stall (slowloris), and puzzles too hard to solve in the time limit.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::http::{HttpReply, request, request_within};
use serde_json::{Value, json};

/// `satpuz serve --port 0` in a child process, killed when dropped.
struct ChildServer {
    child: Child,
    addr: String,
}

impl ChildServer {
    fn start(args: &[&str]) -> ChildServer {
        let mut child = Command::new(env!("CARGO_BIN_EXE_satpuz"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("satpuz serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("satpuz serve prints its URL");
        let addr = line
            .trim()
            .strip_prefix("satpuz serve: http://")
            .and_then(|rest| rest.strip_suffix('/'))
            .unwrap_or_else(|| panic!("no URL in {line:?}"))
            .to_string();
        ChildServer { child, addr }
    }

    /// Still running (not ended by a panic or an abort)?
    fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for ChildServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const JSON: (&str, &str) = ("Content-Type", "application/json");

fn post(addr: &str, path: &str, headers: &[(&str, &str)], body: &str) -> HttpReply {
    request(addr, "POST", path, headers, body.as_bytes())
        .unwrap_or_else(|e| panic!("POST {path}: {e}"))
}

fn error_of(reply: &HttpReply) -> String {
    let v: Value = reply.json();
    assert_eq!(v["status"], reply.status, "{v}");
    v["error"].as_str().expect("an error message").to_string()
}

const DEAL: &str = "/api/inquest/deal";
const DEAL_BODY: &str = r#"{"seed": 7, "length": "short"}"#;

#[test]
fn a_request_for_another_host_is_refused() {
    let mut s = ChildServer::start(&[]);
    let port = s.addr.rsplit(':').next().unwrap().to_string();
    for host in [
        s.addr.clone(),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
    ] {
        let r = request(&s.addr, "GET", "/", &[("Host", &host)], b"").unwrap();
        assert_eq!(r.status, 200, "{host}: {}", r.text());
        let r = post(&s.addr, DEAL, &[("Host", &host), JSON], DEAL_BODY);
        assert_eq!(r.status, 200, "{host}: {}", r.text());
    }
    // A page whose name was rebound to 127.0.0.1 sends its own name.
    for host in [
        format!("evil.example:{port}"),
        "evil.example".to_string(),
        format!("127.0.0.1:{}", port.parse::<u16>().unwrap().wrapping_add(1)),
    ] {
        let r = request(&s.addr, "GET", "/", &[("Host", &host)], b"").unwrap();
        assert_eq!(r.status, 403, "{host}: {}", r.text());
        assert!(
            error_of(&r).contains("not this server's address"),
            "{}",
            r.text()
        );
        let r = post(&s.addr, DEAL, &[("Host", &host), JSON], DEAL_BODY);
        assert_eq!(r.status, 403, "{host}: {}", r.text());
    }
    assert!(s.alive());
}

#[test]
fn a_cross_origin_post_is_refused() {
    let mut s = ChildServer::start(&[]);
    let own = format!("http://{}", s.addr);
    let r = post(&s.addr, DEAL, &[("Origin", &own), JSON], DEAL_BODY);
    assert_eq!(r.status, 200, "{}", r.text());
    for origin in [
        "http://evil.example",
        "null",
        &format!("https://{}", s.addr),
    ] {
        let r = post(&s.addr, DEAL, &[("Origin", origin), JSON], DEAL_BODY);
        assert_eq!(r.status, 403, "{origin}: {}", r.text());
        assert!(error_of(&r).contains("another site"), "{}", r.text());
    }
    assert!(s.alive());
}

#[test]
fn a_post_not_declared_json_is_refused() {
    let mut s = ChildServer::start(&[]);
    // What a page of another site can send without asking first: text/plain, a form.
    for content_type in [
        Some("text/plain"),
        Some("text/plain;charset=UTF-8"),
        Some("application/x-www-form-urlencoded"),
        None,
    ] {
        let headers: Vec<(&str, &str)> =
            content_type.iter().map(|t| ("Content-Type", *t)).collect();
        let r = post(&s.addr, DEAL, &headers, DEAL_BODY);
        assert_eq!(r.status, 415, "{content_type:?}: {}", r.text());
        assert!(error_of(&r).contains("application/json"), "{}", r.text());
    }
    let r = post(
        &s.addr,
        DEAL,
        &[("Content-Type", "application/json; charset=utf-8")],
        DEAL_BODY,
    );
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(s.alive());
}

#[test]
fn a_key_given_twice_in_a_body_is_refused_by_name() {
    let s = ChildServer::start(&[]);
    let twice = [
        (DEAL, r#"{"seed": 7, "length": "short", "seed": 8}"#, "seed"),
        (
            "/api/inquest/check",
            r#"{"seed": 7, "sheet": {"rooms": {"1": {"person": null, "person": null}}}}"#,
            "person",
        ),
        (
            "/api/grid/load",
            r#"{"puzzle": {"positions": {"count": 2}, "positions": {"count": 3}}}"#,
            "positions",
        ),
    ];
    for (path, body, key) in twice {
        let r = post(&s.addr, path, &[JSON], body);
        assert_eq!(r.status, 400, "{body}: {}", r.text());
        let error = error_of(&r);
        assert!(
            error.contains(&format!("`{key}` is given twice")),
            "{error}"
        );
    }
    // The same bodies with each key once are read.
    let r = post(
        &s.addr,
        DEAL,
        &[JSON],
        &json!({"seed": 7, "length": "short"}).to_string(),
    );
    assert_eq!(r.status, 200, "{}", r.text());
}

#[test]
fn workers_out_of_range_are_refused_without_starting() {
    for workers in ["100000", "0", "257"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_satpuz"))
            .args(["serve", "--port", "0", "--workers", workers])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("satpuz starts");
        let start = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if start.elapsed() > Duration::from_secs(20) {
                let _ = child.kill();
                let _ = child.wait();
                panic!("--workers {workers}: the server started instead of refusing");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let mut stderr = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(matches!(status.code(), Some(1 | 2)), "{status:?}: {stderr}");
        assert!(stderr.contains("--workers"), "{stderr}");
        assert!(stderr.contains("256"), "{stderr}");
    }
}

/// A client that sends part of a request and then nothing: the head with a body of 200,000
/// bytes declared and 10 sent, or (`in_head`) only the first lines of a head.
fn stall(addr: &str, in_head: bool) -> TcpStream {
    let mut stream = TcpStream::connect(addr).expect("connects");
    let part = if in_head {
        format!("POST {DEAL} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n")
    } else {
        format!(
            "POST {DEAL} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
             Content-Length: 200000\r\n\r\n{{\"seed\": 7,"
        )
    };
    stream.write_all(part.as_bytes()).expect("sends");
    stream
}

/// A page and an API call, each answered within a second while the stalled clients wait.
fn served_promptly(addr: &str) {
    for (method, path, body) in [("GET", "/", ""), ("POST", DEAL, DEAL_BODY)] {
        let start = Instant::now();
        let r = request_within(
            addr,
            method,
            path,
            &[JSON],
            body.as_bytes(),
            Duration::from_secs(5),
        )
        .unwrap_or_else(|e| panic!("{method} {path} while clients stall: {e}"));
        let took = start.elapsed();
        assert_eq!(r.status, 200, "{}", r.text());
        assert!(
            took < Duration::from_secs(1),
            "{method} {path} took {took:?}"
        );
    }
}

#[test]
fn two_then_fifty_stalled_clients_hold_no_worker() {
    let mut s = ChildServer::start(&["--workers", "2"]);
    let two: Vec<TcpStream> = (0..2).map(|_| stall(&s.addr, false)).collect();
    std::thread::sleep(Duration::from_millis(200));
    served_promptly(&s.addr);
    let fifty: Vec<TcpStream> = (0..50).map(|i| stall(&s.addr, i % 2 == 0)).collect();
    std::thread::sleep(Duration::from_millis(200));
    served_promptly(&s.addr);
    // The stalled ones are not held for ever: each is answered 408 and closed by the deadline.
    let mut first = two.into_iter().next().unwrap();
    first
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut answer = String::new();
    let _ = first.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer:?}");
    drop(fifty);
    assert!(s.alive());
}

/// A logic grid that encodes random 3-SAT at the threshold (200 variables, 852 clauses, about
/// 150 KB): variable k is category `v{k}`, true when `t{k}` is at position L.
fn random_3sat_grid(seed: u64) -> Value {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |n: u64| {
        // xorshift64*: the same instances on every machine.
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D) % n
    };
    let n = 200;
    let categories: Vec<Value> = (0..n)
        .map(|k| json!({"name": format!("v{k}"), "values": [format!("t{k}"), format!("f{k}")]}))
        .collect();
    let clues: Vec<Value> = (0..852)
        .map(|_| {
            let mut vars: Vec<u64> = Vec::new();
            while vars.len() < 3 {
                let v = next(n);
                if !vars.contains(&v) {
                    vars.push(v);
                }
            }
            let either: Vec<Value> = vars
                .iter()
                .map(|v| {
                    let value = if next(2) == 0 {
                        format!("t{v}")
                    } else {
                        format!("f{v}")
                    };
                    json!({"kind": "at", "a": value, "position": "L"})
                })
                .collect();
            json!({"kind": "either", "either": either})
        })
        .collect();
    json!({
        "positions": {"count": 2, "labels": ["L", "R"]},
        "categories": categories,
        "clues": clues,
    })
}

#[test]
fn twenty_hard_puzzles_in_a_row_then_a_hint_is_answered() {
    let mut s = ChildServer::start(&["--workers", "2", "--time-limit", "1"]);
    let mut past_limit = 0;
    for seed in 0..20 {
        let body = json!({"puzzle": random_3sat_grid(seed)}).to_string();
        let r = post(&s.addr, "/api/grid/load", &[JSON], &body);
        // Solved in time (an answer or a refusal: no answer, or more than one) or 503.
        assert!(matches!(r.status, 200 | 400 | 503), "{}", r.text());
        if r.status == 503 {
            past_limit += 1;
            assert!(
                error_of(&r).contains("did not answer within 1.0 s"),
                "{}",
                r.text()
            );
        }
    }
    assert!(
        past_limit >= 10,
        "only {past_limit} of 20 puzzles passed the time limit"
    );
    // Their solves stopped at the limit: the server is free for a normal hint.
    let start = Instant::now();
    let r = post(
        &s.addr,
        "/api/inquest/hint",
        &[JSON],
        r#"{"seed": 7, "length": "short", "sheet": {}}"#,
    );
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["hint"], "fill", "{}", r.text());
    let took = start.elapsed();
    assert!(took < Duration::from_secs(1), "the hint took {took:?}");
    assert!(s.alive());
}

#[test]
fn a_grid_too_large_to_encode_is_refused_and_the_server_lives() {
    let mut s = ChildServer::start(&[]);
    let n = 1000;
    let values = |prefix: &str| -> Vec<String> { (0..n).map(|i| format!("{prefix}{i}")).collect() };
    let puzzle = json!({
        "positions": {"count": n},
        "categories": [
            {"name": "a", "values": values("a")},
            {"name": "b", "values": values("b")},
        ],
        "clues": [{"kind": "same", "a": "a0", "b": "b0"}],
    });
    for path in ["/api/grid/load", "/api/grid/hint"] {
        let r = post(
            &s.addr,
            path,
            &[JSON],
            &json!({"puzzle": puzzle}).to_string(),
        );
        assert_eq!(r.status, 400, "{path}: {}", r.text());
        assert_eq!(r.json()["field"], "puzzle", "{}", r.text());
        assert!(s.alive(), "{path} ended the server");
    }
    let r = post(&s.addr, DEAL, &[JSON], DEAL_BODY);
    assert_eq!(r.status, 200, "{}", r.text());
}
