// The form: built from FIELDS (state.js) and the catalog, written back
// into the state on every change. Text the player types is only ever set
// as a value or textContent, never as HTML.
"use strict";

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") node.textContent = v;
    else if (k === "class") node.className = v;
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c) node.append(c);
  return node;
}

// One labelled control for a field; `onChange(value)` on every edit.
function control(f, value, onChange) {
  const id = "f-" + f.key;
  let input;
  if (f.type === "bool") {
    input = el("input", { type: "checkbox", id, name: f.key });
    input.checked = !!value;
    input.addEventListener("change", () => onChange(input.checked));
    return el("label", { class: "check", for: id }, input, el("span", { text: f.label }));
  }
  if (f.type === "select") {
    input = el("select", { id, name: f.key });
    for (const o of f.options) input.append(el("option", { value: o, text: o === "" ? "—" : o }));
    input.value = value || f.options[0];
  } else {
    const numeric = f.type === "int";
    input = el("input", { id, name: f.key, type: "text", inputmode: numeric ? "numeric" : "text",
      size: numeric ? "4" : "18" });
    input.value = value || "";
  }
  input.addEventListener("input", () => onChange(input.value));
  input.addEventListener("change", () => onChange(input.value));
  return el("label", { class: "field", for: id }, el("span", { text: f.label }), input);
}

// The mortar choice: the catalog's mortars, or the player's own.
function mortarSelect(catalog, state, onChange) {
  const select = el("select", { id: "f-mortar", name: "mortar" });
  select.append(el("option", { value: "", text: "— choose a mortar —" }));
  for (const m of catalog) select.append(el("option", { value: m.name, text: `${m.name} (${m.caliber_mm}mm)` }));
  select.append(el("option", { value: "own", text: "my own counter (give its values)" }));
  select.value = state.mortar;
  const own = el("input", { id: "f-own", type: "text", placeholder: "name", size: "12" });
  own.value = state.own;
  const known = el("p", { id: "mortar-known", class: "hint" });
  const showKnown = () => {
    const m = catalog.find((c) => c.name === select.value);
    own.hidden = select.value !== "own";
    known.textContent = m ? catalogLine(m) : "";
  };
  select.addEventListener("change", () => { showKnown(); onChange("mortar", select.value); });
  own.addEventListener("input", () => onChange("own", own.value));
  showKnown();
  return el("div", { class: "mortar-choice" },
    el("label", { class: "field", for: "f-mortar" }, el("span", { text: "Mortar" }), select), own, known);
}

function catalogLine(m) {
  const v = (x) => (x === null || x === undefined ? "?" : x);
  const missing = [m.rof, m.breakdown, m.range].some((x) => x === null || x === undefined);
  return `${m.title}: ROF ${v(m.rof)}, B# ${v(m.breakdown)}, range ${v(m.range)}` +
    (missing ? " (? = not in the catalog: give it from your counter below)" : "");
}

// One row of a units table; for a DC (`mode`, as `unitMode`) only what a
// DC's units take.
function unitRow(u, i, mode, onEdit, onRemove) {
  const dc = mode !== "mortar";
  const row = el("div", { class: "unit", "data-unit": String(i) });
  const kind = el("select", { "aria-label": "kind" });
  for (const k of UNIT_KINDS) kind.append(el("option", { value: k, text: k }));
  kind.value = u.kind;
  kind.addEventListener("change", () => onEdit({ kind: kind.value }));
  row.append(el("span", { class: "unit-no", text: String(i + 1) }), kind);
  const num = (key, label, size) => {
    const input = el("input", { type: "text", inputmode: "numeric", size: size || "2", "aria-label": label, title: label });
    input.value = u[key] || "";
    input.addEventListener("input", () => onEdit({ [key]: input.value }));
    return el("label", { class: "mini" }, el("span", { text: label }), input);
  };
  const vehicle = VEHICLES.includes(u.kind);
  if (!vehicle) row.append(num("morale", "morale"));
  if (BREAKING.includes(u.kind)) row.append(num("broken", "broken side"));
  if (u.kind === "leader") row.append(num("lead", "leadership"));
  if (vehicle && !dc) row.append(num("size", "size (Case P)"));
  if (mode !== "set-dc") row.append(num("tem", "own TEM"));
  if (!dc) row.append(num("drm", "own To Hit DRM"));
  const flag = (key, label) => {
    const box = el("input", { type: "checkbox", "aria-label": label });
    box.checked = !!u[key];
    box.addEventListener("change", () => onEdit({ [key]: box.checked }));
    return el("label", { class: "check mini" }, box, el("span", { text: label }));
  };
  for (const f of UNIT_FLAGS) if (f.kinds.includes(u.kind) && (f.dc || !dc)) row.append(flag(f.key, f.label));
  const remove = el("button", { type: "button", class: "remove", text: "remove", "aria-label": `remove unit ${i + 1}` });
  remove.addEventListener("click", onRemove);
  row.append(remove);
  return row;
}

// The compare slots: two more mortars from the catalog, each with the
// values its catalog entry lacks.
function compareSlots(catalog, state, onChange) {
  const box = el("div", { class: "compare-slots" });
  state.cmp.forEach((c, i) => {
    const select = el("select", { id: `f-cmp${i}`, "aria-label": `mortar ${i + 2}` });
    select.append(el("option", { value: "", text: "—" }));
    for (const m of catalog) select.append(el("option", { value: m.name, text: m.name }));
    select.value = c.name;
    const extra = el("input", { id: `f-cmp${i}-extra`, type: "text", size: "24",
      placeholder: "rof=3,breakdown=12,range=2-40", "aria-label": `values of mortar ${i + 2}` });
    extra.value = c.extra;
    select.addEventListener("change", () => onChange(i, { name: select.value }));
    extra.addEventListener("input", () => onChange(i, { extra: extra.value }));
    box.append(el("div", { class: "field" }, el("span", { text: `Mortar ${i + 2}` }), select, extra));
  });
  return box;
}
