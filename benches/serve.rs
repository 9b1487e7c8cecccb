//! `satpuz serve`'s work per request: in process (no network), loading the Inquest page and a
//! hint and a check on a long case (dealt once, then cached as the server does); and over
//! loopback, the page and the long hint as a browser gets them.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use satpuz::serve::{Config, Service, start};

/// One request over a fresh connection (`Connection: close`); the bytes of the answer.
fn fetch(addr: &str, head: &str, body: &[u8]) -> Vec<u8> {
    let mut stream = TcpStream::connect(addr).unwrap();
    let request = format!(
        "{head} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(request.as_bytes()).unwrap();
    stream.write_all(body).unwrap();
    let mut out = Vec::new();
    stream.read_to_end(&mut out).unwrap();
    assert!(out.starts_with(b"HTTP/1.1 200"));
    out
}

/// The case `body` names with every other square of the solver's arrangement written (rooms
/// first to last, categories in order): a sheet halfway through, where fewer squares are
/// forced by one statement alone than on an empty one.
fn half_sheet(service: &Service, body: &[u8]) -> Vec<u8> {
    let mut case: serde_json::Value = serde_json::from_slice(body).unwrap();
    let dealt: serde_json::Value =
        serde_json::from_slice(&service.api("/api/inquest/deal", body).body).unwrap();
    case["thief"] = dealt["categories"][0]["values"][0].clone();
    let verdict: serde_json::Value = serde_json::from_slice(
        &service
            .api("/api/inquest/verdict", case.to_string().as_bytes())
            .body,
    )
    .unwrap();
    let mut rooms = serde_json::Map::new();
    for square in verdict["arrangement"].as_array().unwrap().iter().step_by(2) {
        let room = rooms
            .entry(square["room"].as_str().unwrap())
            .or_insert_with(|| serde_json::json!({}));
        room[square["category"].as_str().unwrap()] = square["value"].clone();
    }
    case.as_object_mut().unwrap().remove("thief");
    case["sheet"] = serde_json::json!({ "rooms": rooms });
    case.to_string().into_bytes()
}

fn serve(c: &mut Criterion) {
    let service = Service::new(&Config {
        time_limit: Duration::from_secs(60),
        ..Config::default()
    });
    let long = br#"{"seed": 31, "length": "long"}"#;
    assert_eq!(service.api("/api/inquest/deal", long).status, 200);
    let mut group = c.benchmark_group("serve");
    group.bench_function("page /", |b| {
        b.iter(|| {
            let page = service.page("/");
            assert_eq!(page.status, 200);
            page
        })
    });
    group.bench_function("hint, long case, empty sheet", |b| {
        b.iter(|| {
            let reply = service.api("/api/inquest/hint", long);
            assert_eq!(reply.status, 200);
            reply
        })
    });
    let half = half_sheet(&service, long);
    group.bench_function("hint, long case, half sheet", |b| {
        b.iter(|| {
            let reply = service.api("/api/inquest/hint", &half);
            assert_eq!(reply.status, 200);
            reply
        })
    });
    group.bench_function("check, long case, empty sheet", |b| {
        b.iter(|| {
            let reply = service.api("/api/inquest/check", long);
            assert_eq!(reply.status, 200);
            reply
        })
    });
    let server = start(&Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        time_limit: Duration::from_secs(60),
        ..Config::default()
    })
    .unwrap();
    let addr = server.addr().to_string();
    group.bench_function("loopback GET /", |b| b.iter(|| fetch(&addr, "GET /", b"")));
    group.bench_function("loopback POST hint, long case", |b| {
        b.iter(|| fetch(&addr, "POST /api/inquest/hint", long))
    });
    group.finish();
    server.shutdown();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(3));
    targets = serve
}
criterion_main!(benches);
