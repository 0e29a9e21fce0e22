// End-to-end test of `mortar-odds serve` in a real browser: Debian's
// Chromium (/usr/bin/chromium), driven by playwright-core (no browser
// download). Starts the server on a free port, fills in the calculator as
// a player would, and checks the page's figures against the command
// line's exact JSON; then a phone-sized viewport must not overflow.
//
//   node serve.test.js           (from tests/browser, after `npm ci`)
//   MORTAR_ODDS_BIN=... node serve.test.js    (another binary)
//   node serve.test.js --docs    (also writes docs/images/serve-*.png)
//
// Screenshots go to target/browser/ (git-ignored).
"use strict";

const assert = require("node:assert/strict");
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const readline = require("node:readline");
const { chromium } = require("playwright-core");

const { ROOT, BIN, SHOTS, cli, noUnreadKeys, noHorizontalOverflow } = require("./helpers.js");
const { dcView, pushView } = require("./dc_push.js");
const DOCS = path.join(ROOT, "docs/images");
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";

// The situation the test sets up on the page, as command-line flags.
const CLI_SHOT = ["shot", "--mortar", "us-81mm", "--rof", "3", "--breakdown", "12",
  "--range-limits", "2-40", "--range", "10", "--concealed",
  "--unit", "squad:4-6-7,broken=7", "--unit", "leader:8-1,broken=8", "--format", "json"];

// Starts `serve --port 0`; resolves with the page's address (its first line).
function startServer() {
  const server = spawn(BIN, ["serve", "--port", "0", "--budget-ms", "20000"], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: server.stdout });
    lines.once("line", (url) => resolve({ server, url: url.trim() }));
    server.once("exit", (code) => reject(new Error(`serve exited with ${code} before printing its address`)));
  });
}

async function figures(page) {
  await page.waitForSelector("#status.done", { timeout: 60000 });
  return page.evaluate(() => {
    const pick = (name) => {
      const node = document.querySelector(`[data-figure="${name}"]`);
      return node ? node.dataset.exact || node.textContent : null;
    };
    return { p_hit: pick("p_hit"), to_hit: pick("to_hit"), squad_broken: pick("unit0.broken"),
      leader_broken: pick("unit1.broken") };
  });
}

