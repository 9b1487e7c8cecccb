// satpuz serve: the Inquest page. The case, the marks, the hints and the verdict all come
// from the server's solver; the page draws them and keeps the player's game in local storage.
// The sheet's drop-downs are built once per case and updated in place, so focus (and the
// arrow keys in a drop-down) survive every change.
"use strict";

const page = {
  case: null,       // the deal answer
  seedText: null,   // the seed as the URL gave it (JavaScript numbers stop at 2^53)
  sheet: {},        // room -> category -> value, as the API reads sheets
  crossed: [],      // statement indices crossed off
  cited: [],        // statement indices the last hint named
  hinted: null,     // the square the last hint filled, {r, k}
  guesses: [],      // people named who were not the thief, in order
  right: null,      // the thief, once named
  revealed: false,  // the player asked to see the answer
  solved: false,    // the sheet is complete and right
  busy: false,
  checks: 0,        // checks sent: an answer to an older one is dropped
};

/** Marks the page busy (a deal or hint in flight): H and N wait, and so do the tests. */
function setBusy(busy) {
  page.busy = busy;
  document.getElementById("main").setAttribute("aria-busy", String(busy));
}

function storageKey() {
  return `satpuz.inquest.${page.seedText}.${page.case.length}`;
}

function save() {
  try {
    localStorage.setItem(storageKey(), JSON.stringify({
      sheet: page.sheet, crossed: page.crossed, guesses: page.guesses,
      right: page.right, revealed: page.revealed,
    }));
  } catch (e) { /* storage full or refused: the game lives until the page closes */ }
}

function restore() {
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem(storageKey()) || "null");
  } catch (e) { /* unreadable: start afresh */ }
  if (!saved || typeof saved !== "object") saved = {};
  const c = page.case;
  const people = valuesOf("person");
  // Keep only what still names this case's rooms, categories, values and people.
  page.sheet = {};
  for (const room of c.rooms) {
    for (const cat of c.categories) {
      const v = saved.sheet && saved.sheet[room] && saved.sheet[room][cat.name];
      if (cat.values.includes(v)) (page.sheet[room] = page.sheet[room] || {})[cat.name] = v;
    }
  }
  page.crossed = (Array.isArray(saved.crossed) ? saved.crossed : [])
    .filter((i) => Number.isInteger(i) && i >= 0 && i < c.statements.length);
  page.guesses = (Array.isArray(saved.guesses) ? saved.guesses : []).filter((p) => people.includes(p));
  page.right = people.includes(saved.right) ? saved.right : null;
  page.revealed = saved.revealed === true;
}

function valuesOf(name) {
  const cat = page.case.categories.find((k) => k.name === name);
  return cat ? cat.values : [];
}

function caseRequest() {
  const c = page.case;
  return c.date ? { date: c.date, length: c.length } : { seed: seedValue(page.seedText), length: c.length };
}

/** A seed for the API: a number, written digit for digit past 2^53 (JSON.rawJSON). */
function seedValue(text) {
  if (/^\d+$/.test(text)) {
    return Number.isSafeInteger(Number(text)) ? Number(text) : JSON.rawJSON(text.replace(/^0+(?=\d)/, ""));
  }
  return text; // not a number: the server says why
}

function say(text, kind) {
  const m = document.getElementById("message");
  m.textContent = text;
  m.className = "message" + (kind ? " " + kind : "");
}

