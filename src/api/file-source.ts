// Gets the document bytes of a request: the uploaded `file`, or `file_url` fetched with a
// size cap, a timeout and a redirect cap, refusing non-http(s) schemes and any host, at
// every hop, that is or resolves to a special-purpose address (src/api/addresses.ts,
// src/api/resolve-host.ts).
import { ApiError } from "./errors";
import { fileTooLargeMessage, type FileInput } from "./form";
import { readCapped } from "./read-capped";
import { specialAddress } from "./addresses";
import type { HostResolver } from "./resolve-host";

export interface SourceFile {
  bytes: Uint8Array;
  fileName: string;
}

/** How long a file_url download may take in all. */
export const FILE_URL_TIMEOUT_MS = 60_000;
/** Redirects followed for a file_url (each hop is checked again). */
export const FILE_URL_MAX_REDIRECTS = 5;

export async function readSource(input: FileInput, maxBytes: number, resolver: HostResolver): Promise<SourceFile> {
  if (input.upload) {
    if (input.upload.bytes.length > maxBytes) throw tooLarge(maxBytes);
    return { bytes: input.upload.bytes, fileName: cleanFileName(input.upload.name) || "document" };
  }
  return fetchFileUrl(input.fileUrl!, maxBytes, resolver);
}

const tooLarge = (maxBytes: number) => new ApiError("FILE_TOO_LARGE", fileTooLargeMessage(maxBytes));

/** Keeps the last path segment, without control characters or path separators. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  return base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 255);
}

export async function fetchFileUrl(rawUrl: string, maxBytes: number, resolver: HostResolver): Promise<SourceFile> {
  let url = checkUrl(rawUrl);
  const signal = AbortSignal.timeout(FILE_URL_TIMEOUT_MS);
  try {
    for (let hop = 0; ; hop++) {
      await checkResolved(url, resolver);
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

const internal = (host: string, why: string) => new ApiError("FILE_URL_REJECTED", `file_url points at an internal address (${host}: ${why}); give a public link.`);

/** A host name's addresses, every one of them public; a name with none, or whose lookup fails, cannot be fetched. */
async function checkResolved(url: URL, resolver: HostResolver): Promise<void> {
  const host = bareHost(url.hostname);
  if (specialAddress(host) !== undefined) return; // a literal address, already judged by checkUrl
  let addresses: string[];
  try {
    addresses = await resolver.resolve(host);
  } catch (e) {
    throw new ApiError("FILE_URL_UNREACHABLE", `file_url's host ${host} could not be resolved (${e instanceof Error ? e.message : String(e)}).`);
  }
  if (addresses.length === 0) throw new ApiError("FILE_URL_UNREACHABLE", `file_url's host ${host} has no address.`);
  for (const address of addresses) {
    const why = specialAddress(address);
    if (why !== null) throw internal(`${host} resolves to ${address}`, why ?? "not an address");
  }
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
  const refused = refusedHost(url.hostname);
  if (refused) throw internal(url.hostname, refused);
  return url;
}

/** Why a host (a name or a literal address) may not be fetched, judged without a lookup; null when only a lookup can tell. */
export function refusedHost(hostname: string): string | null {
  const host = bareHost(hostname);
  if (host === "" || host === "localhost" || host.endsWith(".localhost")) return "loopback";
  return specialAddress(host) ?? null;
}

/** A URL's host as addresses and names are compared: lower case, IPv6 without its brackets, no trailing dot. */
const bareHost = (hostname: string) => hostname.toLowerCase().replace(/^\[|\]$/g, "").replace(/\.$/, "");
