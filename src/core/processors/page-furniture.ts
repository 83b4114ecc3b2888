// Furniture a single page gives away by itself, with no second page to repeat it: running
// heads and feet beyond the body text, told by where they stand, their size and their
// wording; notices set sideways in the side margins ("Downloaded from ... by guest", an
// arXiv identifier); a publisher's box closing a column. Heads and feet are taken from the
// page's edge inwards, as a group set off from the text or row by row, and the search stops
// at the first line that is not furniture, so nothing between two pieces of body text goes.
import type { Block, Page } from "../model";
import { blockFontSize } from "./lines";
import { BULLET } from "./lists";
import { isVertical } from "../geometry";
import { DATE, ENDS_IN_PAGE, FURNITURE_WORDING, PAGE_NUMBER, SEPARATED_PARTS, SET_OFF_WORDING } from "./furniture-wording";

/** Share of the page height at the top and at the bottom where heads and feet stand... */
const EDGE_BAND = 0.12;
/**
 * ...or at the top this share beyond where the page's print begins, on pages with a deep
 * margin (a journal's banner under a wide top margin), up to MAX_MARGIN of the page down.
 */
const EDGE_REACH = 0.06;
const MAX_MARGIN = 0.2;
/** Type beginning within this share of the page's height from its top or bottom edge touches the edge. */
const EDGE_SLIVER = 0.03;
/** A bare page number may sit this far in, as long as nothing lies beyond it (LaTeX on A4 sets the foot's number 17% up)... */
export const PAGE_NUMBER_BAND = 0.2;
/** ...and at the top this far (deeper, a big number is a chapter's). */
export const PAGE_NUMBER_TOP_BAND = 0.15;
/** A head or foot line is short... */
const MAX_CHARS = 200;
/** ...one or two lines... */
const MAX_LINES = 2;
/** ...and set no larger than one size step above the body text (a 10 pt head over 9 pt text; a title is larger still)... */
const MAX_SIZE_RATIO = 1.15;
/** ...or two steps for a line ending in its page ("... of fonts, page 5"), which no title does. */
const MAX_FOLIO_SIZE_RATIO = 1.25;
/** Type this much smaller than the body is small type (a running head's, a publisher's notice). */
const SMALL_RATIO = 0.92;
const inSmallType = (b: Block, bodySize: number) => blockFontSize(b) <= bodySize * SMALL_RATIO;
/** A head or foot stands off the text by at least this many body sizes (a blank line or so; lines of a paragraph stand 2-3 points apart). */
const HEAD_GAP = 1.2;
/** A head or foot set off as a whole has at most this many rows. */
const MAX_GROUP_ROWS = 3;
/** A running head split between the margins leaves this share of its width blank between its pieces. */
const SPLIT_GAP = 0.25;
/** A publisher's notice closes a column in this lower share of the page. */
const BOILERPLATE_SHARE = 0.4;
/** Body text that measures the page: a paragraph of this many characters or more. */
const MIN_BODY_CHARS = 60;

/** A notice has words (numbers up a margin are a chart's axis or line numbers). */
const WORDY = /\p{L}{3,}.*\s.*\p{L}{3,}/u;
/** A line ending in a colon, or a figure's or table's label, leads into what follows it. */
const INTRODUCES = /:$|^(fig(ure)?|table|chart|exhibit|plate|map)\.?\s*[\dIVX]/i;
/** A footnote opens with its mark and its text: never a foot line however it is worded (a date's day is no mark). */
const NOTE_OPENING = /^\s*(\d{1,3}|[*∗†‡§¶])\s*\p{L}/u;
const opensWithDate = (t: string) => DATE.test(t) && DATE.exec(t)!.index === 0;

