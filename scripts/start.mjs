// `npm start`: runs the Worker locally under wrangler dev (local R2, Durable Objects and
// Queues, no account, no network) at http://127.0.0.1:$PORT (8787), with local secrets
// generated when missing and a development API key seeded ($DEV_API_KEY or a generated one).
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { devConfigs, ensureDevVars, quietEnv, root, seedKey, waitForHttp } from "./dev-env.mjs";

const port = Number(process.env.PORT ?? 8787);
const base = `http://127.0.0.1:${port}`;
const vars = ensureDevVars();
const wrangler = resolve(root, "node_modules/.bin/wrangler");
const child = spawn(wrangler, ["dev", ...devConfigs, "--ip", "127.0.0.1", "--port", String(port), "--local", "--show-interactive-dev-session=false", ...process.argv.slice(2)], {
  cwd: root,
  env: quietEnv,
  stdio: ["ignore", "inherit", "inherit"],
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));

try {
  await waitForHttp(`${base}/`, 120_000, child);
  await seedKey(base, vars.ADMIN_TOKEN, vars.DEV_API_KEY, "development key");
  console.log(`\n  docparse is running at ${base}\n  development API key: ${vars.DEV_API_KEY}\n  admin token (for npm run keys): in .dev.vars\n  dashboard: ${base}/dashboard\n`);
} catch (e) {
  console.error(`start failed: ${e.message}`);
  child.kill("SIGTERM");
  process.exit(1);
}
