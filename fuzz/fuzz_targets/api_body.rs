//! A body for one of `satpuz serve`'s API calls (the first byte picks the call), handled in
//! process as the server does once the request is read: a JSON answer or a JSON error, never a
//! panic, never a 500 (a bug).
#![no_main]

use std::sync::OnceLock;
use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use satpuz::serve::{Config, Service};

const CALLS: [&str; 12] = [
    "/api/inquest/deal",
    "/api/inquest/check",
    "/api/inquest/hint",
    "/api/inquest/verdict",
    "/api/grid/load",
    "/api/grid/check",
    "/api/grid/hint",
    "/api/jindosh/read",
    "/api/jindosh/try",
    "/api/jindosh/why",
    "/api/portia/deal",
    "/api/portia/verdict",
];

fn service() -> &'static Service {
    static SERVICE: OnceLock<Service> = OnceLock::new();
    SERVICE.get_or_init(|| {
        Service::new(&Config {
            time_limit: Duration::from_secs(5),
            ..Config::default()
        })
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    let call = CALLS[usize::from(pick) % CALLS.len()];
    let reply = service().api(call, body);
    let text = String::from_utf8_lossy(&reply.body);
    assert_ne!(reply.status, 500, "{call}: {text}");
    assert!(text.starts_with('{') && text.ends_with('}'), "{call}: {text}");
});
