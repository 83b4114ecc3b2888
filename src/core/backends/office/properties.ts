// Document properties every Office format shares: the page count the application last
// laid out (docProps/app.xml) and the title (docProps/core.xml).
import { readRelationships, relOfType } from "./rels";
import { kid, parseXml, textOf } from "./xml";
import type { OfficeZip } from "./zip";

function propertiesRoot(zip: OfficeZip, kind: "extended-properties" | "core-properties", fallback: string) {
  const part = relOfType(readRelationships(zip, ""), kind)?.target ?? fallback;
  const xml = zip.text(part);
  return xml ? parseXml(xml, part) : undefined;
}

/** Pages as Word last counted them, when the file records it. */
export function readAppPageCount(zip: OfficeZip): number | undefined {
  const root = propertiesRoot(zip, "extended-properties", "docProps/app.xml");
  const pages = Number(root && kid(root, "Pages") ? textOf(kid(root, "Pages")!) : NaN);
  return Number.isInteger(pages) && pages > 0 ? pages : undefined;
}

export function readCoreTitle(zip: OfficeZip): string | undefined {
  const root = propertiesRoot(zip, "core-properties", "docProps/core.xml");
  const title = root && kid(root, "title") ? textOf(kid(root, "title")!).trim() : "";
  return title || undefined;
}
