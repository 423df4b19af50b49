// n8n's execution custom data ($execution.customData, the Execution Data node): string pairs kept
// in runExecutionData.resultData.metadata, so they are stored with the execution's run data.
// n8n's rules: at most 10 keys (further new keys are ignored), keys of A-Za-z0-9_ only, cut to 50
// characters; values strings or numbers, cut to 512 characters.
import type { IRunExecutionData } from './execution.ts';

/** n8n's $execution.customData: at most 10 keys of [A-Za-z0-9_], keys cut to 50 and values to 512 characters. */
export interface ExecutionCustomData {
  set(key: string, value: unknown): void;
  setAll(values: Record<string, unknown>): void;
  get(key: string): string | undefined;
  getAll(): Record<string, string>;
}

export const CUSTOM_DATA_MAX_KEYS = 10;
export const CUSTOM_DATA_KEY_MAX_LENGTH = 50;
export const CUSTOM_DATA_VALUE_MAX_LENGTH = 512;

/** A bad key or value (n8n's InvalidExecutionMetadataError). */
export class InvalidCustomDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidCustomDataError';
  }
}

function setOne(data: IRunExecutionData, key: unknown, value: unknown): void {
  const metadata = (data.resultData.metadata ??= {});
  if (typeof key === 'string' && !Object.hasOwn(metadata, key.slice(0, CUSTOM_DATA_KEY_MAX_LENGTH)) && Object.keys(metadata).length >= CUSTOM_DATA_MAX_KEYS) return;
  if (typeof key !== 'string') throw new InvalidCustomDataError(`Custom data keys must be a string (key "${String(key)}")`);
  if (key === '' || /[^A-Za-z0-9_]/.test(key)) throw new InvalidCustomDataError(`Custom data key can only contain characters "A-Za-z0-9_" (key "${key}")`);
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint') throw new InvalidCustomDataError(`Custom data values must be a string (key "${key}")`);
  metadata[key.slice(0, CUSTOM_DATA_KEY_MAX_LENGTH)] = String(value).slice(0, CUSTOM_DATA_VALUE_MAX_LENGTH);
}

export function executionCustomData(data: IRunExecutionData): ExecutionCustomData {
  return {
    set: (key, value) => setOne(data, key, value),
    setAll(values) {
      // n8n sets every valid pair and then throws the first error.
      let first: Error | undefined;
      for (const [key, value] of Object.entries(values)) {
        try {
          setOne(data, key, value);
        } catch (e) {
          first ??= e as Error;
        }
      }
      if (first) throw first;
    },
    get: (key) => (data.resultData.metadata && Object.hasOwn(data.resultData.metadata, key) ? data.resultData.metadata[key] : undefined),
    getAll: () => ({ ...(data.resultData.metadata ?? {}) }),
  };
}
