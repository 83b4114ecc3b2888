// Every route the service answers, as the API reference describes it: its form, the `data`
// of its success envelope, the error codes it can answer with, and an example. The OpenAPI
// document is built from this table, and test/api/openapi.test.ts checks that every route
// registered in the Hono app is in it.
import { z } from "zod";
import type { ErrorName } from "../errors";
import { AddPlan, CreateKey } from "../routes/admin";
import { CheckForm, ConvertForm, ConvertTaskData, ParseCheckData, ParseForm, ParseSubmitData, ParseSyncData, ServiceInfo, UsageData, UsageForm } from "./schemas";
import { EXAMPLES, type Example } from "./examples";

export interface Operation {
  method: "get" | "post";
  /** The OpenAPI path ({name} for a parameter). */
  path: string;
  tag: "Parse" | "Convert" | "Account" | "Files" | "Legacy" | "Pages" | "Admin";
  summary: string;
  description: string;
  /** The multipart form it takes. */
  form?: z.ZodObject;
  /** The JSON body it takes (admin routes). */
  json?: z.ZodType;
  /** `data` of the success envelope; absent for answers that are not the JSON envelope. */
  data?: z.ZodType;
  /** What a success is when it is not the envelope: a file download or an HTML page. */
  other?: { mediaType: string; description: string };
  errors: ErrorName[];
  example?: Example;
  deprecated?: boolean;
  /** Path parameters (admin key ids, download keys). */
  params?: { name: string; description: string }[];
  security?: "apiKey" | "admin" | "none" | "signature";
}

/** Every form-taking endpoint: the key, the form and the service's own failures. */
const FORM_ERRORS: ErrorName[] = ["API_KEY_MISSING", "API_KEY_INVALID", "API_KEY_REVOKED", "UNSUPPORTED_CONTENT_TYPE", "INVALID_PARAMETER", "PAYLOAD_TOO_LARGE", "MISCONFIGURED", "INTERNAL_ERROR"];
/** Submitting a document: where it comes from, what it is, the quota. */
const SUBMIT_ERRORS: ErrorName[] = [
  ...FORM_ERRORS,
  "FILE_REQUIRED", "FILE_URL_REJECTED", "FILE_URL_UNREACHABLE", "UNSUPPORTED_FILE_TYPE", "FILE_TYPE_NOT_YET_SUPPORTED",
  "PASSWORD_PROTECTED", "CORRUPT_FILE", "FILE_TOO_LARGE", "TOO_MANY_PAGES", "LIMIT_EXCEEDED", "QUOTA_EXCEEDED",
];
const PARSE_OPTION_ERRORS: ErrorName[] = ["INVALID_JSON_FIELD", "INCOMPATIBLE_OPTIONS"];
/** A sync endpoint waits for the task: it can time out, fail, or lose its caller. */
const SYNC_ERRORS: ErrorName[] = ["SYNC_TIMEOUT", "PROCESSING_FAILED", "CLIENT_CLOSED"];
const CHECK_ERRORS: ErrorName[] = [...FORM_ERRORS, "TASK_NOT_FOUND", "RESULT_EXPIRED"];
const ADMIN_ERRORS: ErrorName[] = ["ADMIN_FORBIDDEN", "INVALID_PARAMETER", "ROUTE_NOT_FOUND", "INTERNAL_ERROR"];

const PARSE_SYNC: Omit<Operation, "path" | "tag"> = {
  method: "post",
  summary: "Parse a document and wait for the result",
  description: "Parses a PDF, picture (PNG, JPEG, TIFF, GIF, BMP, WebP), Word, PowerPoint or Excel file into Markdown and/or JSON (and a zip when asked), answering when done. A parse still running after PARSE_SYNC_TIMEOUT_SECONDS answers 50002 with the task_id to poll. Pages are charged only for a successful parse.",
  form: ParseForm,
  data: ParseSyncData,
  errors: [...SUBMIT_ERRORS, ...PARSE_OPTION_ERRORS, ...SYNC_ERRORS],
  example: EXAMPLES.parseSync,
  security: "apiKey",
};
const PARSE_ASYNC: Omit<Operation, "path" | "tag"> = {
  method: "post",
  summary: "Submit a document to parse",
  description: "Takes the same form as /v1/parse/sync and answers at once with the task_id; poll /v1/parse/async_check for the result.",
  form: ParseForm,
  data: ParseSubmitData,
  errors: [...SUBMIT_ERRORS, ...PARSE_OPTION_ERRORS],
  example: EXAMPLES.parseAsync,
  security: "apiKey",
};
const PARSE_CHECK: Omit<Operation, "path" | "tag"> = {
  method: "post",
  summary: "Poll a parse task",
  description: "The task's status (queuing, processing, success, failed) and, on success, its result. Poll with backoff (1 s, then longer); results are kept RESULT_TTL_SECONDS.",
  form: CheckForm,
  data: ParseCheckData,
  errors: CHECK_ERRORS,
  example: EXAMPLES.parseCheck,
  security: "apiKey",
};

const legacy = (path: string, successor: string, op: Omit<Operation, "path" | "tag">): Operation => ({
  ...op,
  path,
  tag: "Legacy",
  summary: `${op.summary} (former path of ${successor})`,
  description: `Answers as ${successor} does, with \`Deprecation\`, \`Sunset\` and \`Link\` headers, until LEGACY_SUNSET (2026-12-31T23:59:59Z); after it, 410 with code 50005 naming the successor. Takes \`extract_config\` as the former name of \`feature_config\`.`,
  errors: [...op.errors, "ENDPOINT_RETIRED"],
  deprecated: true,
});