/** The page's furniture found from the page alone; `bodySize` is the document's body font size. */
export function pageFurniture(page: Page, bodySize: number): Block[] {
  const body = page.blocks.filter((b) => !b.hidden && b.type !== "image" && !isVertical(b) && b.text.length >= MIN_BODY_CHARS);
  // Notices up a side margin stand beside the paragraphs; a page of short lines only (a
  // slide, a form) has none to stand beside, but its heads and feet are found all the same.
  const left = Math.min(...body.map((b) => b.bbox[0]));
  const right = Math.max(...body.map((b) => b.bbox[2]));
  const found = body.length ? page.blocks.filter((b) => !b.hidden && isVertical(b) && WORDY.test(b.text) && (b.bbox[2] <= left || b.bbox[0] >= right)) : [];
  const level = page.blocks.filter((b) => !b.hidden && !isVertical(b));
  // Print in small type touching the page's edge, where no text keeps its margins: a
  // slide's bar of section links, a print job's slug. Only of a page made as such: a scan or
  // a photograph may be cropped to its text.
  const made = (page.reading?.source ?? "text-layer") === "text-layer";
  const atEdge = level.filter((b) => made && b.type === "text" && b.source === "text-layer" && inSmallType(b, bodySize) && (b.bbox[1] <= EDGE_SLIVER * page.height || b.bbox[3] >= (1 - EDGE_SLIVER) * page.height));
  if (atEdge.length < level.length) found.push(...atEdge);
  const rows = rowsOf(level.filter((b) => !found.includes(b)));
  let feet = edgeRows(rows, page, bodySize, "bottom");
  // A page numbered at its foot has its running head, if any, at the top: its number among
  // the foot's lines, or on the page's lowest line (a tagged PDF's artifact, hidden already, too).
  const lowest = rowsOf(page.blocks.filter((b) => !isVertical(b))).reduce<Row | undefined>((low, r) => (!low || r.bottom > low.bottom ? r : low), undefined);
  const numberedFoot = feet.some((b) => PAGE_NUMBER.test(b.text.trim())) || (!!lowest && lowest.top >= page.height * (1 - PAGE_NUMBER_BAND) && lowest.blocks.some((b) => PAGE_NUMBER.test(b.text.trim())));
  const heads = edgeRows(rows, page, bodySize, "top", numberedFoot);
  // And one numbered in its head has its running foot, if any, at the bottom (a journal's
  // article title under a head "TUGboat, Volume 43 ... 903").
  if (!feet.length && heads.some((b) => PAGE_NUMBER.test(b.text.trim()) || FOLIO_AT_END.test(b.text.trim()))) feet = edgeRows(rows, page, bodySize, "bottom", true);
  found.push(...heads, ...feet);
  found.push(...level.filter((b) => !found.includes(b) && isBoilerplate(b, level, page, bodySize)));
  return found;
}

/**
 * A publisher's notice closing a column in small type (a paper's permission and copyright
 * box: "Permission to make digital or hard copies...", "© 2025 ...", its DOI): at the foot
 * of its column, and worded as furniture twice over, which a footnote is not.
 */
function isBoilerplate(b: Block, blocks: Block[], page: Page, bodySize: number): boolean {
  if (b.type !== "text" || b.bbox[1] < page.height * (1 - BOILERPLATE_SHARE) || !inSmallType(b, bodySize)) return false;
  // The notice may be set in paragraphs of its own (the permission, then the copyright): worded as furniture over them all.
  const notice = smallStack(b, blocks, bodySize).map((o) => o.text).join(" ");
  if (FURNITURE_WORDING.filter((w) => w.test(notice)).length < 2) return false;
  return !blocks.some((o) => o !== b && o.bbox[1] >= b.bbox[3] && o.bbox[0] < b.bbox[2] && b.bbox[0] < o.bbox[2] && !inSmallType(o, bodySize));
}

/** The blocks of small type set one under another with `b` in its column, paragraph gaps apart at most. */
function smallStack(b: Block, blocks: Block[], bodySize: number): Block[] {
  const small = blocks.filter((o) => o.type === "text" && inSmallType(o, bodySize) && o.bbox[0] < b.bbox[2] && b.bbox[0] < o.bbox[2]);
  const stack = [b];
  for (let grown = true; grown; ) {
    grown = false;
    for (const o of small) {
      if (stack.includes(o)) continue;
      if (stack.some((t) => Math.max(o.bbox[1] - t.bbox[3], t.bbox[1] - o.bbox[3]) <= bodySize)) {
        stack.push(o);
        grown = true;
      }
    }
  }
  return stack;
}

/**
 * The rows of furniture at one edge of the page. A head or foot set off from the text by a
 * gap goes as a whole (a head of two lines, a foot with a file path under its page count);
 * otherwise rows go one by one from the edge inwards while they say what they are.
 */
