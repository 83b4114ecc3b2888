// Where the shared folder (the evaluation corpus and tools) is: `SHARED_DIR` when set, else
// `../shared` beside the checkout, else `../shared` beside the checkout this one was cloned
// from (a fresh clone made elsewhere, as CI and `git clone . /tmp/x` make, still finds it).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";

export function sharedDir(root) {
  if (process.env.SHARED_DIR) return resolve(process.env.SHARED_DIR);
  const beside = resolve(root, "../shared");
  if (existsSync(beside)) return beside;
  try {
    const origin = execFileSync("git", ["-C", root, "remote", "get-url", "origin"], { encoding: "utf8" }).trim();
    const cloned = isAbsolute(origin) ? resolve(origin, "../shared") : undefined;
    if (cloned && existsSync(cloned)) return cloned;
  } catch {
    // Not a clone, or no git: the folder beside the checkout is the answer, present or not.
  }
  return beside;
}
