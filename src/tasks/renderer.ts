// The core's page renderer for a task: the renderer Worker (src/renderer/) over the
// RENDERER service binding, drawing the task's input where it lies in R2. Without the
// binding (a deployment that left the renderer out) there is none, and the core keeps
// vector figures' text as text and tables as HTML.
import type { RegionRenderer } from "../core/ports";
import type { Env } from "../env";

export function taskRenderer(env: Pick<Env, "RENDERER">, inputKey: string): RegionRenderer | undefined {
  const service = env.RENDERER;
  if (!service) return undefined;
  return { render: (requests) => service.renderRegions({ key: inputKey }, requests) };
}
