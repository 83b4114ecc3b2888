// Reads files from disk inside workerd: vitest.config.ts serves the shared corpus (scripts/shared-dir.mjs) at
// http://corpus.test/ and test/fixtures at http://fixtures.test/ (tests have no other network).
async function served(host: string, path: string): Promise<Uint8Array> {
  const res = await fetch(`http://${host}/${path.replace(/^\/+/, "")}`);
  if (!res.ok) throw new Error(`${host}/${path}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

export const corpusFile = (path: string) => served("corpus.test", path);
export const fixtureFile = (path: string) => served("fixtures.test", path);
export const fixtureText = async (path: string) => new TextDecoder().decode(await fixtureFile(path));
