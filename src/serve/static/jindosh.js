// satpuz serve: the Jindosh lock. The riddle is read, the lock judged and the needed clues
// found by the server's reader and solver; the page only draws them.
"use strict";

const lock = { riddle: null, text: null, busy: false };

/** Where a pasted riddle is kept, so that a reload reads it again. */
const STORED_TEXT = "satpuz.jindosh.text";

function remember(text) {
  try {
    if (text === null) localStorage.removeItem(STORED_TEXT); else localStorage.setItem(STORED_TEXT, text);
  } catch (e) { /* storage refused (private mode): the page works without it */ }
}

function remembered() {
  try { return localStorage.getItem(STORED_TEXT); } catch (e) { return null; }
}

function setBusy(busy) {
  lock.busy = busy;
  document.getElementById("main").setAttribute("aria-busy", String(busy));
}

function say(id, text, kind) {
  const m = document.getElementById(id);
  m.textContent = text;
  m.className = (id === "lock-message" ? "lock-message" : "message") + (kind ? " " + kind : "");
}

/** Reads the built-in riddle (`text` null) or a given text, and draws the lock for it. */
async function read(text) {
  setBusy(true);
  let r;
  try {
    r = await api("/api/jindosh/read", text === null ? {} : { text });
  } catch (e) {
    if (text !== null) document.getElementById("riddle").value = text;
    say("read-message", `The text cannot be read: ${e.message}`, "bad");
    setBusy(false);
    return;
  }
  lock.riddle = r;
  lock.text = text;
  remember(text);
  if (text === null) document.getElementById("riddle").value = r.text;
  else document.getElementById("riddle").value = text;
  drawUnreadable(r);
  drawDials(r);
  const sentences = r.clues.length === 1 ? "1 clue" : `${r.clues.length} clues`;
  if (r.solutions === 1) {
    say("read-message", `Read: ${sentences}${r.warnings.length ? ` (${r.warnings.length} corrected or empty: see below)` : ""}.`, "good");
    document.getElementById("lock-line").textContent = `${r.puzzle}: ${sentences}, 1 answer, proved by the solver.`;
  } else {
    const one = r.clues.length === 1;
    const why = r.solutions === 0
      ? (one ? "it fits no answer" : "they contradict each other: no answer fits")
      : `${one ? "it allows" : "they allow"} more than one answer`;
    say("read-message", `Read ${sentences}, but ${why}; the lock cannot be judged.`, "bad");
    document.getElementById("lock-line").textContent = `${r.puzzle}: ${sentences}, ${r.solutions === 0 ? "no answer" : "2 or more answers"}.`;
  }
  for (const id of ["try", "why", "answer"]) document.getElementById(id).disabled = r.solutions !== 1;
  const answer = document.getElementById("answer-box");
  answer.hidden = true;
  answer.replaceChildren();
  say("lock-message", "");
  document.getElementById("lock").classList.remove("open", "shut");
  const reasons = document.getElementById("reasons");
  reasons.hidden = true;
  reasons.replaceChildren();
  setBusy(false);
}

function drawUnreadable(r) {
  const box = document.getElementById("unreadable");
  const parts = [];
  if (r.unreadable.length) {
    parts.push(el("h3", {}, r.unreadable.length === 1 ? "1 sentence could not be read" : `${r.unreadable.length} sentences could not be read`));
    parts.push(el("ul", {}, r.unreadable.map((s) =>
      el("li", { class: "unread" }, el("q", {}, s.sentence), el("span", { class: "why-not" }, ` sentence ${s.number}: ${s.problem}`)))));
  }
  if (r.warnings.length) {
    parts.push(el("h3", {}, "Notes from the reader"));
    parts.push(el("ul", {}, r.warnings.map((w) => el("li", {}, w))));
  }
  box.replaceChildren(...parts);
  box.hidden = parts.length === 0;
}

function drawDials(r) {
  const dials = document.getElementById("dials");
  dials.replaceChildren(...r.names.map((name, i) => {
    const id = `dial-${i}`;
    return el("div", { class: "dial" },
      el("label", { for: id }, name),
      el("select", { id, "data-name": name, onchange: changed },
        el("option", { value: "" }, "\u2014 heirloom \u2014"),
        r.heirlooms.map((h) => el("option", { value: h }, h))));
  }));
}

function changed() {
  for (const s of document.querySelectorAll("#dials select")) s.classList.toggle("filled", s.value !== "");
  say("lock-message", "");
  document.getElementById("lock").classList.remove("open", "shut");
}

