// GET /v1/files/<key>?expires=&sig=: signed downloads served straight from R2.
import { FILES_ROUTE, verifySignedPath } from "../../storage/blob-store";
import { nowSeconds, type AppContext } from "../context";
import { ApiError } from "../errors";
import { signingSecret } from "../task-access";

export async function download(c: AppContext) {
  const path = new URL(c.req.url).pathname.slice(FILES_ROUTE.length);
  const check = await verifySignedPath(signingSecret(c), path, c.req.query("expires"), c.req.query("sig"), nowSeconds(c));
  if (!check.ok) {
    const why = check.reason === "expired" ? "has expired" : "is not valid (altered or incomplete)";
    throw new ApiError("DOWNLOAD_LINK_INVALID", `This download link ${why}: call async_check again for a fresh download_url.`);
  }
  const object = await c.env.BLOBS.get(check.key);
  if (!object) throw new ApiError("RESULT_EXPIRED", "This file no longer exists: results are deleted after the retention period.");
  const name = check.key.split("/").pop() ?? "download";
  const headers = new Headers({
    "content-type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "content-length": String(object.size),
    "content-disposition": `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    "cache-control": "private, no-store",
    etag: object.httpEtag,
  });
  return new Response(c.req.method === "HEAD" ? null : object.body, { headers });
}
