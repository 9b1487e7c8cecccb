// satpuz serve: Portia's caskets. The puzzle and the verdict come from the server's solver.
"use strict";

const portia = { puzzle: null, busy: false };

function setBusy(busy) {
  portia.busy = busy;
  document.getElementById("main").setAttribute("aria-busy", String(busy));
}

function say(text, kind) {
  const m = document.getElementById("message");
  m.textContent = text;
  m.className = "message" + (kind ? " " + kind : "");
}

async function open(request, push) {
  setBusy(true);
  try {
    portia.puzzle = await api("/api/portia/deal", request);
  } catch (e) {
    say(`Could not open the puzzle: ${e.message}`, "bad");
    setBusy(false);
    return;
  }
  const p = portia.puzzle;
  const url = `${location.pathname}?id=${encodeURIComponent(p.id)}`;
  if (push) history.pushState(null, "", url); else history.replaceState(null, "", url);
  draw();
  say("");
  setBusy(false);
}

function draw() {
  const p = portia.puzzle;
  document.title = `${p.title} · ${p.id} · satpuz`;
  document.getElementById("puzzle-id").textContent = `${p.title} · ${p.id} · one of ${p.catalogue}`;
  document.getElementById("title").textContent = p.title;
  document.getElementById("id").value = p.id;
  document.getElementById("clue").textContent = p.clue;
  for (const r of document.querySelectorAll('input[name="generation"]')) r.checked = Number(r.value) === p.generation;
  document.getElementById("caskets").replaceChildren(...p.caskets.map((c) =>
    el("button", {
      type: "button", class: `casket casket-${c.name}`, "data-casket": c.number,
      onclick: () => choose(c.number),
    },
      el("span", { class: "lid", "aria-hidden": "true" }),
      el("span", { class: "sr-only" }, "Choose the "),
      el("span", { class: "casket-name" }, `${c.name} · ${c.number}`),
      c.inscriptions.map((t) => el("span", { class: "inscription" }, `\u201c${t}\u201d`)))));
  const reasoning = document.getElementById("reasoning");
  reasoning.hidden = true;
  reasoning.replaceChildren();
}

async function choose(n) {
  if (!portia.puzzle || portia.busy) return;
  setBusy(true);
  try {
    const v = await api("/api/portia/verdict", { id: portia.puzzle.id, casket: n });
    for (const b of document.querySelectorAll(".casket")) {
      const k = Number(b.dataset.casket);
      b.classList.toggle("chosen", k === n);
      b.classList.toggle("holds", k === v.portrait);
    }
    const name = (k) => portia.puzzle.caskets[k - 1].name;
    say(v.right ? `Right: the portrait is in the ${name(v.portrait)} casket.`
      : `Wrong: the ${name(n)} casket is empty. The portrait is in the ${name(v.portrait)} casket.`,
    v.right ? "good" : "bad");
    document.getElementById("message").dataset.verdict = v.verdict;
    const truth = (t, kind) => el("li", { class: t.truth ? "true" : "false" },
      el("strong", {}, `${name(t.casket)}${kind}: `), `\u201c${t.text}\u201d `,
      el("span", { class: "truth" }, t.truth ? "true" : "false"));
    const steps = v.reasoning.slice(0, -1);
    const reasoning = document.getElementById("reasoning");
    reasoning.replaceChildren(
      v.why_not ? el("div", { class: "why-not", id: "why-not" },
        el("h3", {}, `Why not the ${name(n)} casket`), el("p", {}, v.why_not)) : null,
      el("h3", {}, "The inscriptions where the portrait lies"),
      el("ul", { class: "truths" }, v.inscriptions.map((t) => truth(t, "")),
        (v.maker_inscriptions || []).map((t) => truth(t, ", maker"))),
      el("h3", {}, "Each casket in turn"),
      el("ol", { class: "cases" }, steps.map((r) => el("li", {}, r))),
      el("p", { class: "conclusion" }, v.reasoning[v.reasoning.length - 1]),
      el("button", { type: "button", class: "primary", onclick: next }, "Next puzzle"));
    reasoning.hidden = false;
  } catch (e) {
    say(`No verdict: ${e.message}`, "bad");
  } finally {
    setBusy(false);
  }
}

function generation() {
  const r = document.querySelector('input[name="generation"]:checked');
  return r ? Number(r.value) : 1;
}

function next() {
  return open({ generation: generation() }, true);
}

document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("next").addEventListener("click", next);
  document.getElementById("by-id").addEventListener("submit", (e) => {
    e.preventDefault();
    const id = document.getElementById("id").value.trim();
    if (id) open({ id }, true);
  });
  for (const r of document.querySelectorAll('input[name="generation"]')) r.addEventListener("change", next);
  document.addEventListener("keydown", (e) => {
    if (typingIn(e)) return;
    if (e.key === "n" || e.key === "N") { e.preventDefault(); next(); }
    else if (["1", "2", "3"].includes(e.key)) { e.preventDefault(); choose(Number(e.key)); }
  });
  window.addEventListener("popstate", () => start(false));
  start(false);
});

function start(push) {
  const id = new URLSearchParams(location.search).get("id");
  const g = Number(new URLSearchParams(location.search).get("generation"));
  return open(id ? { id } : { generation: [1, 2, 3].includes(g) ? g : 1 }, push);
}