function chosen() {
  const out = {};
  for (const s of document.querySelectorAll("#dials select")) if (s.value) out[s.dataset.name] = s.value;
  return out;
}

function riddleFields() {
  return lock.text === null ? {} : { text: lock.text };
}

async function tryLock(event) {
  event.preventDefault();
  if (!lock.riddle || lock.busy) return;
  setBusy(true);
  try {
    const v = await api("/api/jindosh/try", { ...riddleFields(), heirlooms: chosen() });
    const form = document.getElementById("lock");
    form.classList.toggle("open", v.opens);
    form.classList.toggle("shut", !v.opens);
    if (v.opens) say("lock-message", "Click. The lock opens.", "good");
    else if (v.shared.length) {
      const twice = v.shared.map((s) => `the ${s.heirloom} is given to both ${listWords(s.names)}`);
      say("lock-message", `The lock stays shut: ${listWords(twice)}, but each woman owns a different heirloom.`, "bad");
    } else if (v.missing.length) say("lock-message", `The lock stays shut: ${listWords(v.missing)} ${v.missing.length === 1 ? "has" : "have"} no heirloom yet.`, "bad");
    else say("lock-message", "The lock stays shut.", "bad");
  } catch (e) {
    say("lock-message", `Could not try the lock: ${e.message}`, "bad");
  }
  setBusy(false);
}

async function why() {
  if (!lock.riddle || lock.busy) return;
  setBusy(true);
  const box = document.getElementById("reasons");
  try {
    const w = await api("/api/jindosh/why", riddleFields());
    box.replaceChildren(
      el("h3", {}, `${w.needed} of ${w.clues.length} clues are needed`),
      el("p", { class: "help" }, "Without a needed clue another answer fits (the solver found one); the others follow from the rest."),
      el("ol", { class: "why-list" }, w.clues.map((c) =>
        el("li", { class: c.needed ? "needed" : "spare", value: c.clue },
          el("span", { class: "truth" }, c.needed ? "needed" : "not needed"), " ",
          el("span", { class: "clue-text" }, c.text || c.meaning),
          c.text ? el("span", { class: "meaning" }, ` (${c.meaning})`) : null,
          c.without_it ? el("span", { class: "without" }, ` ${c.without_it}`) : null))));
    box.hidden = false;
  } catch (e) {
    say("lock-message", `Could not find the needed clues: ${e.message}`, "bad");
  }
  setBusy(false);
}

/** The solver's answer, shown only when asked for: each name's heirloom and every seat. */
async function showAnswer() {
  if (!lock.riddle || lock.busy) return;
  setBusy(true);
  const box = document.getElementById("answer-box");
  try {
    const a = await api("/api/jindosh/answer", riddleFields());
    const columns = ["seat", ...lock.riddle.categories];
    box.replaceChildren(
      el("h3", {}, "The answer"),
      el("ul", { class: "owners" }, a.owners.map((o) => el("li", {}, el("strong", {}, o.name), `: ${o.heirloom}`))),
      el("div", { class: "table-wrap" }, el("table", { class: "seats" },
        el("caption", { class: "sr-only" }, "Every seat, from the far left"),
        el("thead", {}, el("tr", {}, columns.map((c) => el("th", { scope: "col" }, c)))),
        el("tbody", {}, a.seats.map((seat) => el("tr", {}, columns.map((c, i) =>
          i === 0 ? el("th", { scope: "row" }, seat[c]) : el("td", {}, seat[c]))))))),
      el("button", { type: "button", onclick: () => fillDials(a.owners) }, "Set the dials to it"));
    box.hidden = false;
  } catch (e) {
    say("lock-message", `Could not find the answer: ${e.message}`, "bad");
  }
  setBusy(false);
}

function fillDials(owners) {
  for (const o of owners) {
    const s = document.querySelector(`#dials select[data-name="${CSS.escape(o.name)}"]`);
    if (s) s.value = o.heirloom;
  }
  changed();
}

document.getElementById("lock").addEventListener("submit", tryLock);
document.getElementById("answer").addEventListener("click", showAnswer);
document.getElementById("why").addEventListener("click", why);
document.getElementById("clear").addEventListener("click", () => {
  for (const s of document.querySelectorAll("#dials select")) s.value = "";
  changed();
});
document.getElementById("read").addEventListener("click", () => read(document.getElementById("riddle").value));
document.getElementById("builtin").addEventListener("click", () => read(null));
read(remembered());