const CONVERT_SYNC: Operation = {
  method: "post",
  path: "/v1/convert/sync",
  tag: "Convert",
  summary: "Convert a PDF to Word or PowerPoint and wait",
  description: "Holds the connection until the conversion succeeds, fails or passes CONVERT_SYNC_TIMEOUT_SECONDS (then 50002 with the task record to poll). A failed conversion answers HTTP 200 with the task's error code in the envelope and the record in `data`. On SUCCESS `download_url` is a signed link valid `expires_in` seconds.",
  form: ConvertForm,
  data: ConvertTaskData,
  errors: [...SUBMIT_ERRORS, "INCOMPATIBLE_OPTIONS", ...SYNC_ERRORS],
  example: EXAMPLES.convertSync,
  security: "apiKey",
};

export const OPERATIONS: Operation[] = [
  { ...PARSE_SYNC, path: "/v1/parse/sync", tag: "Parse" },
  { ...PARSE_ASYNC, path: "/v1/parse/async", tag: "Parse" },
  { ...PARSE_CHECK, path: "/v1/parse/async_check", tag: "Parse" },
  CONVERT_SYNC,
  {
    method: "post",
    path: "/v1/convert/async",
    tag: "Convert",
    summary: "Submit a PDF to convert",
    description: "Takes the same form as /v1/convert/sync and answers at once with the task record (status PARSING); poll /v1/convert/async_check.",
    form: ConvertForm,
    data: ConvertTaskData,
    errors: [...SUBMIT_ERRORS, "INCOMPATIBLE_OPTIONS"],
    example: EXAMPLES.convertAsync,
    security: "apiKey",
  },
  {
    method: "post",
    path: "/v1/convert/async_check",
    tag: "Convert",
    summary: "Poll a conversion task",
    description: "The task record: PARSING, QUEUING, CONVERTING, SUCCESS or FAILED; on SUCCESS a fresh signed `download_url`.",
    form: CheckForm,
    data: ConvertTaskData,
    errors: CHECK_ERRORS,
    example: EXAMPLES.convertCheck,
    security: "apiKey",
  },
  {
    method: "post",
    path: "/v1/usage",
    tag: "Account",
    summary: "Pages left on an API key",
    description: "Remaining paid pages and free pages today and this month. Also checks a key: an unknown key answers 10002. The body may be empty when the key is sent as a Bearer header.",
    form: UsageForm,
    data: UsageData,
    errors: FORM_ERRORS,
    example: EXAMPLES.usage,
    security: "apiKey",
  },
  {
    method: "get",
    path: "/v1/files/{key}",
    tag: "Files",
    summary: "Download a result file",
    description: "The signed links of `download_url` and `outputs.zip`. The signature covers the path and expiry; an altered or expired link answers 50004 (ask async_check for a fresh one). HEAD works too.",
    other: { mediaType: "application/octet-stream", description: "The file (.zip, .docx or .pptx), as an attachment." },
    params: [{ name: "key", description: "The stored file's path, as the signed link gives it, followed by `?expires=...&sig=...`." }],
    errors: ["DOWNLOAD_LINK_INVALID", "RESULT_EXPIRED", "MISCONFIGURED"],
    security: "signature",
  },
  legacy("/v1/extract/acc_sync", "/v1/parse/sync", PARSE_SYNC),
  legacy("/v1/extract/async", "/v1/parse/async", PARSE_ASYNC),
  legacy("/v1/extract/async_check", "/v1/parse/async_check", PARSE_CHECK),
  {
    method: "get",
    path: "/",
    tag: "Pages",
    summary: "Service information",
    description: "The service's name and version and where its API, reference and dashboard are.",
    data: ServiceInfo,
    errors: [],
    security: "none",
  },
  page("/openapi.json", "This OpenAPI 3.1 document", "application/json"),
  page("/docs", "The API reference, rendered from this document"),
  page("/dashboard", "The dashboard: enter a key to see its usage and recent tasks"),
  page("/playground", "The playground: parse a document and see its blocks drawn over each page, or convert a PDF, in the browser"),
  { ...page("/dashboard", "The dashboard with a key's usage, plans and recent tasks (the key sent in the form)"), method: "post", form: UsageForm, errors: ["API_KEY_MISSING", "API_KEY_INVALID", "API_KEY_REVOKED"] },
  ...adminOperations(),
];

function page(path: string, summary: string, mediaType = "text/html"): Operation {
  return { method: "get", path, tag: "Pages", summary, description: summary + ".", other: { mediaType, description: summary + "." }, errors: [], security: "none" };
}

function adminOperations(): Operation[] {
  const keyParam = [{ name: "keyId", description: "The key's id: 64 hex digits (the SHA-256 of the key), as key creation answers." }];
  const admin = { tag: "Admin", security: "admin", errors: ADMIN_ERRORS } as const;
  const object = z.record(z.string(), z.unknown());
  return [
    { ...admin, method: "post", path: "/admin/keys", summary: "Create an API key", description: "Creates a random key, or sets the given `api_key`. Answers the key once: only its hash is stored.", json: CreateKey, data: object },
    { ...admin, method: "get", path: "/admin/keys/{keyId}", summary: "Describe a key", description: "The key's label, plans, usage and recent tasks.", params: keyParam, data: object },
    { ...admin, method: "post", path: "/admin/keys/{keyId}/revoke", summary: "Revoke a key", description: "Its requests answer 10003 from then on.", params: keyParam, data: object },
    { ...admin, method: "post", path: "/admin/keys/{keyId}/plans", summary: "Add a paid plan", description: "`pages` to spend until `expires_at`, or for `days` from now (365 by default).", params: keyParam, json: AddPlan, data: object },
  ];
}

/** Answered by every path: an unknown path, and a wrong method on an endpoint. */
export const ROUTING_ERRORS: ErrorName[] = ["ROUTE_NOT_FOUND", "METHOD_NOT_ALLOWED"];
