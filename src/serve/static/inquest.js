// satpuz serve: the Inquest page. The case, the marks, the hints and the verdict all come
// from the server's solver; the page only draws them and keeps the sheet in local storage.
"use strict";

const page = {
  case: null,     // the deal answer
  sheet: {},      // room -> category -> value, as the API reads sheets
  crossed: [],    // statement indices crossed off
  cited: [],      // statement indices the last hint named
  busy: false,
};

/** Marks the page busy (a deal or hint in flight): H and N wait, and so do the tests. */
function setBusy(busy) {
  page.busy = busy;
  document.getElementById("main").setAttribute("aria-busy", String(busy));
}

function storageKey() {
  return `satpuz.inquest.${page.case.seed}.${page.case.length}`;
}

function save() {
  try {
    localStorage.setItem(storageKey(), JSON.stringify({ sheet: page.sheet, crossed: page.crossed }));
  } catch (e) { /* storage full or refused: the sheet lives until the page closes */ }
}

function restore() {
  page.sheet = {};
  page.crossed = [];
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey()) || "null");
    if (saved && typeof saved === "object") {
      page.sheet = saved.sheet && typeof saved.sheet === "object" ? saved.sheet : {};
      page.crossed = Array.isArray(saved.crossed) ? saved.crossed : [];
    }
  } catch (e) { /* unreadable: start afresh */ }
  // Keep only what still names this case's rooms, categories and values.
  const clean = {};
  for (const room of page.case.rooms) {
    for (const cat of page.case.categories) {
      const v = page.sheet[room] && page.sheet[room][cat.name];
      if (cat.values.includes(v)) (clean[room] = clean[room] || {})[cat.name] = v;
    }
  }
  page.sheet = clean;
}

function caseRequest() {
  const c = page.case;
  return c.date ? { date: c.date, length: c.length } : { seed: c.seed, length: c.length };
}

function say(text, kind) {
  const m = document.getElementById("message");
  m.textContent = text;
  m.className = "message" + (kind ? " " + kind : "");
}

async function deal(request, push) {
  setBusy(true);
  say("Dealing the case…");
  try {
    page.case = await api("/api/inquest/deal", request);
  } catch (e) {
    say(`Could not deal the case: ${e.message}`, "bad");
    setBusy(false);
    return;
  }
  const c = page.case;
  const params = new URLSearchParams();
  if (c.date) params.set("date", c.date); else params.set("seed", String(c.seed));
  params.set("length", c.length);
  const url = `${location.pathname}?${params}`;
  if (push) history.pushState(null, "", url); else history.replaceState(null, "", url);
  restore();
  page.cited = [];
  drawCase();
  say("");
  setBusy(false);
  await check();
}

function drawCase() {
  const c = page.case;
  document.title = `The Inquest · ${c.date || "case " + c.seed} · satpuz`;
  document.getElementById("case-title").textContent = c.case;
  document.getElementById("title").textContent = c.setting;
  document.getElementById("scene").textContent = c.scene;
  document.getElementById("story").textContent = c.intro;
  document.getElementById("layout").textContent = c.layout;
  document.getElementById("question").textContent =
    `${c.question} The thief was in the room where the object was left behind.`;
  for (const r of document.querySelectorAll('input[name="length"]')) r.checked = r.value === c.length;
  const solutions = c.solutions === 1 ? "1 solution, proved by the solver" : `${c.solutions} solutions`;
  document.getElementById("case-line").textContent =
    `Case ${c.date || c.seed} · Statements ${c.statements.length} · ${solutions}`;

  const list = document.getElementById("statements");
  list.replaceChildren(...c.statements.map((text, i) => el("li", { "data-index": i },
    el("button", {
      type: "button", class: "statement", "data-mark": "open", "aria-pressed": "false",
      onclick: () => toggleCrossed(i),
    },
      el("span", { class: "num", "aria-hidden": "true" }, String(i + 1).padStart(2, "0")),
      el("span", { class: "text" }, text),
      el("span", { class: "sr-only mark-words" }, ", open")))));
  drawCrossed();
  drawSheet();

  const thief = document.getElementById("thief");
  const people = c.categories.find((k) => k.name === "person");
  thief.replaceChildren(el("option", { value: "" }, "— choose —"),
    ...(people ? people.values : []).map((p) => el("option", { value: p }, p)));
  const verdict = document.getElementById("verdict");
  verdict.hidden = true;
  verdict.replaceChildren();
}

