//! The pages of `satpuz serve` in a real browser: Debian's chromium, headless, driven through
//! chromedriver. The Inquest is played to "thief named" by clicks and the H key; the
//! statements' colours after a right and a wrong mark are compared with the API's check (which
//! `serve_api.rs` checks against brute force). Screenshots go to target/.

mod common;

use std::path::PathBuf;

use common::http::post_json;
use common::pages::{dial, idle, lock_message, page_server, screenshot_path};
use common::webdriver::Browser;
use serde_json::{Value, json};

/// Waits for the page's last check to land after `before` (the sheet's `data-checked` stamp).
fn checked_after(b: &Browser, before: &str) -> String {
    let script = format!(
        "const s = document.getElementById('sheet').dataset.checked; return s && s !== '{before}' ? s : null;"
    );
    b.wait_for("the sheet's check", &script)
        .as_str()
        .unwrap_or_default()
        .to_string()
}

fn page_marks(b: &Browser) -> Vec<String> {
    b.script(
        "return [...document.querySelectorAll('#statements .statement')].map(e => e.dataset.mark);",
        json!([]),
    )
    .as_array()
    .unwrap()
    .iter()
    .map(|v| v.as_str().unwrap().to_string())
    .collect()
}

fn api_marks(addr: &str, case: &Value, sheet: &Value) -> Vec<String> {
    let mut body = case.clone();
    body["sheet"] = json!({ "rooms": sheet });
    let (status, v) = post_json(addr, "/api/inquest/check", &body);
    assert_eq!(status, 200, "{v}");
    v["statements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["mark"].as_str().unwrap().to_string())
        .collect()
}

/// Picks `value` in the sheet's select of room `r`, category `k` by clicking its option.
fn pick(b: &Browser, r: usize, k: usize, value: &str) {
    let select = format!("#sheet select[data-room=\"{r}\"][data-cat=\"{k}\"]");
    b.click(&b.find(&select));
    let options = b.find_all(&format!("{select} option"));
    let option = options
        .iter()
        .find(|o| b.attribute(o, "value").as_deref() == Some(value))
        .unwrap_or_else(|| panic!("no option {value}"));
    b.click(option);
}

fn filled(b: &Browser) -> u64 {
    b.script(
        "return [...document.querySelectorAll('#sheet select')].filter(s => s.value).length;",
        json!([]),
    )
    .as_u64()
    .unwrap()
}

#[test]
fn the_inquest_is_played_to_the_thief_in_chromium() {
    let server = page_server();
    let addr = server.addr().to_string();
    let seed = 20261202u64;
    let case = json!({"seed": seed, "length": "short"});
    let (_, dealt) = post_json(&addr, "/api/inquest/deal", &case);
    let (_, answer) = post_json(
        &addr,
        "/api/inquest/verdict",
        &json!({"seed": seed, "length": "short", "thief": dealt["categories"][0]["values"][0]}),
    );
    let rooms: Vec<String> = serde_json::from_value(dealt["rooms"].clone()).unwrap();
    let people: Vec<String> =
        serde_json::from_value(dealt["categories"][0]["values"].clone()).unwrap();
    let thief = answer["thief"].as_str().unwrap().to_string();
    let person_room = |p: &str| {
        let sq = answer["arrangement"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["category"] == "person" && s["value"] == p)
            .unwrap();
        rooms.iter().position(|r| *r == sq["room"]).unwrap()
    };

    let b = Browser::start(1280, 1000);
    b.go(&format!("{}?seed={seed}&length=short", server.url()));
    let first = checked_after(&b, "");
    let n = dealt["statements"].as_array().unwrap().len();
    assert_eq!(page_marks(&b).len(), n);
    let line = b.text(&b.find("#case-line"));
    assert!(line.contains(&format!("Case {seed}")), "{line}");
    assert!(line.contains(&format!("Statements {n}")), "{line}");
    assert!(line.contains("1 solution"), "{line}");
    // An empty sheet: the page shows what the API says.
    let violations = b.axe_serious();
    assert!(violations.is_empty(), "axe, fresh page: {violations:#?}");
    assert_eq!(page_marks(&b), api_marks(&addr, &case, &json!({})));

    // A right mark: the thief in their room.
    let right_room = person_room(&thief);
    pick(&b, right_room, 0, &thief);
    let after_right = checked_after(&b, &first);
    let sheet = json!({ rooms[right_room].clone(): {"person": thief} });
    assert_eq!(page_marks(&b), api_marks(&addr, &case, &sheet));
    assert!(!page_marks(&b).contains(&"violated".to_string()));

    // A wrong mark that the statements catch: some person in a room they are not in, chosen
    // so that the API turns a statement red; the page must show the same reds.
    let mut wrong = None;
    'search: for p in &people {
        for r in 0..rooms.len() {
            if r == person_room(p) || r == right_room || *p == thief {
                continue;
            }
            let mut sheet = sheet.clone();
            sheet[rooms[r].clone()] = json!({"person": p});
            if api_marks(&addr, &case, &sheet).contains(&"violated".to_string()) {
                wrong = Some((r, p.clone(), sheet));
                break 'search;
            }
        }
    }
    let (r, p, wrong_sheet) = wrong.expect("some single wrong mark breaks a statement");
    pick(&b, r, 0, &p);
    checked_after(&b, &after_right);
    let marks = page_marks(&b);
    assert_eq!(marks, api_marks(&addr, &case, &wrong_sheet));
    assert!(marks.contains(&"violated".to_string()));
    let red = b.script(
        "const e = document.querySelector('.statement[data-mark=\"violated\"]'); return getComputedStyle(e).borderLeftColor;",
        json!([]),
    );
    assert_eq!(red, "rgb(179, 38, 30)", "a broken statement is drawn red");
    // H on a contradicted sheet says so.
    b.press("h");
    b.wait_for(
        "the contradiction (and the page idle)",
        "return document.getElementById('main').getAttribute('aria-busy') === 'false' && document.getElementById('message').textContent.includes('cannot be right');",
    );

    // Clear, then H until the sheet is full; every statement ends green.
    b.click(&b.find("#clear"));
    b.wait_for(
        "an empty sheet",
        "return [...document.querySelectorAll('#sheet select')].every(s => !s.value);",
    );
    let squares = (rooms.len() * dealt["categories"].as_array().unwrap().len()) as u64;
    for k in 1..=squares {
        b.press("h");
        let script = format!(
            "return document.getElementById('main').getAttribute('aria-busy') === 'false' && [...document.querySelectorAll('#sheet select')].filter(s => s.value).length >= {k};"
        );
        b.wait_for("a hinted square", &script);
        let message = b.text(&b.find("#message"));
        assert!(message.contains("forced by statement"), "{message}");
    }
    b.press("h");
    b.wait_for(
        "the end of the hints",
        "return document.getElementById('message').textContent.includes('complete and right');",
    );
    b.wait_for(
        "every statement green",
        "return [...document.querySelectorAll('#statements .statement')].every(e => e.dataset.mark === 'satisfied');",
    );
    // The sheet matches the solver's arrangement.
    for sq in answer["arrangement"].as_array().unwrap() {
        let r = rooms.iter().position(|x| *x == sq["room"]).unwrap();
        let k = dealt["categories"]
            .as_array()
            .unwrap()
            .iter()
            .position(|c| c["name"] == sq["category"])
            .unwrap();
        let v = b.script(
            &format!("return document.querySelector('#sheet select[data-room=\"{r}\"][data-cat=\"{k}\"]').value;"),
            json!([]),
        );
        assert_eq!(v, sq["value"]);
    }

    // Cross a statement off, and name the wrong thief, then the right one.
    b.click(&b.find("#statements li[data-index=\"0\"] button"));
    assert_eq!(
        b.attribute(
            &b.find("#statements li[data-index=\"0\"] button"),
            "aria-pressed"
        )
        .as_deref(),
        Some("true")
    );
    let innocent = people.iter().find(|p| **p != thief).unwrap();
    for (who, verdict) in [(innocent.as_str(), "wrong"), (thief.as_str(), "right")] {
        b.click(&b.find("#thief"));
        let option = b
            .find_all("#thief option")
            .into_iter()
            .find(|o| b.attribute(o, "value").as_deref() == Some(who))
            .unwrap();
        b.click(&option);
        b.click(&b.find("#accuse-button"));
        let script = format!(
            "const v = document.getElementById('verdict-line'); return v && v.dataset.verdict === '{verdict}' ? v.textContent : null;"
        );
        let text = b.wait_for("the verdict", &script);
        assert!(text.as_str().unwrap().contains(who), "{text}");
    }
    b.screenshot(&screenshot_path("serve-inquest.png"));

    // A reload keeps the sheet and the crossed-off statement (local storage).
    b.refresh();
    b.wait_for("the reloaded case", "return document.querySelectorAll('#statements li').length > 0 && document.getElementById('sheet').dataset.checked;");
    assert_eq!(filled(&b), squares);
    assert_eq!(
        b.attribute(
            &b.find("#statements li[data-index=\"0\"] button"),
            "aria-pressed"
        )
        .as_deref(),
        Some("true")
    );

    // Phone width: nothing is wider than the phone.
    b.set_viewport(390, 844);
    b.screenshot(&screenshot_path("serve-inquest-phone.png"));
    let widths = b.script(
        "return [document.documentElement.scrollWidth, window.innerWidth, [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > window.innerWidth + 1).map(e => e.tagName + '#' + e.id + '.' + e.className).slice(0, 5)];",
        json!([]),
    );
    assert!(
        widths[0].as_u64() <= widths[1].as_u64().map(|w| w + 1),
        "the page is wider than a phone: {widths}"
    );
    b.set_viewport(1280, 1000);

    // The Length switch, N and T: the URL carries the case.
    b.click(&b.find("input[name=\"length\"][value=\"long\"]"));
    b.wait_for("the long case", "return location.search.includes('length=long') && document.querySelectorAll('#sheet tbody tr').length === 7;");
    b.press("n");
    b.wait_for(
        "a new case",
        &format!(
            "return location.search.includes('seed=') && !location.search.includes('seed={seed}');"
        ),
    );
    b.press("t");
    let today = satpuz::puzzles::inquest::Date::today().to_string();
    b.wait_for(
        "today's case",
        &format!("return location.search.includes('date={today}');"),
    );
    assert!(b.url().contains("length=long"));
    drop(b);
    server.shutdown();
}

