// Multipart (or url-encoded) form -> typed, validated request. Every rule of the spec's
// form fields lives here; each violation is an ApiError whose message says what is wrong
// and how to fix it.
import { z } from "zod";
import { LANGUAGE_CODES, modelOfCode } from "../core/ocr/languages";
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURES, type ElementFormats, type FeatureConfig, type OutputFormat } from "../core/options";
import { ApiError } from "./errors";
import { readCapped } from "./read-capped";
import { discardRest, MAX_DISCARDED_BYTES, multipartBoundary, MultipartError, readMultipart, type UploadedFile } from "./multipart";

const FORM_TYPES = ["multipart/form-data", "application/x-www-form-urlencoded"];

/** What a form may hold beside its file: the text fields (keys, JSON options) are far smaller. */
export const MAX_FORM_FIELDS_BYTES = 1024 * 1024;
/** Fields in one form (repeated output_formats included). */
const MAX_FORM_PARTS = 100;

export interface RequestForm {
  fields: FormData;
  /** The `file` upload, read within the endpoint's limit (absent on endpoints that take none). */
  upload?: UploadedFile;
}

/**
 * Reads the body as a form, holding at most `maxFileBytes` of file plus the small fields in
 * memory: a body its Content-Length declares too large is refused before a byte is read, one
 * that grows past the limit as it streams the moment it does. Anything but a form is a 415
 * with the fix in the message.
 */
export async function readForm(req: Request, maxFileBytes = 0): Promise<RequestForm> {
  const contentType = req.headers.get("content-type") ?? "";
  const type = contentType.split(";")[0].trim().toLowerCase();
  const declared = Number(req.headers.get("content-length") ?? NaN);
  // No body at all (`curl -X POST -H "Authorization: Bearer sk-..."` for /v1/usage): no fields.
  if (!type && (req.body === null || declared === 0)) return { fields: new FormData() };
  if (!FORM_TYPES.includes(type)) {
    throw new ApiError("UNSUPPORTED_CONTENT_TYPE", `Send the request as multipart/form-data (got ${type || "no content type"}); every field, api_key included, is a form field.`);
  }
  const maxBody = maxFileBytes + MAX_FORM_FIELDS_BYTES;
  if (Number.isFinite(declared) && declared > maxBody) {
    // Read and dropped (no memory) so the client, still sending, hears the answer; a body
    // declared larger still is cut off at once.
    if (declared <= MAX_DISCARDED_BYTES && req.body) await discardRest(req.body.getReader(), MAX_DISCARDED_BYTES);
    throw bodyTooLarge(maxFileBytes);
  }
  try {
    if (type === "application/x-www-form-urlencoded") {
      const text = new TextDecoder().decode(await readCapped(req.body, MAX_FORM_FIELDS_BYTES, () => bodyTooLarge(0)));
      const fields = new FormData();
      for (const [k, v] of new URLSearchParams(text)) fields.append(k, v);
      return { fields };
    }
    const boundary = multipartBoundary(contentType);
    if (!boundary) throw new ApiError("INVALID_PARAMETER", "The multipart content type has no boundary: let your HTTP client set the Content-Type of a form.");
    const sizeHint = Number.isFinite(declared) ? declared : undefined;
    const { fields, file } = await readMultipart(req.body, boundary, { maxFileBytes, maxFieldBytes: MAX_FORM_FIELDS_BYTES, maxParts: MAX_FORM_PARTS, sizeHint });
    return { fields, upload: file };
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if (e instanceof MultipartError) {
      if (e.kind === "file_too_large") throw bodyTooLarge(maxFileBytes);
      if (e.kind === "field_too_large") throw new ApiError("PAYLOAD_TOO_LARGE", `${e.message} Form fields are small: send the document as the \`file\` field.`);
      throw new ApiError("INVALID_PARAMETER", `The form body could not be read: ${e.message}`);
    }
    throw new ApiError("INVALID_PARAMETER", "The form body could not be read: check the multipart boundary and encoding.");
  }
}

/** The body is larger than the endpoint takes: the file's limit on file endpoints, the fields' otherwise. */
function bodyTooLarge(maxFileBytes: number): ApiError {
  if (maxFileBytes > 0) return new ApiError("FILE_TOO_LARGE", fileTooLargeMessage(maxFileBytes));
  return new ApiError("PAYLOAD_TOO_LARGE", `The request body is larger than ${MAX_FORM_FIELDS_BYTES / 1024 / 1024} MB; this endpoint takes only small form fields.`);
}

export const fileTooLargeMessage = (maxBytes: number) =>
  `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, the most one worker can hold while reading it: split it or compress it.`;

