// /dashboard: a small page where a user enters their key (POST form, never in the URL)
// and sees the key's label, usage and recent tasks, with signed download links for the
// files finished tasks made.
import { Hono } from "hono";
import type { TaskIndexEntry } from "../../../durable-objects/account";
import type { AppContext, AppEnv } from "../context";
import { authenticate } from "../auth";
import { readForm } from "../form";
import { ApiError } from "../errors";
import { escapeHtml } from "../html";
import { loadOwnedTask, taskLinks } from "../task-access";


const PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
};

/** The rows that get a download column: the table shows this many tasks. */
const TASKS_SHOWN = 50;

function page(body: string, status = 200): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>docparse dashboard</title><style>
body{font:15px/1.5 system-ui,sans-serif;max-width:980px;margin:2rem auto;padding:0 1rem;color:#1d2330}
h1{font-size:1.4rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #dde;padding:.35rem .5rem;text-align:left}
.cards{display:flex;gap:1rem;flex-wrap:wrap}.card{border:1px solid #dde;border-radius:8px;padding:.8rem 1rem;min-width:180px}
.card b{display:block;font-size:1.6rem}.err{color:#a40000}input[type=password]{width:28rem;max-width:100%;padding:.4rem}button{padding:.4rem 1rem}
nav a{margin-right:1rem}.muted{color:#667}
</style></head><body><h1>docparse dashboard</h1>
<nav><a href="/playground">Playground</a><a href="/docs">API reference</a></nav>${body}</body></html>`;
  return new Response(html, { status, headers: PAGE_HEADERS });
}

const FORM = `<form method="post" action="/dashboard" autocomplete="off">
<label for="api_key">API key</label><br><input id="api_key" name="api_key" type="password" placeholder="sk-..." required>
<button type="submit">Show usage</button></form>`;

/**
 * The download cell of a task: a fresh signed link (as /async_check hands out) to the zip
 * of a parse that asked for one or to a converted document. A parse without a file says
 * so: its Markdown and JSON are read through /v1/parse/async_check.
 */
async function downloadCell(c: AppContext, keyHash: string, t: TaskIndexEntry): Promise<string> {
  if (t.status !== "success") return "";
  try {
    // Read as /async_check reads it: the key's own task, not past its retention period.
    const record = await loadOwnedTask(c, t.taskId, keyHash, t.kind);
    const links = await taskLinks(c, record);
    if (!links.fileUrl) return `<span class="muted">no file (results via /v1/parse/async_check)</span>`;
    const name = record.result.fileName ?? (record.kind === "parse" ? "result.zip" : "download");
    return `<a href="${escapeHtml(links.fileUrl)}">${escapeHtml(name)}</a>`;
  } catch (e) {
    if (e instanceof ApiError && e.kind === "RESULT_EXPIRED") return `<span class="muted">deleted after the retention period</span>`;
    if (e instanceof ApiError && e.kind === "TASK_NOT_FOUND") return `<span class="muted">unavailable</span>`;
    // One task's link failing (a missing signing secret, a Durable Object not answering) costs that link, not the page.
    console.error(`dashboard: no download link for task ${t.taskId}`, e);
    return `<span class="muted">link unavailable</span>`;
  }
}

async function showUsage(c: AppContext): Promise<Response> {
  let form: FormData;
  try {
    form = (await readForm(c.req.raw)).fields;
  } catch {
    return page(`<p class="err">Enter your API key in the form.</p>${FORM}`, 400);
  }
  try {
    const caller = await authenticate(c.env, form, c.req.header("authorization"));
    const info = await caller.account.describe(c.var.now().toISOString());
    const u = info.usage;
    const label = info.key?.label ? escapeHtml(info.key.label) : `<span class="muted">(no label)</span>`;
    const created = info.key ? ` <span class="muted">created ${escapeHtml(info.key.createdAt.slice(0, 16).replace("T", " "))} UTC</span>` : "";
    const keyLine = `<p>Key: <b class="key-label">${label}</b>${created}</p>`;
    const cards = [
      ["Paid pages left", u.remaining_paid_pages],
      ["Free pages left today", u.remaining_free_pages_today],
      ["Free pages left this month", u.remaining_free_pages_this_month],
    ].map(([label, n]) => `<div class="card">${label}<b>${n}</b></div>`).join("");
    const plans = info.plans.length
      ? `<h2>Paid plans</h2><table><tr><th>Pages</th><th>Used</th><th>Expires (UTC)</th></tr>${info.plans
          .map((p) => `<tr><td>${p.pages}</td><td>${p.used}</td><td>${escapeHtml(p.expiresAt.slice(0, 16).replace("T", " "))}</td></tr>`)
          .join("")}</table>`
      : "";
    const shown = info.tasks.slice(0, TASKS_SHOWN);
    const downloads = await Promise.all(shown.map((t) => downloadCell(c, caller.keyHash, t)));
    const rows = shown
      .map((t, i) => `<tr><td>${t.recordId}</td><td>${escapeHtml(t.createdAt.slice(0, 19).replace("T", " "))}</td><td>${t.kind}</td><td>${escapeHtml(t.fileName)}</td><td>${t.pages}</td><td>${escapeHtml(t.status)}</td><td>${downloads[i]}</td><td><code>${escapeHtml(t.taskId)}</code></td></tr>`)
      .join("");
    const ttlMinutes = Math.round(c.var.config.DOWNLOAD_URL_TTL_SECONDS / 60);
    const tasks = `<h2>Recent tasks</h2>${
      rows
        ? `<p class="muted">Download links are signed and work for ${ttlMinutes} min; show this page again for fresh ones.</p><table><tr><th>#</th><th>Created (UTC)</th><th>Kind</th><th>File</th><th>Pages</th><th>Status</th><th>Download</th><th>task_id</th></tr>${rows}</table>`
        : "<p>No tasks yet.</p>"
    }`;
    return page(`${keyLine}<div class="cards">${cards}</div>${plans}${tasks}<p><a href="/dashboard">Use another key</a></p>`);
  } catch (e) {
    if (e instanceof ApiError) return page(`<p class="err">${escapeHtml(e.message)}</p>${FORM}`, e.status);
    throw e;
  }
}

export const dashboardRoutes = new Hono<AppEnv>()
  .get("/", () => page(`<p>Enter your API key to see its remaining pages and recent tasks.</p>${FORM}`))
  .post("/", showUsage);
