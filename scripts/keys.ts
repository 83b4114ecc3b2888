// `npm run keys -- <command>`: manage API keys through the admin route of a running
// service (default http://127.0.0.1:8787, the token from $ADMIN_TOKEN or .dev.vars).
//
//   create [--label TEXT] [--key sk-...]      new key (random unless --key)
//   show KEY                                  key record, plans, usage, recent tasks
//   revoke KEY                                revoke a key
//   add-plan KEY --pages N [--days D | --expires ISO-8601]
//
// KEY is the key itself (sk-...) or its key_id (64 hex digits).
import { createHash } from "node:crypto";
import { ensureDevVars } from "./dev-env.mjs";

function parseArgs(argv: string[]) {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    if (argv[i].startsWith("--")) flags[argv[i].slice(2)] = argv[i + 1]?.startsWith("--") || argv[i + 1] === undefined ? "true" : argv[++i];
    else positional.push(argv[i]);
  }
  return { positional, flags };
}

const { positional, flags } = parseArgs(process.argv.slice(2));
const [command, keyArg] = positional;
const base = (flags.url ?? process.env.DOCPARSE_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8787}`).replace(/\/+$/, "");
const token = flags["admin-token"] ?? process.env.ADMIN_TOKEN ?? ensureDevVars().ADMIN_TOKEN;
const keyId = (k: string | undefined) => {
  if (!k) throw new Error("give the key (sk-...) or its key_id");
  return k.startsWith("sk-") ? createHash("sha256").update(k).digest("hex") : k;
};

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}/admin${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; message: string; data: unknown };
  if (json.code !== 0) throw new Error(`${json.code}: ${json.message}`);
  return json.data;
}

async function main() {
  switch (command) {
    case "create":
      return call("POST", "/keys", { label: flags.label ?? "", ...(flags.key ? { api_key: flags.key } : {}) });
    case "show":
      return call("GET", `/keys/${keyId(keyArg)}`);
    case "revoke":
      return call("POST", `/keys/${keyId(keyArg)}/revoke`);
    case "add-plan":
      return call("POST", `/keys/${keyId(keyArg)}/plans`, {
        pages: Number(flags.pages),
        ...(flags.expires ? { expires_at: flags.expires } : { days: Number(flags.days ?? 365) }),
      });
    default:
      throw new Error("usage: npm run keys -- create [--label L] [--key sk-...] | show KEY | revoke KEY | add-plan KEY --pages N [--days D | --expires ISO]");
  }
}

main().then(
  (data) => console.log(JSON.stringify(data, null, 2)),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
