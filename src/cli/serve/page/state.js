// The page's state: the form's fields (grouped as the To Hit table groups
// them), the state kept in the address's #hash, and the scenario sent to
// the API (the scenario file's shape, in JSON). No DOM here.
"use strict";

// One field: key (in the address), scenario path, type, label, group.
// Labels name the To Hit Case (C5) or rule each DRM comes from.
const FIELDS = [
  // Mortar
  { key: "caliber", path: "mortar.caliber", type: "int", label: "Caliber (mm)", group: "mortar" },
  { key: "rof", path: "mortar.rof", type: "int", label: "ROF", group: "mortar" },
  { key: "breakdown", path: "mortar.breakdown", type: "int", label: "B#", group: "mortar" },
  { key: "repair", path: "mortar.repair", type: "int", label: "R# (repair)", group: "mortar" },
  { key: "rmin", path: null, type: "int", label: "Range min", group: "mortar" },
  { key: "rmax", path: null, type: "int", label: "Range max", group: "mortar" },
  { key: "ammo", path: "ammo", type: "select", options: ["HE", "SMOKE", "WP"], label: "Ammo", group: "mortar" },
  { key: "smoke_dep", path: "mortar.smoke_depletion", type: "int", label: "SMOKE depletion #", group: "mortar" },
  { key: "wp_dep", path: "mortar.wp_depletion", type: "int", label: "WP depletion #", group: "mortar" },
  { key: "phase", path: "firer.phase", type: "select", options: ["PFPh", "DFPh", "AFPh"], label: "Phase (Case B: AFPh)", group: "mortar" },
  // Firer-based To Hit DRM
  { key: "ca_change", path: "firer.ca_change", type: "int", label: "Case A: CA change (hexspines)", group: "firer" },
  { key: "gun_type", path: "firer.gun_type", type: "select", options: ["", "T", "ST", "NT"], label: "Case A: Gun type", group: "firer" },
  { key: "firer_wbr", path: "firer.in_woods_building_rubble", type: "bool", label: "Case A/B: firer in woods, building or rubble", group: "firer" },
  { key: "pinned", path: "firer.pinned", type: "bool", label: "Case D: pinned firer", group: "firer" },
  { key: "spotter_pinned", path: "firer.spotter_pinned", type: "bool", label: "Case D: pinned Spotter", group: "firer" },
  { key: "intensive_fire", path: "firer.intensive_fire", type: "bool", label: "Case F: Intensive Fire", group: "firer" },
  { key: "captured", path: "firer.captured", type: "bool", label: "Case H: captured weapon", group: "firer" },
  { key: "non_qualified", path: "firer.non_qualified", type: "bool", label: "Case H: non-qualified user", group: "firer" },
  { key: "spotted", path: "firer.spotted", type: "bool", label: "Spotted fire (C9.31: +2, ROF -1)", group: "firer" },
  { key: "lone_smc", path: "firer.manning", type: "bool", on: "lone-smc", label: "Fired by a lone SMC", group: "firer" },
  { key: "leader_drm", path: "firer.leader_drm", type: "int", label: "Directing leader DRM (light mortar)", group: "firer" },
  { key: "cx", path: "firer.cx", type: "bool", label: "CX firer (A4.51)", group: "firer" },
  { key: "encircled", path: "firer.encircled", type: "bool", label: "Encircled firer (A7.7)", group: "firer" },
  { key: "overstacked", path: "firer.overstacked", type: "int", label: "Overstacked units (firer's hex)", group: "firer" },
  { key: "stun", path: "firer.stun", type: "int", label: "Stun results", group: "firer" },
  { key: "elite", path: "firer.elite", type: "bool", label: "Elite (depletion # +1)", group: "firer" },
  { key: "firer_drm", path: "firer.extra_drm", type: "int", label: "Other firer DRM", group: "firer" },
  // Target-based To Hit DRM, then effects
  { key: "range", path: "target.range", type: "int", label: "Range (hexes)", group: "target" },
  { key: "concealed", path: "target.concealed", type: "bool", label: "Case K: concealed", group: "target" },
  { key: "dashing", path: "target.dashing", type: "bool", label: "Case J: Dashing (DFPh)", group: "target" },
  { key: "ffnam", path: "target.ffnam", type: "bool", label: "Case J3: FFNAM (DFPh)", group: "target" },
  { key: "ffmo", path: "target.ffmo", type: "bool", label: "Case J4: FFMO (DFPh)", group: "target" },
  { key: "bore_sighted", path: "target.bore_sighted", type: "bool", label: "Case M: bore-sighted", group: "target" },
  { key: "acquisition", path: "target.acquisition", type: "select", options: ["", "1", "2"], label: "Case N: Acquisition", group: "target" },
  { key: "hazardous", path: "target.hazardous_movement", type: "bool", label: "Case O: Hazardous Movement (DFPh)", group: "target" },
  { key: "hindrance", path: "target.hindrance", type: "int", label: "Case R: LOS Hindrance DRM", group: "target" },
  { key: "target_drm", path: "target.extra_drm", type: "int", label: "Other target DRM", group: "target" },
  { key: "tem", path: "target.tem", type: "int", label: "Effects: TEM (not woods)", group: "target" },
  { key: "woods", path: "target.woods", type: "bool", label: "Effects: in woods (Air Burst)", group: "target" },
  { key: "marsh", path: "target.marsh", type: "bool", label: "Effects: marsh / fording", group: "target" },
  { key: "effects_drm", path: "target.effects_drm", type: "int", label: "Effects: other IFT DRM", group: "target" },
  // Fire plan
  { key: "phases", path: null, type: "text", label: "Phases, in order (e.g. PFPh,DFPh,PFPh)", group: "plan" },
  { key: "plan_if", path: "plan.intensive_fire", type: "select", options: ["never", "whenever-allowed", "while-target-good-order"], label: "Intensive Fire", group: "plan" },
  { key: "plan_repair", path: "plan.repair", type: "bool", label: "Repair in each Rally Phase (needs R#)", group: "plan" },
  { key: "stop", path: "plan.stop", type: "select", options: ["never", "first-hit", "first-critical-hit", "target-broken", "target-eliminated"], label: "Stop rule", group: "plan" },
  { key: "worth_plan", path: null, type: "bool", label: "Worth view: over the whole fire plan (not one shot)", group: "plan" },
];

