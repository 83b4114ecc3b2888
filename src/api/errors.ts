// The numeric error-code table of the API: one entry per code, with its HTTP status and a
// one-line meaning. docs/errors.md documents the same table (a test keeps the two in step).
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { CoreErrorCode } from "../core/errors";

export const ERRORS = {
  // 1xxxx authentication and authorisation
  API_KEY_MISSING: { code: 10001, status: 401, meaning: "No API key: send the api_key form field or `Authorization: Bearer sk-...`." },
  API_KEY_INVALID: { code: 10002, status: 401, meaning: "The api_key is not a known key." },
  API_KEY_REVOKED: { code: 10003, status: 403, meaning: "The api_key was revoked." },
  ADMIN_FORBIDDEN: { code: 10004, status: 403, meaning: "Admin route called without the right ADMIN_TOKEN." },
  // 2xxxx quota
  QUOTA_EXCEEDED: { code: 20001, status: 402, meaning: "Not enough pages left (free today/this month plus paid plans)." },
  // 3xxxx request validation
  INVALID_PARAMETER: { code: 30001, status: 400, meaning: "A form field has a wrong value; the message names it." },
  FILE_REQUIRED: { code: 30002, status: 400, meaning: "Send exactly one of `file` and `file_url`." },
  INVALID_JSON_FIELD: { code: 30003, status: 400, meaning: "element_formats / feature_config is not a JSON object of the allowed keys." },
  INCOMPATIBLE_OPTIONS: { code: 30004, status: 400, meaning: "Options that cannot go together (zip without image=file, ppt with flow...)." },
  UNSUPPORTED_CONTENT_TYPE: { code: 30005, status: 415, meaning: "The body is not multipart/form-data (or url-encoded)." },
  FILE_URL_REJECTED: { code: 30006, status: 400, meaning: "file_url is not an http(s) URL to a public host." },
  FILE_URL_UNREACHABLE: { code: 30007, status: 422, meaning: "file_url could not be downloaded (status, timeout, too many redirects)." },
  // 4xxxx the document itself
  UNSUPPORTED_FILE_TYPE: { code: 40001, status: 415, meaning: "Not a kind of file this endpoint accepts." },
  FILE_TYPE_NOT_YET_SUPPORTED: { code: 40002, status: 415, meaning: "A kind of file we will parse, not supported yet." },
  PASSWORD_PROTECTED: { code: 40003, status: 422, meaning: "The document needs a password." },
  CORRUPT_FILE: { code: 40004, status: 422, meaning: "The document is damaged or empty and cannot be read." },
  FILE_TOO_LARGE: { code: 40005, status: 413, meaning: "The file is larger than the limit (48 MB: a worker holds the whole file while reading it)." },
  TOO_MANY_PAGES: { code: 40006, status: 413, meaning: "The document has more pages than the limit." },
  LIMIT_EXCEEDED: { code: 40007, status: 422, meaning: "The document exceeds a safety limit (size of an image, archive...)." },
  // 5xxxx tasks, results and routes
  TASK_NOT_FOUND: { code: 50001, status: 404, meaning: "No task with this task_id for this API key." },
  SYNC_TIMEOUT: { code: 50002, status: 202, meaning: "A sync endpoint waited its limit; the task goes on: poll the async_check endpoint with data.task_id." },
  RESULT_EXPIRED: { code: 50003, status: 410, meaning: "The task's results passed their retention period and were deleted." },
  DOWNLOAD_LINK_INVALID: { code: 50004, status: 403, meaning: "The download link was altered or has expired; ask async_check for a new one." },
  ENDPOINT_RETIRED: { code: 50005, status: 410, meaning: "A legacy /v1/extract/* path past its sunset; the message names the successor." },
  ROUTE_NOT_FOUND: { code: 50006, status: 404, meaning: "No such endpoint." },
  METHOD_NOT_ALLOWED: { code: 50007, status: 405, meaning: "Endpoints take POST (downloads and the dashboard page GET)." },
  PAYLOAD_TOO_LARGE: { code: 50008, status: 413, meaning: "The request body is larger than the upload limit." },
  CLIENT_CLOSED: { code: 50009, status: 400, meaning: "A sync request's client hung up before the result: its task was cancelled, no page charged (seen in async_check)." },
  // 6xxxx processing
  PROCESSING_FAILED: { code: 60001, status: 422, meaning: "Parsing or conversion failed for this document; the message says why." },
  // 9xxxx our side
  INTERNAL_ERROR: { code: 90001, status: 500, meaning: "An error on our side; the task is failed and no page is charged." },
  MISCONFIGURED: { code: 90002, status: 503, meaning: "The service is missing a required secret (SIGNING_SECRET)." },
} as const satisfies Record<string, { code: number; status: ContentfulStatusCode; meaning: string }>;

export type ErrorName = keyof typeof ERRORS;

/** The one error type of the API layer; src/api/app.ts turns it into the envelope. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly code: number;
  readonly status: ContentfulStatusCode;
  constructor(
    readonly kind: ErrorName,
    message: string,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.code = ERRORS[kind].code;
    this.status = ERRORS[kind].status;
  }
}

/** The one table from core errors to API errors. */
export const CORE_TO_API: Record<CoreErrorCode, ErrorName> = {
  unsupported_format: "UNSUPPORTED_FILE_TYPE",
  format_not_implemented: "FILE_TYPE_NOT_YET_SUPPORTED",
  password_protected: "PASSWORD_PROTECTED",
  corrupt_file: "CORRUPT_FILE",
  too_many_pages: "TOO_MANY_PAGES",
  too_large: "FILE_TOO_LARGE",
  limit_exceeded: "LIMIT_EXCEEDED",
  processing_failed: "PROCESSING_FAILED",
};

/** HTTP status of a numeric code (task errors carry only the code). */
export function statusForCode(code: number): ContentfulStatusCode {
  return Object.values(ERRORS).find((e) => e.code === code)?.status ?? 500;
}