#[test]
fn a_portia_puzzle_is_solved_by_clicking_in_chromium() {
    let server = page_server();
    let b = Browser::start(1280, 900);
    // portia1-44 is Smullyan's 67a: the portrait is in the silver casket.
    b.go(&format!("{}portia?id=portia1-44", server.url()));
    b.wait_for(
        "the caskets",
        "return document.querySelectorAll('.casket').length === 3 && document.getElementById('main').getAttribute('aria-busy') === 'false';",
    );
    let gold = b.text(&b.find(".casket[data-casket=\"1\"]"));
    assert!(gold.contains("The portrait is in this casket."), "{gold}");
    for (casket, verdict) in [(1, "wrong"), (2, "right")] {
        b.click(&b.find(&format!(".casket[data-casket=\"{casket}\"]")));
        let script = format!(
            "const m = document.getElementById('message'); return m.dataset.verdict === '{verdict}' && document.getElementById('main').getAttribute('aria-busy') === 'false' ? m.textContent : null;"
        );
        let text = b.wait_for("the verdict", &script);
        assert!(text.as_str().unwrap().contains("silver"), "{text}");
    }
    let why = b.text(&b.find("#reasoning"));
    assert!(why.contains("solver proved"), "{why}");
    assert!(b.find_all(".casket.holds").len() == 1);
    b.screenshot(&screenshot_path("serve-portia.png"));

    // Next puzzle (button), then Portia III by its switch: the URL follows.
    b.click(&b.find("#next"));
    b.wait_for(
        "the next puzzle",
        "return !location.search.includes('portia1-44') && document.getElementById('reasoning').hidden;",
    );
    b.click(&b.find("input[name=\"generation\"][value=\"3\"]"));
    b.wait_for(
        "a Portia III puzzle",
        "return location.search.includes('portia3-') && document.querySelectorAll('.casket .inscription').length === 6;",
    );
    // Solve it by the keyboard: the casket the API names, by its number key.
    let id = b.script(
        "return new URLSearchParams(location.search).get('id');",
        json!([]),
    );
    let (_, v) = post_json(
        &server.addr().to_string(),
        "/api/portia/verdict",
        &json!({"id": id, "casket": 1}),
    );
    b.press(&v["portrait"].to_string());
    b.wait_for(
        "the right verdict",
        "return document.getElementById('message').dataset.verdict === 'right';",
    );
    drop(b);
    server.shutdown();
}

