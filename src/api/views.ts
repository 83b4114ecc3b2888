// Wire shapes of task records, built from the TaskRecord kept by the task's Durable Object.
import type { TaskRecord } from "../tasks/record";
import { convertWireStatus, pagesDone, parseWireStatus } from "../tasks/record";

export interface StoredParseResult {
  catalog: unknown[];
  /** Absent in results stored before warnings were kept. */
  warnings?: unknown[];
  outputs: Record<string, unknown>;
}

export interface Links {
  /** Signed URL of the task's file (zip or converted document), when there is one. */
  fileUrl?: string;
  expiresIn?: number;
}

const metadata = (r: TaskRecord) => ({ page_num: r.pageNum, file_type: r.fileType });

function parseResult(r: TaskRecord, stored: StoredParseResult | null, links: Links) {
  if (r.status !== "success" || !stored) return null;
  const outputs = { ...stored.outputs };
  if (links.fileUrl) outputs.zip = links.fileUrl;
  return { file_name: r.fileName, catalog: stored.catalog, warnings: stored.warnings ?? [], outputs };
}

const errorOf = (r: TaskRecord) => (r.error ? { code: r.error.code, message: r.error.message } : null);

/** /parse/sync `data`. */
export function parseSyncView(r: TaskRecord, stored: StoredParseResult | null, links: Links) {
  return { task_id: r.taskId, error: errorOf(r), metadata: metadata(r), result: parseResult(r, stored, links) };
}

/** /parse/async_check `data`. `error` is an addition: null unless the task failed. */
export function parseCheckView(r: TaskRecord, stored: StoredParseResult | null, links: Links) {
  return {
    record_id: r.recordId,
    task_id: r.taskId,
    status: parseWireStatus(r.status),
    file_name: r.fileName,
    metadata: metadata(r),
    result: parseResult(r, stored, links),
    error: errorOf(r),
    created_at: r.createdAt,
    finished_at: r.finishedAt,
    // A long document read in parts: how far it got (absent for a document read in one go).
    ...(r.parts ? { progress: { pages_done: pagesDone(r.parts), pages_total: r.parts.total } } : {}),
  };
}

/** The conversion task record of /convert/sync, /convert/async and /convert/async_check. */
export function convertView(r: TaskRecord, links: Links) {
  const status = convertWireStatus(r.status);
  const view: Record<string, unknown> = {
    task_id: r.taskId,
    status,
    target_type: r.convertOptions?.targetType ?? "word",
    layout_mode: r.convertOptions?.layoutMode ?? "flow",
    file_name: r.fileName,
    page_num: r.pageNum,
    result_file_name: status === "SUCCESS" ? (r.result.fileName ?? null) : null,
    error_code: r.error?.code ?? null,
    error_message: r.error?.message ?? null,
    created_at: r.createdAt,
    started_at: r.startedAt,
    finished_at: r.finishedAt,
  };
  if (status === "SUCCESS" && links.fileUrl) {
    view.download_url = links.fileUrl;
    view.expires_in = links.expiresIn;
  }
  return view;
}