// The units' kinds, and what a new one starts as. A vehicle has no
// morale; its armor facts (C1.55) and size (Case P) are the player's to
// give, from the counter.
const UNIT_KINDS = ["squad", "half-squad", "crew", "leader", "hero", "unarmored-vehicle", "afv"];
const VEHICLES = ["unarmored-vehicle", "afv"];
const NEW_UNIT = {
  squad: { kind: "squad", morale: "7", broken: "7" },
  "half-squad": { kind: "half-squad", morale: "7", broken: "7" },
  crew: { kind: "crew", morale: "8", broken: "8" },
  leader: { kind: "leader", morale: "8", broken: "8", lead: "-1" },
  hero: { kind: "hero", morale: "9", broken: "9" },
  "unarmored-vehicle": { kind: "unarmored-vehicle" },
  afv: { kind: "afv" },
};

// A unit's yes/no facts: its key on the page, its letter in the address,
// the scenario key it sets, which kinds have it, and its label.
const PERSONNEL = UNIT_KINDS.filter((k) => !VEHICLES.includes(k));
const UNIT_FLAGS = [
  { key: "concealed", letter: "c", path: "concealed", kinds: UNIT_KINDS, label: "concealed" },
  { key: "isBroken", letter: "b", path: "broken", kinds: PERSONNEL, label: "broken" },
  { key: "pinned", letter: "p", path: "pinned", kinds: PERSONNEL, label: "pinned" },
  { key: "moving", letter: "m", path: "moving_vehicle", kinds: VEHICLES, label: "moving" },
  { key: "af4", letter: "4", path: "all_af_at_most_4", kinds: ["afv"], label: "all AF ≤ 4" },
  { key: "af8", letter: "8", path: "all_af_at_least_8", kinds: ["afv"], label: "all AF ≥ 8" },
  { key: "ot", letter: "o", path: "open_topped", kinds: ["afv"], label: "open-topped" },
];

const VIEWS = ["shot", "plan", "compare", "worth"];

// The state the page starts with.
function defaultState() {
  return {
    view: "shot", mortar: "", own: "", values: {}, units: [],
    cmp: [{ name: "", extra: "" }, { name: "", extra: "" }],
  };
}

// A unit as one address value: kind,morale,broken,leadership,tem,flags,
// size,drm (flags: one letter each of UNIT_FLAGS, e.g. c concealed, b
// broken; size and the unit's own To Hit DRM only when given).
function unitToParam(u) {
  const flags = UNIT_FLAGS.filter((f) => u[f.key]).map((f) => f.letter).join("");
  const fields = [u.kind, u.morale || "", u.broken || "", u.lead || "", u.tem || "", flags,
    u.size || "", u.drm || ""];
  while (fields.length > 6 && !fields[fields.length - 1]) fields.pop();
  return fields.join(",");
}

