// /v1/usage: the four quota fields of the caller's key; doubles as a key check.
import type { AppContext } from "../context";
import { publicOrigin } from "../context";
import { authenticate } from "../auth";
import { ok } from "../envelope";
import { readForm, refuseUnknownFields } from "../form";

export async function usage(c: AppContext) {
  const { fields: form } = await readForm(c.req.raw);
  const caller = await authenticate(c.env, form, c.req.header("authorization"));
  refuseUnknownFields(form, "usage");
  const u = await caller.account.usage(c.var.now().toISOString());
  return ok(c, { ...u, dashboard_url: `${publicOrigin(c)}/dashboard` });
}
