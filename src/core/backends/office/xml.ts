// A small non-validating XML reader for OOXML parts: a streaming scanner (for sheets,
// which can be large) and a compact element tree on top of it (for documents and slides).
// It refuses what OOXML never contains but attacks use: a DTD (so no entity can expand),
// nesting deeper than MAX_XML_DEPTH, more than MAX_XML_ELEMENTS elements in one tree.
import { CoreError } from "../../errors";
import { MAX_XML_DEPTH, MAX_XML_ELEMENTS } from "../../limits";

export type Attrs = Record<string, string>;

export interface XmlHandler {
  open(name: string, attrs: Attrs, selfClosing: boolean): void;
  close(name: string): void;
  text(text: string): void;
}

const PREDEFINED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

export function decodeEntities(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return PREDEFINED[ref] ?? whole;
  });
}

const bad = (part: string, why: string) => new CoreError("corrupt_file", `The XML part ${part} is malformed: ${why}.`);

/** Scans `xml`, calling the handler per tag and text run. `part` names the part in errors. */
export function scanXml(xml: string, part: string, h: XmlHandler): void {
  const stack: string[] = [];
  let i = 0;
  const n = xml.length;
  while (i < n) {
    const lt = xml.indexOf("<", i);
    if (lt < 0) {
      if (stack.length) h.text(decodeEntities(xml.slice(i)));
      break;
    }
    if (lt > i && stack.length) h.text(decodeEntities(xml.slice(i, lt)));
    const c = xml.charCodeAt(lt + 1);
    if (c === 0x3f /* ? */) {
      const end = xml.indexOf("?>", lt + 2);
      if (end < 0) throw bad(part, "unterminated processing instruction");
      i = end + 2;
    } else if (c === 0x21 /* ! */) {
      if (xml.startsWith("<!--", lt)) {
        const end = xml.indexOf("-->", lt + 4);
        if (end < 0) throw bad(part, "unterminated comment");
        i = end + 3;
      } else if (xml.startsWith("<![CDATA[", lt)) {
        const end = xml.indexOf("]]>", lt + 9);
        if (end < 0) throw bad(part, "unterminated CDATA section");
        if (stack.length) h.text(xml.slice(lt + 9, end));
        i = end + 3;
      } else {
        // <!DOCTYPE / <!ENTITY: OPC forbids DTDs in package parts; refusing them rules out entity expansion.
        throw new CoreError("corrupt_file", `The XML part ${part} declares a DTD; Office files never do, and its entities are not expanded.`);
      }
    } else if (c === 0x2f /* / */) {
      const end = xml.indexOf(">", lt + 2);
      if (end < 0) throw bad(part, "unterminated end tag");
      const name = xml.slice(lt + 2, end).trim();
      const open = stack.pop();
      if (open !== name) throw bad(part, `</${name}> closes <${open ?? "nothing"}>`);
      h.close(name);
      i = end + 1;
    } else {
      const end = tagEnd(xml, lt + 1);
      if (end < 0) throw bad(part, "unterminated start tag");
      const selfClosing = xml.charCodeAt(end - 1) === 0x2f;
      const bodyEnd = selfClosing ? end - 1 : end;
      let nameEnd = lt + 1;
      while (nameEnd < bodyEnd && !isSpace(xml.charCodeAt(nameEnd))) nameEnd++;
      const name = xml.slice(lt + 1, nameEnd);
      if (!name) throw bad(part, "a tag without a name");
      const attrs = nameEnd < bodyEnd ? parseAttrs(xml, nameEnd, bodyEnd, part) : {};
      if (!selfClosing) {
        stack.push(name);
        if (stack.length > MAX_XML_DEPTH) throw new CoreError("limit_exceeded", `The XML part ${part} nests elements more than ${MAX_XML_DEPTH} deep.`);
      }
      h.open(name, attrs, selfClosing);
      if (selfClosing) h.close(name);
      i = end + 1;
    }
  }
  if (stack.length) throw bad(part, `<${stack[stack.length - 1]}> is never closed`);
}

/** The `>` ending a start tag, skipping quoted attribute values (which may contain `>`). */
function tagEnd(xml: string, from: number): number {
  let quote = 0;
  for (let j = from; j < xml.length; j++) {
    const c = xml.charCodeAt(j);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === 0x22 || c === 0x27) quote = c;
    else if (c === 0x3e) return j;
  }
  return -1;
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Attributes between `from` and `to` of a start tag: name="value" or name='value'. */
function parseAttrs(xml: string, from: number, to: number, part: string): Attrs {
  const attrs: Attrs = {};
  let i = from;
  for (;;) {
    while (i < to && isSpace(xml.charCodeAt(i))) i++;
    if (i >= to) return attrs;
    const eq = xml.indexOf("=", i);
    if (eq < 0 || eq >= to) throw bad(part, "an attribute without a value");
    const name = xml.slice(i, eq).trim();
    let q = eq + 1;
    while (q < to && isSpace(xml.charCodeAt(q))) q++;
    const quote = xml[q];
    if (quote !== '"' && quote !== "'") throw bad(part, "an attribute without a quoted value");
    const close = xml.indexOf(quote, q + 1);
    if (close < 0 || close >= to) throw bad(part, "an unterminated attribute value");
    attrs[name] = decodeEntities(xml.slice(q + 1, close));
    i = close + 1;
  }
}

