// Types of scripts/chaos/hostile-files.mjs for the tests that use it.
export declare function inflatingContentPdf(megabytes: number): Promise<Uint8Array>;
export declare function inflatingImagePdf(megabytes: number): Promise<Uint8Array>;
