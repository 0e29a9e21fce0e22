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
  // A Demolition Charge (A23): `kinds`, the kinds of DC a field is for;
  // the form shows and sends it for those only.
  { key: "dc_kind", path: "dc.kind", type: "select", options: ["placed", "thrown", "set"], label: "Kind: Placed (A23.3), Thrown (A23.6), Set (A23.7)", group: "dc" },
  { key: "dc_captured", path: "dc.captured", type: "bool", label: "Captured DC (removal number -2, A23.4)", group: "dc" },
  { key: "dc_elite", path: "dc.elite", type: "bool", label: "Used by elite Personnel (else removal number -2, A23.2)", group: "dc" },
  { key: "dc_cx", path: "dc.cx", type: "bool", label: "CX Placing/Throwing unit (+1, A23.4)", group: "dc", kinds: ["placed", "thrown"] },
  { key: "dc_breach", path: "dc.breach", type: "bool", label: "Breach attempt on a Fortified Building hexside (A23.3)", group: "dc", kinds: ["placed"] },
  { key: "dc_afph", path: "dc.afph", type: "bool", label: "Thrown in the AFPh (+1 to both attacks, A23.62)", group: "dc", kinds: ["thrown"] },
  { key: "dc_opportunity", path: "dc.opportunity_fire", type: "bool", label: "… by an Opportunity Firer: no AFPh DRM (A23.62)", group: "dc", kinds: ["thrown"], when: (state) => state.values.dc_afph },
  { key: "dc_vehicle", path: "dc.from_vehicle", type: "bool", label: "Thrown from a non-Stopped or Motion vehicle (A23.6)", group: "dc", kinds: ["thrown"] },
  { key: "dc_cavalry", path: "dc.cavalry", type: "bool", label: "Thrown by Cavalry (A23.6)", group: "dc", kinds: ["thrown"] },
  { key: "dc_two_up", path: "dc.from_two_levels_up", type: "bool", label: "Thrown from 2+ levels up: thrower not attacked (A23.6)", group: "dc", kinds: ["thrown"] },
  { key: "dc_enemy", path: "dc.enemy_infantry", type: "int", label: "Enemy Infantry units, removal +1 each (A23.7; blank: the target's units)", group: "dc", kinds: ["set"] },
  { key: "dc_concealed", path: "dc.target.concealed", type: "bool", label: "Target concealed: Area Fire, half FP (A23.1)", group: "dc" },
  { key: "dc_tem", path: "dc.target.tem", type: "int", label: "Target TEM (A23.1)", group: "dc", kinds: ["placed", "thrown"] },
  { key: "dc_hexside", path: "dc.target.hexside_tem", type: "int", label: "Target hexside TEM (A23.1: the larger of it and the TEM applies)", group: "dc", kinds: ["thrown"] },
  { key: "dc_thrower_tem", path: "dc.thrower.tem", type: "int", label: "Thrower's TEM", group: "thrower", kinds: ["thrown"], when: throwerAttacked },
  { key: "dc_thrower_hexside", path: "dc.thrower.hexside_tem", type: "int", label: "Thrower's hexside TEM", group: "thrower", kinds: ["thrown"], when: throwerAttacked },
  // Pushing a Gun (C10.3): a push file's keys.
  { key: "push_gun", path: "gun.name", type: "text", label: "Gun (a name for the output)", group: "push" },
  { key: "push_m", path: "gun.m_number", type: "int", label: "M# (from the counter)", group: "push" },
  { key: "push_path", path: "path", type: "text", label: "Path: each hex entered, in order (e.g. open,woods+hedge,stone-building)", group: "push" },
  { key: "push_mud", path: "mud", type: "bool", label: "Mud in every hex", group: "push" },
  { key: "push_deep_snow", path: "deep_snow", type: "bool", label: "Deep snow in every hex", group: "push" },
  { key: "push_start_mud", path: "start_mud", type: "bool", label: "The Gun starts in mud", group: "push" },
  { key: "push_start_deep_snow", path: "start_deep_snow", type: "bool", label: "The Gun starts in deep snow", group: "push" },
  { key: "push_crews", path: "pushers.crews", type: "int", label: "Crews (every pusher box blank: one crew)", group: "push" },
  { key: "push_squads", path: "pushers.squads", type: "int", label: "Squads", group: "push" },
  { key: "push_hs", path: "pushers.half_squads", type: "int", label: "Half-squads", group: "push" },
  { key: "push_smc", path: "pushers.smc", type: "int", label: "SMC (five equal a crew, C10.111)", group: "push" },
  { key: "push_mf", path: "pushers.mf", type: "int", label: "MF in each MPh", group: "push" },
  { key: "push_labor", path: "pushers.labor", type: "int", label: "Labor already held (-1 each)", group: "push" },
  { key: "push_labor_max", path: "pushers.labor_max", type: "int", label: "Most Labor", group: "push" },
  { key: "push_mud_drm", path: "drm.mud", type: "int", label: "Mud/deep snow DRM (from your chart)", group: "push" },
  { key: "push_road_drm", path: "drm.road", type: "int", label: "Road DRM (from your chart)", group: "push" },
  { key: "push_extra_drm", path: "drm.extra", type: "int", label: "Other DRM, every attempt", group: "push" },
];