/** The fields each kind of request takes, api_key aside (sent as a field or a Bearer header). */
const REQUEST_FIELDS = {
  parse: ["file", "file_url", "output_formats", "element_formats", "feature_config", "extract_config"],
  convert: ["file", "file_url", "target_type", "layout_mode"],
  check: ["task_id"],
  usage: [],
} as const satisfies Record<string, readonly string[]>;

/**
 * Refuses a field the request does not take, naming the ones it does: a misspelt option
 * (`feature_configs`, `layoutmode`) would otherwise be dropped unseen and its default used.
 * Indexed forms (`output_formats[0]`, `output_formats[]`) count as their field.
 */
export function refuseUnknownFields(form: FormData, request: keyof typeof REQUEST_FIELDS): void {
  const known: readonly string[] = ["api_key", ...REQUEST_FIELDS[request]];
  const unknown = [...new Set(form.keys())].filter((name) => !known.includes(name.replace(/\[\d*\]$/, "")));
  if (unknown.length) {
    throw new ApiError("INVALID_PARAMETER", `Unknown field${unknown.length > 1 ? "s" : ""} ${unknown.map((n) => JSON.stringify(n)).join(", ")}: this endpoint takes ${known.join(", ")}.`);
  }
}

/** A text field: absent, empty, or the literal "null" count as not given. */
export function textField(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  if (value === null || typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" || trimmed === "null" ? undefined : trimmed;
}

export interface FileInput {
  upload?: UploadedFile;
  fileUrl?: string;
}

/** `file` xor `file_url`: exactly one must be given. */
export function fileInput({ fields, upload }: RequestForm): FileInput {
  const raw = fields.get("file");
  if (typeof raw === "string" && raw.trim() !== "") {
    throw new ApiError("FILE_REQUIRED", "`file` must be a file upload (multipart with a filename), not a text field; to pass a link use `file_url`.");
  }
  const fileUrl = textField(fields, "file_url");
  if (upload && fileUrl) throw new ApiError("FILE_REQUIRED", "Send either `file` or `file_url`, not both.");
  if (!upload && !fileUrl) throw new ApiError("FILE_REQUIRED", "Send the document as `file` (multipart upload) or give its link in `file_url`.");
  if (upload && upload.bytes.length === 0) throw new ApiError("FILE_REQUIRED", "The uploaded `file` is empty.");
  return { upload, fileUrl };
}

// ---- parse requests ----

export const OUTPUT_FORMATS = ["json", "markdown", "zip"] as const satisfies readonly OutputFormat[];

export const ElementFormatsSchema = z
  .object({
    image: z.enum(["url", "base64", "file", "none"]),
    formula: z.enum(["latex", "mathml", "ascii"]),
    table: z.enum(["markdown", "html", "image"]),
    cs: z.enum(["image"]),
  })
  .partial()
  .strict();

/** At most this many languages told for OCR: each is a model read beside the others, each slower. */
export const MAX_OCR_LANGUAGES = 4;

const OcrLanguagesSchema = z
  .array(z.string())
  .min(1)
  .max(MAX_OCR_LANGUAGES)
  .superRefine((codes, ctx) => {
    const unknown = codes.filter((c) => !modelOfCode(c));
    if (unknown.length) ctx.addIssue({ code: "custom", message: `unknown language code(s) ${unknown.map((c) => JSON.stringify(c)).join(", ")}; the codes read are ${LANGUAGE_CODES.join(", ")}` });
  });

export const FeatureConfigSchema = z
  .object({ ...(Object.fromEntries(Object.keys(DEFAULT_FEATURES).map((k) => [k, z.boolean()])) as Record<Exclude<keyof FeatureConfig, "ocr_languages">, z.ZodBoolean>), ocr_languages: OcrLanguagesSchema })
  .partial()
  .strict();

export interface ParseRequest {
  outputFormats: OutputFormat[];
  elementFormats: ElementFormats;
  features: FeatureConfig;
  /** The request used the former name `extract_config`. */
  usedExtractConfig: boolean;
}

/** `output_formats` as repeated fields and/or indexed fields `output_formats[n]`. */
function outputFormats(form: FormData): OutputFormat[] {
  const values: string[] = [];
  const indexed: [number, string][] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string") continue;
    if (name === "output_formats" || name === "output_formats[]") values.push(value);
    const m = /^output_formats\[(\d+)\]$/.exec(name);
    if (m) indexed.push([Number(m[1]), value]);
  }
  indexed.sort((a, b) => a[0] - b[0]);
  const all = [...values, ...indexed.map(([, v]) => v)]
    .flatMap((v) => (v.trim().startsWith("[") ? jsonArray(v) : v.split(",")))
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
  if (all.length === 0) return ["markdown", "json"];
  const bad = all.filter((v) => !(OUTPUT_FORMATS as readonly string[]).includes(v));
  if (bad.length) throw new ApiError("INVALID_PARAMETER", `output_formats: ${bad.map((b) => JSON.stringify(b)).join(", ")} not allowed; use json, markdown and/or zip.`);
  return [...new Set(all)] as OutputFormat[];
}

