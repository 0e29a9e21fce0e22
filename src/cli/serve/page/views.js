// The results: the API's documents drawn as tables and charts. Every
// figure shows its percentage, with the exact fraction beside it (when
// short) and on hover; Monte Carlo figures show their 95% interval.
"use strict";

// A figure {value, exact, mc, ci95} as a percentage element.
function figure(f, name) {
  const span = el("span", { class: "fig" });
  if (name) span.dataset.figure = name;
  if (!f) { span.textContent = "—"; return span; }
  const v = f.value !== null && f.value !== undefined ? f.value : f.mc;
  if (v === null || v === undefined) { span.textContent = "—"; return span; }
  span.textContent = (100 * v).toFixed(2) + "%";
  if (f.exact) {
    span.title = "exact: " + f.exact;
    span.dataset.exact = f.exact;
    // As the text report writes them: 0 and 1, not 0/1 and 1/1.
    const shown = { "0/1": "0", "1/1": "1" }[f.exact] || f.exact;
    if (shown.length <= 11) span.append(el("small", { class: "frac", text: " " + shown }));
  } else if (f.ci95) {
    span.title = `Monte Carlo, 95% interval ${(100 * f.ci95[0]).toFixed(2)}–${(100 * f.ci95[1]).toFixed(2)}%`;
    span.append(el("small", { class: "frac", text: " MC" }));
  }
  return span;
}

// A number that may be an exact figure (expected shots, hits).
function expected(f) {
  const v = f && (f.value ?? f.mc);
  const span = el("span", { class: "fig", text: v === null || v === undefined ? "—" : v.toFixed(3) });
  if (f && f.exact) span.title = "exact: " + f.exact;
  return span;
}

function table(head, rows, cls) {
  const t = el("table", { class: cls || "" });
  const tr = el("tr");
  for (const h of head) tr.append(el("th", { text: h }));
  t.append(el("thead", {}, tr));
  const body = el("tbody");
  for (const r of rows) {
    const row = el("tr");
    for (const c of r) row.append(c instanceof Node ? el("td", {}, c) : el("td", { text: String(c) }));
    body.append(row);
  }
  t.append(body);
  return el("div", { class: "scroll" }, t);
}

function stat(label, node) {
  return el("div", { class: "stat" }, el("span", { class: "label", text: label }), node);
}

const signed = (n) => (n > 0 ? "+" + n : String(n));

// Charts come as SVG text from the program's own chart code; shown as
// images (an image runs no script, and its text is drawn, not parsed
// into the page).
function charts(doc) {
  const box = el("div", { class: "charts" });
  const svgs = (doc.serve && doc.serve.charts) || {};
  for (const [name, svg] of Object.entries(svgs)) {
    const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
    box.append(el("img", { src: url, alt: `chart: ${name}`, class: "chart", "data-chart": name }));
  }
  return box;
}

function notes(doc) {
  const box = el("div", { class: "notes" });
  if (doc.serve && doc.serve.fallback) box.append(el("p", { class: "warn", text: doc.serve.fallback }));
  for (const n of doc.notes || []) box.append(el("p", { class: "note", text: n }));
  return box;
}

// What the model leaves out, in a DC's or a push's view.
function notModelled(doc) {
  const box = el("div", { class: "not-modelled" });
  if (doc.not_modelled && doc.not_modelled.length) {
    box.append(el("h3", { text: "Not modelled" }), el("ul", {}, ...doc.not_modelled.map((t) => el("li", { text: t }))));
  }
  return box;
}

function drmRows(cases) {
  return (cases || []).map((c) => [c.rule || "", c.what || "", signed(c.drm)]);
}

function unitOutcomes(units, fates) {
  // A vehicle's own outcomes (C7.7) get their columns when one is there.
  const vehicle = units.some((u) => VEHICLES.includes(u.kind));
  const keys = ["no_effect", "pinned", "broken", "casualty_reduced", "eliminated"]
    .concat(vehicle ? ["immobilized", "shocked"] : []);
  // A shot gives each unit's P(hit); a plan gives none, and no empty column.
  const hit = units.some((u) => u.p_hit);
  const head = ["unit"].concat(hit ? ["P(hit)"] : [], keys.map((k) => k.replace("_", " ")), ["out of action"]);
  const rows = units.map((u, i) => {
    const cells = [u.name].concat(hit ? [u.p_hit ? figure(u.p_hit) : "—"] : []);
    for (const k of keys) cells.push(figure(u.outcomes[k], `unit${i}.${k}`));
    cells.push(figure(u.p_out_of_action, `unit${i}.out_of_action`));
    return cells;
  });
  return el("section", {}, el("h3", { text: fates }), table(head, rows, "units"));
}

