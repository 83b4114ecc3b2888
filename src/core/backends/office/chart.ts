// Charts (DrawingML chart parts, in slides and sheets) as tables of their cached data:
// what the chart shows, readable without drawing it.
import type { Block, TableCell } from "../../model";
import { tableBlock } from "./blocks";
import { readRelationships, type Relationships } from "./rels";
import { attr, descendants, kid, kids, parseXml, path, textOf, type XmlElement } from "./xml";
import type { OfficeZip } from "./zip";

/** A chart's cached data as a table: categories down, one column per series. */
export function chartTable(chartXml: XmlElement): Block | null {
  const plotArea = path(chartXml, "chart", "plotArea");
  if (!plotArea) return null;
  const series = kids(plotArea).filter((c) => c.local.endsWith("Chart")).flatMap((chart) => kids(chart, "ser"));
  if (!series.length) return null;
  const cachedPoints = (el: XmlElement | undefined): string[] => {
    const cache = el ? (kids(el).map((c) => kid(c, "strCache") ?? kid(c, "numCache") ?? (/(Cache|Lit)$/.test(c.local) ? c : undefined)).find(Boolean) as XmlElement | undefined) : undefined;
    if (!cache) return [];
    const out: string[] = [];
    for (const pt of kids(cache, "pt")) out[Number(attr(pt, "idx") ?? out.length)] = textOf(kid(pt, "v") ?? pt);
    return out;
  };
  const names = series.map((s, i) => cachedPoints(kid(s, "tx"))[0] ?? `Series ${i + 1}`);
  const categories = cachedPoints(kid(series[0], "cat") ?? kid(series[0], "xVal"));
  const values = series.map((s) => cachedPoints(kid(s, "val") ?? kid(s, "yVal")).map((v) => (v && Number.isFinite(Number(v)) ? formatGeneralNumber(Number(v)) : (v ?? ""))));
  const count = Math.max(categories.length, ...values.map((v) => v.length));
  const cell = (text: string, header = false): TableCell => (header ? { text, rowSpan: 1, colSpan: 1, header } : { text, rowSpan: 1, colSpan: 1 });
  const rows: TableCell[][] = [[cell("", true), ...names.map((n) => cell(n, true))]];
  for (let i = 0; i < count; i++) rows.push([cell(categories[i] ?? ""), ...values.map((v) => cell(v[i] ?? ""))]);
  const block = tableBlock({ rows, columnCount: names.length + 1 });
  const title = chartTitle(chartXml);
  if (title) block.captions = [title];
  return block;
}

/** The chart's own title (c:title rich text), when it has one. */
function chartTitle(chartXml: XmlElement): string | undefined {
  const title = path(chartXml, "chart", "title");
  if (!title) return undefined;
  const text = descendants(title, "t").map(textOf).join("").trim();
  return text || undefined;
}

const formatGeneralNumber = (n: number) => String(Number(n.toPrecision(12)));

/** Chart tables of the charts a drawing part holds (a sheet's drawing), in drawing order. */
export function drawingChartTables(zip: OfficeZip, drawingPart: string): Block[] {
  const xml = zip.text(drawingPart);
  if (!xml) return [];
  const rels: Relationships = readRelationships(zip, drawingPart);
  const out: Block[] = [];
  for (const ref of descendants(parseXml(xml, drawingPart), "chart")) {
    const rel = ref.attrs["r:id"] ? rels.get(ref.attrs["r:id"]) : undefined;
    const chartXml = rel && !rel.external ? zip.text(rel.target) : null;
    const table = chartXml ? chartTable(parseXml(chartXml, rel!.target)) : null;
    if (table) out.push(table);
  }
  return out;
}