// ---------------------------------------------------------------------------------------
// Element tree

export interface XmlElement {
  /** Qualified name as written ("w:p"). */
  name: string;
  /** Local name ("p"): prefixes are matched by local name, as every producer uses the usual ones. */
  local: string;
  attrs: Attrs;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

const localName = (q: string) => {
  const colon = q.indexOf(":");
  return colon < 0 ? q : q.slice(colon + 1);
};

const NO_ATTRS: Attrs = Object.freeze({}) as Attrs;
const NO_CHILDREN: XmlNode[] = Object.freeze([]) as unknown as XmlNode[];
/** Elements whose whitespace-only text is content (OOXML runs' text, ODF paragraphs and spans). */
const KEEPS_SPACE = new Set(["t", "p", "h", "span", "a"]);
/** Word's revision-save ids and paragraph ids: on most elements of a Word file, never content. */
const DROPPED_ATTR = /^(w:rsid|w14:paraId$|w14:textId$)/;

/** Parses a whole part into a tree; the root element is returned. Element objects are kept
 *  lean (shared names, no empty objects, revision ids dropped): a tree stays within a few
 *  times its XML's size. */
export function parseXml(xml: string, part: string): XmlElement {
  const root: XmlElement = { name: "#document", local: "#document", attrs: NO_ATTRS, children: [] };
  const stack: XmlElement[] = [root];
  const names = new Map<string, [string, string]>();
  let count = 0;
  const append = (parent: XmlElement, node: XmlNode) => {
    // A literal sizes the array to its one child; most elements never get a second.
    if (parent.children === NO_CHILDREN) parent.children = [node];
    else parent.children.push(node);
  };
  scanXml(xml, part, {
    open(name, attrs) {
      if (++count > MAX_XML_ELEMENTS) throw new CoreError("limit_exceeded", `The XML part ${part} has more than ${MAX_XML_ELEMENTS} elements.`);
      let interned = names.get(name);
      if (!interned) names.set(name, (interned = [name, localName(name)]));
      let kept: Attrs = NO_ATTRS;
      for (const k in attrs) {
        if (DROPPED_ATTR.test(k)) continue;
        if (kept === NO_ATTRS) kept = {};
        kept[k] = attrs[k];
      }
      const el: XmlElement = { name: interned[0], local: interned[1], attrs: kept, children: NO_CHILDREN };
      append(stack[stack.length - 1], el);
      stack.push(el);
    },
    close() {
      stack.pop();
    },
    text(t) {
      const parent = stack[stack.length - 1];
      // Whitespace between elements is layout of the XML file; only text elements keep it.
      if (!KEEPS_SPACE.has(parent.local) && !/\S/.test(t)) return;
      append(parent, t);
    },
  });
  const top = root.children.find((c): c is XmlElement => typeof c !== "string");
  if (!top) throw bad(part, "no root element");
  return top;
}

export const isElement = (n: XmlNode | undefined): n is XmlElement => typeof n === "object" && n !== null;

/** Element children, optionally only those of one local name. */
export function kids(el: XmlElement | undefined, local?: string): XmlElement[] {
  if (!el) return [];
  const out: XmlElement[] = [];
  for (const c of el.children) if (typeof c !== "string" && (!local || c.local === local)) out.push(c);
  return out;
}

export const kid = (el: XmlElement | undefined, local: string): XmlElement | undefined => el?.children.find((c): c is XmlElement => typeof c !== "string" && c.local === local);

/** Follows a path of local names through first children. */
export function path(el: XmlElement | undefined, ...locals: string[]): XmlElement | undefined {
  let cur = el;
  for (const l of locals) cur = kid(cur, l);
  return cur;
}

/** All descendants of a local name, in document order (not descending into matches). */
export function descendants(el: XmlElement, local: string, out: XmlElement[] = []): XmlElement[] {
  for (const c of el.children) {
    if (typeof c === "string") continue;
    if (c.local === local) out.push(c);
    else descendants(c, local, out);
  }
  return out;
}

/** An attribute by local name ("val" finds "w:val"), as attributes carry their element's prefix. */
export function attr(el: XmlElement | undefined, local: string): string | undefined {
  if (!el) return undefined;
  if (local in el.attrs) return el.attrs[local];
  for (const k in el.attrs) if (k.endsWith(`:${local}`)) return el.attrs[k];
  return undefined;
}

/** An on/off property (`<w:b/>`, `<w:b w:val="0"/>`): on unless its val says off; undefined when the element is absent. */
export function onOff(el: XmlElement | undefined): boolean | undefined {
  if (!el) return undefined;
  const v = attr(el, "val");
  return v === undefined || !["0", "false", "off", "none"].includes(v);
}

/** All text beneath an element, concatenated. */
export function textOf(el: XmlElement): string {
  let s = "";
  for (const c of el.children) s += typeof c === "string" ? c : textOf(c);
  return s;
}
