// The wording of heads, feet, banners and stamps, which holds in any document: notices,
// citations, versions, dates, identifiers, page numbers (page-furniture.ts reads it with
// where a line stands and how it is set).

/**
 * What publishers and printers set in the margins and nobody writes in a paragraph's place
 * there: access stamps, licences and copyright, page counts, bare addresses, identifiers,
 * manuscript status, restrictions, a journal's volume and pages.
 */
export const FURNITURE_WORDING = [
  /\bdownloaded\s+(from|by)\b|\baccessed\s+(on|from)\b/i,
  /\blicen[cs]ed\s+under\b|\bcreative\s+commons\b|\bCC[ -]BY\b|\bopen\s+access\b/i,
  /©|\(c\)\s*\d{4}|\bcopyright\b|\ball\s+rights\s+reserved\b/i,
  /\bpage\s+\d+\s*(of|\/)\s*\d+\b/i,
  /^(https?:\/\/|www\.)\S+$/i,
  /\bdoi:\s*10\.\d|\bdoi\.org\/10\./i,
  /\barxiv:\s*\d{4}\.\d{4,5}/i,
  /\bpermission\s+to\s+(make|reproduce|copy)\b/i,
  /\b(preprint|manuscript)\s+submitted\s+to\b|\baccepted\s+manuscript\b|\bauthor'?s?\s+manuscript\b|\bunder\s+review\b/i,
  /\bauthor['’]?s\s+(version|copy)\b|\bdefinitive\s+version\b|\bfinal\s+publication\s+is\s+available\b|\bnot\s+for\s+(re)?distribution\b/i,
  /\bconfidential\b|\bfor\s+internal\s+use\b|\bdo\s+not\s+(distribute|copy|cite)\b/i,
  /^printed\b/i,
  /\b(vol\.?|volume)\s*\d+|\b\d+\s*\(\d{4}\)\s*\d+\s*[-–]\s*\d+\b|\bpp\.\s*\d+\s*[-–]\s*\d+\b|\bissue\s+\d+\b/i,
];
/**
 * The word "page" as documents print it by their numbers, in full or cut short ("Page",
 * "p.", "Pag.", "Pág.", "Seite", "S.", "Str.", "Стр.", "Σελ."), and the word of "3 of 9".
 */
const PAGE_WORD = "page|p\\.|pag\\.?|p[áa]g\\.|p[áa]gina|pagina|seite|s\\.|str\\.|strana|strona|sivu|sida|side|oldal|sayfa|стр\\.|страница|сторінка|σελ\\.|σελίδα";
const PAGE_OF = "of|de|di|von|sur|z|из|з|από|/";
/** A time of day: 15:29, 9:05. */
const TIME = "\\b[0-2]?\\d:[0-5]\\d\\b";
/** A line ending in its page ("Versione n. 1 – Pag. 1", "Handbuch · Seite 4 von 9", "... of fonts, page 5"). */
export const ENDS_IN_PAGE = new RegExp(`(^|[\\s|•·–—-])(${PAGE_WORD})\\s*\\d{1,4}(\\s*(${PAGE_OF})\\s*\\d{1,4})?$`, "iu");
/**
 * Wording of heads, feet and banners that body text may also hold (the last reference of a
 * bibliography cites a year, a list's line names a version): it says furniture only of lines
 * set off from the text by a gap. A citation line, numbers about a year in parentheses
 * ("MNRAS 000, 1–10 (2020)", "Electron. Commun. Probab. 0 (2020), article no. 0"); a serial's
 * numbers; a proceedings' banner; a version, a release or a revision.
 */
export const SET_OFF_WORDING = [
  /\d[\d\s,–-]*\((?:[^)]*\s)?(1[89]|20)\d\d\)|\((1[89]|20)\d\d\)\s*,?\s*\d|\bIS[SB]N[\s:-]*\d|\barticle\s+(no\.|number|id)\s*\S/i,
  /\bproceedings\s+of\b|\b(advance\s+access|published\s+online|available\s+online|first\s+published)\b/i,
  /\b(version|release|revision|rev\.|draft)\s*v?\d+(\.\d+)*|\bv\d+\.\d+/i,
  // A print job's slug: the time it ran and the page ("“thesis” — 2022/8/22 — 15:40 — page 3 — #3").
  new RegExp(`${TIME}.*\\bpage\\s+\\d+|\\bpage\\s+\\d+.*${TIME}`, "i"),
  ENDS_IN_PAGE,
];
/**
 * A date or a time, as headers and feet stamp them: 2015-11-20, 2011/2/4, 20.11.2015, 20/11/2015,
 * "17 June 2021", "June 3, 2018", "24 Sep 2004", "15:29". Month names of the Latin-script
 * languages most documents are in; numeric dates hold in any script.
 */
const MONTH = "jan(uary|vier|uar|eiro|naio)?|feb(ruary|rero|braio|ruar)?|f[ée]v(rier|ereiro)?|mar(ch|s|zo|ço|zec)?|m[äa]rz|apr(il|ile)?|avr(il)?|abr(il)?|may(o)?|mai|maggio|maio|june?|juin|juni|junio|giugno|junho|july?|juil(let)?|juli|julio|luglio|julho|aug(ust)?|ao[uû]t|agosto|sep(t(ember|iembre|embre)?)?|set(embro|tembre)?|oct(ober|obre)?|okt(ober)?|ott(obre)?|out(ubro)?|nov(ember|embre|iembre|embro)?|dec(ember)?|d[ée]c(embre)?|dez(ember|embro)?|dic(iembre|embre)?|gennaio|enero|octubre|januari|februari|maart|mei|augustus";
export const DATE = new RegExp(`\\b(1[89]|20)\\d\\d[-/][01]?\\d[-/][0-3]?\\d\\b|\\b[0-3]?\\d[./][01]?\\d[./](1[89]|20)\\d\\d\\b|\\b[0-3]?\\d\\.?\\s+(${MONTH})\\.?\\s+(1[89]|20)\\d\\d\\b|\\b(${MONTH})\\.?\\s+[0-3]?\\d(st|nd|rd|th)?,?\\s+(1[89]|20)\\d\\d\\b|${TIME}`, "i");
/** Parts of a banner or a running head set apart by bars, bullets or middle dots ("IJDC | General Article", "[git] • Branch: CTAN"). */
export const SEPARATED_PARTS = /\S\s+[|•·]\s+\S/;
/** A page number alone, in the digits of any script: "12", "- 12 -" (which OCR reads "~12~"), "Page 3 of 9", "Seite 3 von 9", "xii", Thai "๑", Persian "۵". */
export const PAGE_NUMBER = new RegExp(`^((${PAGE_WORD})\\s*)?[-–—~]?\\s*\\p{Nd}{1,4}\\s*[-–—~]?(\\s*(${PAGE_OF})\\s*\\p{Nd}{1,4})?$|^[ivxlcdm]{1,6}$`, "iu");
