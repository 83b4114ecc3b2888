// Resolving a file_url's host name before it is fetched, so a name that points inside a
// network (an /etc/hosts entry, a public name set to 127.0.0.1, the service's own host) is
// refused like the literal address. Workers have no resolver of their own: names are
// resolved with DNS over HTTPS (RFC 8484's JSON form, as Cloudflare's and Google's public
// resolvers answer it), at `DNS_RESOLVER_URL`.
//
// What remains is DNS rebinding: a name may answer a public address here and another one
// to the runtime's own lookup a moment later. It is narrowed by checking every redirect
// hop again, and on Cloudflare by where fetch() runs: a Worker's outbound requests leave
// from Cloudflare's network, which does not route to the deploying account's private
// networks. A self-hosted workerd should also deny local addresses in its network config.

export const DEFAULT_DNS_RESOLVER_URL = "https://cloudflare-dns.com/dns-query";
/** A lookup that takes longer is taken for a failure. */
const DNS_TIMEOUT_MS = 5_000;

const RECORD_TYPES = { A: 1, AAAA: 28 } as const;

export interface HostResolver {
  /** Every IPv4 and IPv6 address the name has (following CNAMEs); empty when it has none. Throws when the lookup fails. */
  resolve(host: string): Promise<string[]>;
}

interface DohAnswer {
  Status?: number;
  Answer?: { type: number; data: string }[];
}

export function dohResolver(endpoint: string, fetcher: typeof fetch = fetch): HostResolver {
  return {
    async resolve(host) {
      const answers = await Promise.all(
        Object.entries(RECORD_TYPES).map(async ([name, type]) => {
          const url = `${endpoint}?name=${encodeURIComponent(host)}&type=${name}`;
          const res = await fetcher(url, { headers: { accept: "application/dns-json" }, signal: AbortSignal.timeout(DNS_TIMEOUT_MS) });
          if (!res.ok) throw new Error(`the resolver answered HTTP ${res.status}`);
          const body = (await res.json()) as DohAnswer;
          // NXDOMAIN (3) is an answer: no address. Other errors are failures.
          if (body.Status !== 0 && body.Status !== 3) throw new Error(`the resolver answered status ${body.Status}`);
          return (body.Answer ?? []).filter((a) => a.type === type).map((a) => a.data);
        }),
      );
      return answers.flat();
    },
  };
}