function renderShot(doc) {
  const out = el("div", { class: "view-shot" });
  out.append(el("div", { class: "stats" },
    stat(`To Hit (DRM ${signed(doc.to_hit_drm)})`, el("strong", { class: "big", "data-figure": "to_hit", text: `${doc.modified_to_hit_number}` })),
    stat("P(hit)", figure(doc.p_hit, "p_hit")),
    stat("P(Critical Hit)", figure(doc.p_critical_hit, "p_critical_hit")),
    stat(`keeps ROF ${doc.effective_rof}`, figure(doc.p_keep_rof, "p_keep_rof")),
    stat(`malfunction (B# ${doc.effective_breakdown})`, figure(doc.p_malfunction, "p_malfunction"))));
  out.append(el("h3", { text: `To Hit number ${doc.modified_to_hit_number} (basic ${doc.basic_to_hit_number} at range ${doc.range}, band ${doc.range_band}); To Hit DR modified by ${signed(doc.to_hit_drm)}` }));
  const mods = drmRows(doc.to_hit_modifications);
  if (mods.length) out.append(table(["rule", "To Hit number modification", ""], mods));
  const drm = drmRows(doc.to_hit_drm_cases);
  out.append(drm.length ? table(["rule", "To Hit DRM", ""], drm) : el("p", { class: "hint", text: "no To Hit DRM" }));
  const ift = (label, col, drmv, cases, results) => el("section", {},
    el("h3", { text: `${label}: IFT ${col} FP column, DRM ${signed(drmv)}` }),
    table(["result", "P"], (results || []).map((r) => [r.result, figure(r.p)])),
    drmRows(cases).length ? table(["rule", "what", "DRM"], drmRows(cases)) : null);
  const both = el("div", { class: "two" });
  both.append(ift("On a hit", doc.ift_column, doc.ift_drm, doc.ift_drm_cases, doc.ift_results));
  both.append(ift("On a Critical Hit", doc.critical_ift_column, doc.critical_ift_drm, doc.critical_ift_drm_cases, doc.critical_ift_results));
  if (doc.ift_results && doc.ift_results.length) out.append(both);
  if (doc.units && doc.units.length) out.append(unitOutcomes(doc.units, "Each unit's fate after one shot"));
  if (doc.missing && doc.missing.length) out.append(el("p", { class: "warn", text: "Not known: " + doc.missing.join("; ") }));
  out.append(charts(doc), notes(doc));
  return out;
}

// The rows of a count's distribution worth a line, as in the text report:
// at least 0.005%, so no row reads 0.00% (P(at least N) still sums them all).
function counts(list) {
  let rest = 1;
  return (list || []).flatMap((c) => {
    const v = c.p.value ?? c.p.mc ?? 0;
    const atLeast = Math.max(0, rest);
    rest -= v;
    return v >= 0.00005 ? [[(c.or_more ? c.n + "+" : String(c.n)), figure(c.p), (100 * atLeast).toFixed(2) + "%"]] : [];
  });
}

function renderPlan(doc) {
  const out = el("div", { class: "view-plan" });
  out.append(el("p", { class: "hint", text: `engine: ${doc.engine}` + (doc.trials ? `, ${doc.trials} trials, seed ${doc.seed}` : "") }));
  out.append(el("div", { class: "stats" },
    stat("expected hits", expected(doc.expected_hits)),
    stat("P(at least one hit)", figure(doc.p_at_least_one_hit, "plan.p_at_least_one_hit")),
    stat("P(Critical Hit)", figure(doc.p_critical_hit, "plan.p_critical_hit")),
    stat("P(malfunction)", figure(doc.p_malfunction, "plan.p_malfunction")),
    stat("expected shots", expected(doc.expected_shots))));
  out.append(el("h3", { text: "Hits over the plan: exactly N, and at least N" }));
  out.append(table(["N hits", "P(exactly N)", "P(at least N)"], counts(doc.hits), "hits"));
  out.append(el("h3", { text: "By phase" }));
  out.append(table(["phase", "Player Turn", "expected shots", "expected hits", "P(hit by end)"],
    doc.per_phase.map((p) => [p.phase, p.player_turn, expected(p.expected_shots), expected(p.expected_hits), figure(p.p_hit_by_end)])));
  if (doc.units && doc.units.length) out.append(unitOutcomes(doc.units, "Each unit's fate by the end of the plan"));
  out.append(charts(doc), notes(doc));
  return out;
}