async function deal(request, push) {
  setBusy(true);
  say("Dealing the case…");
  const body = { ...request };
  if (body.seed !== undefined) body.seed = seedValue(String(body.seed));
  let dealt;
  try {
    dealt = await api("/api/inquest/deal", body);
  } catch (e) {
    // No case: say so in the scene line too, which otherwise still reads "Dealing…".
    document.getElementById("scene").textContent = "No case is dealt.";
    say(`Could not deal the case: ${e.message}`, "bad");
    setBusy(false);
    return;
  }
  page.case = dealt;
  page.seedText = request.seed !== undefined ? String(request.seed) : String(dealt.seed);
  const params = new URLSearchParams();
  if (dealt.date) params.set("date", dealt.date); else params.set("seed", page.seedText);
  params.set("length", dealt.length);
  const url = `${location.pathname}?${params}`;
  if (push) history.pushState(null, "", url); else history.replaceState(null, "", url);
  restore();
  page.cited = [];
  page.hinted = null;
  page.solved = false;
  drawCase();
  say("");
  await drawVerdict();
  await check();
  setBusy(false);
}

function drawCase() {
  const c = page.case;
  const when = c.date || "seed " + page.seedText;
  document.title = `The Inquest · ${when} · satpuz`;
  document.getElementById("case-title").textContent = c.case;
  document.getElementById("title").textContent = c.setting;
  document.getElementById("scene").textContent = c.scene;
  document.getElementById("story").textContent = c.intro;
  document.getElementById("layout").textContent = c.layout;
  document.getElementById("question").textContent =
    `${c.question} The thief was in the room where the object was left behind. Name them as often as you like; the case goes on until you are right.`;
  for (const r of document.querySelectorAll('input[name="length"]')) r.checked = r.value === c.length;
  const solutions = c.solutions === 1 ? "1 solution, proved by the solver" : `${c.solutions} solutions`;
  document.getElementById("case-line").textContent =
    `Case ${c.date || page.seedText} · Statements ${c.statements.length} · ${solutions}`;
  document.querySelector(".board").classList.toggle("long", c.rooms.length > 4);

  const list = document.getElementById("statements");
  list.replaceChildren(...c.statements.map((text, i) => el("li", { "data-index": i },
    el("button", {
      type: "button", class: "statement", "data-mark": "open", "aria-pressed": "false",
      onclick: () => toggleCrossed(i),
    },
      el("span", { class: "num", "aria-hidden": "true" }, String(i + 1).padStart(2, "0")),
      el("span", { class: "text" }, text),
      el("span", { class: "sr-only mark-words" }, ", open")))));
  document.getElementById("mark-strip").replaceChildren(...c.statements.map((_, i) =>
    el("li", { "data-index": i, "data-mark": "open" }, String(i + 1))));
  drawSheet();
  syncSheet();
  drawCrossed();

  const thief = document.getElementById("thief");
  thief.replaceChildren(el("option", { value: "" }, "— choose —"),
    ...valuesOf("person").map((p) => el("option", { value: p }, p)));
  drawFigures();
}

/** The seed page's two sections, with this case's own figures from its deal. */
function drawFigures() {
  const c = page.case;
  const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
  document.getElementById("fig-deal").textContent =
    `This case: ${c.setting.toLowerCase()}, ${plural(c.rooms.length, "room", "rooms")}, ${plural(c.categories.length, "category", "categories")} dealt across them.`;
  document.getElementById("fig-true").textContent =
    `For this case, ${c.true_statements} true statements were generated.`;
  const shuffles = c.attempts > 1 ? `, over ${c.attempts} shuffles (a cut outside the range is shuffled and cut again)` : "";
  document.getElementById("fig-cut").textContent =
    `This case kept ${c.statements.length} of the ${c.true_statements}, after ${c.solver_calls} solver calls${shuffles}.`;
  document.getElementById("fig-solver").textContent =
    `Dealing and cutting this case took ${c.deal_millis.toFixed(2)} ms on this machine.`;
}

