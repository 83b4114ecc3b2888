// What the tests of pictures the renderer Worker draws look at: the blocks of a parse's
// JSON, a picture fetched through its link, how much ink it holds.
import { SELF } from "cloudflare:test";
import { expect } from "vitest";
import { decode as decodePng } from "fast-png";

export const blocksOf = (data: any) => data.result.outputs.json.pages.flatMap((p: any) => p.blocks.map((b: any) => ({ ...b, page: p.page_num })));

export async function png(url: string) {
  const res = await SELF.fetch(url);
  expect(res.status).toBe(200);
  return decodePng(new Uint8Array(await res.arrayBuffer()));
}

/** Share of pixels darker than mid-grey: a blank render would have none. */
export function ink(image: ReturnType<typeof decodePng>): number {
  let dark = 0;
  for (let i = 0; i < image.data.length; i += image.channels) if ((image.data[i] as number) < 128) dark++;
  return dark / (image.width * image.height);
}
