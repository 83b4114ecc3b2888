// `npm test`: the bindings' generated types checked, type-check, the vitest suites inside
// workerd (real R2, Durable Objects and Queues from Miniflare, real documents), the command
// line in Node (test/cli), the Workers' bundle sizes, then against `wrangler dev`: the
// black-box smoke run over HTTP, the typed client (test/client), the playground and the
// dashboard in chromium (test/browser), and the chaos run (scripts/chaos/main.mjs). Ends with
// one line "N passed, M failed". None of it needs more than the repository.
// `npm run test:corpus` (this script with --corpus): the suites that read the evaluation
// corpus (test/**/*.corpus.test.ts, vitest.corpus.config.ts), which fail at once without it.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { quietEnv, root, typesArgs } from "./dev-env.mjs";

const bin = (name) => resolve(root, "node_modules/.bin", name);
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, env: quietEnv, stdio: "inherit" }).status ?? 1;

let passed = 0;
let failed = 0;
const corpusOnly = process.argv.includes("--corpus");
const vitestArgs = process.argv.slice(2).filter((a) => a !== "--corpus");

function finish() {
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

if (corpusOnly) {
  console.log("== vitest on the evaluation corpus (test/**/*.corpus.test.ts)");
  vitest(["-c", "vitest.corpus.config.ts", ...vitestArgs], "vitest-corpus.json");
  finish();
}

console.log("== wrangler types (worker-configuration.d.ts is what `npm run types` makes of wrangler.toml now)");
{
  // `npm run types`'s own arguments, with --check (which compares the Env part by its hash).
  // There, --env-file /dev/null keeps one's .dev.vars secrets out (they differ between
  // machines; src/env.ts declares them), --include-runtime false leaves the runtime's types to
  // @cloudflare/workers-types, --strict-vars false types a var as a string, not as its value,
  // and the helper Workers' configs type the service bindings' entrypoints.
  if (run(bin("wrangler"), [...typesArgs(), "--check"]) === 0) passed++;
  else failed++;
}

console.log("== type check");
// The client (client/) against the web platform alone: no Node or Workers types.
if (run(bin("tsc"), ["--noEmit"]) === 0 && run(bin("tsc"), ["--noEmit", "-p", "tsconfig.node.json"]) === 0 && run(bin("tsc"), ["--noEmit", "-p", "client/tsconfig.json"]) === 0) passed++;
else failed++;

/** Runs vitest (inside workerd) with `args`; each of its tests counts, and a run that fails without a failed test counts as one. */
function vitest(args, reportName) {
  mkdirSync(resolve(root, ".out"), { recursive: true });
  const report = resolve(root, ".out", reportName);
  rmSync(report, { force: true }); // a run that dies early must not be read from the last one's report
  const status = run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...args]);
  try {
    const json = JSON.parse(readFileSync(report, "utf8"));
    passed += json.numPassedTests;
    failed += json.numFailedTests + (status !== 0 && json.numFailedTests === 0 ? 1 : 0);
  } catch {
    failed++;
  }
}

console.log("== vitest (workerd)");
vitest(vitestArgs, "vitest.json");

/**
 * Runs a node:test file; each of its tests counts. Prints the TAP result lines, and with
 * `reasons` the failures' error lines, each reason once (a service that did not start fails
 * every test with the same one).
 */
function nodeTests(file, { reasons = false } = {}) {
  const result = spawnSync(process.execPath, ["--test", "--test-reporter=tap", resolve(root, file)], { cwd: root, env: quietEnv, encoding: "utf8" });
  const lines = result.stdout.split("\n").filter((l) => /^(not )?ok |^# (pass|fail)/.test(l) || (reasons && /^\s+error: /.test(l)));
  process.stdout.write(lines.filter((l, i) => !/^\s+error: /.test(l) || lines.indexOf(l) === i).join("\n") + "\n");
  const count = (what) => Number(new RegExp(`^# ${what} (\\d+)$`, "m").exec(result.stdout)?.[1] ?? 0);
  passed += count("pass");
  failed += count("fail") + (result.status !== 0 && count("fail") === 0 ? 1 : 0);
}

console.log("== CLI (node --test test/cli)");
nodeTests("test/cli/cli.test.mjs");

console.log("== bundle sizes (npm run deploy -- --dry-run: each Worker as wrangler would upload it)");
if (run(process.execPath, [resolve(root, "scripts/deploy.mjs"), "--dry-run"]) === 0) passed++;
else failed++;

console.log("== smoke (wrangler dev over HTTP)");
if (run(process.execPath, [resolve(root, "scripts/smoke.mjs")]) === 0) passed++;
else failed++;

console.log("== client (node --test test/client against wrangler dev)");
// The typed client (client/), bundled as a browser would get it, calling the real service.
nodeTests("test/client/client.test.mjs");

console.log("== browser (playwright-core + chromium)");
// The playground and the dashboard driven in Debian's chromium against wrangler dev
// (installed when missing; the stage fails, never skips, when it cannot be). Screenshots in
// .out/screenshots/.
nodeTests("test/browser/playground.test.mjs", { reasons: true });

console.log("== chaos (the service attacked, killed and restarted; without the load case, whose latencies are the machine's)");
if (spawnSync(process.execPath, [resolve(root, "scripts/chaos/main.mjs")], { cwd: root, env: { ...quietEnv, CHAOS_SKIP: "load" }, stdio: "inherit" }).status === 0) passed++;
else failed++;

finish();
