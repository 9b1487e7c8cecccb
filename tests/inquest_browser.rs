//! The Inquest page in a real browser (Debian's chromium, headless): the long case's sheet
//! fits beside the statements at 1280 x 900 and is laid out for a phone at 390 x 844; a case is
//! played to the solved message with the keyboard alone, focus staying where it was through
//! every change; a wrong thief, then the right one; the game survives a reload; axe-core finds
//! nothing serious fresh, mid-game or solved; bad URLs say what is wrong. The answers the test
//! plays come from the API's verdict (which `serve_api.rs` checks against brute force).

mod common;

use common::http::post_json;
use common::pages::{assert_axe_clean, page_server, screenshot_path};
use common::webdriver::{ARROW_DOWN, ARROW_UP, Browser, ENTER, TAB};
use serde_json::{Value, json};

/// Waits until the page is idle and its last check has landed.
fn settled(b: &Browser) {
    b.wait_for(
        "the page to settle",
        "return document.getElementById('main').getAttribute('aria-busy') === 'false' && document.getElementById('sheet').dataset.checked;",
    );
}

/// Waits for a check later than the one stamped `before`.
fn checked_after(b: &Browser, before: &Value) -> Value {
    let script = format!(
        "const s = document.getElementById('sheet').dataset.checked; return s && s !== {before} ? s : null;"
    );
    b.wait_for("the sheet's check", &script)
}

fn stamp(b: &Browser) -> Value {
    b.script(
        "return document.getElementById('sheet').dataset.checked || '';",
        json!([]),
    )
}

/// Elements of the page whose box reaches past the window's right edge (tag#id.class).
fn outside_width(b: &Browser, within: &str) -> Value {
    b.script(
        &format!(
            "return [...document.querySelectorAll('{within}')].filter(e => {{ const r = e.getBoundingClientRect(); return r.width > 0 && (r.right > window.innerWidth + 0.5 || r.left < -0.5); }}).map(e => e.tagName + '#' + e.id + '.' + e.className).slice(0, 8);"
        ),
        json!([]),
    )
}

/// Labels of the sheet that are not visible (zero size, hidden, or outside the window).
fn hidden_labels(b: &Browser, css: &str) -> Value {
    b.script(
        &format!(
            "return [...document.querySelectorAll('{css}')].filter(e => {{ const r = e.getBoundingClientRect(); return !(r.width > 0 && r.height > 0 && r.left >= 0 && r.right <= window.innerWidth && getComputedStyle(e).visibility !== 'hidden'); }}).map(e => e.textContent);"
        ),
        json!([]),
    )
}

