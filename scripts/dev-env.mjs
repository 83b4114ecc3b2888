// Shared by the start, test and smoke scripts: an environment in which wrangler and
// Miniflare reach for nothing on the network, and the local secrets in .dev.vars.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { seedLocalModels } from "./seed-models.mjs";
import { quietEnv, root } from "./quiet-env.mjs";

// The checkout and the quiet environment, for the scripts that import them from here.
export { quietEnv, root };

const wrangler = resolve(root, "node_modules/.bin/wrangler");
const devVarsPath = resolve(root, ".dev.vars");

/**
 * Runs the whole service under wrangler dev, as two processes: workerd runs one process's
 * Workers on one thread, so the Workers that do the heavy work (the processor and the
 * renderer) run in a process of their own and the main Worker's HTTP never waits behind
 * their CPU, as on Cloudflare, where each Worker has isolates of its own. The main
 * Worker's PROCESSOR and RENDERER bindings reach them through wrangler's dev registry
 * (`registry`, a folder of this service's own, so two local services never cross), and
 * both share R2 through the persistence folder (SQLite files: the processes start one after
 * the other, as two starting at once lock each other out). Resolves, once both answer, to
 * the two children (each leading a process group of its own when `detached`, so wrangler
 * and workerd can be killed together). `onSpawn` hears of each child as it is spawned,
 * so a caller can stop them should the start fail half way. `workersEnv` adds to the
 * environment of the processor, renderer and OCR Workers' process alone (the service bench
 * gives its workerd V8 flags). `output` (dev-output.mjs) shows what the processes print,
 * in place of `stdio`.
 */
export async function startService({ port, persistTo = resolve(root, ".wrangler/state"), stdio = "inherit", extraArgs = [], detached = false, onSpawn, workersEnv = {}, output }) {
  const registry = resolve(persistTo, "registry");
  mkdirSync(registry, { recursive: true });
  const env = { ...quietEnv, WRANGLER_REGISTRY_PATH: registry };
  const common = ["--ip", "127.0.0.1", "--local", "--persist-to", persistTo, "--show-interactive-dev-session=false"];
  // Before any process holds the persistence folder: the OCR Worker reads its networks from R2.
  seedLocalModels(persistTo);
  const workerConfigs = ["-c", resolve(root, "src/processor/wrangler.toml"), "-c", resolve(root, "src/renderer/wrangler.toml"), "-c", resolve(root, "src/ocr/wrangler.toml")];
  const childStdio = output ? ["ignore", "pipe", "pipe"] : stdio;
  const workers = spawn(wrangler, ["dev", ...workerConfigs, "--port", String(port + 1), "--inspector-port", String(port + 2), "--env-file", devVarsPath, ...common], { cwd: root, env: { ...env, ...workersEnv }, stdio: childStdio, detached });
  output?.follow(workers, { condense: true });
  onSpawn?.(workers);
  await waitForHttp(`http://127.0.0.1:${port + 1}/`, 120_000, workers, true);
  const main = spawn(wrangler, ["dev", "-c", resolve(root, "wrangler.toml"), "--port", String(port), "--inspector-port", String(port + 3), ...common, ...extraArgs], { cwd: root, env, stdio: childStdio, detached });
  output?.follow(main);
  onSpawn?.(main);
  await waitForHttp(`http://127.0.0.1:${port}/`, 120_000, main);
  return { workers, main };
}

/** `npm run types`'s wrangler arguments (package.json); with `--check` added, wrangler says whether the types file is current. */
export const typesArgs = () => JSON.parse(readFileSync(resolve(root, "package.json"), "utf8")).scripts.types.split(/\s+/).slice(1);

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

/** Waits until `url` answers (any status below 500 when `anyStatus`, else a 2xx). */
export async function waitForHttp(url, timeoutMs, child, anyStatus = false) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child && child.exitCode !== null) throw new Error(`wrangler dev exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      await res.body?.cancel();
      if (res.ok || (anyStatus && res.status < 500)) return;
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
