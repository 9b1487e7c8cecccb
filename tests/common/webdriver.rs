//! A minimal W3C WebDriver client for the browser tests: Debian's `chromedriver` driving
//! headless `chromium`, over the plain HTTP client in `http.rs` (the WebDriver crates pull in
//! an async runtime). Missing chromium or chromedriver is a failure, not a skip: CI installs
//! them (`.ci/run`).

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::http::request;

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";
/// How long [`Browser::wait_for`] waits for a page. Generous because `.ci/run` may share two
/// cores with other work: a Portia page once needed more than 30 s there (the same test
/// passes in about 2 s on a quiet machine).
const WAIT_LIMIT: Duration = Duration::from_secs(90);

/// WebDriver's key values for [`Browser::keys`].
pub const TAB: &str = "\u{E004}";
pub const ENTER: &str = "\u{E007}";
pub const SHIFT: &str = "\u{E008}";
pub const ARROW_UP: &str = "\u{E013}";
pub const ARROW_DOWN: &str = "\u{E015}";

/// A browser session; the driver process ends with it.
pub struct Browser {
    driver: Child,
    addr: String,
    session: String,
    _profile: tempfile::TempDir,
}

/// An element of the page.
#[derive(Debug, Clone)]
pub struct Element(String);

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

fn find_program(names: &[&str]) -> String {
    for name in names {
        for dir in std::env::var("PATH").unwrap_or_default().split(':') {
            let p = std::path::Path::new(dir).join(name);
            if p.is_file() {
                return p.to_string_lossy().into_owned();
            }
        }
    }
    panic!(
        "none of {names:?} is on PATH: the browser tests need Debian's chromium and \
         chromium-driver (`apt-get install -y chromium chromium-driver`; .ci/run installs them)"
    );
}

