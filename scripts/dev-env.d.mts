// Types of scripts/dev-env.mjs for the TypeScript scripts that use it.
export declare const root: string;
export declare const quietEnv: NodeJS.ProcessEnv;
export declare function ensureDevVars(): Record<string, string>;
type Child = import("node:child_process").ChildProcess;
export declare function startService(options: {
  port: number;
  persistTo?: string;
  stdio?: "inherit" | "ignore" | "pipe" | unknown[];
  extraArgs?: string[];
  detached?: boolean;
  onSpawn?: (child: Child) => void;
  workersEnv?: Record<string, string>;
}): Promise<{ main: Child; workers: Child }>;
export declare function waitForHttp(url: string, timeoutMs: number, child?: unknown, anyStatus?: boolean): Promise<void>;
export declare function seedKey(baseUrl: string, adminToken: string, apiKey: string, label: string): Promise<{ key_id: string; api_key: string }>;
