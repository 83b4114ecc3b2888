// A picture's resolution, which OCR needs to know how large its type is.

/** Without a usable resolution, a picture is taken for a page this wide (inches, US Letter). */
export const ASSUMED_PAGE_WIDTH_INCHES = 8.5;
const POINTS_PER_INCH = 72;

/** Dots per inch of a picture `width` pixels wide (upright): its own `dpi`, or a US Letter page's as wide. */
export const resolutionOf = (width: number, dpi: number | undefined): number => dpi ?? width / ASSUMED_PAGE_WIDTH_INCHES;

/** Page points per pixel of that picture. */
export const pointsPerPixel = (width: number, dpi: number | undefined): number => POINTS_PER_INCH / resolutionOf(width, dpi);
