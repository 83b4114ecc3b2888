// A multipart/form-data body read as it streams, so a request costs at most the file limit
// in memory whatever the client sends: text fields (small, capped) go into a FormData, the
// one file part into a buffer that is refused the moment it passes its limit. The runtime's
// own `formData()` holds the whole body, then copies of it, before any size can be checked
// (a 25 MB upload took workerd to 900 MB).
import { concatBytes } from "../core/bytes";

export interface UploadedFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

export interface MultipartLimits {
  /** The file part's limit, in bytes; 0 when the endpoint takes no file. */
  maxFileBytes: number;
  /** The limit of any other part (text fields, file parts the endpoint does not read). */
  maxFieldBytes: number;
  maxParts: number;
  /** Expected size of the file part (the body's declared length), so its buffer is allocated once. */
  sizeHint?: number;
  /** How much more of a body whose file is too large is read and dropped (MAX_DISCARDED_BYTES). */
  maxDiscardedBytes?: number;
}

/** What went wrong, for the caller to turn into its own error. */
export class MultipartError extends Error {
  constructor(
    readonly kind: "file_too_large" | "field_too_large" | "malformed",
    message: string,
  ) {
    super(message);
  }
}

/** The part a file upload is read from; file parts under other names are drained and dropped. */
const FILE_FIELD = "file";
/** Headers of one part (a name, a filename, a type) fit in far less. */
const MAX_PART_HEADER_BYTES = 16 * 1024;

const CRLF = new Uint8Array([13, 10]);
const HEADER_END = new Uint8Array([13, 10, 13, 10]);

/** The boundary of a multipart content type, or null. */
export function multipartBoundary(contentType: string): string | null {
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  return boundary && boundary.length <= 70 ? boundary : null;
}

export async function readMultipart(body: ReadableStream<Uint8Array> | null, boundary: string, limits: MultipartLimits): Promise<{ fields: FormData; file?: UploadedFile }> {
  const parser = new MultipartParser(boundary, limits);
  if (body) {
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.push(value);
      }
    } catch (e) {
      // A client still sending when the answer comes often never reads it (its connection is
      // reset): the rest of an oversized upload is read and dropped first, up to a bound.
      if (e instanceof MultipartError && e.kind === "file_too_large") await discardRest(reader, limits.maxDiscardedBytes ?? MAX_DISCARDED_BYTES);
      else await reader.cancel().catch(() => undefined);
      throw e;
    }
  }
  return parser.end();
}

/**
 * How much of an oversized body is read and dropped so its client hears the 413 (the
 * spec's largest file, 200 MB, and its form); past it the connection is cut. Costs time
 * on the wire, no memory.
 */
export const MAX_DISCARDED_BYTES = 256 * 1024 * 1024;

/** Reads and drops what is left of a body, up to `max` bytes, then cancels it. */
export async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, max: number): Promise<void> {
  let dropped = 0;
  try {
    while (dropped <= max) {
      const { done, value } = await reader.read();
      if (done) return;
      dropped += value.length;
    }
  } catch {
    return;
  }
  await reader.cancel().catch(() => undefined);
}

type State = "preamble" | "headers" | "body" | "after-boundary" | "done";

interface Part {
  name: string;
  filename?: string;
  type: string;
  sink: PartSink;
}

class MultipartParser {
  private readonly dashBoundary: Uint8Array;
  private readonly delimiter: Uint8Array;
  private buffered: Uint8Array = new Uint8Array(0);
  private state: State = "preamble";
  private part: Part | null = null;
  private parts = 0;
  private readonly fields = new FormData();
  private file?: UploadedFile;

  constructor(boundary: string, private readonly limits: MultipartLimits) {
    this.dashBoundary = new TextEncoder().encode(`--${boundary}`);
    this.delimiter = new TextEncoder().encode(`\r\n--${boundary}`);
  }

  push(chunk: Uint8Array): void {
    this.buffered = this.buffered.length ? concatBytes([this.buffered, chunk]) : chunk;
    this.advance();
  }

  end(): { fields: FormData; file?: UploadedFile } {
    if (this.state !== "done") throw new MultipartError("malformed", "The multipart body ends before its closing boundary: the upload was cut short or the boundary is wrong.");
    return { fields: this.fields, file: this.file };
  }