function jsonArray(text: string): string[] {
  try {
    const parsed = JSON.parse(text);
    if (Array.isArray(parsed) && parsed.every((x) => typeof x === "string")) return parsed;
  } catch {
    /* fall through to the error below */
  }
  throw new ApiError("INVALID_PARAMETER", "output_formats: send each format as its own field (output_formats=json) or a JSON array of strings.");
}

function jsonObjectField<T>(form: FormData, name: string, schema: z.ZodType<T>, help: string): T | undefined {
  const text = textField(form, name);
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError("INVALID_JSON_FIELD", `${name} must be a JSON object string, e.g. ${help}; it could not be parsed as JSON.`);
  }
  const result = schema.safeParse(parsed);
  if (!result.success) throw new ApiError("INVALID_JSON_FIELD", `${name}: ${describeIssues(result.error)}. Example: ${help}`);
  return result.data;
}

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length ? issue.path.join(".") : "value";
      if (issue.code === "unrecognized_keys") return `unknown key(s) ${issue.keys.map((k) => JSON.stringify(k)).join(", ")}`;
      if (issue.code === "invalid_value") return `${where} must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
      if (issue.code === "invalid_type") return `${where} must be ${issue.expected === "object" ? "a JSON object" : `a ${issue.expected}`}`;
      return `${where}: ${issue.message}`;
    })
    .join("; ");
}

export function parseParseForm(form: FormData): ParseRequest {
  refuseUnknownFields(form, "parse");
  const outputs = outputFormats(form);
  const elements = jsonObjectField(form, "element_formats", ElementFormatsSchema, '{"image":"url","table":"html"}') ?? {};
  const featureHelp = '{"enable_title_level_recognition":true}';
  const features = jsonObjectField(form, "feature_config", FeatureConfigSchema, featureHelp);
  const legacy = jsonObjectField(form, "extract_config", FeatureConfigSchema, featureHelp);
  if (features && legacy) {
    throw new ApiError("INCOMPATIBLE_OPTIONS", "Send feature_config only: extract_config is its former name and both were given.");
  }
  const elementFormats: ElementFormats = { ...DEFAULT_ELEMENT_FORMATS, ...elements };
  const zip = outputs.includes("zip");
  if (zip && elementFormats.image !== "file") {
    throw new ApiError("INCOMPATIBLE_OPTIONS", 'output_formats includes zip, so element_formats.image must be "file": send element_formats={"image":"file"}.');
  }
  if (!zip && elementFormats.image === "file") {
    throw new ApiError("INCOMPATIBLE_OPTIONS", 'element_formats.image "file" puts images in the zip: add zip to output_formats, or choose "url", "base64" or "none".');
  }
  return {
    outputFormats: outputs,
    elementFormats,
    features: { ...DEFAULT_FEATURES, ...(features ?? legacy ?? {}) },
    usedExtractConfig: legacy !== undefined,
  };
}

// ---- conversion requests ----

export const TARGET_TYPES = ["word", "ppt"] as const;
export const LAYOUT_MODES = ["flow", "layout"] as const;

export interface ConvertRequest {
  targetType: (typeof TARGET_TYPES)[number];
  layoutMode: (typeof LAYOUT_MODES)[number];
}

export function parseConvertForm(form: FormData): ConvertRequest {
  refuseUnknownFields(form, "convert");
  const target = (textField(form, "target_type") ?? "word").toLowerCase();
  if (!isOneOf(TARGET_TYPES, target)) throw new ApiError("INVALID_PARAMETER", `target_type must be "word" or "ppt" (got ${JSON.stringify(target)}).`);
  const mode = textField(form, "layout_mode")?.toLowerCase();
  if (mode !== undefined && !isOneOf(LAYOUT_MODES, mode)) {
    throw new ApiError("INVALID_PARAMETER", `layout_mode must be "flow" or "layout", or left out (got ${JSON.stringify(mode)}).`);
  }
  if (target === "ppt" && mode === "flow") {
    throw new ApiError("INCOMPATIBLE_OPTIONS", 'target_type "ppt" only supports layout_mode "layout": drop layout_mode or send "layout".');
  }
  return { targetType: target, layoutMode: mode ?? (target === "word" ? "flow" : "layout") };
}

const isOneOf = <T extends string>(allowed: readonly T[], value: string): value is T => (allowed as readonly string[]).includes(value);

/** `task_id` of the async_check endpoints. */
export function taskIdField(form: FormData): string {
  refuseUnknownFields(form, "check");
  const taskId = textField(form, "task_id");
  if (!taskId) throw new ApiError("INVALID_PARAMETER", "task_id is required: send the task_id returned when the task was submitted.");
  return taskId;
}
