// Hard limits, as named code defaults. Enforced before work starts; documented in README.md.
/** The spec's limit for conversion: 200 MB per file. */
export const MAX_CONVERT_FILE_BYTES = 200 * 1024 * 1024;
/** The spec's limit for conversion: 300 pages per file. */
export const MAX_CONVERT_PAGES = 300;
/** Parse endpoints: the spec leaves it open; the same 200 MB keeps one file within reach of one isolate. */
export const MAX_PARSE_FILE_BYTES = 200 * 1024 * 1024;
/** Parse endpoints: pages per file (a long book still fits; more must be split by the client). */
export const MAX_PARSE_PAGES = 2000;
