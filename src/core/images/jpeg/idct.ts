// The inverse DCT of an 8×8 block at 8, 4, 2 or 1 output pixels a side (JPEG's scaled
// decoding, as libjpeg's): the N×N output is drawn from the block's lowest N×N frequencies,
// so a picture shrunk by 2, 4 or 8 while decoding costs less work and no full-size memory.

const tables = new Map<number, Float64Array>();

/** table[x * n + u] = C(u) cos((2x + 1) u π / 2n), C(0) = 1/√2. */
function table(n: number): Float64Array {
  let t = tables.get(n);
  if (!t) {
    t = new Float64Array(n * n);
    for (let x = 0; x < n; x++) for (let u = 0; u < n; u++) t[x * n + u] = (u ? 1 : Math.SQRT1_2) * Math.cos(((2 * x + 1) * u * Math.PI) / (2 * n));
    tables.set(n, t);
  }
  return t;
}

const rows = new Float64Array(64);

/**
 * Writes the block's n×n pixels (dequantised by `quant`, natural order) into `out` at (x0, y0),
 * clipped to `width` × `height`.
 */
export function idctBlock(block: ArrayLike<number>, quant: Int32Array, n: number, out: Uint8Array, width: number, height: number, x0: number, y0: number): void {
  const t = table(n);
  // Along each frequency row v: the n pixel columns.
  for (let v = 0; v < n; v++) {
    for (let x = 0; x < n; x++) {
      let sum = 0;
      for (let u = 0; u < n; u++) sum += t[x * n + u] * block[v * 8 + u] * quant[v * 8 + u];
      rows[v * n + x] = sum;
    }
  }
  for (let y = 0; y < n && y0 + y < height; y++) {
    const line = (y0 + y) * width + x0;
    for (let x = 0; x < n && x0 + x < width; x++) {
      let sum = 0;
      for (let v = 0; v < n; v++) sum += t[y * n + v] * rows[v * n + x];
      const value = Math.round(sum / 4 + 128);
      out[line + x] = value < 0 ? 0 : value > 255 ? 255 : value;
    }
  }
}
