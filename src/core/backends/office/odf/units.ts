// OpenDocument helpers: lengths ("21cm", "8.5in", "12pt") in points, and the plain text of
// an element with ODF's spacing elements (text:s, text:tab, text:line-break) spelled out.
import type { XmlElement } from "../xml";
const PER_UNIT: Record<string, number> = { pt: 1, in: 72, cm: 72 / 2.54, mm: 72 / 25.4, pc: 12, px: 0.75 };

export function length(value: string | undefined): number | undefined {
  const m = /^(-?[\d.]+)\s*(pt|in|cm|mm|pc|px)$/.exec(value?.trim() ?? "");
  return m ? Number(m[1]) * PER_UNIT[m[2]] : undefined;
}

export function odfText(el: XmlElement): string {
  let out = "";
  for (const c of el.children) {
    if (typeof c === "string") out += c;
    else if (c.local === "s") out += " ".repeat(Math.min(100, Number(c.attrs["text:c"] ?? 1)));
    else if (c.local === "tab") out += "\t";
    else if (c.local === "line-break") out += "\n";
    else if (c.local !== "note" && c.local !== "annotation") out += odfText(c);
  }
  return out;
}
