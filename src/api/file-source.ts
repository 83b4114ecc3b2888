// Gets the document bytes of a request: the uploaded `file`, or `file_url` fetched with a
// size cap, a timeout and a redirect cap, refusing non-http(s) schemes and literal
// loopback, private and link-local addresses.
import { ApiError } from "./errors";
import { fileTooLargeMessage, type FileInput } from "./form";
import { readCapped } from "./read-capped";

export interface SourceFile {
  bytes: Uint8Array;
  fileName: string;
}

/** How long a file_url download may take in all. */
export const FILE_URL_TIMEOUT_MS = 60_000;
/** Redirects followed for a file_url (each hop is checked again). */
export const FILE_URL_MAX_REDIRECTS = 5;

export async function readSource(input: FileInput, maxBytes: number): Promise<SourceFile> {
  if (input.upload) {
    if (input.upload.bytes.length > maxBytes) throw tooLarge(maxBytes);
    return { bytes: input.upload.bytes, fileName: cleanFileName(input.upload.name) || "document" };
  }
  return fetchFileUrl(input.fileUrl!, maxBytes);
}

const tooLarge = (maxBytes: number) => new ApiError("FILE_TOO_LARGE", fileTooLargeMessage(maxBytes));

/** Keeps the last path segment, without control characters or path separators. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  return base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 255);
}

export async function fetchFileUrl(rawUrl: string, maxBytes: number): Promise<SourceFile> {
  let url = checkUrl(rawUrl);
  const signal = AbortSignal.timeout(FILE_URL_TIMEOUT_MS);
  try {
    for (let hop = 0; ; hop++) {
      const res = await fetch(url.toString(), { redirect: "manual", signal, headers: { "user-agent": "docparse/1.0 (+file_url fetch)" } });
      if (res.status >= 300 && res.status < 400 && res.headers.get("location")) {
        await res.body?.cancel();
        if (hop >= FILE_URL_MAX_REDIRECTS) throw new ApiError("FILE_URL_UNREACHABLE", `file_url redirected more than ${FILE_URL_MAX_REDIRECTS} times.`);
        url = checkUrl(new URL(res.headers.get("location")!, url).toString());
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new ApiError("FILE_URL_UNREACHABLE", `file_url answered HTTP ${res.status}: check that the link is public or the pre-signed link is still valid.`);
      }
      const declared = Number(res.headers.get("content-length"));
      if (Number.isFinite(declared) && declared > maxBytes) {
        await res.body?.cancel();
        throw tooLarge(maxBytes);
      }
      const bytes = await readCapped(res.body, maxBytes, () => tooLarge(maxBytes));
      if (bytes.length === 0) throw new ApiError("FILE_URL_UNREACHABLE", "file_url returned an empty body.");
      return { bytes, fileName: fileNameFrom(res, url) };
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    const timedOut = e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError");
    throw new ApiError("FILE_URL_UNREACHABLE", timedOut ? `file_url took longer than ${FILE_URL_TIMEOUT_MS / 1000} s to download.` : `file_url could not be fetched (${e instanceof Error ? e.message : String(e)}).`);
  }
}

function fileNameFrom(res: Response, url: URL): string {
  const disposition = res.headers.get("content-disposition") ?? "";
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  let name = "";
  try {
    name = star ? decodeURIComponent(star[1]) : plain ? plain[1] : decodeURIComponent(url.pathname.split("/").pop() ?? "");
  } catch {
    name = url.pathname.split("/").pop() ?? "";
  }
  return cleanFileName(name) || "document";
}

/** Only http(s), and no literal address that points inside a network. */
export function checkUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ApiError("FILE_URL_REJECTED", "file_url is not a valid absolute URL (http:// or https://).");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ApiError("FILE_URL_REJECTED", `file_url must use http or https (got ${url.protocol.replace(":", "")}).`);
  if (url.username || url.password) throw new ApiError("FILE_URL_REJECTED", "file_url must not carry a user name or password.");
  if (isInternalHost(url.hostname)) throw new ApiError("FILE_URL_REJECTED", `file_url points at an internal address (${url.hostname}); give a public link.`);
  return url;
}

export function isInternalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "").replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost") || host === "") return true;
  const v4 = parseIPv4(host);
  if (v4) return isInternalIPv4(v4);
  if (host.includes(":")) return isInternalIPv6(host);
  return false;
}

function parseIPv4(host: string): number[] | null {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const nums = parts.map(Number);
  return nums.every((n) => n <= 255) ? nums : null;
}

function isInternalIPv4([a, b]: number[]): boolean {
  return (
    a === 0 || a === 10 || a === 127 || // this network, private, loopback
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local (cloud metadata)
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a >= 224 // multicast and reserved
  );
}

function isInternalIPv6(host: string): boolean {
  if (host === "::1" || host === "::") return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  if (mapped) return isInternalIPv4(parseIPv4(mapped[1]) ?? [0, 0]);
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (hexMapped) {
    const hi = parseInt(hexMapped[1], 16);
    return isInternalIPv4([hi >> 8, hi & 255]);
  }
  const first = parseInt(host.split(":")[0] || "0", 16);
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00; // ULA, link-local, multicast
}