/** Builds the sheet's table for the case: a row per room, a drop-down per category. */
function drawSheet() {
  const c = page.case;
  const table = document.getElementById("sheet");
  const head = el("thead", {}, el("tr", {},
    el("th", { scope: "col", class: "room-head" }, "Room"),
    c.categories.map((cat) => el("th", { scope: "col" }, cat.label))));
  const body = el("tbody", {}, c.rooms.map((room, r) => el("tr", {},
    el("th", { scope: "row", class: "room" },
      el("span", { class: "room-num", "aria-hidden": "true" }, String(r + 1)), " ", room),
    c.categories.map((cat, k) => el("td", {},
      // The category's name beside each drop-down where the table's head is not (phones).
      el("span", { class: "cell-label", "aria-hidden": "true" }, cat.label),
      el("select", {
        "data-room": r, "data-cat": k, "aria-label": `${room}: ${cat.label}`,
        onchange: (e) => write(r, k, e.target.value),
      }, el("option", { value: "" }, "—"),
      cat.values.map((v) => el("option", { value: v }, v))))))));
  table.replaceChildren(table.querySelector("caption"), head, body);
}

/** Brings the drop-downs in line with `page.sheet` without rebuilding them. */
function syncSheet() {
  const c = page.case;
  for (const select of document.querySelectorAll("#sheet select")) {
    const r = Number(select.dataset.room);
    const k = Number(select.dataset.cat);
    const current = (page.sheet[c.rooms[r]] || {})[c.categories[k].name] || "";
    if (select.value !== current) select.value = current;
    select.classList.toggle("filled", current !== "");
    const hinted = page.hinted && page.hinted.r === r && page.hinted.k === k;
    select.parentElement.classList.toggle("hinted", Boolean(hinted));
  }
}

/** Writes (or clears) a square; a value written elsewhere in its category moves here. A
 *  player's own change makes the last hint's message and rings stale, so they go. */
function write(r, k, value, hinted) {
  const c = page.case;
  const room = c.rooms[r];
  const cat = c.categories[k].name;
  if (value) {
    for (const other of c.rooms) {
      if (page.sheet[other] && page.sheet[other][cat] === value) delete page.sheet[other][cat];
    }
    (page.sheet[room] = page.sheet[room] || {})[cat] = value;
  } else if (page.sheet[room]) {
    delete page.sheet[room][cat];
  }
  if (hinted) {
    page.hinted = { r, k };
  } else {
    page.hinted = null;
    page.cited = [];
    say("");
  }
  save();
  syncSheet();
  drawCrossed();
  return check();
}

function toggleCrossed(i) {
  page.crossed = page.crossed.includes(i) ? page.crossed.filter((x) => x !== i) : [...page.crossed, i];
  save();
  drawCrossed();
}

function drawCrossed() {
  for (const li of document.querySelectorAll("#statements li")) {
    const i = Number(li.dataset.index);
    const b = li.querySelector("button");
    b.classList.toggle("crossed", page.crossed.includes(i));
    b.setAttribute("aria-pressed", String(page.crossed.includes(i)));
    b.classList.toggle("cited", page.cited.includes(i));
  }
}

async function check() {
  const request = { ...caseRequest(), sheet: { rooms: page.sheet } };
  const mine = ++page.checks;
  let checked;
  try {
    checked = await api("/api/inquest/check", request);
  } catch (e) {
    say(`Could not check the sheet: ${e.message}`, "bad");
    return;
  }
  if (mine !== page.checks) return; // a later change is being checked
  const words = { satisfied: ", satisfied", violated: ", broken by the sheet", open: ", open" };
  for (const s of checked.statements) {
    const b = document.querySelector(`#statements li[data-index="${s.number - 1}"] button`);
    const chip = document.querySelector(`#mark-strip li[data-index="${s.number - 1}"]`);
    if (!b) continue;
    b.dataset.mark = s.mark;
    b.querySelector(".mark-words").textContent = words[s.mark] || "";
    if (chip) chip.dataset.mark = s.mark;
  }
  page.solved = checked.right === true;
  drawSolved();
  document.getElementById("sheet").dataset.checked = String(Date.now() + Math.random());
}