function edgeRows(pageRows: Row[], page: Page, bodySize: number, edge: "top" | "bottom", numberedOpposite = false, outer?: OuterHead): Block[] {
  const rows = edge === "top" ? pageRows : [...pageRows].sort((p, q) => q.bottom - p.bottom);
  if (!rows.length) return [];
  // The band: from the page's edge, or at the top from where its print begins on a page with
  // a deep margin (a page's print may end anywhere above its foot: a chapter's last page, a
  // letter's signature).
  const margin = edge === "top" ? Math.min(MAX_MARGIN * page.height, rows[0].top) : 0;
  const reach = outer?.reach ?? Math.max(EDGE_BAND * page.height, margin + EDGE_REACH * page.height);
  // The edge's lines: rows in the band of short lines no larger than the body, from the edge in.
  const lines: Row[] = [];
  for (const row of rows) {
    const inBand = edge === "top" ? row.bottom <= reach : row.top >= page.height - reach;
    if (!inBand || !row.blocks.every((b) => edgeLine(b, bodySize))) break;
    lines.push(row);
  }
  // Nothing but such lines: no text to set them off from.
  if (lines.length === rows.length) return [];
  const gapAfter = (i: number) => (edge === "top" ? rows[i + 1].top - rows[i].bottom : rows[i].top - rows[i + 1].bottom);
  // Set off by a gap measured in the sizes of the body and of the line itself: a slide's
  // bar of 6 pt links stands 12 pt above its title, twice its own size.
  const last = lines.findIndex((row, i) => gapAfter(i) >= HEAD_GAP * (bodySize + Math.max(...row.blocks.map(blockFontSize))) / 2);
  if (last >= 0 && last < MAX_GROUP_ROWS) {
    const group = lines.slice(0, last + 1);
    // A foot reaches in as far as its last line that says what it is: a caption over the page number stays.
    // Under another head or foot, each piece of a line must say so itself: a sentence beside
    // a dated margin note ("New: 2021-12-26") is the text's.
    const says = (r: Row) => (outer ? r.blocks.every((b) => saysFurniture(rowOf(b), edge, bodySize, true, outer.numbered)) : saysFurniture(r, edge, bodySize, true));
    const foot = group.slice(0, group.findLastIndex(says) + 1);
    // A head may stand over another set off in turn (crop marks over a print job's slug), in
    // the same band; a page has one number, so under a numbered head a number no longer
    // says furniture (a table of contents' first entries).
    const within = (taken: Row[]) => [...taken.flatMap((r) => r.blocks), ...edgeRows(pageRows.filter((r) => !taken.includes(r)), page, bodySize, edge, numberedOpposite, { reach, numbered: !!outer?.numbered || taken.some(carriesPageNumber) })];
    // A plain running line has no wording to tell it: it stands in the page's edge band
    // itself, not further in where a deep margin lets a banner stand (a form's first field).
    const plain = (row: Row) => (edge === "top" ? row.bottom <= EDGE_BAND * page.height : row.top >= page.height * (1 - EDGE_BAND)) && plainRunningLine(row, bodySize, numberedOpposite, columnEdges(rows));
    // Under another head, only lines worded as furniture make a second one.
    const head = outer ? group.every(says) : isHeadGroup(group, rows[last + 1], bodySize, plain);
    if (edge === "top" && head) return within(group);
    if (edge === "bottom" && foot.length && !foot.some(opensNote)) return within(foot);
    // A plain foot line under the text of a page numbered in its head.
    if (edge === "bottom" && group.length === 1 && !opensNote(group[0]) && plain(group[0])) return group[0].blocks;
  }
  // Inside another head's band only a group set off in turn goes: a row merely worded as
  // furniture there is the text's (a listing's line numbers just over the page's number).
  if (outer) return [];
  const found: Block[] = [];
  for (const row of lines) {
    if (!saysFurniture(row, edge, bodySize)) break;
    found.push(...row.blocks);
  }
  return found;
}

/**
 * A block worded as headers and feet are: a notice; and when set off from the text, a
 * citation, a version, parts set apart by bars or bullets, or a date in small type (a title
 * page's date, in the title's type, is the document's).
 */
const saysFurnitureWording = (b: Block, bodySize: number, setOff: boolean) => {
  const t = b.text.trim();
  if (FURNITURE_WORDING.some((w) => w.test(t))) return true;
  return setOff && (SET_OFF_WORDING.some((w) => w.test(t)) || SEPARATED_PARTS.test(t) || (DATE.test(t) && inSmallType(b, bodySize)));
};

/**
 * A row whose wording or page number says it is furniture (and, at the foot, that opens no
 * footnote); `numbered`: the page's number is already found in a head or foot further out.
 */
function saysFurniture(row: Row, edge: "top" | "bottom", bodySize: number, setOff = false, numbered = false): boolean {
  if ((edge === "bottom" && opensNote(row)) || asksForInput(row)) return false;
  // A page number standing on its own, with whatever shares its line; where the page's
  // number is already found, only marks alone (a crop mark read as "i"): a number beside
  // words is then a reference to another page (a table of contents' entry).
  const numberRow = numbered ? row.blocks.every((b) => PAGE_NUMBER.test(b.text.trim())) : carriesPageNumber(row);
  return numberRow || row.blocks.some((b) => saysFurnitureWording(b, bodySize, setOff));
}

