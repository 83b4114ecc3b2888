// Types of scripts/dev-env.mjs for the TypeScript scripts that use it.
export declare const root: string;
export declare const quietEnv: NodeJS.ProcessEnv;
export declare const devConfigs: string[];
export declare function ensureDevVars(): Record<string, string>;
export declare function waitForHttp(url: string, timeoutMs: number, child?: unknown): Promise<void>;
export declare function seedKey(baseUrl: string, adminToken: string, apiKey: string, label: string): Promise<{ key_id: string; api_key: string }>;
