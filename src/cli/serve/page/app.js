// The page's wiring: the state from the address, the form drawn from it,
// and on every change (debounced) the view's API request and its results.
"use strict";

let state = stateFromHash(location.hash);
let catalog = [];
let timer = null;
let inFlight = null;
let asked = 0;

// The request each view sends.
function requestOf(view) {
  const scenario = scenarioOf(state);
  switch (view) {
    case "plan":
      return ["/api/plan", { scenario: withPlan(state, scenario), engine: "auto", trials: 100000, charts: true }];
    case "compare": {
      const first = scenario.mortar && scenario.mortar.name;
      const mortars = [first].concat(state.cmp.filter((c) => c.name).map(choiceOf)).filter(Boolean);
      return ["/api/compare", { scenario: withPlan(state, scenario), mortars, charts: true }];
    }
    case "dc":
      return ["/api/dc", { scenario: dcScenarioOf(state), charts: true }];
    case "push":
      return ["/api/push", { scenario: pushScenarioOf(state), engine: "exact", charts: true }];
    case "worth":
      return state.values.worth_plan
        ? ["/api/worth", { scenario: withPlan(state, scenario), plan: true, charts: true }]
        : ["/api/worth", { scenario, charts: true }];
    default:
      return ["/api/shot", { scenario, charts: true }];
  }
}

// The headline figures, kept in sight on a phone (the header stays on top).
function summaryOf(view, doc) {
  const p = (f) => (f && (f.value ?? f.mc) !== null && (f.value ?? f.mc) !== undefined
    ? (100 * (f.value ?? f.mc)).toFixed(1) + "%" : "—");
  if (view === "shot") return `To Hit ${doc.modified_to_hit_number}, DRM ${doc.to_hit_drm > 0 ? "+" : ""}${doc.to_hit_drm} · P(hit) ${p(doc.p_hit)} · P(CH) ${p(doc.p_critical_hit)}`;
  if (view === "plan") return `P(≥1 hit) ${p(doc.p_at_least_one_hit)} · P(CH) ${p(doc.p_critical_hit)} · malf. ${p(doc.p_malfunction)}`;
  if (view === "dc") return `detonates ${p(doc.p_detonates)} · removed ${p(doc.p_removed)}` +
    (doc.target.units.length ? ` · target Location cleared ${p(doc.target.hex.p_cleared)}` : "");
  if (view === "push") return `there in the first MPh ${p(doc.exact.p_end_first_phase)}` +
    (doc.exact.expected_phases ? ` · expected MPh ${(doc.exact.expected_phases.value).toFixed(2)}` : "");
  return "";
}

function setStatus(text, cls) {
  const s = document.getElementById("status");
  s.textContent = text;
  s.className = "status " + (cls || "");
}

// No answer to show: figures for another question (another view, or the
// form before this edit) never stay in sight, and an answer still on its
// way is dropped.
function noAnswer(text, cls) {
  asked++;
  const output = document.getElementById("output");
  for (const img of output.querySelectorAll("img")) URL.revokeObjectURL(img.src);
  output.replaceChildren();
  document.getElementById("summary").textContent = "";
  setStatus(text, cls);
}

// An API error line with the form's fields it names by their scenario
// keys (`missing: mortar.rof` names the ROF box), so that the player finds
// what to fill in: "... (in the form: ROF; B#)".
function withFormFields(line) {
  const labels = new Map(FIELDS.filter((f) => f.path).map((f) => [f.path, f.label]));
  labels.set("mortar.range", "Range min and max");
  labels.set("plan.phases", FIELDS.find((f) => f.key === "phases").label);
  // A compared mortar's value (`us-m2-60mm:rof=N (mortar.rof)`) goes in
  // that mortar's own values; the form's mortar's (the first compared), in
  // its boxes.
  const scenario = scenarioOf(state);
  const first = scenario.mortar && scenario.mortar.name;
  const choice = /([^\s,:]+):[a-z_]+=\S+ \((mortar\.[a-z_]+)\)/g;
  const choices = [...line.matchAll(choice)].map(([, name, key]) =>
    name === first && labels.has(key) ? labels.get(key) : `the values of ${name}`);
  const keys = line.replace(choice, "").match(/[a-z_]+(?:\.[a-z_]+)+/g) || [];
  // The field a line begins with may be one word (`path[2]: ...`).
  const field = line.match(/^([a-z_]+)(?:\[\d+\])?: /);
  if (field) keys.unshift(field[1]);
  const boxes = keys.filter((k) => labels.has(k)).map((k) => labels.get(k));
  const named = [...new Set([...boxes, ...choices])];
  return named.length ? `${line} (in the form: ${named.join("; ")})` : line;
}