#[test]
fn the_long_case_fits_beside_its_statements_and_on_a_phone() {
    let server = page_server();
    let b = Browser::start(1280, 900);
    b.go(&format!("{}?date=2026-12-04&length=long", server.url()));
    settled(&b);
    assert_eq!(b.find_all("#sheet tbody tr").len(), 7, "seven rooms");
    // Nothing of the sheet (nor of the page) past the window's width, and the statements
    // beside the sheet, not above it.
    assert_eq!(outside_width(&b, "body *"), json!([]));
    let beside = b.script(
        "const s = document.querySelector('.statements').getBoundingClientRect(), t = document.getElementById('sheet').getBoundingClientRect(); return s.right <= t.left && s.top < t.bottom && t.top < s.bottom;",
        json!([]),
    );
    assert_eq!(beside, true, "the statements sit beside the sheet");
    // Every room's label and every category's label is on screen; every drop-down shows its
    // whole value list's widest entry (none cut off: scrollWidth is the text's width).
    assert_eq!(hidden_labels(&b, "#sheet tbody th"), json!([]));
    assert_eq!(hidden_labels(&b, "#sheet thead th"), json!([]));
    assert_axe_clean(&b, "a fresh long case");
    b.screenshot(&screenshot_path("serve-inquest-long.png"));
    // The seed page's two sections carry this case's own figures, as its deal reported them.
    let (_, dealt) = post_json(
        &server.addr().to_string(),
        "/api/inquest/deal",
        &json!({"date": "2026-12-04", "length": "long"}),
    );
    let cut = b.text(&b.find("#fig-cut"));
    let kept = dealt["statements"].as_array().unwrap().len();
    let expected = format!(
        "kept {kept} of the {}, after {} solver calls",
        dealt["true_statements"], dealt["solver_calls"]
    );
    assert!(cut.contains(&expected), "{cut} (expected {expected})");
    let generated = b.text(&b.find("#fig-true"));
    assert!(
        generated.contains(&format!("{} true statements", dealt["true_statements"])),
        "{generated}"
    );
    let time = b.text(&b.find("#fig-solver"));
    let millis = dealt["deal_millis"].as_f64().unwrap();
    assert!(millis > 0.0, "{dealt}");
    assert!(
        time.contains(&format!("{millis:.2} ms")),
        "{time} ({millis})"
    );

    // A phone: a card per room, the category named over each drop-down, the marks' strip in
    // view, no N/T/H line, a header of at most two lines.
    b.set_viewport(390, 844);
    b.wait_for(
        "the phone layout",
        "return window.innerWidth === 390 ? true : null;",
    );
    assert_eq!(outside_width(&b, "body *"), json!([]));
    assert_eq!(
        b.script(
            "return document.documentElement.scrollWidth <= window.innerWidth;",
            json!([])
        ),
        true
    );
    assert_eq!(hidden_labels(&b, "#sheet tbody th"), json!([]));
    assert_eq!(hidden_labels(&b, "#sheet .cell-label"), json!([]));
    let strip = b.script(
        "return getComputedStyle(document.getElementById('mark-strip')).display !== 'none' && document.querySelectorAll('#mark-strip li').length;",
        json!([]),
    );
    assert!(
        strip.as_u64().unwrap_or(0) >= 15,
        "the marks' strip: {strip}"
    );
    let keys = b.script(
        "return getComputedStyle(document.querySelector('.keys')).display;",
        json!([]),
    );
    assert_eq!(keys, "none", "no key line on a phone");
    let header = b.script(
        "const lh = parseFloat(getComputedStyle(document.querySelector('.top nav a')).lineHeight) || 20; return document.querySelector('.top').getBoundingClientRect().height / lh;",
        json!([]),
    );
    assert!(
        header.as_f64().unwrap() < 3.6,
        "the header is at most two lines: {header}"
    );
    assert_axe_clean(&b, "a long case on a phone");
    b.script(
        "document.getElementById('sheet-heading').scrollIntoView();",
        json!([]),
    );
    b.screenshot(&screenshot_path("serve-inquest-long-phone.png"));
    drop(b);
    server.shutdown();
}

/// Tab or Shift+Tab from the focused drop-down to the one of square (r, k); every stop
/// between is a drop-down of the sheet (they come room by room).
fn focus_square(b: &Browser, at: &mut usize, r: usize, k: usize, categories: usize) {
    let to = r * categories + k;
    while *at < to {
        b.keys(&[TAB]);
        *at += 1;
    }
    while *at > to {
        b.shift_tab();
        *at -= 1;
    }
    assert_eq!(focused_square(b), Some((r, k)));
}

fn focused_square(b: &Browser) -> Option<(usize, usize)> {
    let v = b.script(
        "const e = document.activeElement; return e && e.dataset.room !== undefined ? [Number(e.dataset.room), Number(e.dataset.cat)] : null;",
        json!([]),
    );
    v.as_array().map(|a| {
        (
            a[0].as_u64().unwrap() as usize,
            a[1].as_u64().unwrap() as usize,
        )
    })
}

/// Tabs until `element` (a JavaScript expression) has the focus (at most 80 stops).
fn tab_until(b: &Browser, what: &str, element: &str) {
    for _ in 0..80 {
        let here = b.script(
            &format!("return document.activeElement === {element};"),
            json!([]),
        );
        if here == true {
            return;
        }
        b.keys(&[TAB]);
    }
    panic!("Tab never reached {what}");
}

/// Tabs until the element `#id` has the focus (at most 80 stops).
fn tab_to(b: &Browser, id: &str) {
    for _ in 0..80 {
        let here = b.script("return document.activeElement.id;", json!([]));
        if here == id {
            return;
        }
        b.keys(&[TAB]);
    }
    panic!("Tab never reached #{id}");
}

