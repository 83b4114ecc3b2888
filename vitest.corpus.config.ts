// `npm run test:corpus`: the suites that read the evaluation corpus (*.corpus.test.ts), with
// the corpus served at http://corpus.test/. The corpus is not part of the repository
// (docs/development.md#the-evaluation-corpus): without it this fails at once, naming where it
// looked, rather than skipping anything.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { sharedDir } from "./scripts/shared-dir.mjs";
import { docparseConfig } from "./vitest.config";

const corpus = resolve(sharedDir(import.meta.dirname), "corpus");
if (!existsSync(resolve(corpus, "README.md"))) {
  throw new Error(`npm run test:corpus needs the evaluation corpus, and there is none at ${corpus}: set SHARED_DIR to the folder that holds corpus/ (docs/development.md#the-evaluation-corpus).`);
}

export default docparseConfig({ include: ["test/**/*.corpus.test.ts"], exclude: [] }, corpus);