async function update() {
  const view = state.view;
  if (!state.mortar && view !== "dc" && view !== "push") return noAnswer("Choose a mortar and a range to see the odds.");
  if (view === "push" && !(state.values.push_path && state.values.push_m && state.values.push_mf)) {
    return noAnswer("Give the Gun's M#, the path and the MF to see the odds of the push.");
  }
  if (view === "compare" && !state.cmp.some((c) => c.name)) return noAnswer("Choose a second mortar to compare with.");
  const bad = notANumber(state);
  if (bad) return noAnswer(bad, "error");
  const [url, body] = requestOf(view);
  if (inFlight) inFlight.abort();
  inFlight = new AbortController();
  const mine = ++asked;
  setStatus("working…", "busy");
  try {
    const response = await fetch(url, { method: "POST", body: JSON.stringify(body), signal: inFlight.signal,
      headers: { "Content-Type": "application/json" } });
    const text = await response.text();
    if (mine !== asked) return;
    const output = document.getElementById("output");
    if (!response.ok) return noAnswer(withFormFields(text.trim()), "error");
    const doc = JSON.parse(text);
    for (const img of output.querySelectorAll("img")) URL.revokeObjectURL(img.src);
    output.replaceChildren(RENDER[view](doc));
    document.getElementById("summary").textContent = summaryOf(view, doc);
    setStatus("", "done");
  } catch (e) {
    if (e.name !== "AbortError" && mine === asked) noAnswer("no answer from the server: " + e.message, "error");
  }
}

// Called on every edit: the address keeps the state, the figures follow.
function changed(redraw) {
  history.replaceState(null, "", stateToHash(state));
  document.getElementById("sheet-link").href = "/sheet?paper=a4" + (state.values.breakdown ? "&breakdown=" + encodeURIComponent(state.values.breakdown) : "");
  if (redraw) drawForm();
  clearTimeout(timer);
  timer = setTimeout(update, 200);
}

function drawForm() {
  const sets = { mortar: "mortar-set", firer: "firer-set", target: "target-set", plan: "plan-set",
    dc: "dc-set", thrower: "thrower-fields", push: "push-set" };
  for (const id of Object.values(sets).concat("compare-set")) {
    const set = document.getElementById(id);
    const legend = set.querySelector(":scope > legend");
    set.replaceChildren(...(legend ? [legend] : []));
  }
  document.getElementById("mortar-set").append(mortarSelect(catalog, state, (key, value) => {
    state[key] = value;
    changed(false);
  }));
  const grids = {};
  for (const [group, id] of Object.entries(sets)) {
    grids[group] = el("div", { class: "grid" });
    document.getElementById(id).append(grids[group]);
  }
  for (const f of FIELDS.filter((f) => shown(f, state))) {
    grids[f.group].append(control(f, state.values[f.key], (value) => {
      state.values[f.key] = value;
      // A DC's kind, the AFPh and two levels up decide which fields it takes.
      changed(["dc_kind", "dc_afph", "dc_two_up"].includes(f.key));
    }));
  }
  document.getElementById("compare-set").append(compareSlots(catalog, state, (i, part) => {
    Object.assign(state.cmp[i], part);
    changed(false);
  }));
  const mode = unitMode(state);
  for (const [id, list] of [["units", state.units], ["thrower-units", state.thrower]]) {
    document.getElementById(id).replaceChildren(...list.map((u, i) => unitRow(u, i, mode,
      (part) => { Object.assign(u, part); changed("kind" in part); },
      () => { list.splice(i, 1); changed(true); })));
  }
  for (const v of VIEWS) {
    const button = document.querySelector(`#views [data-view="${v}"]`);
    button.setAttribute("aria-pressed", String(state.view === v));
  }
  document.body.dataset.view = state.view;
  document.body.dataset.dcThrower = throwerAttacked(state) ? "yes" : "no";
}

function addUnit(list, kind) {
  list.push(Object.assign({}, NEW_UNIT[kind]));
  changed(true);
}

async function start() {
  try {
    const response = await fetch("/api/mortars");
    catalog = (await response.json()).mortars;
  } catch (e) {
    setStatus("could not read the catalog: " + e.message, "error");
  }
  for (const v of VIEWS) {
    document.querySelector(`#views [data-view="${v}"]`).addEventListener("click", () => {
      state.view = v;
      changed(true);
    });
  }
  // The "+ kind" buttons of each units list: add-squad, add-thrower-squad, ...
  for (const box of document.querySelectorAll(".buttons[data-kinds]")) {
    const list = box.dataset.list;
    for (const kind of box.dataset.kinds.split(" ")) {
      const id = "add-" + (list === "units" ? "" : list + "-") + (ADD_ID[kind] || kind);
      const button = el("button", { type: "button", id, text: "+ " + (ADD_LABEL[kind] || kind) });
      button.addEventListener("click", () => addUnit(state[list], kind));
      box.append(button);
    }
  }
  window.addEventListener("hashchange", () => {
    state = stateFromHash(location.hash);
    drawForm();
    update();
  });
  drawForm();
  changed(false);
}

document.addEventListener("DOMContentLoaded", start);