function drawSolved() {
  const main = document.getElementById("main");
  main.dataset.solved = String(page.solved);
  const box = document.getElementById("solved");
  if (!page.solved) {
    box.replaceChildren();
    return;
  }
  const next = page.right ? "" : " Now name the thief: the person in the room where the object was left.";
  box.replaceChildren(el("p", { id: "solved-line", class: "solved-line" },
    el("span", { class: "badge satisfied", "aria-hidden": "true" }, "\u2713"),
    ` Solved: every square is filled in and right.${next}`));
}

async function hint() {
  if (!page.case || page.busy) return;
  setBusy(true);
  try {
    const h = await api("/api/inquest/hint", { ...caseRequest(), sheet: { rooms: page.sheet } });
    const c = page.case;
    const nums = (xs) => listWords((xs || []).map(String));
    const square = (s) => `${s.room}, ${c.categories.find((k) => k.name === s.category).label.toLowerCase()}: ${s.value}`;
    page.cited = (h.statements || []).map((n) => n - 1);
    if (h.hint === "fill") {
      const r = c.rooms.indexOf(h.square.room);
      const k = c.categories.findIndex((x) => x.name === h.square.category);
      await write(r, k, h.square.value, true);
      const by = h.statements.length === 1 ? "statement" : "statements";
      const given = h.given && h.given.length ? `, with what the sheet already says (${h.given.map(square).join("; ")})` : "";
      say(`Filled in ${square(h.square)}: forced by ${by} ${nums(h.statements)}${given}.`, "good");
    } else if (h.hint === "contradiction") {
      const broken = h.broken && h.broken.length ? `The sheet breaks statement${h.broken.length > 1 ? "s" : ""} ${nums(h.broken)}. ` : "";
      const given = (h.given || []).map(square).join("; ");
      say(`${broken}Something written cannot be right: no arrangement has ${given || "what is written"} and fits statement${h.statements.length > 1 ? "s" : ""} ${nums(h.statements)}.`, "bad");
    } else {
      say("Nothing left to fill: the sheet is complete and right.", "good");
    }
    drawCrossed();
  } catch (e) {
    say(`No hint: ${e.message}`, "bad");
  } finally {
    setBusy(false);
  }
}

async function accuse(event) {
  event.preventDefault();
  const named = document.getElementById("thief").value;
  if (!named) {
    say("Choose a person to name as the thief first.", "bad");
    document.getElementById("thief").focus();
    return;
  }
  let v;
  try {
    v = await api("/api/inquest/verdict", { ...caseRequest(), thief: named });
  } catch (e) {
    say(`No verdict: ${e.message}`, "bad");
    return;
  }
  if (v.right) {
    page.right = v.named;
  } else {
    page.guesses.push(v.named);
  }
  save();
  await drawVerdict(v);
  drawSolved();
}

/** The verdict line from the game so far; the arrangement once the thief is named or the
 *  answer asked for. A wrong name never shows the answer: the game goes on. */
async function drawVerdict(answer) {
  const verdict = document.getElementById("verdict");
  const wrong = page.guesses.length;
  const tries = (n) => `${n} wrong ${n === 1 ? "guess" : "guesses"}`;
  let line = null;
  if (page.right) {
    const after = wrong ? `, after ${tries(wrong)}` : ", at the first try";
    line = el("p", { class: "verdict-line right", id: "verdict-line", "data-verdict": "right" },
      el("span", { class: "badge satisfied", "aria-hidden": "true" }, "\u2713"),
      ` Right${after}: ${page.right} is the thief.`);
  } else if (wrong) {
    const last = page.guesses[wrong - 1];
    line = el("p", { class: "verdict-line wrong", id: "verdict-line", "data-verdict": "wrong", "data-guesses": wrong },
      el("span", { class: "badge violated", "aria-hidden": "true" }, "\u2717"),
      ` Wrong: ${last} is not the thief. ${tries(wrong)} so far; the case goes on.`);
  }
  verdict.replaceChildren(...(line ? [line] : []));
  const show = page.right || page.revealed;
  document.getElementById("reveal").hidden = Boolean(show);
  document.getElementById("reveal-confirm").hidden = true;
  const box = document.getElementById("answer");
  if (!show) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  if (!answer) {
    try {
      answer = await api("/api/inquest/verdict", { ...caseRequest(), thief: page.right || valuesOf("person")[0] });
    } catch (e) {
      say(`No answer: ${e.message}`, "bad");
      return;
    }
  }
  drawAnswer(answer);
}