// The field groups each view sends: the mortar views', the DC's, the push's.
const MORTAR_GROUPS = ["mortar", "firer", "target", "plan"];
const DC_GROUPS = ["dc", "thrower"];
const PUSH_GROUPS = ["push"];

function groupsOf(view) {
  return view === "dc" ? DC_GROUPS : view === "push" ? PUSH_GROUPS : MORTAR_GROUPS;
}

// The kind of DC the form holds.
function dcKind(state) {
  return state.values.dc_kind || "placed";
}

// Whether the form shows (and a request sends) field `f`: `kinds`, the
// kinds of DC it is for; `when`, what else it needs of the state.
function shown(f, state) {
  return (!f.kinds || f.kinds.includes(dcKind(state))) && (!f.when || f.when(state));
}

// Whether the DC attacks a thrower's Location: a Thrown DC, unless thrown
// from two or more levels up (A23.6).
function throwerAttacked(state) {
  return dcKind(state) === "thrown" && !state.values.dc_two_up;
}

// How a view's units are sent: "mortar" (every key), "dc" (what a DC's
// units take) or "set-dc" (nor a TEM, A23.71).
function unitMode(state) {
  if (state.view !== "dc") return "mortar";
  return dcKind(state) === "set" ? "set-dc" : "dc";
}

// The number keys of a unit as sent, with the labels of their boxes.
const UNIT_NUMBERS = [["morale", "morale"], ["broken_morale", "broken side"], ["leadership", "leadership"],
  ["tem", "own TEM"], ["extra_drm", "own To Hit DRM"], ["size", "size (Case P)"]];

// The first number box of the view (fields and units) that does not hold
// a whole number, as a line naming it; null if none. Checked here: the
// server would name a line of the file the page sends, which the player
// never sees.
function notANumber(state) {
  const view = state.view;
  const groups = groupsOf(view);
  const whole = (t) => t === undefined || t === "" || /^[+-]?\d+$/.test(String(t).trim());
  for (const f of FIELDS) {
    if (f.type === "int" && groups.includes(f.group) && shown(f, state) && !whole(state.values[f.key])) {
      return `${f.label}: "${state.values[f.key]}" is not a whole number`;
    }
  }
  const lists = view === "push" ? [] : [["", state.units]].concat(
    view === "dc" && throwerAttacked(state) ? [["thrower's ", state.thrower]] : []);
  // What a unit sends (its boxes shown): a number, or the text as typed.
  for (const [whose, list] of lists) {
    for (const [i, u] of list.entries()) {
      const spec = unitSpec(u, i, unitMode(state));
      for (const [key, label] of UNIT_NUMBERS) {
        if (typeof spec[key] === "string") return `${whose}unit ${i + 1}, ${label}: "${spec[key]}" is not a whole number`;
      }
    }
  }
  return null;
}

// The units' kinds, and what a new one starts as. A vehicle has no
// morale; its armor facts (C1.55) and size (Case P) are the player's to
// give, from the counter.
const UNIT_KINDS = ["squad", "half-squad", "crew", "leader", "hero", "unarmored-vehicle", "afv"];
const VEHICLES = ["unarmored-vehicle", "afv"];
// The "+ kind" buttons: their ids (`add-hs`) and labels where not the kind's.
const ADD_ID = { "half-squad": "hs", "unarmored-vehicle": "uv" };
const ADD_LABEL = { afv: "AFV", "unarmored-vehicle": "unarmored vehicle" };
const NEW_UNIT = {
  squad: { kind: "squad", morale: "7", broken: "7" },
  "half-squad": { kind: "half-squad", morale: "7", broken: "7" },
  crew: { kind: "crew", morale: "8", broken: "8" },
  leader: { kind: "leader", morale: "8", broken: "8", lead: "-1" },
  hero: { kind: "hero", morale: "9" },
  "unarmored-vehicle": { kind: "unarmored-vehicle" },
  afv: { kind: "afv" },
};

