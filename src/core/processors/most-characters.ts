// The value most characters share among pieces of text (spans, runs): the body's type size,
// its face. The first value met wins a tie.

export function byMostCharacters<T extends { text: string }, K>(items: Iterable<T>, key: (item: T) => K): K | undefined {
  const chars = new Map<K, number>();
  for (const item of items) {
    const k = key(item);
    chars.set(k, (chars.get(k) ?? 0) + item.text.length);
  }
  return [...chars.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}