function unitFromParam(text) {
  const [kind, morale, broken, lead, tem, flags, size, drm] = text.split(",");
  if (!UNIT_KINDS.includes(kind)) return null;
  const unit = { kind, morale: morale || "", broken: broken || "", lead: lead || "", tem: tem || "",
    size: size || "", drm: drm || "" };
  for (const f of UNIT_FLAGS) unit[f.key] = (flags || "").includes(f.letter);
  return unit;
}

// The state as the address's hash (a query string after '#').
function stateToHash(state) {
  const q = new URLSearchParams();
  q.set("view", state.view);
  if (state.mortar) q.set("mortar", state.mortar);
  if (state.own) q.set("own", state.own);
  for (const f of FIELDS) {
    const v = state.values[f.key];
    if (v !== undefined && v !== "" && v !== false) q.set(f.key, v === true ? "1" : v);
  }
  for (const u of state.units) q.append("u", unitToParam(u));
  state.cmp.forEach((c, i) => {
    if (c.name) q.set("cmp" + i, c.extra ? c.name + ":" + c.extra : c.name);
  });
  return "#" + q.toString();
}

function stateFromHash(hash) {
  const state = defaultState();
  const q = new URLSearchParams(hash.replace(/^#/, ""));
  if (VIEWS.includes(q.get("view"))) state.view = q.get("view");
  state.mortar = q.get("mortar") || "";
  state.own = q.get("own") || "";
  for (const f of FIELDS) {
    const v = q.get(f.key);
    if (v !== null) state.values[f.key] = f.type === "bool" ? v === "1" : v;
  }
  state.units = q.getAll("u").map(unitFromParam).filter(Boolean);
  state.cmp = state.cmp.map((c, i) => {
    const v = q.get("cmp" + i) || "";
    const at = v.indexOf(":");
    return at < 0 ? { name: v, extra: "" } : { name: v.slice(0, at), extra: v.slice(at + 1) };
  });
  return state;
}

// Sets a dotted path in a nested object.
function setPath(obj, path, value) {
  const parts = path.split(".");
  let here = obj;
  for (const p of parts.slice(0, -1)) here = here[p] = here[p] || {};
  here[parts[parts.length - 1]] = value;
}

// A number field's text as a number, or the text itself (the server then
// names the field that is wrong).
function numberOf(text) {
  const t = String(text).trim();
  return /^[+-]?\d+$/.test(t) ? parseInt(t, 10) : t;
}

// The scenario of the state, in the scenario file's shape.
function scenarioOf(state) {
  const s = {};
  const name = state.mortar === "own" ? (state.own || "my-mortar") : state.mortar;
  if (name) setPath(s, "mortar.name", name);
  const v = state.values;
  for (const f of FIELDS) {
    const value = v[f.key];
    if (!f.path || value === undefined || value === "" || value === false) continue;
    if (f.type === "bool") setPath(s, f.path, f.on || true);
    else if (f.type === "int" || f.key === "acquisition") setPath(s, f.path, numberOf(value));
    else setPath(s, f.path, value);
  }
  if (v.rmin || v.rmax) setPath(s, "mortar.range", [numberOf(v.rmin || ""), numberOf(v.rmax || "")]);
  if (state.units.length) {
    s.target = s.target || {};
    s.target.units = state.units.map((u, i) => {
      const unit = { name: unitName(u, i), kind: u.kind };
      const vehicle = VEHICLES.includes(u.kind);
      if (u.morale && !vehicle) unit.morale = numberOf(u.morale);
      if (u.broken && !vehicle) unit.broken_morale = numberOf(u.broken);
      if (u.kind === "leader" && u.lead) unit.leadership = numberOf(u.lead);
      if (u.tem) unit.tem = numberOf(u.tem);
      if (u.drm) unit.extra_drm = numberOf(u.drm);
      if (u.size && vehicle) unit.size = numberOf(u.size);
      for (const f of UNIT_FLAGS) if (u[f.key] && f.kinds.includes(u.kind)) unit[f.path] = true;
      return unit;
    });
  }
  return s;
}

// A unit's name on the page and in the reports: its place and kind.
function unitName(u, i) {
  if (VEHICLES.includes(u.kind)) return `${i + 1}: ${u.kind}`;
  const lead = u.kind === "leader" ? (u.lead && u.lead !== "0" ? u.lead.replace(/^(\d)/, "+$1") : "") : "";
  return `${i + 1}: ${u.kind} ${u.morale || "?"}${lead}`;
}

// The fire plan's part of a scenario (plan and compare views).
function withPlan(state, scenario) {
  const phases = (state.values.phases || "PFPh,DFPh,PFPh").split(/[\s,]+/).filter(Boolean);
  setPath(scenario, "plan.phases", phases);
  return scenario;
}

// A compare choice as `mortar-odds compare` takes it.
function choiceOf(c) {
  return c.extra ? `${c.name}:${c.extra}` : c.name;
}