  private advance(): void {
    for (;;) {
      switch (this.state) {
        case "preamble": {
          const at = indexOf(this.buffered, this.dashBoundary, 0);
          if (at < 0) {
            if (this.buffered.length > MAX_PART_HEADER_BYTES) throw new MultipartError("malformed", "The body does not start with the multipart boundary its content type names.");
            return;
          }
          this.buffered = this.buffered.subarray(at + this.dashBoundary.length);
          this.state = "after-boundary";
          break;
        }
        case "after-boundary": {
          if (this.buffered.length < 2) return;
          if (this.buffered[0] === 45 && this.buffered[1] === 45) {
            this.state = "done";
            this.buffered = new Uint8Array(0);
            return;
          }
          const eol = indexOf(this.buffered, CRLF, 0);
          if (eol < 0) return;
          this.buffered = this.buffered.subarray(eol + 2);
          this.state = "headers";
          break;
        }
        case "headers": {
          const end = indexOf(this.buffered, HEADER_END, 0);
          if (end < 0) {
            if (this.buffered.length > MAX_PART_HEADER_BYTES) throw new MultipartError("malformed", "A part's headers are too long.");
            return;
          }
          if (++this.parts > this.limits.maxParts) throw new MultipartError("malformed", `The form has more than ${this.limits.maxParts} fields.`);
          this.part = this.openPart(new TextDecoder().decode(this.buffered.subarray(0, end)));
          this.buffered = this.buffered.subarray(end + 4);
          this.state = "body";
          break;
        }
        case "body": {
          const at = indexOf(this.buffered, this.delimiter, 0);
          if (at < 0) {
            // Keep what could be the start of the delimiter; the rest is the part's.
            const keep = Math.min(this.buffered.length, this.delimiter.length - 1);
            this.part!.sink.write(this.buffered.subarray(0, this.buffered.length - keep));
            this.buffered = this.buffered.slice(this.buffered.length - keep);
            return;
          }
          this.part!.sink.write(this.buffered.subarray(0, at));
          this.closePart(this.part!);
          this.part = null;
          this.buffered = this.buffered.subarray(at + this.delimiter.length);
          this.state = "after-boundary";
          break;
        }
        case "done":
          this.buffered = new Uint8Array(0);
          return;
      }
    }
  }

  private openPart(headerText: string): Part {
    const headers = new Map<string, string>();
    for (const line of headerText.split("\r\n")) {
      const colon = line.indexOf(":");
      if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const disposition = headers.get("content-disposition") ?? "";
    const name = dispositionParam(disposition, "name");
    if (name === undefined) throw new MultipartError("malformed", "A form part has no name in its Content-Disposition header.");
    const filename = dispositionParam(disposition, "filename*") ?? dispositionParam(disposition, "filename");
    const type = headers.get("content-type") ?? "";
    const isUpload = filename !== undefined && name === FILE_FIELD && this.limits.maxFileBytes > 0 && !this.file;
    const limit = isUpload ? this.limits.maxFileBytes : this.limits.maxFieldBytes;
    const sink = new PartSink(limit, isUpload ? this.limits.sizeHint : undefined, () =>
      isUpload
        ? new MultipartError("file_too_large", `The file is larger than ${megabytes(limit)} MB.`)
        : new MultipartError("field_too_large", `The form field ${JSON.stringify(name)} is larger than ${megabytes(limit)} MB.`),
    );
    return { name, filename, type, sink };
  }

  private closePart(part: Part): void {
    if (part.filename === undefined) {
      this.fields.append(part.name, new TextDecoder().decode(part.sink.bytes()));
    } else if (part.name === FILE_FIELD && this.limits.maxFileBytes > 0 && !this.file) {
      this.file = { name: part.filename, type: part.type, bytes: part.sink.bytes() };
    }
  }
}

/** One part's bytes, refused past `limit`; grown by doubling unless its size is known. */
class PartSink {
  private buf: Uint8Array;
  private length = 0;

  constructor(
    private readonly limit: number,
    sizeHint: number | undefined,
    private readonly tooLarge: () => MultipartError,
  ) {
    this.buf = new Uint8Array(Math.min(limit, Math.max(1024, sizeHint ?? 0)));
  }

  write(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    const needed = this.length + chunk.length;
    if (needed > this.limit) throw this.tooLarge();
    if (needed > this.buf.length) {
      const grown = new Uint8Array(Math.min(this.limit, Math.max(needed, this.buf.length * 2)));
      grown.set(this.buf.subarray(0, this.length));
      this.buf = grown;
    }
    this.buf.set(chunk, this.length);
    this.length = needed;
  }

  bytes(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
}

/** A parameter of a Content-Disposition header (`name="file"`, `filename*=UTF-8''...`). */
function dispositionParam(header: string, param: string): string | undefined {
  const escaped = param.replace(/[*]/g, "\\*");
  const m = new RegExp(`(?:^|;)\\s*${escaped}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]*))`, "i").exec(header);
  if (!m) return undefined;
  if (m[1] !== undefined) return m[1].replace(/\\(.)/g, "$1");
  const raw = m[2].trim();
  if (param.endsWith("*")) {
    const ext = /^([^']*)'[^']*'(.*)$/.exec(raw);
    try {
      return ext ? decodeURIComponent(ext[2]) : raw;
    } catch {
      return raw;
    }
  }
  return raw;
}

/** First index of `needle` in `hay` at or after `from`, or -1. */
function indexOf(hay: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  const last = hay.length - needle.length;
  for (let i = hay.indexOf(first, from); i !== -1 && i <= last; i = hay.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && hay[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
