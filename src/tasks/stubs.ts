// How a task id or a key hash finds its Durable Object.
import type { Env } from "../env";

export const accountStub = (env: Env, keyHash: string) => env.ACCOUNTS.get(env.ACCOUNTS.idFromName(`key:${keyHash}`));
export const taskStub = (env: Env, taskId: string) => env.TASKS.get(env.TASKS.idFromName(`task:${taskId}`));

export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}