// A unit's yes/no facts: its key on the page, its letter in the address,
// the scenario key it sets, which kinds have it, and its label.
const PERSONNEL = UNIT_KINDS.filter((k) => !VEHICLES.includes(k));
// A hero never breaks (A15.2): no broken side, never broken.
const BREAKING = PERSONNEL.filter((k) => k !== "hero");
const UNIT_FLAGS = [
  { key: "concealed", letter: "c", path: "concealed", kinds: UNIT_KINDS, label: "concealed" },
  { key: "isBroken", letter: "b", path: "broken", kinds: BREAKING, label: "broken", dc: true },
  { key: "pinned", letter: "p", path: "pinned", kinds: PERSONNEL, label: "pinned", dc: true },
  { key: "moving", letter: "m", path: "moving_vehicle", kinds: VEHICLES, label: "moving" },
  { key: "af4", letter: "4", path: "all_af_at_most_4", kinds: ["afv"], label: "all AF ≤ 4" },
  { key: "af8", letter: "8", path: "all_af_at_least_8", kinds: ["afv"], label: "all AF ≥ 8" },
  { key: "ot", letter: "o", path: "open_topped", kinds: ["afv"], label: "open-topped" },
];

const VIEWS = ["shot", "plan", "compare", "worth", "dc", "push"];

// The state the page starts with.
function defaultState() {
  return {
    view: "shot", mortar: "", own: "", values: {}, units: [], thrower: [],
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
  for (const u of state.thrower) q.append("t", unitToParam(u));
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
  state.thrower = q.getAll("t").map(unitFromParam).filter(Boolean);
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

// A number field's text as a number, or the text itself (`notANumber`
// stops the page from sending one).
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
  setFields(s, FIELDS.filter((f) => MORTAR_GROUPS.includes(f.group)), v);
  if (v.rmin || v.rmax) setPath(s, "mortar.range", [numberOf(v.rmin || ""), numberOf(v.rmax || "")]);
  if (state.units.length) {
    s.target = s.target || {};
    s.target.units = state.units.map((u, i) => unitSpec(u, i, "mortar"));
  }
  return s;
}

// Sets each of `fields` given in `values` at its scenario path.
function setFields(s, fields, values) {
  for (const f of fields) {
    const value = values[f.key];
    if (!f.path || value === undefined || value === "" || value === false) continue;
    if (f.type === "bool") setPath(s, f.path, f.on || true);
    else if (f.type === "int" || f.key === "acquisition") setPath(s, f.path, numberOf(value));
    else setPath(s, f.path, value);
  }
}

// The push file of the state.
function pushScenarioOf(state) {
  const s = {};
  setFields(s, FIELDS.filter((f) => PUSH_GROUPS.includes(f.group)), state.values);
  return s;
}

// A unit as `[[target.units]]` takes it; for a DC (`mode`, as
// `unitMode`) only the keys a DC's units take: no To Hit DRM, concealment
// or vehicle size (A23.1), nor a TEM for a Set DC (A23.71).
function unitSpec(u, i, mode) {
  const dc = mode !== "mortar";
  const unit = { name: unitName(u, i), kind: u.kind };
  const vehicle = VEHICLES.includes(u.kind);
  if (u.morale && !vehicle) unit.morale = numberOf(u.morale);
  if (u.broken && BREAKING.includes(u.kind)) unit.broken_morale = numberOf(u.broken);
  if (u.kind === "leader" && u.lead) unit.leadership = numberOf(u.lead);
  if (u.tem && mode !== "set-dc") unit.tem = numberOf(u.tem);
  if (u.drm && !dc) unit.extra_drm = numberOf(u.drm);
  if (u.size && vehicle && !dc) unit.size = numberOf(u.size);
  for (const f of UNIT_FLAGS) if (u[f.key] && f.kinds.includes(u.kind) && (f.dc || !dc)) unit[f.path] = true;
  return unit;
}

// The DC file of the state: its `[dc]` section, the units in the hex as
// the target Location's, and (a Thrown DC) the thrower's Location.
function dcScenarioOf(state) {
  const s = { dc: { kind: dcKind(state) } };
  setFields(s, FIELDS.filter((f) => DC_GROUPS.includes(f.group) && shown(f, state)), state.values);
  if (state.units.length) {
    s.dc.target = s.dc.target || {};
    s.dc.target.units = state.units.map((u, i) => unitSpec(u, i, unitMode(state)));
  }
  if (throwerAttacked(state) && state.thrower.length) {
    s.dc.thrower = s.dc.thrower || {};
    s.dc.thrower.units = state.thrower.map((u, i) => unitSpec(u, i, unitMode(state)));
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
