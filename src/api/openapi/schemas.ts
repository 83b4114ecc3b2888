// The API's request forms and response shapes as zod schemas: the OpenAPI document
// (openapi/document.ts) is generated from them, the typed client (client/) takes its types
// from them, and test/api/openapi.test.ts parses every real response with them, so the
// reference cannot drift from what the service answers.
import { z } from "zod";
import { DEFAULT_ELEMENT_FORMATS, DEFAULT_FEATURES } from "../../core/options";
import { ElementFormatsSchema, FeatureConfigSchema, LAYOUT_MODES, OUTPUT_FORMATS, TARGET_TYPES } from "../form";

// ---- requests (multipart/form-data fields) ----

const apiKey = z.string().optional().meta({ description: "Your API key (sk-...). Or send it as the header `Authorization: Bearer sk-...`." });
const file = z.string().optional().meta({ format: "binary", description: "The document, uploaded as a file part. Send exactly one of `file` and `file_url`." });
const fileUrl = z.string().optional().meta({ description: "A public http(s) link to the document, fetched by the service. Send exactly one of `file` and `file_url`." });

/** What each key of element_formats and feature_config does (the contract's words). */
const OPTION_MEANINGS: Record<string, string> = {
  image: "`file` needs `zip` in output_formats; `none` returns no images.",
  formula: "How formulas are written.",
  table: "How tables are written; in `markdown` merged cells are split, each holding the text.",
  cs: "Chemical structures.",
  enable_text_cross_page: "Merge text blocks that run across pages or columns into one paragraph.",
  enable_table_cross_page: "Merge a table that runs across pages into one table.",
  enable_title_level_recognition: "Find the heading hierarchy (title_level 1, 2, 3...).",
  enable_inline_image: "Return pictures inside paragraphs (inline_images).",
  enable_table_image: "Return pictures inside table cells.",
  enable_image_understanding: "Describe figures with a vision model (when the deployment has one).",
  enable_image_ocr: "Read the text inside pictures (image_text).",
  keep_header_footer: "Keep running headers and footers (left out by default).",
  ocr_languages: "Our extension: the languages of the text OCR reads (ISO 639-1 codes, `zh-Hans`, `zh-Hant`; ISO 639-2/3 codes too), up to 4, which skips finding them page by page. Left out, each page's script and language are found from the page itself.",
};

/** A JSON object sent as one form field's text; its keys documented with their meanings and defaults. */
function jsonField(schema: z.ZodType, defaults: Record<string, unknown>, description: string) {
  const contentSchema = z.toJSONSchema(schema, { io: "input" });
  for (const [key, property] of Object.entries((contentSchema.properties ?? {}) as Record<string, Record<string, unknown>>)) {
    property.description = OPTION_MEANINGS[key];
    property.default = defaults[key];
  }
  return z.string().optional().meta({ description: `${description} A JSON object as text; keys left out take their defaults.`, contentMediaType: "application/json", contentSchema });
}

export const ParseForm = z.object({
  api_key: apiKey,
  file,
  file_url: fileUrl,
  output_formats: z.array(z.enum(OUTPUT_FORMATS)).optional().meta({ description: "Repeat the field (or send `output_formats[0]`, `[1]`...) for each output wanted. Default `markdown` and `json`. `zip` needs `element_formats.image = \"file\"`." }),
  element_formats: jsonField(ElementFormatsSchema, { ...DEFAULT_ELEMENT_FORMATS }, "How images, formulas, tables and chemical structures are written."),
  feature_config: jsonField(FeatureConfigSchema, { ...DEFAULT_FEATURES }, "Which features are on."),
  extract_config: jsonField(FeatureConfigSchema, { ...DEFAULT_FEATURES }, "Deprecated: the former name of `feature_config` (until the legacy sunset). Never both."),
});

