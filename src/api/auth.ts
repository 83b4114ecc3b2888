// API keys: `sk-` + random, stored only as their SHA-256 in the key's own Durable Object.
import type { Env } from "../env";
import { accountStub, sha256Hex } from "../tasks/stubs";
import { ApiError } from "./errors";
import { textField } from "./form";

/** Shape of a key: `sk-` then 8 to 200 URL-safe characters. Anything else is refused unseen. */
const KEY_SHAPE = /^sk-[A-Za-z0-9_-]{8,200}$/;

export interface Caller {
  keyHash: string;
  account: ReturnType<typeof accountStub>;
}

/**
 * The caller's key, from the api_key form field or an `Authorization: Bearer sk-...` header
 * (what HTTP clients and gateways send); both may come, naming the same key.
 */
export async function authenticate(env: Env, form: FormData, authorization?: string | null): Promise<Caller> {
  const fromForm = textField(form, "api_key");
  const fromHeader = bearerToken(authorization);
  if (fromForm && fromHeader && fromForm !== fromHeader) throw new ApiError("API_KEY_INVALID", "api_key and the Authorization header name different keys: send one key.");
  const key = fromForm ?? fromHeader;
  if (!key) throw new ApiError("API_KEY_MISSING", "api_key is required: send your key (it starts with sk-) as the api_key form field or as `Authorization: Bearer sk-...`.");
  if (!KEY_SHAPE.test(key)) throw new ApiError("API_KEY_INVALID", "api_key is not a valid key: keys start with sk- and contain letters, digits, - and _.");
  const keyHash = await sha256Hex(key);
  const account = accountStub(env, keyHash);
  const check = await account.checkKey(keyHash);
  if (check === "unknown") throw new ApiError("API_KEY_INVALID", "api_key is not a known key: check it on the dashboard or ask for a new one.");
  if (check === "revoked") throw new ApiError("API_KEY_REVOKED", "api_key was revoked: use another key.");
  return { keyHash, account };
}

/** The token of an `Authorization: Bearer <token>` header, if that is what it holds. */
function bearerToken(header: string | null | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1];
}

/** A new random key: `sk-` + 40 base62 characters (about 238 bits). */
export function generateApiKey(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const out: string[] = [];
  while (out.length < 40) {
    for (const b of crypto.getRandomValues(new Uint8Array(64))) {
      if (b < 248 && out.length < 40) out.push(alphabet[b % 62]); // 248 = 4*62: no modulo bias
    }
  }
  return `sk-${out.join("")}`;
}

export { KEY_SHAPE };
