// The service's numeric error codes by name, so a DocparseError can say "QUOTA_EXCEEDED"
// instead of 20001. A copy of src/api/errors.ts's table rather than an import of it: the
// client must not pull server code into a browser bundle. The `satisfies` below makes the
// type checker compare the copy with the server's table, so a code added, renamed or
// renumbered there fails `npm run typecheck` until it is copied here.
import type { ERRORS, ErrorName } from "../src/api/errors";

type ServerCodes = { [K in ErrorName]: (typeof ERRORS)[K]["code"] };

export const ERROR_CODES = {
  API_KEY_MISSING: 10001,
  API_KEY_INVALID: 10002,
  API_KEY_REVOKED: 10003,
  ADMIN_FORBIDDEN: 10004,
  QUOTA_EXCEEDED: 20001,
  INVALID_PARAMETER: 30001,
  FILE_REQUIRED: 30002,
  INVALID_JSON_FIELD: 30003,
  INCOMPATIBLE_OPTIONS: 30004,
  UNSUPPORTED_CONTENT_TYPE: 30005,
  FILE_URL_REJECTED: 30006,
  FILE_URL_UNREACHABLE: 30007,
  UNSUPPORTED_FILE_TYPE: 40001,
  FILE_TYPE_NOT_YET_SUPPORTED: 40002,
  PASSWORD_PROTECTED: 40003,
  CORRUPT_FILE: 40004,
  FILE_TOO_LARGE: 40005,
  TOO_MANY_PAGES: 40006,
  LIMIT_EXCEEDED: 40007,
  TASK_NOT_FOUND: 50001,
  SYNC_TIMEOUT: 50002,
  RESULT_EXPIRED: 50003,
  DOWNLOAD_LINK_INVALID: 50004,
  ENDPOINT_RETIRED: 50005,
  ROUTE_NOT_FOUND: 50006,
  METHOD_NOT_ALLOWED: 50007,
  PAYLOAD_TOO_LARGE: 50008,
  CLIENT_CLOSED: 50009,
  PROCESSING_FAILED: 60001,
  INTERNAL_ERROR: 90001,
  MISCONFIGURED: 90002,
} as const satisfies ServerCodes;

/** A name of the service's code table. */
export type ServiceErrorName = ErrorName;

const NAMES = new Map<number, ServiceErrorName>(Object.entries(ERROR_CODES).map(([name, code]) => [code, name as ServiceErrorName]));

/** The table's name of a code; undefined for a code this copy does not know (a newer server). */
export function errorNameOf(code: number): ServiceErrorName | undefined {
  return NAMES.get(code);
}
