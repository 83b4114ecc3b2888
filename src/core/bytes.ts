// Byte arrays joined: one allocation of the total, each piece copied once.

export function concatBytes(pieces: readonly Uint8Array[], total = pieces.reduce((n, p) => n + p.length, 0)): Uint8Array {
  if (pieces.length === 1 && pieces[0].length === total) return pieces[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
