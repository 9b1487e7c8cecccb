//! The Portia, Jindosh and grid pages in a real browser (Debian's chromium, headless, through
//! chromedriver): what each page tells a player, checked against the API or the CLI; state that
//! survives a reload; and axe-core (0 serious or critical violations) in each page's states.
//! Screenshots at 1280 x 900 and 390 x 844 go to target/.

mod common;

use common::http::post_json;
use common::pages::{assert_axe_clean, dial, idle, lock_message, page_server, screenshot_path};
use common::satpuz;
use common::webdriver::Browser;
use serde_json::{Value, json};

/// Screenshots of the page at both sizes (the phone one scrolled to `phone_anchor`), and the
/// page fits the phone's width.
fn screenshots(b: &Browser, name: &str, phone_anchor: &str) {
    b.screenshot(&screenshot_path(&format!("{name}.png")));
    b.set_size(390, 844);
    let fits = b.script(
        "return document.documentElement.scrollWidth <= window.innerWidth;",
        json!([]),
    );
    assert_eq!(fits, true, "{name}: the page scrolls sideways at 390 px");
    b.script(
        &format!("document.querySelector('{phone_anchor}').scrollIntoView();"),
        json!([]),
    );
    b.screenshot(&screenshot_path(&format!("{name}-phone.png")));
    b.set_size(1280, 900);
}

