// Types of shared-dir.mjs for the TypeScript scripts.
/** The shared folder (the evaluation corpus and tools): SHARED_DIR, else ../shared beside the checkout or its origin. */
export function sharedDir(root: string): string;
