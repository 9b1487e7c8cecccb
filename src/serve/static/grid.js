// satpuz serve: any grid puzzle file. Loading, the clue marks and the hints come from the
// server's solver; the page keeps the sheet and draws.
"use strict";

const grid = { puzzle: null, file: null, sheet: [], crossed: new Set(), busy: false, stamp: 0 };

/** Where the open file, the sheet and the crossed-off clues are kept, so that a reload keeps them. */
const STORED = "satpuz.grid";

function save() {
  try {
    localStorage.setItem(STORED, JSON.stringify({ file: grid.file, sheet: grid.sheet, crossed: [...grid.crossed] }));
  } catch (e) { /* storage refused (private mode): the page works without it */ }
}

function stored() {
  try { return JSON.parse(localStorage.getItem(STORED)); } catch (e) { return null; }
}

/** A position as the player reads it: the file's label, else "house 1". */
function positionName(label) {
  const p = grid.puzzle;
  const r = p.positions.indexOf(label);
  return r < 0 ? label : p.position_names[r];
}

function setBusy(busy) {
  grid.busy = busy;
  document.getElementById("main").setAttribute("aria-busy", String(busy));
}

function say(id, text, kind) {
  const m = document.getElementById(id);
  m.textContent = text;
  m.className = "message" + (kind ? " " + kind : "");
}

/** Opens the puzzle file `file` (an object), or the example when it is null; `kept` is a
 *  stored sheet to put back when it fits the puzzle. */
async function load(file, kept) {
  setBusy(true);
  let p;
  try {
    p = await api("/api/grid/load", file === null ? {} : { puzzle: file });
  } catch (e) {
    say("load-message", `The puzzle cannot be opened: ${e.message}`, "bad");
    setBusy(false);
    return false;
  }
  grid.puzzle = p;
  grid.file = file;
  grid.sheet = p.positions.map(() => p.categories.map(() => ""));
  grid.crossed = new Set();
  const fits = kept && Array.isArray(kept.sheet) && kept.sheet.length === p.positions.length &&
    kept.sheet.every((row, r) => Array.isArray(row) && row.length === p.categories.length &&
      row.every((v, k) => v === "" || p.categories[k].values.includes(v)));
  if (fits) {
    grid.sheet = kept.sheet;
    grid.crossed = new Set((kept.crossed || []).filter((i) => Number.isInteger(i) && i >= 0 && i < p.clues.length));
  }
  if (file === null) document.getElementById("file-text").value = p.example;
  else if (!document.getElementById("file-text").value.trim()) document.getElementById("file-text").value = JSON.stringify(file, null, 2);
  save();
  document.title = `${p.name} · satpuz`;
  document.getElementById("title").textContent = p.name;
  document.getElementById("kicker").textContent = `A logic grid · ${p.positions.length} ${p.noun}s · ${p.categories.length} categories`;
  if (p.source) document.getElementById("source").textContent = p.source;
  const answers = p.solutions === 1 ? "1 solution, proved by the solver" : p.solutions === 0 ? "no solution: the clues contradict each other" : "2 or more solutions: the sheet cannot be checked";
  document.getElementById("case-line").textContent = `${p.clues.length} clues · ${answers}`;
  document.getElementById("hint").disabled = p.solutions !== 1;
  const question = document.getElementById("question");
  question.textContent = p.question ? `The question: ${p.question}` : "";
  question.hidden = !p.question;
  showAnswer([]);
  say("load-message", p.solutions === 1 ? `Opened ${p.name}.` : `Opened ${p.name}, but it has ${answers}.`, p.solutions === 1 ? "good" : "bad");
  drawClues();
  drawSheet();
  syncSheet();
  say("message", "");
  setBusy(false);
  if (p.solutions === 1) check();
  return true;
}

