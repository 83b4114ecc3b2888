// Reads a file of ../shared/corpus from inside workerd: vitest.config.ts serves the corpus
// to outbound requests for http://corpus.test/ (tests have no other network).
export async function corpusFile(path: string): Promise<Uint8Array> {
  const res = await fetch(`http://corpus.test/${path.replace(/^\/+/, "")}`);
  if (!res.ok) throw new Error(`corpus file ${path}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}
