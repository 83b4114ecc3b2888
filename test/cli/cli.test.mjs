// The command line as a user runs it: the `docparse` bin (dist/cli.mjs, built first from the
// current source, as postinstall and `npm run build` build it), a Node process, not workerd.
// Help, mistakes refused before any work with exit status 2, parse --out writing the
// Markdown, the JSON and the pictures the Markdown links to, and convert writing nothing into
// the current directory.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "../..");
const bin = resolve(root, "dist/cli.mjs");
const fixture = (path) => resolve(root, "test/fixtures", path);

const build = spawnSync(process.execPath, [resolve(root, "scripts/build-cli.mjs")], { encoding: "utf8" });
assert.equal(build.status, 0, build.stderr);

function cli(args, cwd = mkdtempSync(join(tmpdir(), "docparse-cli-"))) {
  const run = spawnSync(bin, args, { cwd, encoding: "buffer", env: { ...process.env, PATH: `${resolve(root, "node_modules/.bin")}:${process.env.PATH}` } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr.toString(), cwd };
}

test("--help prints the usage and exits 0", () => {
  const { status, stdout } = cli(["--help"]);
  assert.equal(status, 0);
  assert.match(stdout.toString(), /docparse parse FILE/);
  assert.equal(cli(["parse", "--help"]).status, 0);
});

test("--version prints the package's version, the one the service answers", () => {
  const { status, stdout } = cli(["--version"]);
  assert.equal(status, 0);
  assert.equal(stdout.toString(), `docparse ${JSON.parse(readFileSync(resolve(root, "package.json"), "utf8")).version}\n`);
});

test("unknown flags, values and commands are refused before any work, with status 2", () => {
  const flag = cli(["parse", fixture("pdf/loose-leading.pdf"), "--levles", "--out", "out"]);
  assert.equal(flag.status, 2);
  assert.match(flag.stderr, /parse has no flag --levles; it takes --out, --json, --levels/);
  assert.equal(existsSync(join(flag.cwd, "out")), false);
  assert.match(cli(["convert", fixture("pdf/loose-leading.pdf"), "--to", "pptx"]).stderr, /--to must be word or ppt \(got "pptx"\)/);
  assert.equal(cli(["convert", fixture("pdf/loose-leading.pdf"), "--to", "ppt", "--mode", "flow"]).status, 2);
  assert.equal(cli(["summarise", "x.pdf"]).status, 2);
  assert.equal(cli(["parse"]).status, 2);
  assert.match(cli(["parse", "no-such-file.pdf"]).stderr, /no such file/);
});

test("parse --out DIR writes NAME.md, NAME.json and the pictures the Markdown links to under DIR/images", () => {
  const work = mkdtempSync(join(tmpdir(), "docparse-cli-"));
  const { status, stderr } = cli(["parse", fixture("pdf/joined-14-pages.pdf"), "--out", join(work, "out")], work);
  assert.equal(status, 0, stderr);
  const markdown = readFileSync(join(work, "out/joined-14-pages.md"), "utf8");
  const links = [...markdown.matchAll(/\]\((images\/[^)]+)\)/g)].map((m) => m[1]);
  // The photograph as the file's own JPEG, the structure drawn with lines as a PNG.
  assert.deepEqual(links.map((l) => l.replace(/^.*\./, "")).sort(), ["jpg", "png"]);
  for (const link of links) assert.ok(existsSync(join(work, "out", link)), link);
  assert.equal(JSON.parse(readFileSync(join(work, "out/joined-14-pages.json"), "utf8")).metadata.page_num, 14);
  assert.deepEqual(readdirSync(work), ["out"]);
});

test("convert down a pipe writes the .docx to stdout and nothing into the current directory", () => {
  const { status, stdout, cwd, stderr } = cli(["convert", fixture("pdf/loose-leading.pdf")]);
  assert.equal(status, 0, stderr);
  assert.equal(stdout.subarray(0, 2).toString(), "PK");
  assert.deepEqual(readdirSync(cwd), []);
});

test("--jobs reads a long scan's pages in worker threads with the same output, and a page whose worker dies costs that page alone", () => {
  const scan = fixture("pdf/scanned-17-pages.pdf");
  const one = cli(["parse", scan, "--out", "one", "--jobs", "1"]);
  const two = cli(["parse", scan, "--out", "two", "--jobs", "2"]);
  assert.equal(one.status, 0, one.stderr);
  assert.equal(two.status, 0, two.stderr);
  const tree = (dir) => readdirSync(dir, { recursive: true }).sort().map((f) => [f, statSync(join(dir, f)).isDirectory() ? "" : readFileSync(join(dir, f), "utf8")]);
  assert.match(readFileSync(join(two.cwd, "two/scanned-17-pages.md"), "utf8"), /The quick brown dog jumped over the lazy fox/);
  assert.deepEqual(tree(join(two.cwd, "two")), tree(join(one.cwd, "one")));
  // Workers too small to read a page: each range is read again page by page, then each page
  // is lost alone; the pages read before the workers started stay.
  const starved = spawnSync(bin, ["parse", scan, "--jobs", "2", "--json"], { encoding: "utf8", env: { ...process.env, PATH: `${resolve(root, "node_modules/.bin")}:${process.env.PATH}`, DOCPARSE_WORKER_HEAP_MB: "8" } });
  assert.equal(starved.status, 0, starved.stderr);
  const result = JSON.parse(starved.stdout).result;
  const lost = result.warnings.filter((w) => w.code === "page_unreadable").map((w) => w.page);
  assert.deepEqual(lost, [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
  assert.match(result.outputs.markdown, /The quick brown dog/);
  for (const bad of ["0", "two", "-1"]) assert.equal(cli(["parse", scan, "--jobs", bad]).status, 2, `--jobs ${bad}`);
});