export const ConvertForm = z.object({
  api_key: apiKey,
  file: file.meta({ format: "binary", description: "The PDF, uploaded as a file part. Send exactly one of `file` and `file_url`." }),
  file_url: fileUrl,
  target_type: z.enum(TARGET_TYPES).optional().meta({ description: "`word` (.docx, the default) or `ppt` (.pptx)." }),
  layout_mode: z.enum(LAYOUT_MODES).optional().meta({ description: "`flow` (editable text that reflows; the default for word) or `layout` (each page as it looks; the only mode for ppt)." }),
});

export const CheckForm = z.object({
  api_key: apiKey,
  task_id: z.string().meta({ description: "The task_id the submit answered with." }),
});

export const UsageForm = z.object({ api_key: apiKey });

// ---- responses ----

const bbox = z.tuple([z.number(), z.number(), z.number(), z.number()]).meta({ description: "[x0, y0, x1, y1] in the page's units (PDF points for PDFs, pixels for pictures), origin top left." });

export const Block = z.strictObject({
  idx: z.int().meta({ description: "The block's index on its page, in reading order." }),
  type: z.string().meta({ description: "title, text, list, table, formula, image, code, header, footer, page_number, footnote, caption, cs..." }),
  bbox,
  content: z.string(),
  format: z.string().meta({ description: "How `content` is written: text, html or markdown (tables), latex, mathml or ascii (formulas)." }),
  captions: z.array(z.string()),
  img_url: z.string().meta({ description: "The image's address per element_formats.image (url, data: URL, or the zip's path); empty when none." }),
  title_level: z.int().optional().meta({ description: "Blocks of type title: 1 is the top level." }),
  image_description: z.strictObject({ produced: z.boolean(), model: z.string().optional(), reason: z.string().optional() }).optional(),
  image_text: z.string().optional().meta({ description: "enable_image_ocr: the text read inside the picture." }),
  inline_images: z.array(z.strictObject({ img_url: z.string(), bbox, offset: z.int() })).optional().meta({ description: "enable_inline_image: pictures inside the text, `offset` a character index of `content`." }),
  form_values: z.array(z.string()).optional().meta({ description: "Extension: the values filled into the PDF's form fields within the block (☑/☐ for check boxes, ◉/◯ for radio buttons), as `content` has them; absent when none." }),
  note: z.boolean().optional().meta({ description: "Extension: true when the block is an annotation's words drawn over the page (a free-text note, a stamp), not the page's own print; absent otherwise." }),
});

export const Page = z.strictObject({
  page_num: z.int().meta({ description: "Zero-based page index." }),
  blocks: z.array(Block),
  page_size: z.strictObject({ h: z.number(), w: z.number() }),
  merge_content_from_pre_page: z.boolean(),
  turned: z.number().optional().meta({ description: "Degrees clockwise the page was turned to read it upright; page_size and bboxes are of the turned page." }),
  text_source: z.enum(["text_layer", "ocr_layer", "ocr", "vlm"]).optional(),
  confidence: z.number().optional().meta({ description: "How far the page's text can be trusted, 0..1." }),
  languages: z.array(z.string()).optional().meta({ description: "The languages of the page's text (ISO 639-1; `zh-Hans`, `zh-Hant`), most of it first: those OCR read it in, or those its words tell." }),
  scripts: z.array(z.string()).optional().meta({ description: "The scripts of the page's text (ISO 15924: `Latn`, `Cyrl`, `Jpan`...), most letters first." }),
});

export const CatalogEntry = z.strictObject({
  page_num: z.int(),
  block_idx: z.int(),
  title_level: z.int(),
  content: z.string(),
  get children(): z.ZodArray<typeof CatalogEntry> {
    return z.array(CatalogEntry);
  },
});

export const Warning = z.strictObject({
  page: z.int().nullable().meta({ description: "Zero-based page, null for the whole document." }),
  code: z.string(),
  message: z.string(),
});

