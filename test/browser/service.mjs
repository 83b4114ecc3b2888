// The service for the browser test, started as `npm run smoke` starts it: wrangler dev on a
// spare port with fresh local state, and a key seeded through the admin route. With
// BROWSER_TEST_URL set, an already running service is used instead (quicker while editing).
import { rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { ensureDevVars, root, seedKey, startService } from "../../scripts/dev-env.mjs";

export async function startTestService({ port, label }) {
  const vars = ensureDevVars();
  const external = process.env.BROWSER_TEST_URL;
  const base = external ?? `http://127.0.0.1:${port}`;
  const children = [];
  let log = "";
  const stop = () => {
    for (const child of children) {
      // Each wrangler leads a process group (detached): stop it with the workerd it started.
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        /* already gone */
      }
    }
  };
  if (!external) {
    const state = resolve(root, ".out/browser-state");
    rmSync(state, { recursive: true, force: true });
    process.on("exit", stop);
    try {
      await startService({
        port,
        persistTo: state,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
        onSpawn(child) {
          children.push(child);
          child.stdout.on("data", (d) => (log += d));
          child.stderr.on("data", (d) => (log += d));
        },
      });
    } catch (e) {
      stop();
      writeFileSync(resolve(root, ".out/browser-service.log"), log);
      throw new Error(`the service did not start (log: .out/browser-service.log): ${e.message}`);
    }
  }
  const apiKey = `sk-browser${Date.now()}`;
  await seedKey(base, process.env.BROWSER_TEST_ADMIN_TOKEN ?? vars.ADMIN_TOKEN, apiKey, label);
  return { base, apiKey, stop, log: () => log };
}
