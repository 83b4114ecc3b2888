// What `npm start` shows of its two wrangler dev processes: each Worker's bindings once
// (wrangler prints the main Worker's table again each time the other process connects, and
// the helper Workers' tables shrink to a line each), wrangler's banner once, and none of its
// "types might be out of date" notes: wrangler compares worker-configuration.d.ts with the one
// config it runs, while the file is made from all four (`npm run types`); start.mjs checks
// it as `npm test` does and says so when it really is out of date. The probes and the key
// seeding of the start itself are not shown; every other line passes unchanged.
import { createInterface } from "node:readline";

const TABLE_HEADER = /^(.*) has access to the following bindings:\s*$/;
/** A table row: `env.NAME (what)   Resource   Mode`. */
const TABLE_ROW = /^env\.(\w+)(?: \(.*?\))?\s{2,}(.+?)\s{2,}\S+(?: \[[^\]]+\])?\s*$/;
const DROPPED = [/^❓ Your types might be out of date/, /^⎔ Connection status updated/, /^Service bindings, Durable Object bindings, and Tail consumers connect/];
/** Lines both processes print alike: shown the first time. */
const ONCE = [/⛅️ wrangler /, /^─+$/, /^Using secrets defined in /, /^⎔ Starting local server/];
/** The start's own requests (waiting for the Workers, seeding the key). */
const START_REQUESTS = /^\[wrangler:info\] (GET \/ |POST \/admin\/keys )/;

export function quietOutput() {
  const shownOnce = new Set();
  const tablesShown = new Set();
  let starting = true;
  // A blank line is shown only between two shown lines (never two, never after a dropped one).
  let blankAllowed = false;
  const show = (out, line) => {
    const blank = line.trim() === "";
    if (blank && !blankAllowed) return;
    out.write(`${line}\n`);
    blankAllowed = !blank;
  };
  const drop = () => {
    blankAllowed = false;
  };

  /** Passes `child`'s lines to ours; `condense` prints its Workers' tables as a line each. */
  function follow(child, { condense = false } = {}) {
    for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
      if (!stream) continue;
      let table; // the table being read: its Worker, its rows, whether it is shown
      createInterface({ input: stream }).on("line", (line) => {
        const plain = line.replace(/\x1b\[[0-9;]*m/g, "");
        if (table) {
          if (plain.trim() === "") {
            if (condense && table.show) show(out, `${table.worker} bindings: ${table.rows.join(", ") || "none"}`);
            if (condense || !table.show) drop();
            table = undefined;
            return;
          }
          const row = TABLE_ROW.exec(plain);
          if (row) table.rows.push(row[2] === "Environment Variable" ? row[1] : `${row[1]} (${row[2]})`);
          if (table.show && !condense) show(out, line);
          return;
        }
        const header = TABLE_HEADER.exec(plain);
        if (header) {
          const worker = header[1] === "Your Worker" ? "docparse" : header[1];
          table = { worker, rows: [], show: !tablesShown.has(worker) };
          tablesShown.add(worker);
          if (table.show && !condense) {
            blankAllowed = true; // the main Worker's table stands apart
            show(out, "");
            show(out, line);
          }
          return;
        }
        if (DROPPED.some((p) => p.test(plain))) return drop();
        const once = ONCE.find((p) => p.test(plain));
        if (once) {
          if (shownOnce.has(once)) return drop();
          shownOnce.add(once);
        }
        if (starting && START_REQUESTS.test(plain)) return drop();
        show(out, line);
      });
    }
  }

  return {
    follow,
    /** The service is up and its key seeded: from now on every request shows. */
    started() {
      starting = false;
    },
  };
}
