// The real service for the Node-run tests (test/client, test/browser), started as `npm run
// smoke` starts it: wrangler dev on spare ports with fresh local state, keys seeded through
// the admin route. With TEST_SERVICE_URL set, an already running service is used instead
// (quicker while editing; TEST_SERVICE_ADMIN_TOKEN is its admin token when not the one in
// .dev.vars).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { resolve } from "node:path";
import { ensureDevVars, root, seedKey, startService } from "../../scripts/dev-env.mjs";

/** Ports a service takes from its own: the main Worker, the other Workers, two inspectors. */
const PORTS_PER_SERVICE = 4;

/** `name` tells the state folder and the saved log apart: .out/<name>-state-<port>, .out/<name>-service.log. */
export async function startTestService({ port: wanted, name }) {
  const vars = ensureDevVars();
  const external = process.env.TEST_SERVICE_URL;
  // Another checkout's or another test's service may already hold these ports, and
  // startService's readiness check would then take its answers for ours: start from free ones.
  const port = external ? wanted : await freePorts(wanted);
  const base = external ?? `http://127.0.0.1:${port}`;
  const children = [];
  let log = "";
  const stop = () => {
    for (const child of children) {
      // Each wrangler leads a process group (detached): stopped with the workerd it started.
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        /* already gone */
      }
    }
    children.length = 0;
  };
  if (!external) {
    // One folder per port: two runs at once (each on its own free ports) never share state.
    const state = resolve(root, `.out/${name}-state-${port}`);
    rmSync(state, { recursive: true, force: true });
    mkdirSync(state, { recursive: true });
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
      saveLog();
      throw new Error(`the service did not start (log: .out/${name}-service.log): ${e.message}`);
    }
  }
  const adminToken = process.env.TEST_SERVICE_ADMIN_TOKEN ?? vars.ADMIN_TOKEN;
  /** A fresh key of its own, so one test's pages never show in another's usage. */
  const newKey = async (label) => {
    const apiKey = `sk-${name.replace(/[^A-Za-z0-9]/g, "")}${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
    await seedKey(base, adminToken, apiKey, label);
    return apiKey;
  };
  function saveLog() {
    if (log) writeFileSync(resolve(root, `.out/${name}-service.log`), log);
  }
  return { base, newKey, stop, saveLog, log: () => log };
}

/** The first port from `from` up (by steps of PORTS_PER_SERVICE) such that it and the next three are free. */
async function freePorts(from) {
  for (let port = from; port < from + 400; port += PORTS_PER_SERVICE) {
    const free = await Promise.all(Array.from({ length: PORTS_PER_SERVICE }, (_, i) => isFree(port + i)));
    if (free.every(Boolean)) return port;
  }
  throw new Error(`no ${PORTS_PER_SERVICE} free ports from ${from} on`);
}

function isFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}