/** A row holding a page number standing on its own (a foot bar's cell too). */
const carriesPageNumber = (row: Row) => row.blocks.some((b) => furnitureTexts(b).some((t) => PAGE_NUMBER.test(t)));

/**
 * A row of a form to fill in: a field's label ending in its colon ("Name:", "Matricola:",
 * "Signature:") asks for what is written after it, which no head or foot does; the form's
 * fields, and the signature box among them, are the page's content.
 */
const FIELD_LABEL_CHARS = 40;
const asksForInput = (row: Row) => row.blocks.some((b) => b.type !== "table" && b.text.trim().length <= FIELD_LABEL_CHARS && /\p{L}\s*:$/u.test(b.text.trim()));

/** A row opening a footnote ("1 See ...", "* Corresponding author"). */
const opensNote = (row: Row) => row.blocks.some((b) => NOTE_OPENING.test(b.text.trim()) && !PAGE_NUMBER.test(b.text.trim()) && !opensWithDate(b.text.trim()));

/**
 * Lines at the top set off from the text by a gap, `next` the text's first row: a head
 * when a page number is among them (a letter's second page: addressee, page, date), or
 * when every line is a head's: saying so, split between the margins ("Journal ... |
 * Harbour et al.") or into its three places, in small type over the text or a listing (not
 * a label over a picture, nor a line that introduces what follows), or a plain running line
 * (plainRunningLine). At the foot, position and size alone cannot tell a foot line from a
 * footnote, so only lines that say what they are, and those beyond them, go, and a plain
 * running line under the text of a page numbered in its head.
 */
function isHeadGroup(group: Row[], next: Row, bodySize: number, plainRunning: (row: Row) => boolean): boolean {
  if (group.some(asksForInput)) return false;
  if (group.some(carriesPageNumber)) return true;
  const overText = next.blocks.every((b) => b.type === "text" || b.type === "title" || b.type === "list" || b.type === "code");
  const oneLine = (b: Block) => (b.lines?.length ?? 1) === 1 && !INTRODUCES.test(b.text.trim());
  const small = (row: Row) => row.blocks.every((b) => oneLine(b) && inSmallType(b, bodySize));
  const plainHead = (row: Row) => group.length === 1 && plainRunning(row);
  return group.every((row) => saysFurniture(row, "top", bodySize, true) || splitBetweenMargins(row, bodySize) || (small(row) && overText) || (plainHead(row) && overText));
}

/**
 * A running head or foot in the body's roman type, one line set off alone: it carries its
 * page number at one end ("16 a tufte-style book", "Chapter 2 17"), or the page is numbered
 * at its other edge (`numberedOpposite`). A heading is set apart by weight or size (in
 * small type, bold is the running line's own style: "Chapitre M1. Introduction 5"); a
 * paragraph's line carried over from the page before ends a sentence, a list's item opens
 * with its bullet, and a line not numbered opens in lower case or at the left edge of its
 * column (a head set right or centred, "fonts-conf", may open in lower case). Under the text
 * of a page numbered at its other edge, a line of pieces split between the margins in small
 * type is one too ("tkz-base ... AlterMundus").
 */
function plainRunningLine(row: Row, bodySize: number, numberedOpposite: boolean, columnLefts: number[]): boolean {
  if (row.blocks.length > 1) return numberedOpposite && splitBetweenMargins(row, bodySize) && row.blocks.every((p) => (p.lines?.length ?? 1) === 1 && inSmallType(p, bodySize));
  const b = row.blocks[0];
  const t = b.text.trim();
  if ((b.lines?.length ?? 1) > 1 || INTRODUCES.test(t) || BULLET.test(t) || (hasBold(b) && !inSmallType(b, bodySize)) || blockFontSize(b) > bodySize * MAX_SIZE_RATIO || SENTENCE_END.test(t)) return false;
  const atColumnEdge = columnLefts.some((x) => Math.abs(b.bbox[0] - x) <= bodySize / 2);
  return FOLIO_AT_END.test(t) || (numberedOpposite && (!/^\p{Ll}/u.test(t) || !atColumnEdge));
}

/** A running head's page number at one end of its line, arabic or roman ("16 a tufte-style book", "Preface xi", "ERDC TR-00-1 13", "... 01:02 903"). */
const ROMAN = "(?=[ivxlc])c{0,3}(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})";
const FOLIO_AT_END = new RegExp(`^(\\d{1,4}|(?=[ivxlc]{2})${ROMAN})\\s+\\p{L}|[\\p{L}\\p{N}][\\p{L}\\p{N}.,:)/-]*\\s+(\\d{1,4}|${ROMAN})$`, "iu");