async function main() {
  const docs = process.argv.includes("--docs");
  fs.mkdirSync(SHOTS, { recursive: true });
  const expected = cli(CLI_SHOT);
  const { server, url } = await startServer();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(url);
    await page.waitForSelector("#f-mortar option[value='us-81mm']", { state: "attached" });

    // A player's choices: the mortar and its counter's values, the range,
    // concealed, a squad and a leader.
    await page.selectOption("#f-mortar", "us-81mm");
    // The catalog does not know its printed range, nor is the range given
    // yet: the line names the scenario's keys and the form's boxes.
    await page.waitForSelector("#status.error", { timeout: 60000 });
    assert.equal((await page.textContent("#status")).trim(),
      "missing: target.range, mortar.range (in the form: Range (hexes); Range min and max)");
    console.log("ok: a missing value names the form's boxes");
    await page.fill("#f-rof", "3");
    await page.fill("#f-breakdown", "12");
    await page.fill("#f-rmin", "2");
    await page.fill("#f-rmax", "40");
    await page.fill("#f-range", "10");
    await page.check("#f-concealed");
    await page.click("#add-squad");
    await page.click("#add-leader");
    await page.waitForSelector('[data-figure="unit1.broken"]', { timeout: 60000 });
    const got = await figures(page);
    assert.equal(got.p_hit, expected.p_hit.exact, "P(hit) on the page and from the CLI");
    assert.equal(got.to_hit, String(expected.modified_to_hit_number), "To Hit number");
    assert.equal(got.squad_broken, expected.units[0].outcomes.broken.exact, "the squad's P(broken)");
    assert.equal(got.leader_broken, expected.units[1].outcomes.broken.exact, "the leader's P(broken)");
    console.log(`ok: P(hit) ${got.p_hit}, squad P(broken) ${got.squad_broken}, as the CLI`);
    await noUnreadKeys(page, "shot");
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, "serve-desktop.png") });

    // The address holds the situation: opened afresh, the same figures.
    const shared = page.url();
    assert.match(shared, /#view=shot&mortar=us-81mm/);
    const again = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await again.goto(shared);
    await again.waitForSelector('[data-figure="unit1.broken"]', { timeout: 60000 });
    assert.deepEqual(await figures(again), got, "the shared address gives the same figures");
    console.log("ok: the address reopens the same situation");
    await again.close();

    // A phone: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await noHorizontalOverflow(page);
    await page.evaluate(() => document.getElementById("results").scrollIntoView());
    await page.screenshot({ path: path.join(SHOTS, "serve-phone.png") });
    console.log("ok: nothing overflows at 390x844");

    // The other views answer without an error.
    for (const view of ["plan", "worth"]) {
      await page.click(`#views [data-view="${view}"]`);
      await page.waitForSelector(`.view-${view}`, { timeout: 120000 });
      await noHorizontalOverflow(page);
      const status = await page.textContent("#status");
      assert.equal(status.trim(), "", `${view}: ${status}`);
      await noUnreadKeys(page, view);
      if (view === "plan") {
        // As in the text report: no row of a distribution reads 0.00%, and
        // a plan's units have no P(hit) column (a plan gives none).
        const cells = await page.$$eval(".view-plan table.hits td:nth-child(2)", (tds) => tds.map((td) => td.textContent));
        assert.ok(cells.length > 0 && !cells.some((c) => c.startsWith("0.00%")), `plan rows: ${cells}`);
        const heads = await page.$$eval(".view-plan table.units th", (ths) => ths.map((th) => th.textContent));
        assert.ok(heads.length > 0 && !heads.includes("P(hit)"), `plan unit columns: ${heads}`);
      }
      if (view === "worth") {
        // As in the text report: a column a measure, named as a player
        // reads it, and the leader's DRM on a Gun not applicable, with why.
        const heads = await page.$$eval(".view-worth table.worth th", (ths) => ths.map((th) => th.textContent));
        assert.deepEqual(heads, ["modifier", "change", "P(hit)", "P(Critical Hit)", "P(malfunction)",
          "P(1+ out of action)"]);
        assert.match(await page.textContent(".view-worth .not-applicable"), /leader -1: leadership modifies only light mortar fire, not a Gun's \(A7\.531\)/);
        // Over the whole fire plan (the form's phases), as `worth --plan`.
        await page.check("#f-worth_plan");
        await page.waitForFunction(() => {
          const th = document.querySelector(".view-worth table.worth th:nth-child(3)");
          return th && th.textContent === "P(1+ hit)" && document.querySelector("#status.done");
        }, null, { timeout: 120000 });
        const overPlan = cli(["worth"].concat(CLI_SHOT.slice(1, -2), ["--phases", "PFPh,DFPh,PFPh", "--plan", "--format", "json"]));
        const acquisition = overPlan.modifiers.find((m) => m.modifier === "Acquisition -1").figures[0];
        const title = await page.$eval(".view-worth table.worth tbody tr:nth-child(1) td:nth-child(3) span", (n) => n.title);
        assert.ok(title.endsWith(`exact: ${acquisition.worth_exact}`), `Acquisition -1 over the plan: ${title}`);
        await page.uncheck("#f-worth_plan");
      }
      console.log(`ok: the ${view} view`);
    }
    await page.click('#views [data-view="compare"]');
    await page.selectOption("#f-cmp0", "german-81mm");
    // Its values are not in the catalog: the line sends the player to
    // that mortar's values, not to the first mortar's boxes.
    await page.waitForSelector("#status.error", { timeout: 60000 });
    assert.match((await page.textContent("#status")).trim(),
      /^missing: german-81mm:range=MIN-MAX \(mortar\.range\).* \(in the form: the values of german-81mm\)$/);
    await page.fill("#f-cmp0-extra", "rof=3,breakdown=12,range=2-40");
    await page.waitForSelector(".view-compare", { timeout: 120000 });
    // The form's mortar is the first compared: a value it lacks names its
    // box, not a "values" box it does not have.
    await page.fill("#f-rof", "");
    await page.waitForSelector("#status.error", { timeout: 60000 });
    assert.equal((await page.textContent("#status")).trim(),
      "missing: us-81mm:rof=N (mortar.rof) (in the form: ROF)");
    await page.fill("#f-rof", "3");
    await page.waitForSelector(".view-compare", { timeout: 120000 });
    assert.equal((await page.$$(".view-compare th")).length, 3, "two mortars side by side");
    // The units' odds by Player Turn are read from the CLI's JSON keys.
    assert.match(await page.textContent(".view-compare"), /P\(a unit out\) by Player Turn 1\s*\d/,
      "compare shows P(a unit out) by Player Turn");
    await noUnreadKeys(page, "compare");
    console.log("ok: the compare view");
    await page.setViewportSize({ width: 1200, height: 900 });
    await dcView(page);
    await pushView(page);

    // A vehicle in the hex: an AFV with all its AF 4 or less (C1.55), its
    // figures as the CLI's, its own outcomes (C7.7) in their columns.
    await page.click('#views [data-view="shot"]');
    await page.click("#add-afv");
    await page.check('[data-unit="2"] input[aria-label="all AF ≤ 4"]');
    await page.waitForSelector('[data-figure="unit2.immobilized"]', { timeout: 60000 });
    await page.waitForSelector("#status.done", { timeout: 60000 });
    const withAfv = cli(CLI_SHOT.slice(0, -2).concat(["--unit", "afv:PzIIIG,all_af_at_most_4", "--format", "json"]));
    for (const k of ["eliminated", "immobilized", "shocked"]) {
      const got = await page.$eval(`[data-figure="unit2.${k}"]`, (n) => n.dataset.exact || n.textContent);
      assert.equal(got, withAfv.units[2].outcomes[k].exact, `the AFV's P(${k})`);
    }
    assert.match(page.url(), /&u=afv%2C%2C%2C%2C%2C4/, "the address keeps the AFV and its armor");
    console.log("ok: an AFV, as the CLI");

    // The AFV's own To Hit DRM (e.g. Case J1 +1 and J2 +2 against a moving
    // vehicle in DFF) is its extra_drm, and moves only its own To Hit.
    await page.fill('[data-unit="2"] input[aria-label="own To Hit DRM"]', "3");
    assert.match(await page.evaluate(() => location.hash), /u=afv%2C%2C%2C%2C%2C4%2C%2C3(&|$)/, "the address keeps the AFV's own DRM");
    const withDrm = cli(CLI_SHOT.slice(0, -2).concat(["--unit", "afv:PzIIIG,all_af_at_most_4,extra_drm=3", "--format", "json"]));
    const before = withAfv.units[2].outcomes.eliminated.exact;
    assert.notEqual(withDrm.units[2].outcomes.eliminated.exact, before);
    await page.waitForFunction((old) => {
      const n = document.querySelector('[data-figure="unit2.eliminated"]');
      return n && n.dataset.exact !== old && document.querySelector("#status.done");
    }, before, { timeout: 60000 });
    for (const [i, k] of [[2, "eliminated"], [0, "broken"]]) {
      const got = await page.$eval(`[data-figure="unit${i}.${k}"]`, (n) => n.dataset.exact || n.textContent);
      assert.equal(got, withDrm.units[i].outcomes[k].exact, `unit ${i}'s P(${k}) with the AFV's own DRM`);
    }
    console.log("ok: a unit's own To Hit DRM, as the CLI");

    const sheet = await page.request.get(new URL("/sheet?paper=letter", url).href);
    assert.equal(sheet.status(), 200);
    assert.match(await sheet.text(), /Mortar odds sheet/);
    console.log("ok: the printable sheet");
    assert.deepEqual(errors, [], "no script errors on the page");

    if (docs) {
      fs.mkdirSync(DOCS, { recursive: true });
      await page.click('#views [data-view="shot"]');
      await page.waitForSelector(".view-shot");
      await page.waitForSelector("#status.done");
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(DOCS, "serve-desktop.png") });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.evaluate(() => document.getElementById("results").scrollIntoView());
      await page.screenshot({ path: path.join(DOCS, "serve-phone.png") });
      console.log("wrote docs/images/serve-desktop.png and serve-phone.png");
    }
  } finally {
    await browser.close();
    server.kill();
  }
  console.log("browser tests passed");
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