impl Browser {
    /// Starts chromedriver and a headless chromium of `width` x `height`.
    pub fn start(width: u32, height: u32) -> Browser {
        let chromium = find_program(&["chromium", "chromium-browser", "google-chrome"]);
        let chromedriver = find_program(&["chromedriver"]);
        let port = free_port();
        let driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let addr = format!("127.0.0.1:{port}");
        let start = Instant::now();
        loop {
            if let Ok(r) = request(&addr, "GET", "/status", &[], b"")
                && r.json()["value"]["ready"] == true
            {
                break;
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "chromedriver did not become ready"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let profile = tempfile::tempdir().expect("a scratch profile directory");
        let args = vec![
            "--headless".to_string(),
            "--no-sandbox".into(),
            "--disable-gpu".into(),
            "--disable-background-networking".into(),
            "--no-first-run".into(),
            "--disable-component-update".into(),
            "--disable-sync".into(),
            "--disable-dev-shm-usage".into(),
            format!("--user-data-dir={}", profile.path().display()),
            format!("--window-size={width},{height}"),
        ];
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": chromium, "args": args},
        }}});
        let mut browser = Browser {
            driver,
            addr,
            session: String::new(),
            _profile: profile,
        };
        let v = browser.call("POST", "/session", Some(caps));
        browser.session = v["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {v}"))
            .to_string();
        browser
    }

    /// One WebDriver command; its `value` (panics with the driver's error).
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let r = request(
            &self.addr,
            method,
            path,
            &[("Content-Type", "application/json")],
            body.as_bytes(),
        )
        .unwrap_or_else(|e| panic!("webdriver {method} {path}: {e}"));
        let v = r.json();
        assert_eq!(r.status, 200, "webdriver {method} {path}: {v}");
        v["value"].clone()
    }

    fn s(&self, rest: &str) -> String {
        format!("/session/{}{rest}", self.session)
    }

    pub fn go(&self, url: &str) {
        self.call("POST", &self.s("/url"), Some(json!({ "url": url })));
    }

    pub fn url(&self) -> String {
        self.call("GET", &self.s("/url"), None)
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    pub fn refresh(&self) {
        self.call("POST", &self.s("/refresh"), Some(json!({})));
    }

    pub fn set_size(&self, width: u32, height: u32) {
        self.call(
            "POST",
            &self.s("/window/rect"),
            Some(json!({"width": width, "height": height})),
        );
    }

    /// Makes the page's viewport `width` x `height` CSS pixels, as a phone's (Chrome's device
    /// metrics): a headless window is never narrower than 500 px, so `set_size` cannot show
    /// a 390 px phone.
    pub fn set_viewport(&self, width: u32, height: u32) {
        self.call(
            "POST",
            &self.s("/goog/cdp/execute"),
            Some(
                json!({"cmd": "Emulation.setDeviceMetricsOverride", "params": {
                    "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 800
                }}),
            ),
        );
    }

    /// Runs a script in the page (its `return` value).
    pub fn script(&self, script: &str, args: Value) -> Value {
        self.call(
            "POST",
            &self.s("/execute/sync"),
            Some(json!({"script": script, "args": args})),
        )
    }

    /// Runs an asynchronous script: its last argument is the callback that ends it (its value).
    pub fn script_async(&self, script: &str, args: Value) -> Value {
        self.call(
            "POST",
            &self.s("/execute/async"),
            Some(json!({"script": script, "args": args})),
        )
    }

    /// Runs axe-core (the npm package, from tests/browser/node_modules: offline) on the page
    /// as it stands and returns its serious and critical violations, one line each: the rule,
    /// its impact, what it wants, and the first elements that break it. Empty means the page
    /// passes. The test calls it once per state of the page (fresh, mid-game, solved).
    pub fn axe_serious(&self) -> Vec<String> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/browser/node_modules/axe-core/axe.min.js");
        let source = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e}: the accessibility tests need axe-core from npm \
                 (`npm ci --prefix tests/browser`; .ci/run does it)",
                path.display()
            )
        });
        // Inject once per document: a reload or a new page drops it.
        let present = self.script("return typeof window.axe === 'object';", json!([]));
        if present != true {
            self.script(&format!("{source}\n;return true;"), json!([]));
        }
        let result = self.script_async(
            "const done = arguments[arguments.length - 1];
             axe.run(document, { resultTypes: ['violations'] })
               .then(r => done(r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
                 .map(v => `${v.id} (${v.impact}): ${v.help}: ` +
                   v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' ' + (n.failureSummary || '').replace(/\\s+/g, ' ')).join(' | '))))
               .catch(e => done(['axe failed: ' + e]));",
            json!([]),
        );
        result
            .as_array()
            .unwrap_or_else(|| panic!("axe answered {result}"))
            .iter()
            .map(|v| v.as_str().unwrap_or_default().to_string())
            .collect()
    }

    /// Waits until `script` returns something truthy (at most [`WAIT_LIMIT`]); that value.
    pub fn wait_for(&self, what: &str, script: &str) -> Value {
        let start = Instant::now();
        loop {
            let v = self.script(script, json!([]));
            if !(v.is_null() || v == false || v == "" || v == 0) {
                return v;
            }
            if start.elapsed() > WAIT_LIMIT {
                let status = self.script(
                    "const m = document.querySelector('[role=status]'); return m ? m.textContent : '';",
                    json!([]),
                );
                panic!("timed out waiting for {what} (the page says: {status})");
            }
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    pub fn find(&self, css: &str) -> Element {
        let v = self.call(
            "POST",
            &self.s("/element"),
            Some(json!({"using": "css selector", "value": css})),
        );
        Element(
            v[ELEMENT]
                .as_str()
                .unwrap_or_else(|| panic!("no element {css}: {v}"))
                .to_string(),
        )
    }

    pub fn find_all(&self, css: &str) -> Vec<Element> {
        let v = self.call(
            "POST",
            &self.s("/elements"),
            Some(json!({"using": "css selector", "value": css})),
        );
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|e| e[ELEMENT].as_str().map(|s| Element(s.to_string())))
                    .collect()
            })
            .unwrap_or_default()
    }

    pub fn click(&self, e: &Element) {
        self.call(
            "POST",
            &self.s(&format!("/element/{}/click", e.0)),
            Some(json!({})),
        );
    }

    /// Empties a text field.
    pub fn clear(&self, e: &Element) {
        self.call(
            "POST",
            &self.s(&format!("/element/{}/clear", e.0)),
            Some(json!({})),
        );
    }

    /// Types `text` into a field, key by key, as a person would.
    pub fn type_text(&self, e: &Element, text: &str) {
        self.call(
            "POST",
            &self.s(&format!("/element/{}/value", e.0)),
            Some(json!({ "text": text })),
        );
    }

    pub fn text(&self, e: &Element) -> String {
        self.call("GET", &self.s(&format!("/element/{}/text", e.0)), None)
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    pub fn attribute(&self, e: &Element, name: &str) -> Option<String> {
        self.call(
            "GET",
            &self.s(&format!("/element/{}/attribute/{name}", e.0)),
            None,
        )
        .as_str()
        .map(str::to_string)
    }

    /// Presses and releases a key with the page (not a form control) focused.
    pub fn press(&self, key: &str) {
        self.script(
            "document.activeElement && document.activeElement.blur();",
            json!([]),
        );
        self.call(
            "POST",
            &self.s("/actions"),
            Some(
                json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
                    {"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}
                ]}]}),
            ),
        );
    }

    /// Presses keys one after another where the focus is (a form control included), as a
    /// keyboard-only player would: WebDriver key values, e.g. [`TAB`], [`ARROW_DOWN`], or a
    /// character.
    pub fn keys(&self, keys: &[&str]) {
        let actions: Vec<Value> = keys
            .iter()
            .flat_map(|k| {
                [
                    json!({"type": "keyDown", "value": k}),
                    json!({"type": "keyUp", "value": k}),
                ]
            })
            .collect();
        self.call(
            "POST",
            &self.s("/actions"),
            Some(json!({"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})),
        );
    }

    /// Shift+Tab: the focus moves back one stop.
    pub fn shift_tab(&self) {
        self.call(
            "POST",
            &self.s("/actions"),
            Some(
                json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
                    {"type": "keyDown", "value": SHIFT}, {"type": "keyDown", "value": TAB},
                    {"type": "keyUp", "value": TAB}, {"type": "keyUp", "value": SHIFT}
                ]}]}),
            ),
        );
    }

    /// Saves a PNG of the window.
    pub fn screenshot(&self, path: &std::path::Path) {
        let v = self.call("GET", &self.s("/screenshot"), None);
        let png = base64_decode(v.as_str().expect("a base64 screenshot"));
        assert!(png.starts_with(b"\x89PNG"), "not a PNG");
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).expect("the screenshot directory");
        }
        std::fs::write(path, png).expect("the screenshot is written");
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = request(
                &self.addr,
                "DELETE",
                &format!("/session/{}", self.session),
                &[],
                b"",
            );
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// Standard base64 (what WebDriver screenshots are), padding and whitespace ignored.
fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for v in text.bytes().filter_map(value) {
        acc = acc << 6 | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}
