// The core's one error type. `code` is stable and mapped to an API code at the edge
// (src/api/errors.ts); `retryable` tells the queue consumer to retry rather than fail.
export type CoreErrorCode =
  | "unsupported_format"      // not a kind of file we parse at all
  | "format_not_implemented"  // a kind we will parse, not yet supported
  | "password_protected"
  | "corrupt_file"
  | "too_many_pages"
  | "too_large"
  | "limit_exceeded"          // a hard safety limit (pixels, zip entries, XML depth...)
  | "processing_failed";

export class CoreError extends Error {
  override readonly name = "CoreError";
  constructor(
    readonly code: CoreErrorCode,
    message: string,
    readonly retryable = false,
  ) {
    super(message);
  }
}

export const isCoreError = (e: unknown): e is CoreError => e instanceof CoreError;