/** A sentence or clause ends in its stop, inside any closing bracket or quote ("... \\eqnhighlightheight.)"). */
const SENTENCE_END = /[.!?;:,]["'”’»)\]]*$/;

/** Bold words in a block; a bold folio is a running line's style ("**4** Bugs in Computers & Typesetting"). */
const hasBold = (b: Block) => (b.lines ?? []).some((l) => l.spans.some((s) => s.bold && s.text.trim() && !PAGE_NUMBER.test(s.text.trim())));

/** Where the page's columns of text begin: the left edges of its paragraphs. */
const columnEdges = (rows: Row[]) => rows.flatMap((r) => r.blocks.filter((b) => b.text.length >= MIN_BODY_CHARS && (b.lines?.length ?? 1) > 1).map((b) => b.bbox[0]));

/**
 * Pieces of a line flush with its two ends and a wide gap between them; or the three places
 * of a head, left, centre and right, the middle piece centred between the outer two
 * ("Testfach | Arbeitsblatt mit PDF-Formularen | Arbeitsblatt").
 */
function splitBetweenMargins(row: Row, bodySize: number): boolean {
  const pieces = [...row.blocks].sort((a, b) => a.bbox[0] - b.bbox[0]);
  if (pieces.length < 2) return false;
  const width = pieces[pieces.length - 1].bbox[2] - pieces[0].bbox[0];
  if (pieces.slice(1).some((p, i) => p.bbox[0] - pieces[i].bbox[2] >= SPLIT_GAP * width)) return true;
  if (pieces.length !== 3) return false;
  const [l, c, r] = pieces;
  return Math.abs((c.bbox[0] + c.bbox[2]) / 2 - (l.bbox[0] + r.bbox[2]) / 2) <= bodySize / 2 && c.bbox[0] - l.bbox[2] >= PLACE_GAP * bodySize && r.bbox[0] - c.bbox[2] >= PLACE_GAP * bodySize;
}
/** A head's three places stand this many body sizes apart at least. */
const PLACE_GAP = 2;

/** One or two short lines no larger than the body text (three in small type). */
function edgeLine(b: Block, bodySize: number): boolean {
  if (isFootBar(b, bodySize)) return true;
  if (b.type !== "text" && b.type !== "title") return false;
  // A banner in small type may run to a third line (a journal's citation, its DOI, its ISSN).
  const lineCount = inSmallType(b, bodySize) ? MAX_GROUP_ROWS : MAX_LINES;
  const largest = ENDS_IN_PAGE.test(b.text.trim()) ? MAX_FOLIO_SIZE_RATIO : MAX_SIZE_RATIO;
  return b.text.length <= MAX_CHARS && (b.lines?.length ?? 1) <= lineCount && blockFontSize(b) <= bodySize * largest;
}

/**
 * A bar of boxes in small type read as a table of a row or two: a slide's foot (author,
 * institute, title, "8 / 14"), a word processor's footer table ("Page 1 of 3"). It is
 * furniture only where a cell says so (furnitureTexts).
 */
const isFootBar = (b: Block, bodySize: number) => b.type === "table" && !!b.table && b.table.rows.length <= MAX_LINES && b.text.length <= MAX_CHARS && inSmallType(b, bodySize);

/** The pieces of a block that may say furniture: its text, and a foot bar's cells. */
const furnitureTexts = (b: Block) => [b.text.trim(), ...(b.table?.rows.flat().map((c) => c.text.trim()) ?? [])];


/** The band of a head or foot already found, and whether it carried the page's number. */
interface OuterHead {
  reach: number;
  numbered: boolean;
}

interface Row {
  blocks: Block[];
  top: number;
  bottom: number;
}

const rowOf = (b: Block): Row => ({ blocks: [b], top: b.bbox[1], bottom: b.bbox[3] });

/** Blocks side by side on the page (overlapping in height), top to bottom. */
function rowsOf(blocks: Block[]): Row[] {
  const rows: Row[] = [];
  for (const b of [...blocks].sort((p, q) => p.bbox[1] - q.bbox[1])) {
    const row = rows.find((r) => Math.min(r.bottom, b.bbox[3]) - Math.max(r.top, b.bbox[1]) > 0.5 * Math.min(r.bottom - r.top, b.bbox[3] - b.bbox[1]));
    if (row) {
      row.blocks.push(b);
      row.top = Math.min(row.top, b.bbox[1]);
      row.bottom = Math.max(row.bottom, b.bbox[3]);
    } else rows.push({ blocks: [b], top: b.bbox[1], bottom: b.bbox[3] });
  }
  return rows;
}
