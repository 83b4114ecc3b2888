// Debian's chromium for the browser test: installed with apt when missing (as
// scripts/debian-tools.ts installs the baseline tools), and a clear error when it cannot be,
// so the test fails rather than skips.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  console.error("installing chromium (Debian package) for the browser test ...");
  const install = "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium";
  try {
    execFileSync("sh", ["-c", `(${install}) >/dev/null 2>&1 || sudo sh -c '${install}' >/dev/null 2>&1`], { stdio: "ignore" });
  } catch {
    /* told below */
  }
  if (!existsSync(CHROMIUM)) {
    throw new Error(`chromium is not installed and could not be installed (apt-get install chromium, as root or with sudo): ${CHROMIUM} is missing. Install it, or set CHROMIUM_PATH.`);
  }
  return CHROMIUM;
}
