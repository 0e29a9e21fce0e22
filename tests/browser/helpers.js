// What the browser tests share: where the program and the screenshots
// are, the command line's JSON, and the checks every view passes.
"use strict";

const assert = require("node:assert/strict");
const { execFileSync } = require("node:child_process");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "../..");
const BIN = process.env.MORTAR_ODDS_BIN || path.join(ROOT, "target/debug/mortar-odds");
const SHOTS = path.join(ROOT, "target/browser");

function cli(args) {
  return JSON.parse(execFileSync(BIN, args, { cwd: ROOT, encoding: "utf8" }));
}

// A figure the page reads from a JSON key the CLI no longer writes shows
// as "undefined" or "NaN": none may be on the page.
async function noUnreadKeys(page, view) {
  const text = await page.textContent("#results");
  assert.doesNotMatch(text, /undefined|NaN/, `${view}: a figure read from a missing JSON key`);
}

async function noHorizontalOverflow(page) {
  const widths = await page.evaluate(() => ({
    doc: document.documentElement.scrollWidth, body: document.body.scrollWidth, view: window.innerWidth,
  }));
  assert.ok(widths.doc <= widths.view && widths.body <= widths.view,
    `the page overflows a ${widths.view}px screen: ${JSON.stringify(widths)}`);
}

module.exports = { ROOT, BIN, SHOTS, cli, noUnreadKeys, noHorizontalOverflow };
