// `npm start`: runs the service locally under wrangler dev (local R2, Durable Objects and
// Queues, no account, no network) at http://127.0.0.1:$PORT (8787), the processor and
// renderer Workers in a second process (scripts/dev-env.mjs), with local secrets generated
// when missing and a development API key seeded ($DEV_API_KEY or a generated one).
import { ensureDevVars, seedKey, startService } from "./dev-env.mjs";

const port = Number(process.env.PORT ?? 8787);
const base = `http://127.0.0.1:${port}`;
const vars = ensureDevVars();
const children = [];
const stop = (sig) => children.forEach((child) => child.kill(sig));
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => stop(sig));

try {
  await startService({
    port,
    extraArgs: process.argv.slice(2),
    onSpawn(child) {
      children.push(child);
      // One process gone leaves the service half there: stop the other too.
      child.once("exit", (code) => {
        stop("SIGTERM");
        process.exit(code ?? 0);
      });
    },
  });
  await seedKey(base, vars.ADMIN_TOKEN, vars.DEV_API_KEY, "development key");
  console.log(`\n  docparse is running at ${base}\n  development API key: ${vars.DEV_API_KEY}\n  admin token (for npm run keys): in .dev.vars\n  dashboard: ${base}/dashboard\n`);
} catch (e) {
  console.error(`start failed: ${e.message}`);
  stop("SIGTERM");
  process.exit(1);
}