#[test]
fn an_inquest_is_played_with_the_keyboard_alone() {
    let server = page_server();
    let addr = server.addr().to_string();
    let seed = 20261202u64;
    let case = json!({"seed": seed, "length": "short"});
    let (_, dealt) = post_json(&addr, "/api/inquest/deal", &case);
    let categories: Vec<Value> = dealt["categories"].as_array().unwrap().clone();
    let rooms: Vec<String> = serde_json::from_value(dealt["rooms"].clone()).unwrap();
    let people: Vec<String> = serde_json::from_value(categories[0]["values"].clone()).unwrap();
    let mut body = case.clone();
    body["thief"] = json!(people[0]);
    let (_, answer) = post_json(&addr, "/api/inquest/verdict", &body);
    let thief = answer["thief"].as_str().unwrap().to_string();
    // The squares to write: (room, category, value index), each category's values from the
    // last to the first, so an arrow key on its way down passes only values not yet written
    // (a value written moves from where it was).
    let mut squares = Vec::new();
    for (k, cat) in categories.iter().enumerate() {
        let values: Vec<&str> = cat["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        for (i, value) in values.iter().enumerate().rev() {
            let sq = answer["arrangement"]
                .as_array()
                .unwrap()
                .iter()
                .find(|s| s["category"] == cat["name"] && s["value"] == *value)
                .unwrap();
            let r = rooms.iter().position(|x| *x == sq["room"]).unwrap();
            squares.push((r, k, i));
        }
    }

    let b = Browser::start(1280, 900);
    b.go(&format!("{}?seed={seed}&length=short", server.url()));
    settled(&b);
    assert_axe_clean(&b, "a fresh short case");

    // A hint, then a change of the player's own (the hinted square emptied again): the hint's
    // message and rings go at once, not at the next H.
    b.press("h");
    b.wait_for(
        "a hint",
        "return document.getElementById('main').getAttribute('aria-busy') === 'false' && document.querySelector('#sheet td.hinted') && document.querySelector('.statement.cited') && document.getElementById('message').textContent;",
    );
    let hinted = b.script(
        "const s = document.querySelector('#sheet td.hinted select'); return `#sheet select[data-room=\"${s.dataset.room}\"][data-cat=\"${s.dataset.cat}\"]`;",
        json!([]),
    );
    let hinted = hinted.as_str().unwrap();
    b.click(&b.find(hinted));
    b.click(&b.find(&format!("{hinted} option[value=\"\"]")));
    b.wait_for(
        "the stale hint to go",
        "return [...document.querySelectorAll('#sheet select')].every(s => !s.value) && !document.querySelector('#sheet td.hinted') && !document.querySelector('.statement.cited') && document.getElementById('message').textContent === '' ? true : null;",
    );
    b.script(
        "document.activeElement.blur(); window.scrollTo(0, 0);",
        json!([]),
    );

    // From here on, the keyboard alone. Tab to the first statement and cross it off (Space).
    tab_until(
        &b,
        "the first statement",
        "document.querySelector('#statements button')",
    );
    b.keys(&[" "]);
    assert_eq!(
        b.attribute(
            &b.find("#statements li[data-index=\"0\"] button"),
            "aria-pressed"
        )
        .as_deref(),
        Some("true")
    );
    // Into the sheet: Tab until the first drop-down has the focus; then write every square
    // with Tab, Shift+Tab and the down arrow.
    tab_until(&b, "the sheet", "document.querySelector('#sheet select')");
    let mut at = 0;
    let k_count = categories.len();
    let half = squares.len() / 2;
    for (n, &(r, k, i)) in squares.iter().enumerate() {
        focus_square(&b, &mut at, r, k, k_count);
        for _ in 0..=i {
            let before = stamp(&b);
            b.keys(&[ARROW_DOWN]);
            checked_after(&b, &before);
            // The change keeps the focus on this drop-down: the next arrow goes on from here.
            assert_eq!(focused_square(&b), Some((r, k)), "focus after a change");
        }
        let value = b.script("return document.activeElement.value;", json!([]));
        assert_eq!(value, categories[k]["values"][i]);
        if n + 1 == half {
            assert_axe_clean(&b, "mid-game");
        }
    }
    let solved = b.wait_for(
        "the solved message",
        "const s = document.getElementById('solved-line'); return s ? s.textContent : null;",
    );
    assert!(solved.as_str().unwrap().contains("Solved"), "{solved}");
    assert_axe_clean(&b, "solved");

    // Name a wrong person, then the right one, by the keyboard: the game goes on after the
    // wrong one and the answer is not shown until the right one.
    let innocent = people.iter().position(|p| *p != thief).unwrap();
    let right = people.iter().position(|p| *p == thief).unwrap();
    tab_to(&b, "thief");
    for _ in 0..=innocent {
        b.keys(&[ARROW_DOWN]);
    }
    tab_to(&b, "accuse-button");
    b.keys(&[ENTER]);
    let wrong = b.wait_for(
        "the wrong verdict",
        "const v = document.getElementById('verdict-line'); return v && v.dataset.verdict === 'wrong' ? v.textContent : null;",
    );
    let wrong = wrong.as_str().unwrap();
    assert!(
        wrong.contains(&people[innocent]) && wrong.contains("1 wrong guess so far"),
        "{wrong}"
    );
    assert_eq!(
        b.script(
            "return document.getElementById('answer').hidden;",
            json!([])
        ),
        true,
        "a wrong name does not show the answer"
    );
    b.shift_tab();
    let here = b.script("return document.activeElement.id;", json!([]));
    assert_eq!(here, "thief");
    let now = innocent as i64 - right as i64;
    for _ in 0..now.abs() {
        b.keys(&[if now > 0 { ARROW_UP } else { ARROW_DOWN }]);
    }
    b.keys(&[TAB, ENTER]);
    let right_line = b.wait_for(
        "the right verdict",
        "const v = document.getElementById('verdict-line'); return v && v.dataset.verdict === 'right' && !document.getElementById('answer').hidden ? v.textContent : null;",
    );
    let right_line = right_line.as_str().unwrap();
    assert!(
        right_line.contains(&thief) && right_line.contains("after 1 wrong guess"),
        "{right_line}"
    );
    assert_axe_clean(&b, "solved and named");
    b.screenshot(&screenshot_path("serve-inquest-solved.png"));

    // A reload keeps it all: the sheet, the solved message, the verdict, the crossed-off one.
    b.refresh();
    settled(&b);
    b.wait_for(
        "the restored verdict",
        "const v = document.getElementById('verdict-line'); return v && v.dataset.verdict === 'right' && document.getElementById('solved-line');",
    );
    assert_eq!(
        b.attribute(
            &b.find("#statements li[data-index=\"0\"] button"),
            "aria-pressed"
        )
        .as_deref(),
        Some("true")
    );

    // Clear the sheet: the squares, the verdict, the crossed-off statement and the answer go.
    b.click(&b.find("#clear"));
    b.wait_for(
        "a cleared game",
        "return [...document.querySelectorAll('#sheet select')].every(s => !s.value) && !document.getElementById('verdict-line') && !document.getElementById('solved-line') && document.getElementById('answer').hidden && !document.querySelector('.statement.crossed');",
    );
    // The answer is a deliberate action of its own: ask, confirm.
    b.click(&b.find("#reveal"));
    assert_eq!(
        b.script(
            "return document.getElementById('answer').hidden;",
            json!([])
        ),
        true
    );
    b.click(&b.find("#reveal-yes"));
    b.wait_for(
        "the revealed answer",
        "return !document.getElementById('answer').hidden && document.querySelector('#answer tr.thief-room');",
    );
    let shown = b.text(&b.find("#answer"));
    assert!(shown.contains(&thief), "{shown}");
    drop(b);
    server.shutdown();
}

