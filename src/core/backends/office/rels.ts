// Relationships (`_rels/*.rels`): how one part names the parts it uses (styles, images,
// slides, sheets, hyperlink addresses). Targets are resolved against the source part; a
// target that would climb out of the package is dropped.
import type { OfficeZip } from "./zip";
import { attr, kids, parseXml } from "./xml";

export interface Relationship {
  id: string;
  type: string;
  /** A package part name for internal targets, the address as written for external ones. */
  target: string;
  external: boolean;
}

export type Relationships = Map<string, Relationship>;

/** The rels part of a part: "word/document.xml" -> "word/_rels/document.xml.rels". */
export function relsPartOf(part: string): string {
  const slash = part.lastIndexOf("/");
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

export function readRelationships(zip: OfficeZip, part: string): Relationships {
  const rels: Relationships = new Map();
  const relsPart = part === "" ? "_rels/.rels" : relsPartOf(part);
  const xml = zip.text(relsPart);
  if (!xml) return rels;
  for (const r of kids(parseXml(xml, relsPart), "Relationship")) {
    const id = attr(r, "Id");
    const target = attr(r, "Target");
    if (!id || target === undefined) continue;
    const external = attr(r, "TargetMode") === "External";
    const resolved = external ? target : resolvePart(part, target);
    if (resolved === null) continue;
    rels.set(id, { id, type: attr(r, "Type") ?? "", target: resolved, external });
  }
  return rels;
}

/** The first relationship whose type ends with `/kind` ("/officeDocument", "/styles"). */
export function relOfType(rels: Relationships, kind: string): Relationship | undefined {
  for (const r of rels.values()) if (r.type.endsWith(`/${kind}`)) return r;
  return undefined;
}

/** Resolves a relative target against the folder of `from`; null when it climbs out. */
export function resolvePart(from: string, target: string): string | null {
  const base = target.startsWith("/") ? [] : from.split("/").slice(0, -1);
  const segments = [...base];
  for (const seg of decodeURIComponentSafe(target).split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (!segments.length) return null;
      segments.pop();
    } else segments.push(seg);
  }
  return segments.join("/");
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