export const ParseResult = z.strictObject({
  file_name: z.string(),
  catalog: z.array(CatalogEntry).meta({ description: "The heading tree." }),
  warnings: z.array(Warning).meta({ description: "What could not be read as it should (an addition to the contract)." }),
  outputs: z.strictObject({
    markdown: z.string().optional(),
    json: z.strictObject({ pages: z.array(Page) }).optional(),
    zip: z.string().optional().meta({ description: "A signed link to the zip (Markdown, JSON and images), valid DOWNLOAD_URL_TTL_SECONDS." }),
  }),
});

const metadata = z.strictObject({ page_num: z.int(), file_type: z.string().meta({ description: "The file's extension with its dot." }) });
const taskError = z.strictObject({ code: z.int(), message: z.string() }).nullable();
const createdAt = z.string().meta({ description: "When the task was submitted: ISO 8601 in UTC without a zone designator, as the contract has it." });
const isoTime = (description: string) => z.string().nullable().meta({ description: `${description} ISO 8601 in UTC without a zone designator, as the contract has it; null until then.` });

export const ParseSyncData = z.strictObject({ task_id: z.string(), error: taskError, metadata, result: ParseResult.nullable() });

export const ParseSubmitData = z.strictObject({ task_id: z.string(), status: z.enum(["queuing", "failed"]) });

export const ParseCheckData = z.strictObject({
  record_id: z.int(),
  task_id: z.string(),
  status: z.enum(["queuing", "processing", "success", "failed"]),
  file_name: z.string(),
  metadata,
  result: ParseResult.nullable().meta({ description: "Populated when status is success." }),
  error: taskError.meta({ description: "Null unless the task failed (an addition to the contract)." }),
  created_at: createdAt,
  finished_at: isoTime("When it ended."),
  progress: z.strictObject({ pages_done: z.int(), pages_total: z.int() }).optional().meta({ description: "A long document read in parts: how far it got." }),
});

export const ConvertTaskData = z.strictObject({
  task_id: z.string(),
  status: z.enum(["PARSING", "QUEUING", "CONVERTING", "SUCCESS", "FAILED"]),
  target_type: z.enum(TARGET_TYPES),
  layout_mode: z.enum(LAYOUT_MODES),
  file_name: z.string(),
  page_num: z.int(),
  result_file_name: z.string().nullable(),
  error_code: z.int().nullable(),
  error_message: z.string().nullable(),
  created_at: createdAt,
  started_at: isoTime("When conversion started."),
  finished_at: isoTime("When it ended."),
  download_url: z.string().optional().meta({ description: "On SUCCESS: a signed link to the file." }),
  expires_in: z.int().optional().meta({ description: "Seconds the download_url stays valid." }),
});

export const UsageData = z.strictObject({
  remaining_paid_pages: z.int(),
  remaining_free_pages_today: z.int(),
  remaining_free_pages_this_month: z.int(),
  dashboard_url: z.string(),
});

export const ServiceInfo = z.strictObject({ service: z.string(), api: z.string(), version: z.string(), dashboard: z.string(), docs: z.string(), openapi: z.string() });

/** The envelope every JSON answer has; `code` 0 is success. */
export const envelopeOf = <T extends z.ZodType>(data: T) => z.strictObject({ code: z.int(), message: z.string(), data });

export const ErrorEnvelope = z.strictObject({
  code: z.int().meta({ description: "The error code (see the table in the description)." }),
  message: z.string().meta({ description: "What went wrong and how to fix it." }),
  data: z.unknown().meta({ description: "null, or the task record for a task that failed or is still running." }),
});

export type ParseSyncData = z.infer<typeof ParseSyncData>;
export type ParseSubmitData = z.infer<typeof ParseSubmitData>;
export type ParseCheckData = z.infer<typeof ParseCheckData>;
export type ConvertTaskData = z.infer<typeof ConvertTaskData>;
export type UsageData = z.infer<typeof UsageData>;
export type ParseResult = z.infer<typeof ParseResult>;
export type Page = z.infer<typeof Page>;
export type Block = z.infer<typeof Block>;
export type CatalogEntry = z.infer<typeof CatalogEntry>;