#[test]
fn bad_case_urls_say_what_is_wrong_and_the_largest_seed_deals() {
    let server = page_server();
    let b = Browser::start(1280, 900);
    // The largest seed is a seed (past what a JavaScript number holds exactly).
    b.go(&format!("{}?seed=18446744073709551615", server.url()));
    settled(&b);
    let line = b.text(&b.find("#case-line"));
    assert!(line.contains("Case 18446744073709551615"), "{line}");
    assert!(b.url().contains("seed=18446744073709551615"), "{}", b.url());
    let (_, dealt) = post_json(
        &server.addr().to_string(),
        "/api/inquest/deal",
        &json!({"seed": u64::MAX}),
    );
    let first = b.text(&b.find("#statements li .text"));
    assert_eq!(first, dealt["statements"][0].as_str().unwrap());
    for (query, says) in [
        ("date=2026-13-45", "month"),
        ("seed=18446744073709551616", "seed"),
        ("seed=abc", "seed"),
    ] {
        b.go(&format!("{}?{query}", server.url()));
        let message = b.wait_for(
            "the error",
            "return document.getElementById('main').getAttribute('aria-busy') === 'false' ? document.getElementById('message').textContent : null;",
        );
        let message = message.as_str().unwrap();
        assert!(
            message.contains("Could not deal") && message.contains(says),
            "{query}: {message}"
        );
        let scene = b.text(&b.find("#scene"));
        assert_eq!(scene, "No case is dealt.", "{query}");
    }
    drop(b);
    server.shutdown();
}