#[test]
fn the_jindosh_lock_opens_in_chromium() {
    let server = page_server();
    let a = server.addr().to_string();
    let b = Browser::start(1280, 1000);
    b.go(&format!("{}jindosh", server.url()));
    b.wait_for(
        "the lock's dials",
        "return document.querySelectorAll('#dials select').length === 5 && document.getElementById('main').getAttribute('aria-busy') === 'false';",
    );
    assert!(b.text(&b.find("#lock-line")).contains("1 answer, proved"));
    let riddle = b.script("return document.getElementById('riddle').value;", json!([]));
    assert!(riddle.as_str().unwrap().contains("jaunty white hat"));

    // Nothing chosen, then the seed's answer with two heirlooms swapped: shut.
    b.click(&b.find("#try"));
    assert!(
        lock_message(&b).contains("stays shut"),
        "{}",
        lock_message(&b)
    );
    let mut swapped = common::JINDOSH_OWNERS;
    let (h0, h1) = (swapped[0].1, swapped[1].1);
    swapped[0].1 = h1;
    swapped[1].1 = h0;
    for (name, heirloom) in swapped {
        dial(&b, name, heirloom);
    }
    b.click(&b.find("#try"));
    assert_eq!(lock_message(&b), "The lock stays shut.");
    assert!(!b.find_all("#lock.shut").is_empty());
    // The seed's answer opens it.
    for (name, heirloom) in common::JINDOSH_OWNERS {
        dial(&b, name, heirloom);
    }
    b.click(&b.find("#try"));
    assert_eq!(lock_message(&b), "Click. The lock opens.");
    assert!(!b.find_all("#lock.open").is_empty());

    // Why: the page marks the clues the API says are needed (serve_api checks those against
    // brute force).
    b.click(&b.find("#why"));
    b.wait_for(
        "the needed clues",
        "return !document.getElementById('reasons').hidden;",
    );
    let (_, why) = post_json(&a, "/api/jindosh/why", &json!({}));
    let page_needed: Vec<bool> = b
        .script(
            "return [...document.querySelectorAll('.why-list li')].map(li => li.classList.contains('needed'));",
            json!([]),
        )
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_bool().unwrap())
        .collect();
    let api_needed: Vec<bool> = why["clues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["needed"].as_bool().unwrap())
        .collect();
    assert_eq!(page_needed, api_needed);
    b.screenshot(&screenshot_path("serve-jindosh.png"));

    // A pasted text with two sentences the reader cannot read: both are shown, and the lock
    // cannot be judged on what is left.
    let field = b.find("#riddle");
    b.clear(&field);
    b.type_text(
        &field,
        "At the dinner party were Lady Winslow, Doctor Marcolla, Countess Contee, Madam \
         Natsiou, and Baroness Finch. Her hat was next to her. Lady Winslow owned the Ring \
         and the Diamond. Madam Natsiou raised her wine in toast.",
    );
    b.click(&b.find("#read"));
    b.wait_for(
        "the unreadable sentences",
        "return document.querySelectorAll('#unreadable li.unread').length === 2 && document.getElementById('main').getAttribute('aria-busy') === 'false';",
    );
    let unread = b.text(&b.find("#unreadable"));
    assert!(unread.contains("Her hat was next to her."), "{unread}");
    assert!(unread.contains("both"), "{unread}");
    assert!(
        b.text(&b.find("#read-message"))
            .contains("more than one answer")
    );
    assert_eq!(
        b.attribute(&b.find("#try"), "disabled").as_deref(),
        Some("true")
    );
    // Phone width: the page fits without scrolling sideways.
    b.set_size(390, 900);
    let fits = b.script(
        "return document.documentElement.scrollWidth <= window.innerWidth;",
        json!([]),
    );
    assert_eq!(fits, true);
    b.script(
        "document.getElementById('read').scrollIntoView();",
        json!([]),
    );
    b.screenshot(&screenshot_path("serve-jindosh-phone.png"));
    // Back to the built-in riddle: the lock can be tried again.
    b.click(&b.find("#builtin"));
    b.wait_for(
        "the built-in riddle",
        "return !document.getElementById('try').disabled && document.getElementById('unreadable').hidden;",
    );
    drop(b);
    server.shutdown();
}

