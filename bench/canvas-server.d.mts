// Types for bench/canvas-server.mjs (used from TypeScript specs).
export declare const harnessDir: string;
export declare const CHROMIUM_FLAGS: string[];
export declare const CHROMIUM_PATH: string;
export declare function buildHarness(options?: { minify?: boolean }): Promise<string>;
export declare function startHarnessServer(): Promise<{ url: string; close: () => Promise<void> }>;