function renderCompare(doc) {
  const out = el("div", { class: "view-compare" });
  const ms = doc.mortars || [];
  const row = (label, pick) => [label].concat(ms.map(pick));
  const rows = [
    row("ROF / B#", (m) => `${m.mortar.rof ?? "?"} / ${m.mortar.breakdown ?? "?"}`),
    row("engine", (m) => m.engine.engine),
    row("P(hit), first shot", (m) => figure(m.p_hit)),
    row("P(Critical Hit), first shot", (m) => figure(m.p_critical_hit)),
    row("P(malfunction), plan", (m) => figure(m.p_malfunction)),
  ];
  const turns = (ms[0] && ms[0].p_hit_by_turn) || [];
  turns.forEach((t, i) => rows.push(row(`P(hit) by Player Turn ${t.player_turn}`, (m) => figure(m.p_hit_by_turn[i].p))));
  const outs = (ms[0] && ms[0].p_out_of_action_by_turn) || [];
  outs.forEach((t, i) => rows.push(row(`P(a unit out) by Player Turn ${t.player_turn}`, (m) => figure(m.p_out_of_action_by_turn[i].p))));
  out.append(table([""].concat(ms.map((m) => m.label)), rows, "compare"));
  out.append(charts(doc), notes(doc));
  return out;
}

// What a modifier is worth on one measure, in percentage points; the
// figures without and with it, and the exact difference, on hover.
function points(f) {
  if (!f) return "—";
  const sign = f.worth > 0 ? "+" : "-";
  const text = f.worth === 0 ? "0 pts"
    : Math.abs(100 * f.worth) < 0.005 ? `${sign}<0.01 pts`
    : (f.worth > 0 ? "+" : "") + (100 * f.worth).toFixed(2) + " pts";
  const pct = (x) => (x && x.value !== null && x.value !== undefined ? (100 * x.value).toFixed(2) + "%" : "—");
  const span = el("span", { class: "fig", text });
  span.title = `without ${pct(f.without)}, with ${pct(f.with)}` + (f.worth_exact ? `; exact: ${f.worth_exact}` : "");
  return span;
}

// One row a modifier, one column a measure, as in the text report; a
// modifier that does not apply says why below the table.
function renderWorth(doc) {
  const out = el("div", { class: "view-worth" });
  // Each measure as the text report names it (over a plan, "P(1+ hit)").
  const labels = Object.fromEntries((doc.base || []).map((b) => [b.measure, b.label]));
  const label = (m) => labels[m] || m;
  out.append(el("div", { class: "stats" }, ...(doc.base || []).map((b) => stat(label(b.measure), figure(b.p)))));
  const measures = (doc.base || []).map((b) => b.measure);
  const rows = [];
  const notApplicable = [];
  for (const m of doc.modifiers || []) {
    if (!m.figures || !m.figures.length) {
      rows.push([m.modifier, "not applicable"].concat(measures.map(() => "")));
      notApplicable.push(`${m.modifier}: ${m.change.replace(/^not applicable: /, "")}`);
      continue;
    }
    const by = Object.fromEntries(m.figures.map((f) => [f.measure, f]));
    rows.push([m.modifier, m.change].concat(measures.map((k) => points(by[k]))));
  }
  out.append(table(["modifier", "change"].concat(measures.map(label)), rows, "worth"));
  if (notApplicable.length) {
    out.append(el("h3", { text: "Not applicable" }),
      el("ul", { class: "not-applicable" }, ...notApplicable.map((t) => el("li", { text: t }))));
  }
  out.append(charts(doc), notes(doc));
  return out;
}