function drawClues() {
  const p = grid.puzzle;
  document.getElementById("statements").replaceChildren(...p.clues.map((c, i) =>
    el("li", {},
      el("button", {
        type: "button", class: "statement" + (grid.crossed.has(i) ? " crossed" : ""), "data-mark": "open", "data-clue": i + 1,
        "aria-pressed": String(grid.crossed.has(i)),
        onclick: (e) => {
          const b = e.currentTarget;
          if (grid.crossed.has(i)) grid.crossed.delete(i); else grid.crossed.add(i);
          b.classList.toggle("crossed", grid.crossed.has(i));
          b.setAttribute("aria-pressed", String(grid.crossed.has(i)));
          save();
        },
      },
        el("span", { class: "num" }, `${i + 1}.`),
        el("span", { class: "text" }, c.text || c.meaning),
        el("span", { class: "sr-only mark-words" }, "")))));
}

function drawSheet() {
  const p = grid.puzzle;
  const head = el("thead", {}, el("tr", {}, el("td", {}, ""),
    p.position_names.map((name) => el("th", { scope: "col" }, name))));
  const body = el("tbody", {}, p.categories.map((cat, k) =>
    el("tr", {}, el("th", { scope: "row" }, cat.name),
      p.position_names.map((name, r) => el("td", {},
        el("select", {
          "data-room": r, "data-cat": k, "aria-label": `${name}: ${cat.name}`,
          onchange: (e) => write(r, k, e.currentTarget.value),
        },
          el("option", { value: "" }, "\u2014"),
          cat.values.map((v) => el("option", { value: v }, v))))))));
  document.getElementById("sheet").replaceChildren(head, body);
}

/** Writes `value` at position r, category k; the value leaves any other position of its row.
 *  The last hint's message and rings go: they spoke of the sheet before this change. */
function write(r, k, value) {
  if (value) grid.sheet.forEach((row, q) => { if (q !== r && row[k] === value) row[k] = ""; });
  grid.sheet[r][k] = value;
  forgetHint();
  save();
  syncSheet();
  check();
}

function forgetHint() {
  for (const td of document.querySelectorAll("#sheet td.hinted")) td.classList.remove("hinted");
  for (const b of document.querySelectorAll(".statement.cited")) b.classList.remove("cited");
  say("message", "");
}

/** The question's answer once the sheet is right (the server reads it off the sheet). */
function showAnswer(pairs) {
  const box = document.getElementById("answer");
  const q = grid.puzzle && grid.puzzle.question;
  if (!q || !pairs.length) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.replaceChildren(el("h3", {}, q),
    el("ul", {}, pairs.map((a) => el("li", {}, el("strong", {}, a.each), `: ${a.show}`))));
  box.hidden = false;
}

function syncSheet() {
  for (const s of document.querySelectorAll("#sheet select")) {
    const v = grid.sheet[Number(s.dataset.room)][Number(s.dataset.cat)];
    s.value = v;
    s.classList.toggle("filled", v !== "");
  }
}

function sheetBody() {
  const p = grid.puzzle;
  const out = {};
  grid.sheet.forEach((row, r) => {
    const squares = {};
    row.forEach((v, k) => { if (v) squares[p.categories[k].name] = v; });
    if (Object.keys(squares).length) out[p.positions[r]] = squares;
  });
  return out;
}

function request(extra) {
  return { ...(grid.file === null ? {} : { puzzle: grid.file }), sheet: sheetBody(), ...extra };
}

async function check() {
  if (!grid.puzzle || grid.puzzle.solutions !== 1) return;
  const stamp = ++grid.stamp;
  let c;
  try {
    c = await api("/api/grid/check", request());
  } catch (e) {
    say("message", `Could not check the sheet: ${e.message}`, "bad");
    return;
  }
  if (stamp !== grid.stamp) return;
  const words = { satisfied: "satisfied", violated: "broken", open: "" };
  for (const m of c.clues) {
    const b = document.querySelector(`.statement[data-clue="${m.number}"]`);
    b.dataset.mark = m.mark;
    b.querySelector(".mark-words").textContent = words[m.mark] ? ` (${words[m.mark]})` : "";
  }
  if (c.right) say("message", "Solved: every square is right (the solver's answer, proved unique).", "good");
  else if (c.complete) say("message", "Every square is filled, but not all are right.", "bad");
  showAnswer(c.answer || []);
  document.getElementById("sheet").dataset.checked = String(stamp);
}

