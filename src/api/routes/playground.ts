// GET /playground: a page where a user tries the API in the browser: parse a document and
// see each page with its blocks drawn over it beside the Markdown and the JSON, convert a
// PDF to Word or PowerPoint. The page's script, styles, sample and pdf.js are static assets
// (src/playground/public/playground/, `[assets]` in wrangler.toml); the page calls the
// public API itself with the key the user typed, which never leaves the page but in the
// Authorization header (sessionStorage at most, when the user asks).
import { Hono } from "hono";
import type { AppEnv } from "../context";

/** Only our own scripts, styles and fetches: the page holds an API key, so nothing else may run or be reached. */
const PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "content-security-policy": [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    // Uploaded pictures are shown from blob: URLs; the favicon is an empty data: URL.
    "img-src 'self' blob: data:",
    "connect-src 'self'",
    // pdf.js's worker, a module from the same origin.
    "worker-src 'self'",
    "font-src 'self'",
    // The "open the dashboard" form posts the key to /dashboard.
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; "),
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
};

const ASSETS = "/playground/static";

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>docparse playground</title><link rel="icon" href="data:,"><link rel="stylesheet" href="${ASSETS}/style.css">
<script type="module" src="${ASSETS}/app.js"></script></head><body>
<header><h1>docparse playground</h1><nav><a href="/dashboard">Dashboard</a><a href="/docs">API reference</a></nav></header>
<section class="setup">
  <div class="row"><label for="api-key">API key</label>
    <input id="api-key" type="password" placeholder="sk-..." autocomplete="off" spellcheck="false">
    <label class="check"><input id="remember-key" type="checkbox"> keep in this tab</label>
    <button id="open-dashboard" type="button" class="link">usage and tasks</button></div>
  <div class="row"><label for="file">Document</label>
    <input id="file" type="file" accept=".pdf,.png,.jpg,.jpeg,.gif,.webp,.bmp,.tif,.tiff,.docx,.pptx,.xlsx">
    <button id="use-sample" type="button">or use the sample PDF</button>
    <span id="file-name" class="muted"></span></div>
  <div class="row"><span class="label">Options</span>
    <label class="check"><input id="title-levels" type="checkbox" checked> heading levels</label>
    <label class="check"><input id="keep-header-footer" type="checkbox"> keep headers and footers</label></div>
  <div class="row"><span class="label"></span><button id="parse" type="button" class="primary">Parse</button>
    <span id="convert-actions" hidden>Convert this PDF to
    <button id="convert-word" type="button">Word</button> <button id="convert-ppt" type="button">PowerPoint</button></span></div>
  <p id="status" role="status" aria-live="polite"></p>
  <p id="convert-status" role="status" aria-live="polite"></p>
</section>
<section id="result" hidden>
  <div id="legend" class="legend"></div>
  <div class="panes">
    <div id="pages" class="pages"></div>
    <div class="outputs">
      <h2>Markdown</h2><pre id="markdown" class="output"></pre>
      <h2>JSON</h2><pre id="json" class="output"></pre>
    </div>
  </div>
</section>
<form id="dashboard-form" method="post" action="/dashboard" target="_blank" hidden><input type="hidden" name="api_key"></form>
<noscript><p>The playground needs JavaScript. The API itself works without it: see <a href="/docs">the reference</a>.</p></noscript>
</body></html>`;

export const playgroundRoutes = new Hono<AppEnv>().get("/", () => new Response(PAGE, { headers: PAGE_HEADERS }));