// One Location a DC attacks: its attack, the IFT results, its units'
// fates and the Location's. `at` names its figures (target, thrower).
function dcLocation(title, at, loc) {
  const a = loc.attack;
  const box = el("section", { class: `dc-location dc-${at}` });
  box.append(el("h3", { text: `${title}: ${a.fp} FP, IFT ${a.column} column, DRM ${signed(a.drm)}` }));
  const drm = drmRows(a.drm_cases);
  const both = el("div", { class: "two" });
  both.append(table(["result", "P"], loc.ift_results.map((r) => [r.result, figure(r.p)])));
  both.append(drm.length ? table(["rule", "what", "DRM"], drm) : el("p", { class: "hint", text: "no DRM" }));
  box.append(both);
  if (loc.units.length) {
    const units = unitOutcomes(loc.units, "Each unit's fate");
    for (const span of units.querySelectorAll("[data-figure]")) span.dataset.figure = `${at}.${span.dataset.figure}`;
    box.append(units, el("div", { class: "stats" },
      stat("P(Location cleared)", figure(loc.hex.p_cleared, `${at}.p_cleared`)),
      ...loc.hex.at_least_out_of_action.map((c) => stat(`P(at least ${c.n} out of action)`, figure(c.p)))));
  }
  return box;
}

function renderDc(doc) {
  const out = el("div", { class: "view-dc" });
  out.append(el("div", { class: "stats" },
    stat("P(detonates)", figure(doc.p_detonates, "dc.p_detonates")),
    stat(`P(removed: Original DR${doc.removal_drm ? " " + signed(doc.removal_drm) : ""} ≥ ${doc.removal_number})`,
      figure(doc.p_removed, "dc.p_removed")),
    doc.p_breach ? stat("P(Breach)", figure(doc.p_breach, "dc.p_breach")) : null));
  if (doc.breach_attack) {
    const b = doc.breach_attack;
    out.append(el("p", { class: "hint", text: `Breach attempt: ${b.fp} FP, IFT ${b.column} column, DRM ${signed(b.drm)}` }));
  }
  out.append(dcLocation("The target Location", "target", doc.target));
  if (doc.thrower) out.append(dcLocation("The thrower's Location", "thrower", doc.thrower));
  out.append(notModelled(doc), charts(doc), notes(doc));
  return out;
}

// The rows of one measure of a push (`hexes_first_phase`, `phases_to_end`),
// its tail under 0.005% left out (no row reads 0.00% after the last that
// does not), as the plan's.
function pushRows(rows, measure) {
  const mine = rows.filter((r) => r.measure === measure);
  const last = mine.findLastIndex((r) => r.value >= 0.00005);
  return mine.slice(0, last + 1)
    .map((r) => [r.or_more ? `${r.n} or more` : String(r.n), figure(r, `push.${measure}.${r.n}`)]);
}

function renderPush(doc) {
  const out = el("div", { class: "view-push" });
  const x = doc.exact;
  out.append(el("div", { class: "stats" },
    stat("P(end reached in the first MPh)", figure(x.p_end_first_phase, "push.p_end_first_phase")),
    stat("expected hexes in the first MPh", expected(x.expected_hexes_first_phase)),
    stat("expected MPh to reach the end", x.expected_phases ? expected(x.expected_phases) : el("span", { class: "fig", text: "never certain" })),
    stat("P(never reached)", figure(x.p_never, "push.p_never"))));
  out.append(el("h3", { text: `${doc.gun ?? "Gun"} (M#${doc.m_number}) pushed by ${doc.pushers_text} (${doc.mf} MF per MPh), Labor ${signed(-doc.labor)}: each hex (C10.3)` }));
  out.append(el("p", { class: "hint", text: "Final DR below the M# enters and may go on, equal enters and stops, above stays out (Labor -1)." }));
  out.append(table(["hex", "terrain", "MF", "DRM", "enters on Original DR", "P(enter)", "DRM by rule"],
    doc.path.map((h) => [h.hex, h.terrain, h.pushing_mf, signed(h.drm),
      h.enters_on_original_at_most === null ? "never" : `≤ ${h.enters_on_original_at_most}`, figure(h.p_enter),
      h.terms.map((t) => `${t.what} ${signed(t.drm)}`).join(", ")])));
  out.append(el("h3", { text: "Hexes gained in the first MPh" }));
  out.append(table(["hexes", "P"], pushRows(x.rows, "hexes_first_phase")));
  out.append(el("h3", { text: "MPh to reach the end of the path" }));
  out.append(table(["MPh", "P"], pushRows(x.rows, "phases_to_end")));
  out.append(notModelled(doc), charts(doc), notes(doc));
  return out;
}

const RENDER = { shot: renderShot, plan: renderPlan, compare: renderCompare, worth: renderWorth, dc: renderDc,
  push: renderPush };
