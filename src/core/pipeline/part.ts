// A part of a document: pages of a PDF or an image file read apart (a long document is read
// in parts, in several isolates), and the bound on what one part may hold.
import { CoreError } from "../errors";
import type { DocumentSource, Page, Warning } from "../model";
import type { DocumentHints } from "../processors/index";

/**
 * The pages of a PDF or an image file, read and processed one by one (`options.pageRange`,
 * default all), before the steps that need the whole document (furniture, headings,
 * lists, cross-page merges): a long scan is read as several parts, in several isolates,
 * and finished once (`finishDocument`).
 */
export interface PagesPart {
  source: DocumentSource;
  pages: Page[];
  warnings: Warning[];
  hints: DocumentHints;
}

/**
 * Counts what the parsed pages hold (their JSON length, about what they cost in memory)
 * against the budget, and fails the document the moment it passes it.
 */
export function heldBudget(budgetBytes: number | undefined) {
  let held = 0;
  return {
    add(page: Page, index: number): void {
      if (budgetBytes === undefined) return;
      held += JSON.stringify(page).length;
      if (held > budgetBytes) throw heldTooMuch(budgetBytes, `by page ${index + 1}`);
    },
  };
}

export const heldTooMuch = (budgetBytes: number, where: string) =>
  new CoreError("limit_exceeded", `The document's parsed content passes ${Math.round(budgetBytes / 1048576)} MB ${where}, more than one worker can hold at once: split it into smaller documents.`);

