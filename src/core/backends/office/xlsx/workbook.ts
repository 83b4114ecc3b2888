// The workbook of an Excel file: its sheets in order (name, visibility, part), the shared
// string table, the cell formats (number format per style index) and the date system.
import { CoreError } from "../../../errors";
import { readRelationships, relOfType } from "../rels";
import { attr, kid, kids, parseXml, scanXml } from "../xml";
import type { OfficeZip } from "../zip";
import { builtinFormat } from "./number-format";

export interface SheetEntry {
  name: string;
  /** Hidden and very hidden sheets are not shown in Excel, so they make no page. */
  visible: boolean;
  /** Package part of the sheet (worksheet or chartsheet). */
  part: string;
  kind: "worksheet" | "chartsheet" | "other";
}

export interface Workbook {
  sheets: SheetEntry[];
  date1904: boolean;
  sharedStrings: string[];
  /** Number format code per cell style index (`s` attribute of a cell). */
  formats: (string | undefined)[];
}

export function readWorkbook(zip: OfficeZip): Workbook {
  const part = relOfType(readRelationships(zip, ""), "officeDocument")?.target ?? "xl/workbook.xml";
  const xml = zip.text(part);
  if (!xml) throw new CoreError("corrupt_file", `The Excel file has no workbook part (${part}).`);
  const root = parseXml(xml, part);
  const rels = readRelationships(zip, part);
  const sheets: SheetEntry[] = [];
  for (const s of kids(kid(root, "sheets"), "sheet")) {
    const rel = s.attrs["r:id"] ? rels.get(s.attrs["r:id"]) : undefined;
    if (!rel || rel.external) continue;
    const state = attr(s, "state");
    const kind = rel.type.endsWith("/worksheet") ? "worksheet" : rel.type.endsWith("/chartsheet") ? "chartsheet" : "other";
    sheets.push({ name: attr(s, "name") ?? `Sheet${sheets.length + 1}`, visible: state !== "hidden" && state !== "veryHidden", part: rel.target, kind });
  }
  const pr = kid(root, "workbookPr");
  const date1904 = ["1", "true"].includes(attr(pr, "date1904") ?? "");
  const stringsPart = relOfType(rels, "sharedStrings")?.target;
  const stylesPart = relOfType(rels, "styles")?.target;
  return { sheets, date1904, sharedStrings: stringsPart ? readSharedStrings(zip, stringsPart) : [], formats: stylesPart ? readFormats(zip, stylesPart) : [] };
}

/** Shared strings, streamed (the table can be large): rich-text runs joined, phonetic guides left out. */
function readSharedStrings(zip: OfficeZip, part: string): string[] {
  const xml = zip.text(part);
  if (!xml) return [];
  const strings: string[] = [];
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;
  scanXml(xml, part, {
    open(name) {
      const local = name.slice(name.indexOf(":") + 1);
      if (local === "si") current = "";
      else if (local === "rPh") phonetic++;
      else if (local === "t" && !phonetic) inText = true;
    },
    close(name) {
      const local = name.slice(name.indexOf(":") + 1);
      if (local === "si") {
        strings.push(current ?? "");
        current = null;
      } else if (local === "rPh") phonetic--;
      else if (local === "t") inText = false;
    },
    text(t) {
      if (inText && current !== null) current += t;
    },
  });
  return strings;
}

/** Number format code per cellXfs index: custom codes from numFmts, the rest built in. */
function readFormats(zip: OfficeZip, part: string): (string | undefined)[] {
  const xml = zip.text(part);
  if (!xml) return [];
  const root = parseXml(xml, part);
  const custom = new Map<number, string>();
  for (const f of kids(kid(root, "numFmts"), "numFmt")) custom.set(Number(attr(f, "numFmtId")), attr(f, "formatCode") ?? "General");
  return kids(kid(root, "cellXfs"), "xf").map((xf) => {
    const id = Number(attr(xf, "numFmtId") ?? 0);
    return custom.get(id) ?? builtinFormat(id);
  });
}