function drawAnswer(v) {
  const c = page.case;
  const box = document.getElementById("answer");
  const head = page.right ? `${v.thief} took ${v.stolen}.` : `You asked for the answer: ${v.thief} took ${v.stolen}.`;
  box.replaceChildren(
    el("h3", {}, "The answer"),
    el("p", {}, `${head} The ${v.left_behind} lay in ${v.thief_room}, and ${v.thief} was there. The whole arrangement, as the solver found it (the only one):`),
    el("table", { class: "answer" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Room"), c.categories.map((cat) => el("th", { scope: "col" }, cat.label)))),
      el("tbody", {}, c.rooms.map((room) => el("tr", { class: room === v.thief_room ? "thief-room" : "" },
        el("th", { scope: "row" }, room),
        c.categories.map((cat) => {
          const sq = v.arrangement.find((s) => s.room === room && s.category === cat.name);
          return el("td", {}, sq ? sq.value : "");
        }))))));
  box.hidden = false;
}

async function reveal() {
  page.revealed = true;
  save();
  await drawVerdict();
  document.getElementById("answer").focus();
}

function clearSheet() {
  page.sheet = {};
  page.crossed = [];
  page.cited = [];
  page.hinted = null;
  page.guesses = [];
  page.right = null;
  page.revealed = false;
  save();
  syncSheet();
  drawCrossed();
  say("");
  drawVerdict();
  return check();
}

function today() {
  return deal({ length: page.case ? page.case.length : "short" }, true);
}

function newCase() {
  const seed = Math.floor(Math.random() * 2 ** 31);
  return deal({ seed, length: page.case ? page.case.length : "short" }, true);
}

function fromUrl() {
  const q = new URLSearchParams(location.search);
  const request = {};
  const length = q.get("length");
  if (length === "short" || length === "long") request.length = length;
  if (q.has("seed")) {
    request.seed = q.get("seed");
  } else if (q.get("date")) {
    request.date = q.get("date");
  }
  return request;
}

document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("hint").addEventListener("click", hint);
  document.getElementById("new-case").addEventListener("click", newCase);
  document.getElementById("today").addEventListener("click", today);
  document.getElementById("accuse").addEventListener("submit", accuse);
  document.getElementById("clear").addEventListener("click", clearSheet);
  document.getElementById("reveal").addEventListener("click", () => {
    document.getElementById("reveal-confirm").hidden = false;
    document.getElementById("reveal-no").focus();
  });
  document.getElementById("reveal-no").addEventListener("click", () => {
    document.getElementById("reveal-confirm").hidden = true;
    document.getElementById("reveal").focus();
  });
  document.getElementById("reveal-yes").addEventListener("click", reveal);
  for (const r of document.querySelectorAll('input[name="length"]')) {
    r.addEventListener("change", () => {
      if (!page.case) return;
      const req = page.case.date ? { date: page.case.date } : { seed: page.seedText };
      deal({ ...req, length: r.value }, true);
    });
  }
  document.addEventListener("keydown", (e) => {
    if (typingIn(e)) return;
    const key = e.key.toLowerCase();
    if (key === "n") { e.preventDefault(); newCase(); }
    else if (key === "t") { e.preventDefault(); today(); }
    else if (key === "h") { e.preventDefault(); hint(); }
  });
  window.addEventListener("popstate", () => deal(fromUrl(), false));
  deal(fromUrl(), false);
});