fn grid_marks(b: &Browser) -> Vec<String> {
    page_marks(b)
}

#[test]
fn a_grid_file_is_played_in_chromium() {
    let server = page_server();
    let a = server.addr().to_string();
    let b = Browser::start(1280, 1000);
    b.go(&format!("{}grid", server.url()));
    b.wait_for(
        "the Zebra puzzle's sheet",
        "return document.querySelectorAll('#sheet select').length === 25 && document.getElementById('sheet').dataset.checked;",
    );
    assert!(b.text(&b.find("#case-line")).contains("1 solution, proved"));
    // H twice: two squares filled, each the one the API hints on the sheet before it.
    for filled_before in 0..2 {
        let before = b
            .script(
                "return document.getElementById('sheet').dataset.checked;",
                json!([]),
            )
            .as_str()
            .unwrap()
            .to_string();
        b.press("h");
        checked_after(&b, &before);
        idle(&b);
        assert_eq!(filled(&b), filled_before + 1);
        let message = b.text(&b.find("#message"));
        assert!(message.contains("force it"), "{message}");
        assert!(!b.find_all(".statement.cited").is_empty());
    }
    // A wrong mark (red in house 1, where the Norwegian's house is yellow): the colours are the
    // API's (serve_api checks those against brute force), and H names the contradiction with
    // the clues' texts.
    let colour = 0; // zebra.json: colour, nationality, drink, smoke, pet
    let before = b
        .script(
            "return document.getElementById('sheet').dataset.checked;",
            json!([]),
        )
        .as_str()
        .unwrap()
        .to_string();
    pick(&b, 0, colour, "red");
    checked_after(&b, &before);
    let page_sheet = b.script(
        "const out = {}; document.querySelectorAll('#sheet select').forEach(s => { if (s.value) { const r = String(Number(s.dataset.room) + 1); out[r] = out[r] || {}; out[r][s.closest('tr').firstChild.textContent] = s.value; } }); return out;",
        json!([]),
    );
    let (_, checked) = post_json(&a, "/api/grid/check", &json!({ "sheet": page_sheet }));
    let api: Vec<String> = checked["clues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["mark"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(grid_marks(&b), api);
    assert!(api.iter().any(|m| m == "violated"), "{api:?}");
    b.press("h");
    idle(&b);
    let message = b.text(&b.find("#message"));
    assert!(
        message.contains("Something is wrong") && message.contains("red in house 1"),
        "{message}"
    );
    assert!(
        message.contains("The Englishman lives in the red house"),
        "{message}"
    );
    b.screenshot(&screenshot_path("serve-grid.png"));

    // Paste another file (Dinesman's) and solve it by H alone.
    let dinesman = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("encodings/dinesman.json"),
    )
    .unwrap();
    b.click(&b.find("#file-box summary"));
    let field = b.find("#file-text");
    b.clear(&field);
    b.type_text(&field, &dinesman);
    b.click(&b.find("#load"));
    b.wait_for(
        "Dinesman's sheet",
        "return document.querySelectorAll('#sheet select').length === 5 && document.getElementById('main').getAttribute('aria-busy') === 'false';",
    );
    assert!(b.text(&b.find("#title")).contains("Dinesman"));
    for _ in 0..5 {
        b.press("h");
        idle(&b);
    }
    b.wait_for(
        "the solved sheet",
        "return document.getElementById('message').textContent.includes('Solved') ? true : null;",
    );
    assert_eq!(filled(&b), 5);
    drop(b);
    server.shutdown();
}
