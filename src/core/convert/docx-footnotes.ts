// Word flow: footnotes as real Word footnotes. A note at the foot of a page that opens with
// a mark ("5", "*", "†") becomes a Word footnote when the text of that page (or of the page
// before, for a note carried over) raises the same mark as a superscript: the mark becomes
// Word's footnote reference, and Word numbers, places and renumbers the note from then on.
// Notes no superscript points to stay paragraphs where they were.
import { FootnoteReferenceRun, Paragraph } from "docx";
import type { Block, Document } from "../model";
import { wordRuns } from "./docx-runs";
import type { BaseStyle } from "./docx-styles";
import { blockRuns, type StyledRun } from "./spans";

/** A note's mark: a number or reference signs, then the note's text. */
const NOTE_MARK = /^\s*(\d{1,3}|[*†‡§¶‖#]{1,3})[.)]?\s+(?=\S)/;

export interface FootnotePlan {
  /** The notes for Word's footnotes part, by id. */
  notes: Record<number, { children: Paragraph[] }>;
  /** Note blocks that became Word footnotes: not written in the text. */
  written: Set<Block>;
  /** The footnote id a superscript mark on a page refers to, the first time it is asked for. */
  take(pageIndex: number, mark: string): number | undefined;
  /** Whether a note block is still to be written as a paragraph (no mark referred to it first); it can no longer become a footnote. */
  writeAsText(note: Block): boolean;
}

export function planFootnotes(doc: Document, base: BaseStyle): FootnotePlan {
  const marks = new Map<string, Block>();
  for (const page of doc.pages) {
    for (const b of page.blocks) {
      if (b.type !== "footnote" || b.hidden) continue;
      const m = NOTE_MARK.exec(b.text);
      if (m && !marks.has(`${page.index}:${m[1]}`)) marks.set(`${page.index}:${m[1]}`, b);
    }
  }
  const notes: FootnotePlan["notes"] = {};
  const written = new Set<Block>();
  const asText = new Set<Block>();
  let next = 1;
  return {
    notes,
    written,
    take(pageIndex, mark) {
      // A reference near a page's end may point to a note the next page carries.
      const note = [pageIndex, pageIndex + 1].map((p) => marks.get(`${p}:${mark}`)).find((b) => b && !written.has(b) && !asText.has(b));
      if (!note) return undefined;
      written.add(note);
      const id = next++;
      const text = note.text.replace(NOTE_MARK, "");
      notes[id] = { children: [new Paragraph({ children: wordRuns(withoutMark(blockRuns(note), note.text.length - text.length), base) })] };
      return id;
    },
    writeAsText(note) {
      if (written.has(note)) return false;
      asText.add(note);
      return true;
    },
  };
}

/** The runs without the note's leading mark (its first `length` characters). */
function withoutMark(runs: StyledRun[], length: number): StyledRun[] {
  const out: StyledRun[] = [];
  let skip = length;
  for (const r of runs) {
    if (skip >= r.text.length) {
      skip -= r.text.length;
      continue;
    }
    out.push({ ...r, text: r.text.slice(skip) });
    skip = 0;
  }
  return out;
}

/** A superscript run that is a note mark, as the reference to its Word footnote; undefined for any other run. */
export function footnoteReference(run: StyledRun, pageIndex: number, plan: FootnotePlan): FootnoteReferenceRun | undefined {
  if (run.script !== "super") return undefined;
  const mark = run.text.trim();
  if (!/^(\d{1,3}|[*†‡§¶‖#]{1,3})$/.test(mark)) return undefined;
  const id = plan.take(pageIndex, mark);
  return id === undefined ? undefined : new FootnoteReferenceRun(id);
}