#[test]
fn portia_follows_the_seed_and_explains_every_casket_in_chromium() {
    let s = page_server();
    let a = s.addr().to_string();
    let b = Browser::start(1280, 900);
    // The seed names Smullyan's 68b portia2-6854.
    b.go(&format!("{}portia?id=portia2-6854", s.url()));
    b.wait_for(
        "portia2-6854",
        "return document.querySelectorAll('.casket').length === 3 && document.getElementById('main').getAttribute('aria-busy') === 'false';",
    );
    let kicker = b
        .script(
            "return document.getElementById('puzzle-id').textContent;",
            json!([]),
        )
        .as_str()
        .unwrap()
        .to_string();
    assert!(kicker.contains("portia2-6854 · one of 16152"), "{kicker}");
    let (_, dealt) = post_json(&a, "/api/portia/deal", &json!({"id": "portia2-6854"}));
    let gold = b.text(&b.find(".casket[data-casket=\"1\"]"));
    for words in dealt["caskets"][0]["inscriptions"].as_array().unwrap() {
        assert!(gold.contains(words.as_str().unwrap()), "{gold}");
    }
    assert_axe_clean(&b, "Portia, fresh");

    // A wrong pick is told why its own casket fails: the API's case for it, on the page.
    let (_, right) = post_json(
        &a,
        "/api/portia/verdict",
        &json!({"id": "portia2-6854", "casket": 1}),
    );
    let portrait = right["portrait"].as_u64().unwrap();
    let wrong = (1..=3).find(|&c| c != portrait).unwrap();
    let (_, v) = post_json(
        &a,
        "/api/portia/verdict",
        &json!({"id": "portia2-6854", "casket": wrong}),
    );
    b.press(&wrong.to_string());
    b.wait_for(
        "the wrong verdict",
        "return document.getElementById('message').dataset.verdict === 'wrong' && document.getElementById('why-not');",
    );
    let why_not = b.text(&b.find("#why-not"));
    assert!(
        why_not.contains(v["why_not"].as_str().unwrap()),
        "{why_not}"
    );
    assert!(why_not.contains("so it is not in the"), "{why_not}");
    // Every casket tried in turn: the portrait's the one that fits.
    let cases: Vec<String> = b
        .find_all("#reasoning .cases li")
        .iter()
        .map(|e| b.text(e))
        .collect();
    assert_eq!(cases.len(), 3);
    for (c, case) in cases.iter().enumerate() {
        let fits = case.contains("so it can be in the");
        assert_eq!(fits, c as u64 + 1 == portrait, "{case}");
    }
    assert_axe_clean(&b, "Portia, a wrong pick");
    screenshots(&b, "pages-portia", "#reasoning");

    // Portia III: the maker inscriptions are in the true/false list, and the chain names the
    // makers case by case.
    b.go(&format!("{}portia?generation=3", s.url()));
    b.wait_for(
        "a Portia III puzzle",
        "return location.search.includes('portia3-') && document.querySelectorAll('.casket .inscription').length === 6;",
    );
    let id = b.script(
        "return new URLSearchParams(location.search).get('id');",
        json!([]),
    );
    let (_, v) = post_json(&a, "/api/portia/verdict", &json!({"id": id, "casket": 1}));
    b.press(&v["portrait"].to_string());
    b.wait_for(
        "the right verdict",
        "return document.getElementById('message').dataset.verdict === 'right' && document.getElementById('main').getAttribute('aria-busy') === 'false';",
    );
    let truths = b.find_all("#reasoning .truths li");
    assert_eq!(
        truths.len(),
        6,
        "three portrait and three maker inscriptions"
    );
    let makers: Vec<String> = truths[3..].iter().map(|e| b.text(e)).collect();
    for (c, m) in v["maker_inscriptions"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
    {
        assert!(
            makers[c].contains(m["text"].as_str().unwrap()),
            "{makers:?}"
        );
        let word = if m["truth"] == true { "true" } else { "false" };
        assert!(makers[c].ends_with(word), "{makers:?}");
    }
    let chain = b.text(&b.find("#reasoning .cases"));
    assert!(chain.contains("Bellini made"), "{chain}");
    assert!(b.find_all("#why-not").is_empty());
    assert_axe_clean(&b, "Portia III, solved");
    drop(b);
    s.shutdown();
}

#[test]
fn the_jindosh_page_shows_the_answer_and_says_why_in_sentences_in_chromium() {
    let s = page_server();
    let b = Browser::start(1280, 900);
    b.go(&format!("{}jindosh", s.url()));
    b.wait_for(
        "the lock's dials",
        "return document.querySelectorAll('#dials select').length === 5 && document.getElementById('main').getAttribute('aria-busy') === 'false';",
    );
    assert_axe_clean(&b, "Jindosh, fresh");

    // Two women given one heirloom: said so.
    dial(&b, "Lady Winslow", "Ring");
    dial(&b, "Madam Natsiou", "Ring");
    b.click(&b.find("#try"));
    let message = lock_message(&b);
    assert!(
        message.contains("the Ring is given to both Lady Winslow and Madam Natsiou"),
        "{message}"
    );

    // Why, in sentences: no `seat1 colour`, each needed clue's change said of a lady and a seat.
    b.click(&b.find("#why"));
    b.wait_for(
        "the needed clues",
        "return !document.getElementById('reasons').hidden;",
    );
    let withouts: Vec<String> = b
        .find_all(".why-list li.needed .without")
        .iter()
        .map(|e| b.text(e))
        .collect();
    assert!(!withouts.is_empty());
    for w in &withouts {
        assert!(w.starts_with("Without this clue, "), "{w}");
        assert!(
            w.contains(" seat could ") || w.contains(" could sit in the "),
            "{w}"
        );
        assert!(!w.contains("seat1") && !w.contains("colour"), "{w}");
    }
    assert_axe_clean(&b, "Jindosh, why");
    b.script(
        "document.getElementById('lock-heading').scrollIntoView();",
        json!([]),
    );
    screenshots(&b, "pages-jindosh", "#lock");

    // "Show me the answer": the seed's answer (who owned each heirloom), and the dials set to
    // it open the lock.
    b.click(&b.find("#answer"));
    b.wait_for(
        "the answer",
        "return !document.getElementById('answer-box').hidden;",
    );
    let shown = b.text(&b.find("#answer-box .owners"));
    for (name, heirloom) in common::JINDOSH_OWNERS {
        assert!(shown.contains(&format!("{name}: {heirloom}")), "{shown}");
    }
    b.click(&b.find("#answer-box button"));
    b.click(&b.find("#try"));
    assert_eq!(lock_message(&b), "Click. The lock opens.");
    assert_axe_clean(&b, "Jindosh, answer shown and the lock open");

    // A pasted riddle survives a reload.
    let text = std::fs::read_to_string(common::encodings_dir().join("jindosh.txt"))
        .unwrap()
        .replace("jaunty white hat", "jaunty white bonnet");
    let field = b.find("#riddle");
    b.clear(&field);
    b.type_text(&field, &text);
    b.click(&b.find("#read"));
    idle(&b);
    b.refresh();
    b.wait_for(
        "the pasted riddle, read again",
        "return document.getElementById('riddle').value.includes('white bonnet') && document.getElementById('read-message').textContent.startsWith('Read');",
    );
    // Back to the built-in riddle: forgotten.
    b.click(&b.find("#builtin"));
    idle(&b);
    b.refresh();
    b.wait_for(
        "the built-in riddle",
        "return document.getElementById('riddle').value.includes('jaunty white hat');",
    );
    drop(b);
    s.shutdown();
}

/// Sets the grid sheet's square (position r, category k) to `value` as a player's pick does.
fn write(b: &Browser, r: usize, k: usize, value: &str) {
    b.script(
        "const s = document.querySelector(`#sheet select[data-room=\"${arguments[0]}\"][data-cat=\"${arguments[1]}\"]`); s.value = arguments[2]; s.dispatchEvent(new Event('change'));",
        json!([r, k, value]),
    );
}

/// Waits for the grid page's check of the sheet as it now stands.
fn checked(b: &Browser, before: &Value) {
    let script = format!(
        "const s = document.getElementById('sheet').dataset.checked; return s && s !== {before} && document.getElementById('main').getAttribute('aria-busy') === 'false' ? s : null;"
    );
    b.wait_for("the sheet's check", &script);
}

fn stamp(b: &Browser) -> Value {
    let v = b.script(
        "return document.getElementById('sheet').dataset.checked || '';",
        json!([]),
    );
    Value::String(format!("'{}'", v.as_str().unwrap_or_default()))
}

#[test]
fn the_grid_page_asks_and_answers_the_files_question_and_keeps_its_state_in_chromium() {
    let s = page_server();
    let b = Browser::start(1280, 900);
    b.go(&format!("{}grid", s.url()));
    b.wait_for(
        "the Zebra puzzle's sheet",
        "return document.querySelectorAll('#sheet select').length === 25 && document.getElementById('sheet').dataset.checked;",
    );
    // The file's question, and its positions as a reader says them.
    let question = b.text(&b.find("#question"));
    assert!(
        question.contains("Now, who drinks water? Who owns the zebra?"),
        "{question}"
    );
    let heads: Vec<String> = b
        .find_all("#sheet thead th")
        .iter()
        .map(|e| b.text(e))
        .collect();
    assert_eq!(
        heads,
        ["house 1", "house 2", "house 3", "house 4", "house 5"]
    );
    // The upload button is in sight, not folded away.
    let upload = b.script(
        "const l = document.querySelector('label.upload'); const r = l.getBoundingClientRect(); return r.width > 0 && r.height > 0 && !l.closest('details');",
        json!([]),
    );
    assert_eq!(upload, true);
    assert_axe_clean(&b, "grid, fresh");

    // A wrong square, a hint naming the contradiction, then the square undone: the message and
    // the rings go with it.
    let before = stamp(&b);
    write(&b, 0, 1, "Norwegian");
    checked(&b, &before);
    let before = stamp(&b);
    write(&b, 0, 0, "red");
    checked(&b, &before);
    let broken = b.wait_for(
        "a broken clue",
        "const e = document.querySelector('.statement[data-mark=\"violated\"]'); return e ? [getComputedStyle(e, '::after').content, e.querySelector('.mark-words').textContent] : null;",
    );
    assert!(broken[0].to_string().contains('\u{2717}'), "{broken}");
    assert!(broken[1].to_string().contains("broken"), "{broken}");
    b.press("h");
    idle(&b);
    let message = b.text(&b.find("#message"));
    assert!(message.contains("red in house 1"), "{message}");
    assert!(!b.find_all(".statement.cited").is_empty());
    assert_axe_clean(&b, "grid, a broken sheet with a hint");
    let before = stamp(&b);
    write(&b, 0, 0, "");
    checked(&b, &before);
    write(&b, 0, 1, "");
    assert_eq!(b.text(&b.find("#message")), "");
    assert!(b.find_all(".statement.cited").is_empty());

    // Solved with the CLI's answer: the page answers the question as the CLI does.
    let run = satpuz(&["solve", "encodings/zebra.json", "--json"]);
    assert_eq!(run.code, 0, "{run:?}");
    let solved: Value = serde_json::from_str(&run.stdout).unwrap();
    let categories = ["colour", "nationality", "drink", "smoke", "pet"];
    for (r, position) in solved["answer"]["positions"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
    {
        for (k, c) in categories.iter().enumerate() {
            write(&b, r, k, position[c].as_str().unwrap());
        }
    }
    b.wait_for(
        "the solved sheet",
        "return document.getElementById('message').textContent.includes('Solved') && !document.getElementById('answer').hidden;",
    );
    let answer = b.text(&b.find("#answer"));
    for (each, show) in solved["answer"]["question"].as_object().unwrap() {
        assert!(
            answer.contains(&format!("{each}: {}", show.as_str().unwrap())),
            "{answer}"
        );
    }
    assert_axe_clean(&b, "grid, solved");
    screenshots(&b, "pages-grid", "#sheet");

    // Another file, pasted, and a square written: a reload keeps both.
    let dinesman = std::fs::read_to_string(common::encodings_dir().join("dinesman.json")).unwrap();
    b.click(&b.find("#file-box summary"));
    let field = b.find("#file-text");
    b.clear(&field);
    b.type_text(&field, &dinesman);
    b.click(&b.find("#load"));
    b.wait_for(
        "Dinesman's sheet",
        "return document.querySelectorAll('#sheet select').length === 5 && document.getElementById('main').getAttribute('aria-busy') === 'false';",
    );
    let value = b
        .script(
            "return document.querySelector('#sheet select[data-room=\"0\"][data-cat=\"0\"] option:nth-child(3)').value;",
            json!([]),
        )
        .as_str()
        .unwrap()
        .to_string();
    write(&b, 0, 0, &value);
    b.refresh();
    b.wait_for(
        "Dinesman's sheet after the reload",
        "return document.querySelectorAll('#sheet select').length === 5 && document.getElementById('sheet').dataset.checked;",
    );
    assert!(b.text(&b.find("#title")).contains("Dinesman"));
    let kept = b.script(
        "return document.querySelector('#sheet select[data-room=\"0\"][data-cat=\"0\"]').value;",
        json!([]),
    );
    assert_eq!(kept, json!(value));
    drop(b);
    s.shutdown();
}
