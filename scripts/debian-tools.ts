// The Debian command-line tools the eval and bench scripts run as baselines (pdftotext,
// pdftoppm, tesseract), installed with apt when missing, so a fresh machine or CI prints
// the same rows as this one.
import { execFileSync, spawnSync } from "node:child_process";

/** Commands and the Debian packages that bring them. */
export const BASELINE_TOOLS = {
  pdftotext: "poppler-utils",
  pdftoppm: "poppler-utils",
  tesseract: "tesseract-ocr tesseract-ocr-eng tesseract-ocr-chi-sim",
} as const;

const runs = (command: string) => spawnSync(command, ["-v"]).status === 0 || spawnSync(command, ["--version"]).status === 0;

/** Installs the packages of the commands that are missing; `why` names the rows that need them. */
export function ensureBaselineTools(commands: (keyof typeof BASELINE_TOOLS)[], why: string): void {
  const missing = commands.filter((c) => !runs(c));
  if (!missing.length) return;
  const packages = [...new Set(missing.flatMap((c) => BASELINE_TOOLS[c].split(" ")))].join(" ");
  console.error(`installing ${packages} for ${why} ...`);
  const install = `apt-get update -qq && apt-get install -y -qq ${packages}`;
  try {
    execFileSync("sh", ["-c", `(${install}) >/dev/null 2>&1 || sudo sh -c '${install}' >/dev/null 2>&1`]);
  } catch {
    console.error(`could not install ${packages}: the rows that need ${missing.join(", ")} are left out`);
  }
}
