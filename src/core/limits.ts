// Hard limits, as named code defaults. Enforced before work starts; documented in README.md.
/** The spec's limit for conversion: 200 MB per file. */
export const MAX_CONVERT_FILE_BYTES = 200 * 1024 * 1024;
/** The spec's limit for conversion: 300 pages per file. */
export const MAX_CONVERT_PAGES = 300;
/** Parse endpoints: the spec leaves it open; the same 200 MB keeps one file within reach of one isolate. */
export const MAX_PARSE_FILE_BYTES = 200 * 1024 * 1024;
/** Parse endpoints: pages per file (a long book still fits; more must be split by the client). */
export const MAX_PARSE_PAGES = 2000;

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
/** Pixels of one image: decoding holds up to 4 bytes per pixel in a 128 MB isolate (a 12 MP phone photo fits). */
export const MAX_IMAGE_PIXELS = 16_000_000;
/** Pixels handed to the OCR engine: larger pages are scaled down to it (an A4 page at 300 dpi is 8.7 M), bounding WASM memory. */
export const MAX_OCR_PIXELS = 9_000_000;
