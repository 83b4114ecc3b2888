// Types of scripts/chaos/made-documents.mjs for the tests that use it.
export declare function inflatingContentPdf(megabytes: number): Promise<Uint8Array>;
export declare function inflatingImagePdf(megabytes: number): Promise<Uint8Array>;
export declare function scannedPdf(jpeg: Uint8Array, pages: number): Uint8Array;
export declare function deflatedTextPdf(zlib: Uint8Array): Uint8Array;
export declare function filledFormPdf(): Uint8Array;
export declare function annotatedPdf(): Uint8Array;
export declare function garbledFontPdf(): Uint8Array;
export declare function standardSymbolFontsPdf(): Uint8Array;
export declare function toUnicodeTextPdf(line: string, mapping: Map<string, string>): Uint8Array;
export declare function glyphNamesTextPdf(line: string, names: string[]): Uint8Array;
export interface MadePicture {
  entries: string;
  data: Uint8Array;
  smask?: { entries: string; data: Uint8Array };
}
export declare function picturesPdf(pictures: MadePicture[]): Uint8Array;
