// Example requests and answers of the API reference. test/api/openapi.test.ts parses each
// answer with its endpoint's schema, so an example cannot show a field the service lacks.
export interface Example {
  /** A curl command line; $DOCPARSE is the service's origin, $KEY an API key. */
  request: string;
  response: { code: number; message: string; data: unknown };
}

const TASK_ID = "3f2b6c1e-8d4a-4e6f-9a51-0c7d2e9b4a10";

const page = {
  page_num: 0,
  blocks: [
    { idx: 0, type: "title", bbox: [72, 71.4, 297.9, 89.2], content: "Quarterly report", format: "text", captions: [], img_url: "", title_level: 1 },
    { idx: 1, type: "text", bbox: [72, 102.5, 540, 141.3], content: "Revenue grew 12 % over the quarter, led by the new subscription plans.", format: "text", captions: [] as string[], img_url: "" },
  ],
  page_size: { h: 792, w: 612 },
  merge_content_from_pre_page: false,
  text_source: "text_layer",
  confidence: 1,
};

const parseResult = {
  file_name: "report.pdf",
  catalog: [{ page_num: 0, block_idx: 0, title_level: 1, content: "Quarterly report", children: [] }],
  warnings: [],
  outputs: {
    markdown: "# Quarterly report\n\nRevenue grew 12 % over the quarter, led by the new subscription plans.\n",
    json: { pages: [page] },
  },
};

const convertRecord = {
  task_id: TASK_ID,
  status: "SUCCESS",
  target_type: "word",
  layout_mode: "flow",
  file_name: "report.pdf",
  page_num: 1,
  result_file_name: "report.docx",
  error_code: null,
  error_message: null,
  created_at: "2026-11-27T09:30:02",
  started_at: "2026-11-27T09:30:02",
  finished_at: "2026-11-27T09:30:03",
  download_url: `https://docparse.example/v1/files/tasks/${TASK_ID}/report.docx?expires=1795771203&sig=2c9f...`,
  expires_in: 900,
};

/** The record as submitted: no result, no link yet. */
const { download_url: _url, expires_in: _ttl, ...finishedWithoutLink } = convertRecord;
const submittedConversion = { ...finishedWithoutLink, status: "PARSING", result_file_name: null, started_at: null, finished_at: null };

const ok = (data: unknown) => ({ code: 0, message: "ok", data });

export const EXAMPLES = {
  parseSync: {
    request: `curl -s $DOCPARSE/v1/parse/sync -H "Authorization: Bearer $KEY" -F file=@report.pdf -F output_formats=markdown -F output_formats=json`,
    response: ok({ task_id: TASK_ID, error: null, metadata: { page_num: 1, file_type: ".pdf" }, result: parseResult }),
  },
  parseAsync: {
    request: `curl -s $DOCPARSE/v1/parse/async -H "Authorization: Bearer $KEY" -F file=@report.pdf -F 'feature_config={"enable_title_level_recognition":true}'`,
    response: ok({ task_id: TASK_ID, status: "queuing" }),
  },
  parseCheck: {
    request: `curl -s $DOCPARSE/v1/parse/async_check -H "Authorization: Bearer $KEY" -F task_id=${TASK_ID}`,
    response: ok({
      record_id: 42,
      task_id: TASK_ID,
      status: "success",
      file_name: "report.pdf",
      metadata: { page_num: 1, file_type: ".pdf" },
      result: parseResult,
      error: null,
      created_at: "2026-11-27T09:30:02",
      finished_at: "2026-11-27T09:30:02",
    }),
  },
  convertSync: {
    request: `curl -s $DOCPARSE/v1/convert/sync -H "Authorization: Bearer $KEY" -F file=@report.pdf -F target_type=word -F layout_mode=flow`,
    response: ok(convertRecord),
  },
  convertAsync: {
    request: `curl -s $DOCPARSE/v1/convert/async -H "Authorization: Bearer $KEY" -F file=@slides.pdf -F target_type=ppt`,
    response: ok({ ...submittedConversion, target_type: "ppt", layout_mode: "layout", file_name: "slides.pdf", page_num: 12 }),
  },
  convertCheck: {
    request: `curl -s $DOCPARSE/v1/convert/async_check -H "Authorization: Bearer $KEY" -F task_id=${TASK_ID}`,
    response: ok(convertRecord),
  },
  usage: {
    request: `curl -s -X POST $DOCPARSE/v1/usage -H "Authorization: Bearer $KEY"`,
    response: ok({ remaining_paid_pages: 5000, remaining_free_pages_today: 187, remaining_free_pages_this_month: 1873, dashboard_url: "https://docparse.example/dashboard" }),
  },
} satisfies Record<string, Example>;