function drawSheet() {
  const c = page.case;
  const table = document.getElementById("sheet");
  const head = el("thead", {}, el("tr", {},
    el("td", { class: "corner" }),
    c.rooms.map((room, r) => el("th", { scope: "col" }, el("span", { class: "room-num" }, String(r + 1)), " ", room))));
  const body = el("tbody", {}, c.categories.map((cat, k) => el("tr", { class: `cat-${cat.name}` },
    el("th", { scope: "row" }, cat.label),
    c.rooms.map((room, r) => {
      const current = (page.sheet[room] || {})[cat.name] || "";
      const select = el("select", {
        "data-room": r, "data-cat": k, "aria-label": `${room}: ${cat.label}`,
        class: current ? "filled" : "",
        onchange: (e) => write(r, k, e.target.value),
      }, el("option", { value: "" }, "·"),
      cat.values.map((v) => el("option", { value: v, selected: v === current }, v)));
      return el("td", {}, select);
    }))));
  table.replaceChildren(head, body);
}

/** Writes (or clears) a square; a value written elsewhere in its row moves here. */
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
  save();
  drawSheet();
  if (hinted) {
    const cell = document.querySelector(`select[data-room="${r}"][data-cat="${k}"]`);
    if (cell) cell.parentElement.classList.add("hinted");
  }
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
  let checked;
  try {
    checked = await api("/api/inquest/check", request);
  } catch (e) {
    say(`Could not check the sheet: ${e.message}`, "bad");
    return;
  }
  const words = { satisfied: ", satisfied", violated: ", broken by the sheet", open: ", open" };
  for (const s of checked.statements) {
    const b = document.querySelector(`#statements li[data-index="${s.number - 1}"] button`);
    if (!b) continue;
    b.dataset.mark = s.mark;
    b.querySelector(".mark-words").textContent = words[s.mark] || "";
  }
  document.getElementById("sheet").dataset.checked = String(Date.now());
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
      say("Nothing left to fill: the sheet is complete and right. Name the thief.", "good");
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
  const verdict = document.getElementById("verdict");
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
  const c = page.case;
  const rows = c.categories.map((cat) => el("tr", {},
    el("th", { scope: "row" }, cat.label),
    c.rooms.map((room) => {
      const sq = v.arrangement.find((s) => s.room === room && s.category === cat.name);
      return el("td", { class: room === v.thief_room ? "thief-room" : "" }, sq ? sq.value : "");
    })));
  verdict.replaceChildren(
    el("p", { class: "verdict-line " + v.verdict, id: "verdict-line", "data-verdict": v.verdict },
      v.right ? `Right. ${v.thief} took ${v.stolen}.` : `Wrong. ${v.named} did not take ${v.stolen}; ${v.thief} did.`),
    el("p", {}, `The ${v.left_behind} lay in ${v.thief_room}, and ${v.thief} was there. The whole arrangement, as the solver found it (the only one):`),
    el("div", { class: "table-wrap" }, el("table", { class: "answer" },
      el("thead", {}, el("tr", {}, el("td", {}), c.rooms.map((room) => el("th", { scope: "col" }, room)))),
      el("tbody", {}, rows))));
  verdict.hidden = false;
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
  if (q.get("seed") && /^\d+$/.test(q.get("seed")) && Number.isSafeInteger(Number(q.get("seed")))) {
    request.seed = Number(q.get("seed"));
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
  document.getElementById("clear").addEventListener("click", () => {
    page.sheet = {};
    page.cited = [];
    save();
    drawSheet();
    drawCrossed();
    say("");
    check();
  });
  for (const r of document.querySelectorAll('input[name="length"]')) {
    r.addEventListener("change", () => {
      if (!page.case) return;
      const req = page.case.date ? { date: page.case.date } : { seed: page.case.seed };
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
