// Markdown links from the link addresses the spans carry: the text under one address
// (it may run over a line break) becomes [text](address) inside the block's text.
import type { Block } from "../model";

interface LinkedText {
  text: string;
  url: string;
}

/** Consecutive spans under the same address, their texts joined as the block's lines are. */
function linkedTexts(block: Block): LinkedText[] {
  const out: LinkedText[] = [];
  let current: LinkedText | null = null;
  for (const line of block.lines ?? []) {
    line.spans.forEach((span, i) => {
      if (!span.link) {
        current = null;
        return;
      }
      const piece = span.text.trim();
      if (current && current.url === span.link) current.text += i === 0 ? ` ${piece}` : span.text.startsWith(" ") ? ` ${piece}` : piece;
      else out.push((current = { text: piece, url: span.link }));
    });
  }
  return out;
}

const TRAILING_PUNCTUATION = /[.,;:]+$/;

/** The link's words without the punctuation the sentence put after them: a closing parenthesis goes only when the words open none. */
function labelOf(text: string): string {
  let label = text.replace(TRAILING_PUNCTUATION, "");
  const count = (c: string) => label.split(c).length - 1;
  while (label.endsWith(")") && count(")") > count("(")) label = label.slice(0, -1).replace(TRAILING_PUNCTUATION, "");
  return label;
}

/** An address printed as it is (a URL, an e-mail address): left bare, which GitHub-flavoured Markdown links by itself. */
const printsItsAddress = (label: string, url: string) => label === url || `mailto:${label}` === url || `http://${label}` === url || `https://${label}` === url;

export function withLinks(block: Block, text: string): string {
  let out = text;
  let from = 0;
  for (const link of linkedTexts(block)) {
    const label = labelOf(link.text);
    if (!label || printsItsAddress(label, link.url)) continue;
    const at = out.indexOf(label, from);
    if (at < 0) continue;
    const md = `[${label.replace(/([\[\]])/g, "\\$1")}](${link.url.replace(/\)/g, "%29").replace(/ /g, "%20")})`;
    out = out.slice(0, at) + md + out.slice(at + label.length);
    from = at + md.length;
  }
  return out;
}
