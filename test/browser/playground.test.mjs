// The playground and the dashboard in a real browser: playwright-core drives Debian's
// chromium against the service under wrangler dev (test/helpers/service.mjs). A PDF is
// uploaded and parsed, its blocks must be drawn over the page's text, its Markdown and JSON
// shown, its conversion to Word must give a link to a real .docx, and the dashboard must show
// the key's usage and finished tasks with working links. Screenshots: .out/screenshots/.
// Run: node --test test/browser/playground.test.mjs (npm test runs it after the smoke stage).
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { after, before, test } from "node:test";
import { unzipSync } from "fflate";
import { chromium } from "playwright-core";
import { root } from "../../scripts/dev-env.mjs";
import { ensureChromium } from "./chromium.mjs";
import { startTestService } from "../helpers/service.mjs";

const PORT = Number(process.env.BROWSER_TEST_PORT ?? 8831);
const LABEL = "browser test key";
const FIXTURE = resolve(root, "src/playground/public/playground/static/sample.pdf");
const SHOTS = resolve(root, ".out/screenshots");
/** Parsing and converting run through the queue on a shared machine: generous, but bounded. */
const TASK_TIMEOUT = 90_000;

let service;
let apiKey;
let browser;
let page;
const consoleErrors = [];

before(async () => {
  const executablePath = ensureChromium();
  mkdirSync(SHOTS, { recursive: true });
  service = await startTestService({ port: PORT, name: "browser-test" });
  apiKey = await service.newKey(LABEL);
  browser = await chromium.launch({ executablePath, args: ["--no-sandbox"] });
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.on("console", (msg) => msg.type() === "error" && consoleErrors.push(`console: ${msg.text()} (${msg.location().url})`));
  page.on("pageerror", (err) => consoleErrors.push(`page error: ${err.message}`));
});

after(async () => {
  await browser?.close();
  service?.stop();
});

async function fetchZip(url) {
  const res = await fetch(url);
  assert.equal(res.status, 200, `GET ${url}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  assert.deepEqual([bytes[0], bytes[1]], [0x50, 0x4b], "a zip (PK) file");
  return unzipSync(bytes);
}

test("the playground loads with no console errors", async () => {
  await page.goto(`${service.base}/playground`);
  await page.waitForSelector("body[data-ready]");
  assert.equal(await page.title(), "docparse playground");
  assert.ok(await page.isVisible("#api-key"));
  await page.screenshot({ path: resolve(SHOTS, "playground-empty.png") });
  assert.deepEqual(consoleErrors, []);
});

test("an uploaded PDF is parsed: blocks drawn over the pages' text, Markdown and JSON shown", async () => {
  await page.fill("#api-key", apiKey);
  await page.setInputFiles("#file", FIXTURE);
  assert.ok(await page.isVisible("#convert-actions"), "a PDF offers conversion");
  await page.click("#parse");
  await page.waitForSelector("#pages[data-ready]", { timeout: TASK_TIMEOUT });
  assert.equal(await page.locator("figure.page").count(), 2);
  assert.ok((await page.locator("svg.overlay g.block").count()) >= 8, "blocks drawn");
  assert.deepEqual(await page.locator("canvas.blank").count(), 0, "every page has its picture");
  const markdown = await page.textContent("#markdown");
  for (const text of ["Playground sample", "1. What the parser finds", "Word document", "The second page"]) assert.ok(markdown.includes(text), `Markdown holds "${text}":\n${markdown}`);
  assert.ok(await page.isVisible("#markdown"));
  const json = JSON.parse(await page.textContent("#json"));
  assert.equal(json.pages.length, 2);
  assert.deepEqual(json.pages[0].page_size, { h: 792, w: 612 });
  assert.ok(await page.isVisible("#json"));
  // Boxes over the right text: the title's box on the page's picture holds ink, and the
  // band of the same height just above it (margin) holds none.
  const ink = await page.evaluate(() => {
    const sheet = document.querySelector("figure.page .sheet");
    const canvas = sheet.querySelector("canvas");
    const svg = sheet.querySelector("svg");
    const [, , w, h] = svg.getAttribute("viewBox").split(" ").map(Number);
    const title = svg.querySelector('g.block[data-type="title"] rect.box');
    const [x, y, bw, bh] = ["x", "y", "width", "height"].map((a) => Number(title.getAttribute(a)));
    const ctx = canvas.getContext("2d");
    const darkShare = (px, py, pw, ph) => {
      const sx = canvas.width / w;
      const sy = canvas.height / h;
      const data = ctx.getImageData(Math.round(px * sx), Math.round(py * sy), Math.max(1, Math.round(pw * sx)), Math.max(1, Math.round(ph * sy))).data;
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] + data[i + 1] + data[i + 2] < 300) dark++;
      return dark / (data.length / 4);
    };
    return { inside: darkShare(x, y, bw, bh), above: darkShare(x, Math.max(0, y - bh - 4), bw, bh) };
  });
  assert.ok(ink.inside > 0.05, `the title's box covers its text (${JSON.stringify(ink)})`);
  assert.ok(ink.above < 0.01, `the margin above the title is blank (${JSON.stringify(ink)})`);
  await page.screenshot({ path: resolve(SHOTS, "playground-parsed.png"), fullPage: true });
  await page.locator("figure.page").first().screenshot({ path: resolve(SHOTS, "playground-page1.png") });
});

test("converting to Word gives a download link to a real .docx", async () => {
  await page.click("#convert-word");
  const link = await page.waitForSelector("#download-word", { timeout: TASK_TIMEOUT });
  const href = await link.getAttribute("href");
  assert.match(await link.textContent(), /\.docx$/);
  const files = await fetchZip(href);
  assert.ok("word/document.xml" in files, "a Word document");
  assert.ok(new TextDecoder().decode(files["word/document.xml"]).includes("Playground sample"));
  await page.screenshot({ path: resolve(SHOTS, "playground-converted.png") });
});

test("the dashboard shows the key's usage and finished tasks with download links", async () => {
  await page.goto(`${service.base}/dashboard`);
  await page.fill("#api_key", apiKey);
  await page.click("button[type=submit]");
  await page.waitForSelector("text=Recent tasks");
  const body = await page.textContent("body");
  assert.ok(body.includes(LABEL), "the key's label");
  assert.ok(body.includes("Free pages left today"));
  // Two pages parsed and two converted so far, of the daily free quota.
  const today = Number(await page.locator(".card", { hasText: "Free pages left today" }).locator("b").textContent());
  assert.ok(today > 0 && today <= 196, `usage counted: ${today}`);
  assert.equal(await page.locator("table tr", { hasText: "sample.pdf" }).count(), 2);
  const docx = page.locator("a", { hasText: /\.docx$/ });
  assert.equal(await docx.count(), 1);
  const files = await fetchZip(await docx.getAttribute("href"));
  assert.ok("word/document.xml" in files);
  assert.ok(body.includes("no file (results via /v1/parse/async_check)"), "the parse without a file says so");
  await page.screenshot({ path: resolve(SHOTS, "dashboard.png"), fullPage: true });
});

test("no console errors in the whole run", () => {
  assert.deepEqual(consoleErrors, []);
});
