// Hard limits, as named code defaults. Enforced before work starts; documented in docs/configuration.md.
/**
 * Bytes of one document. A worker holds the whole file while it reads it (pdf.js parses
 * from memory, and keeps a copy) inside an isolate's 128 MB, so files stop here, the
 * renderer Worker's limit too; the spec's 200 MB for conversion needs files read by byte
 * ranges from R2, which is not done yet. Uploads are refused as they pass it, before
 * more is read (src/api/multipart.ts).
 */
export const MAX_FILE_BYTES = 48 * 1024 * 1024;
/** Conversion endpoints (the spec says 200 MB: see MAX_FILE_BYTES). */
export const MAX_CONVERT_FILE_BYTES = MAX_FILE_BYTES;
/** The spec's limit for conversion: 300 pages per file. */
export const MAX_CONVERT_PAGES = 300;
/** Parse endpoints: the spec leaves it open. */
export const MAX_PARSE_FILE_BYTES = MAX_FILE_BYTES;
/**
 * A sync parse of a file larger than this, or longer than SYNC_INLINE_MAX_PAGES, is run
 * by the queue as an async one while the request waits: the request's worker stays free
 * to answer, and a long scan is read in parts in parallel.
 */
export const SYNC_INLINE_MAX_BYTES = 8 * 1024 * 1024;
export const SYNC_INLINE_MAX_PAGES = 50;
/** Parse endpoints: pages per file (a long book still fits; more must be split by the client). */
export const MAX_PARSE_PAGES = 2000;

/**
 * Bytes one PDF stream may decode to: a 16-megapixel CMYK picture (MAX_IMAGE_PIXELS) is
 * 64 MB; content streams of real pages are a few MB. Past it the document fails with 40007
 * (decompression bombs: src/core/backends/pdf/decode-limit.ts).
 */
export const MAX_DECODED_STREAM_BYTES = 64 * 1024 * 1024;

/**
 * What one worker may hold of a document's parsed pages at once, measured as their JSON
 * (about what they cost in memory), before the steps that need the whole document run:
 * with the file and pdf.js beside them, past this an isolate's 128 MB would run out. The
 * service fails such a document with 40007 ("split it") instead of dying mid-task; the
 * CLI, in a process of its own, sets no budget.
 */
export const MAX_HELD_PAGES_JSON_BYTES = 40 * 1024 * 1024;

// Office (OOXML) inputs: caps that keep a crafted zip or XML part from exhausting a 128 MB isolate.
/** Entries in an Office zip (a large real workbook has a few hundred). */
export const MAX_OFFICE_ZIP_ENTRIES = 10_000;
/** Decompressed size of one part we read: its XML text is held whole while it is parsed. */
export const MAX_OFFICE_PART_BYTES = 24 * 1024 * 1024;
/** Decompressed bytes read from one Office file in all (zip bombs stop here). */
export const MAX_OFFICE_INFLATED_BYTES = 96 * 1024 * 1024;
/** XML element nesting (real documents stay far below; deeper is an attack on the parser). */
export const MAX_XML_DEPTH = 256;
/** Elements kept in memory from one XML part (document trees, slides): about 160 bytes each in
 *  Node (less with pointer compression), so a tree stays near 64 MB at most. */
export const MAX_XML_ELEMENTS = 400_000;
/** Spreadsheet cells read from one workbook; beyond it the rest is left out with a note. */
export const MAX_SHEET_CELLS = 250_000;

// Images (OCR): caps checked on the header, before any pixel is decoded (decompression bombs).
/** Pixels on one side of an image; real scans and photos stay far below. */
export const MAX_IMAGE_DIMENSION = 20_000;
/** Pixels of one image decoded whole (GIF, BMP, interlaced PNG, TIFF pages of more than one bit a pixel): up to 4 bytes per pixel in a 128 MB isolate (a 12 MP phone photo fits). */
export const MAX_IMAGE_PIXELS = 16_000_000;
/** Pixels of a JPEG, a PNG (not interlaced) or a bi-level TIFF page: decoded shrunk to what OCR reads as it comes, never held at full size (a 100-megapixel camera's photo, a 600 dpi scan). */
export const MAX_SHRUNK_IMAGE_PIXELS = 100_000_000;
/** Pixels of a progressive JPEG: its luma's coefficients are held until its last scan, 2 bytes a pixel. */
export const MAX_PROGRESSIVE_JPEG_PIXELS = 40_000_000;
/** Pixels handed to the OCR engine: larger pages are scaled down to it (an A4 page at 300 dpi is 8.7 M), bounding WASM memory. */
export const MAX_OCR_PIXELS = 9_000_000;
