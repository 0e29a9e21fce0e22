// The DC and Push views of the calculator, filled in as a player would,
// their figures checked against the command line's exact JSON.
"use strict";

const assert = require("node:assert/strict");
const path = require("node:path");
const { SHOTS, cli, noUnreadKeys, noHorizontalOverflow } = require("./helpers.js");

// The DC view: a DC Thrown in the AFPh into the hex's squad and leader
// (TEM +2), a squad in the thrower's Location; the figures as `dc`'s.
async function dcView(page) {
  await page.click('#views [data-view="dc"]');
  await page.selectOption("#f-dc_kind", "thrown");
  await page.check("#f-dc_afph");
  await page.fill("#f-dc_tem", "2");
  await page.click("#add-thrower-squad");
  await page.waitForSelector('[data-figure="thrower.unit0.broken"]', { timeout: 60000 });
  await page.waitForSelector("#status.done", { timeout: 60000 });
  const expected = cli(["dc", "--kind", "thrown", "--afph", "--tem", "2",
    "--unit", "squad:4-6-7,broken=7", "--unit", "leader:8-1,broken=8",
    "--thrower-unit", "squad:4-6-7,broken=7", "--format", "json"]);
  const pick = (name) => page.$eval(`[data-figure="${name}"]`, (n) => n.dataset.exact);
  assert.equal(await pick("dc.p_detonates"), expected.p_detonates.exact, "P(detonates)");
  for (const [at, i] of [["target", 0], ["target", 1], ["thrower", 0]]) {
    assert.equal(await pick(`${at}.unit${i}.broken`), expected[at].units[i].outcomes.broken.exact,
      `${at} unit ${i}'s P(broken)`);
  }
  assert.equal(await pick("target.p_cleared"), expected.target.hex.p_cleared.exact, "P(target cleared)");
  // What a DC's units do not take is neither shown nor sent.
  assert.equal(await page.$$eval('#units input[aria-label="own To Hit DRM"]', (n) => n.length), 0);
  assert.match(page.url(), /view=dc&.*dc_kind=thrown.*&t=squad%2C7%2C7/, "the address keeps the DC and the thrower");
  await noUnreadKeys(page, "dc");
  await noHorizontalOverflow(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, "serve-dc.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await noHorizontalOverflow(page);
  await page.setViewportSize({ width: 1200, height: 900 });
  // A unit's box that does not hold a whole number is named on the page,
  // and no figures for the form before stay in sight.
  await page.fill('#units [data-unit="0"] input[aria-label="morale"]', "7x");
  await page.waitForFunction(() => document.querySelector("#status.error"), null, { timeout: 10000 });
  assert.equal((await page.textContent("#status")).trim(), 'unit 1, morale: "7x" is not a whole number');
  assert.equal(await page.$$eval("#output > *", (n) => n.length), 0, "no figures under an error");
  assert.equal((await page.textContent("#summary")).trim(), "");
  await page.fill('#units [data-unit="0"] input[aria-label="morale"]', "7");
  await page.waitForSelector("#status.done", { timeout: 60000 });
  // Thrown from two or more levels up, the thrower's Location is not
  // attacked (A23.6): its box goes, and nothing of it is sent.
  await page.check("#f-dc_two_up");
  await page.waitForFunction(() => document.querySelector("#status.done") && !document.querySelector(".dc-thrower"),
    null, { timeout: 60000 });
  assert.ok(!(await page.isVisible("#thrower-set")), "no thrower from two levels up");
  await page.uncheck("#f-dc_two_up");
  // A Set DC takes no TEM (A23.71), a unit's own neither.
  await page.selectOption("#f-dc_kind", "set");
  await page.waitForSelector("#status.done", { timeout: 60000 });
  assert.equal(await page.$$eval('#units input[aria-label="own TEM"]', (n) => n.length), 0, "no own TEM for a Set DC");
  // A Placed DC has no thrower: its set and fields go.
  await page.selectOption("#f-dc_kind", "placed");
  await page.waitForFunction(() => !document.querySelector("#f-dc_afph")
    && document.querySelector("#status.done") && !document.querySelector(".dc-thrower"), null, { timeout: 60000 });
  assert.ok(!(await page.isVisible("#thrower-set")), "no thrower for a Placed DC");
  console.log(`ok: the DC view, as the CLI (P(detonates) ${expected.p_detonates.exact})`);
  await page.selectOption("#f-dc_kind", "thrown");
}

// The push view: examples/push/at-gun-into-village.toml typed in; the
// figures as `push --engine exact`'s.
async function pushView(page) {
  await page.click('#views [data-view="push"]');
  // Until the Gun's M#, the path and the MF are given, the page asks for
  // them, and the DC's figures are gone.
  await page.waitForFunction(() => /Give the Gun's M#/.test(document.getElementById("status").textContent),
    null, { timeout: 10000 });
  assert.equal(await page.$$eval("#output > *", (n) => n.length), 0, "no DC figures in the push view");
  assert.equal((await page.textContent("#summary")).trim(), "");
  await page.fill("#f-push_m", "12");
  // A terrain the C10.3 chart does not know: the line names the path box.
  await page.fill("#f-push_path", "woods+hedge,swamp");
  await page.fill("#f-push_mf", "6");
  await page.waitForSelector("#status.error", { timeout: 60000 });
  assert.match((await page.textContent("#status")).trim(),
    /^path\[2\]: unknown terrain `swamp`.* \(in the form: Path: each hex entered, in order \(e\.g\. open,woods\+hedge,stone-building\)\)$/);
  await page.fill("#f-push_path", "woods+hedge,stone-building");
  await page.waitForSelector('[data-figure="push.phases_to_end.3"]', { timeout: 60000 });
  await page.waitForSelector("#status.done", { timeout: 60000 });
  // No name given: "Gun", and who pushes, as the text report says it.
  assert.match(await page.textContent(".view-push h3"), /^Gun \(M#12\) pushed by 1 crew \(6 MF per MPh\)/);
  await page.fill("#f-push_gun", "37L AT Gun");
  await page.waitForFunction(() => /^37L AT Gun \(M#12\)/.test(document.querySelector(".view-push h3")?.textContent),
    null, { timeout: 60000 });
  const expected = cli(["push", "examples/push/at-gun-into-village.toml", "--engine", "exact", "--format", "json"]);
  const row = (measure, n) => expected.exact.rows.find((r) => r.measure === measure && r.n === n).exact;
  const pick = (name) => page.$eval(`[data-figure="${name}"]`, (n) => n.dataset.exact);
  assert.equal(await pick("push.hexes_first_phase.1"), row("hexes_first_phase", 1), "P(1 hex in the first MPh)");
  assert.equal(await pick("push.phases_to_end.3"), row("phases_to_end", 3), "P(the end in MPh 3)");
  assert.match(await page.textContent(".view-push"), new RegExp(`woods\\+hedge\\s*6\\s*\\+8\\s*≤ 4\\s*16\\.67% 1/6`),
    "the first hex's row, as the text report's");
  assert.match(await page.textContent("#summary"), /expected MPh 5\.72/);
  assert.match(page.url(), /view=push&.*push_path=woods%2Bhedge%2Cstone-building/, "the address keeps the push");
  await noUnreadKeys(page, "push");
  await noHorizontalOverflow(page);
  assert.ok(!(await page.isVisible("#units-set")), "no units for a push");
  console.log(`ok: the push view, as the CLI (expected MPh ${expected.exact.expected_phases.exact})`);
}

module.exports = { dcView, pushView };
