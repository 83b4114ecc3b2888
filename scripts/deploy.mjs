// `npm run deploy`: the service's four Workers onto the Cloudflare account wrangler is
// logged in to (`npx wrangler login`), in the order their bindings need: the renderer and
// the OCR Worker first (the processor's and the main Worker's service bindings name them),
// PP-OCR's networks into the bucket, the processor, then the main Worker.
// `npm run deploy -- --dry-run`: each Worker bundled as wrangler would upload it, with no
// account, and its size checked against the plan's limit; `npm test` runs this.
// docs/deploying.md has the whole path (bucket, queues, secrets, first key).
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { root } from "./dev-env.mjs";

/** The Workers, helpers first. */
const WORKERS = [
  { name: "renderer", config: "src/renderer/wrangler.toml" },
  { name: "ocr", config: "src/ocr/wrangler.toml" },
  { name: "processor", config: "src/processor/wrangler.toml" },
  { name: "main", config: "wrangler.toml" },
];
/** A Worker's upload after gzip may be at most this on the Workers Paid plan (KiB); Free allows 3 MiB. */
const PAID_LIMIT_KIB = 10 * 1024;

const dryRun = process.argv.includes("--dry-run");
const wrangler = resolve(root, "node_modules/.bin/wrangler");
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

function run(args) {
  const result = spawnSync(wrangler, args, { cwd: root, env, encoding: "utf8" });
  return { status: result.status ?? 1, output: `${result.stdout}${result.stderr}` };
}

let failed = false;
for (const worker of WORKERS) {
  if (!dryRun && worker.name === "processor") {
    // The OCR Worker reads PP-OCR's networks from R2: put them there before the processor sends it pictures.
    const seeded = spawnSync(process.execPath, [resolve(root, "scripts/seed-models.mjs"), "--remote"], { cwd: root, env, stdio: "inherit" });
    if (seeded.status !== 0) process.exit(seeded.status ?? 1);
  }
  const args = ["deploy", "-c", worker.config, ...(dryRun ? ["--dry-run", "--outdir", resolve(root, ".out/deploy", worker.name)] : [])];
  const { status, output } = run(args);
  const size = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(output);
  if (status !== 0 || !size) {
    process.stdout.write(output);
    console.error(`deploy: the ${worker.name} Worker (${worker.config}) failed${size ? "" : ": wrangler printed no bundle size"}.`);
    process.exit(status || 1);
  }
  const gzip = Number(size[2]);
  const fits = gzip <= PAID_LIMIT_KIB;
  if (!fits) failed = true;
  console.log(`${worker.name.padEnd(10)} ${(Number(size[1]) / 1024).toFixed(1).padStart(5)} MiB, gzip ${(gzip / 1024).toFixed(2)} MiB of ${PAID_LIMIT_KIB / 1024} MiB${fits ? "" : "  TOO LARGE"}${dryRun ? "" : "  deployed"}`);
}
if (failed) {
  console.error(`deploy: a Worker's bundle passes the ${PAID_LIMIT_KIB / 1024} MiB (gzip) a Worker may be.`);
  process.exit(1);
}