function clueWords(numbers) {
  return listWords(numbers.map((n) => {
    const c = grid.puzzle.clues[n - 1];
    return `${n} (\u201c${c.text || c.meaning}\u201d)`;
  }));
}

function squareWords(squares) {
  return listWords(squares.map((s) => `${s.value} in ${positionName(s.position)}`));
}

async function hint() {
  if (!grid.puzzle || grid.busy || grid.puzzle.solutions !== 1) return;
  setBusy(true);
  try {
    const h = await api("/api/grid/hint", request());
    for (const b of document.querySelectorAll(".statement.cited")) b.classList.remove("cited");
    const cite = (numbers) => numbers.forEach((n) =>
      document.querySelector(`.statement[data-clue="${n}"]`).classList.add("cited"));
    if (h.hint === "fill") {
      const p = grid.puzzle;
      const r = p.positions.indexOf(h.square.position);
      const k = p.categories.findIndex((c) => c.name === h.square.category);
      write(r, k, h.square.value);
      forgetHint();
      document.querySelector(`#sheet select[data-room="${r}"][data-cat="${k}"]`).parentElement.classList.add("hinted");
      cite(h.clues);
      const given = h.given.length ? `, with ${squareWords(h.given)} from the sheet` : "";
      say("message", `${h.square.value} goes in ${positionName(h.square.position)}: clue${h.clues.length === 1 ? "" : "s"} ${clueWords(h.clues)}${given} force it.`, "good");
    } else if (h.hint === "contradiction") {
      cite(h.clues);
      const given = h.given.length ? `${squareWords(h.given)} on the sheet` : "the sheet";
      say("message", `Something is wrong: ${given} cannot be squared with clue${h.clues.length === 1 ? "" : "s"} ${clueWords(h.clues)}.`, "bad");
    } else {
      say("message", "Nothing left to fill: the sheet is complete and right.", "good");
    }
  } catch (e) {
    say("message", `Could not find a hint: ${e.message}`, "bad");
  }
  setBusy(false);
}

async function openText(text) {
  let file;
  try {
    file = JSON.parse(text);
  } catch (e) {
    say("load-message", `The file is not JSON: ${e.message}`, "bad");
    return;
  }
  await load(file);
}

document.getElementById("load").addEventListener("click", () => openText(document.getElementById("file-text").value));
document.getElementById("upload").addEventListener("change", async (e) => {
  const f = e.currentTarget.files[0];
  if (!f) return;
  const text = await f.text();
  document.getElementById("file-text").value = text;
  await openText(text);
  e.target.value = "";
});
document.getElementById("hint").addEventListener("click", hint);
document.getElementById("clear").addEventListener("click", () => {
  grid.sheet = grid.puzzle.positions.map(() => grid.puzzle.categories.map(() => ""));
  grid.crossed = new Set();
  for (const b of document.querySelectorAll(".statement.crossed")) {
    b.classList.remove("crossed");
    b.setAttribute("aria-pressed", "false");
  }
  forgetHint();
  save();
  syncSheet();
  check();
});
document.addEventListener("keydown", (e) => {
  if (typingIn(e)) return;
  if (e.key === "h" || e.key === "H") { e.preventDefault(); hint(); }
});
const kept = stored();
const keptFile = kept && kept.file && typeof kept.file === "object" ? kept.file : null;
load(keptFile, kept).then((opened) => { if (!opened && keptFile !== null) load(null); });
