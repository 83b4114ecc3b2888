// Shared by the start, test and smoke scripts: an environment in which wrangler and
// Miniflare reach for nothing on the network, and the local secrets in .dev.vars.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";

export const root = resolve(import.meta.dirname, "..");

/** wrangler dev's config flags for the whole service: the main Worker, then the renderer Worker its RENDERER binding reaches. */
export const devConfigs = ["-c", resolve(root, "wrangler.toml"), "-c", resolve(root, "src/renderer/wrangler.toml")];

export const quietEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  NO_UPDATE_NOTIFIER: "1",
  // Local runs have no browser to open and no account to log in to.
  BROWSER: "none",
};

/** Reads .dev.vars (KEY=value lines) and adds any missing secret, keeping existing ones. */
export function ensureDevVars() {
  const path = resolve(root, ".dev.vars");
  const vars = {};
  if (existsSync(path)) {
    for (const line of readFileSync(path, "utf8").split("\n")) {
      const m = /^\s*([A-Z0-9_]+)\s*=\s*"?(.*?)"?\s*$/.exec(line);
      if (m) vars[m[1]] = m[2];
    }
  }
  const before = JSON.stringify(vars);
  vars.SIGNING_SECRET ||= randomBytes(32).toString("hex");
  vars.ADMIN_TOKEN ||= randomBytes(24).toString("hex");
  if (process.env.DEV_API_KEY) vars.DEV_API_KEY = process.env.DEV_API_KEY;
  vars.DEV_API_KEY ||= `sk-dev${randomBytes(24).toString("base64url").replace(/[^A-Za-z0-9]/g, "")}`;
  if (JSON.stringify(vars) !== before) {
    const body = Object.entries(vars).map(([k, v]) => `${k}=${v}`).join("\n");
    writeFileSync(path, `# Local secrets for wrangler dev, made by scripts/dev-env.mjs. Not committed.\n${body}\n`, { mode: 0o600 });
  }
  return vars;
}

export async function waitForHttp(url, timeoutMs, child) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child && child.exitCode !== null) throw new Error(`wrangler dev exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Creates (or confirms) a key through the admin route. */
export async function seedKey(baseUrl, adminToken, apiKey, label) {
  const res = await fetch(`${baseUrl}/admin/keys`, {
    method: "POST",
    headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
    body: JSON.stringify({ api_key: apiKey, label }),
  });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`seeding the key failed: ${JSON.stringify(body)}`);
  return body.data;
}
