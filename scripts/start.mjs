// `npm start`: runs the service locally under wrangler dev (local R2, Durable Objects and
// Queues, no account, no network) at http://127.0.0.1:$PORT (8787), the processor and
// renderer Workers in a second process (scripts/dev-env.mjs), with local secrets generated
// when missing and a development API key seeded ($DEV_API_KEY or a generated one).
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { ensureDevVars, quietEnv, root, seedKey, startService, typesArgs } from "./dev-env.mjs";
import { quietOutput } from "./dev-output.mjs";

const port = Number(process.env.PORT ?? 8787);
const base = `http://127.0.0.1:${port}`;
const vars = ensureDevVars();

// Each wrangler leads a process group of its own (`detached`), and stopping means signalling
// the whole group: `node_modules/.bin/wrangler` is a wrapper that does not pass signals on to
// the wrangler it runs, which runs workerd, so signalling the wrapper alone left wrangler and
// workerd running. A signal sent to npm comes here (package.json `exec`s this script: no
// shell between them to swallow it), and so does Ctrl-C in a terminal.
const children = [];
const signalGroups = (sig) => {
  for (const child of children) {
    try {
      process.kill(-child.pid, sig);
    } catch {
      /* that group is gone already */
    }
  }
};
const groupsLeft = () =>
  children.some((child) => {
    try {
      process.kill(-child.pid, 0);
      return true;
    } catch {
      return false;
    }
  });

let stopping = false;
/** Signals both groups, gives them 10 s to shut down (wrangler disposes of workerd) and kills what is left, then exits. */
async function stopAndExit(sig, code) {
  if (stopping) return;
  stopping = true;
  signalGroups(sig);
  const deadline = Date.now() + 10_000;
  while (groupsLeft() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  signalGroups("SIGKILL");
  process.exit(code);
}
// A stop that was asked for is a clean exit (npm would report any other status as a failure).
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(sig, () => stopAndExit(sig, 0));
// However else this process ends, the service does not outlive it.
process.on("exit", () => signalGroups("SIGKILL"));

/**
 * Whether worker-configuration.d.ts is what `npm run types` makes of the four configs now,
 * checked as `npm test` checks it (wrangler's own note compares it with one config).
 */
function typesCurrent() {
  return new Promise((done) => {
    const check = spawn(resolve(root, "node_modules/.bin/wrangler"), [...typesArgs(), "--check"], { cwd: root, env: quietEnv, stdio: "ignore" });
    check.on("exit", (code) => done(code === 0));
    check.on("error", () => done(true));
  });
}

const output = quietOutput();
const typesChecked = typesCurrent();
try {
  await startService({
    port,
    extraArgs: process.argv.slice(2),
    detached: true,
    output,
    onSpawn(child) {
      children.push(child);
      // One process gone leaves the service half there: stop the other too.
      child.once("exit", (code) => stopAndExit("SIGTERM", code ?? 0));
    },
  });
  await seedKey(base, vars.ADMIN_TOKEN, vars.DEV_API_KEY, "development key");
  output.started();
  if (!(await typesChecked)) console.log("\n  worker-configuration.d.ts is out of date with the wrangler.toml files: run `npm run types`.");
  console.log(`\n  docparse is running at ${base}\n  development API key: ${vars.DEV_API_KEY}\n  admin token (for npm run keys): in .dev.vars\n  dashboard: ${base}/dashboard\n`);
} catch (e) {
  console.error(`start failed: ${e.message}`);
  await stopAndExit("SIGTERM", 1);
}
