//! What the browser tests of the served pages share: a server on an ephemeral port, where
//! screenshots go, waiting for a page to be idle, the accessibility check, the Jindosh dials.

use std::path::PathBuf;
use std::time::Duration;

use satpuz::serve::{Config, Running, start};

use super::webdriver::Browser;

/// Where the browser tests write their screenshots (`target/`, never the sources).
pub fn screenshot_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("target")
        .join(name)
}

/// A server on an ephemeral loopback port with a time limit no page's call comes near.
pub fn page_server() -> Running {
    start(&Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        workers: 2,
        time_limit: Duration::from_secs(60),
    })
    .expect("the server starts on an ephemeral port")
}

/// Waits until the page has no call in flight (`aria-busy` on `#main`).
pub fn idle(b: &Browser) {
    b.wait_for(
        "the page to be idle",
        "return document.getElementById('main').getAttribute('aria-busy') === 'false';",
    );
}

/// axe-core in the page finds no serious or critical violation in its current `state`.
pub fn assert_axe_clean(b: &Browser, state: &str) {
    let violations = b.axe_serious();
    assert!(
        violations.is_empty(),
        "axe, {state}: serious or critical violations: {violations:#?}"
    );
}

/// Picks `value` in the Jindosh lock's drop-down for `name` by clicking its option ("" = none).
pub fn dial(b: &Browser, name: &str, value: &str) {
    let select = format!("#dials select[data-name=\"{name}\"]");
    b.click(&b.find(&select));
    let options = b.find_all(&format!("{select} option"));
    let option = options
        .iter()
        .find(|o| b.attribute(o, "value").as_deref() == Some(value))
        .unwrap_or_else(|| panic!("no heirloom {value} for {name}"));
    b.click(option);
}

/// The Jindosh lock's message once the page is idle.
pub fn lock_message(b: &Browser) -> String {
    idle(b);
    b.text(&b.find("#lock-message"))
}
