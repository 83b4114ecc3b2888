// Types `env` from "cloudflare:test" as the Worker's own bindings.
import type { Env as WorkerEnv } from "../src/env";

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {}
  }
}
