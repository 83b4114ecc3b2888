// The wording of heads and feet (furniture-wording.ts), in the languages and scripts pages are printed in.
import { describe, expect, it } from "vitest";
import { DATE, FURNITURE_WORDING, PAGE_NUMBER, SET_OFF_WORDING } from "../../src/core/processors/furniture-wording";

const setOff = (t: string) => SET_OFF_WORDING.some((w) => w.test(t));
const notice = (t: string) => FURNITURE_WORDING.some((w) => w.test(t));

describe("furniture wording", () => {
  it("reads a page number alone in any script's digits and in the page words of several languages", () => {
    for (const folio of ["12", "- 12 -", "xii", "Page 3 of 9", "Seite 3 von 9", "Página 2 de 5", "Стр. 4", "๑", "۵", "१२"]) expect(PAGE_NUMBER.test(folio), folio).toBe(true);
    for (const text of ["12 apples", "Section 3", "1.2"]) expect(PAGE_NUMBER.test(text), text).toBe(false);
  });

  it("reads a line ending in its page, and a print job's slug, as set-off furniture", () => {
    expect(setOff("Versione n. 1 – Pag. 1")).toBe(true);
    expect(setOff("Handbuch · Seite 4 von 9")).toBe(true);
    expect(setOff("“thesis-example2” — 2022/8/22 — 15:40 — page 3 — #3")).toBe(true);
    expect(setOff("The results are shown in the next section")).toBe(false);
  });

  it("reads an author's self-archiving notice as a notice, and dates written with slashes as dates", () => {
    expect(notice("This is the author’s version of the work. Not for redistribution.")).toBe(true);
    expect(notice("The authors thank the reviewers for their version of events.")).toBe(false);
    expect(DATE.test("2011/2/4")).toBe(true);
  });
});
