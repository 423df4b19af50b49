// Deduplication history across executions (n8n's data deduplication service, used by Remove
// Duplicates v2 "Remove Items Processed in Previous Executions"): one record per workflow and
// context ('' for scope 'workflow', `n:<node id>` for scope 'node' so a rename keeps the history).
// A record holds either the hashes of the values seen (mode 'entries', oldest first, at most
// maxEntries kept) or the one highest value (modes 'latestIncrementalKey' and 'latestDate').
// The server keeps records in its database; without a store (engine tests, the corpus) they
// live in memory for the life of the process.
import { createHash } from 'node:crypto';
import type { INode } from '../model/workflow.ts';
import { tryToParseDateTime } from '../nodes/shared/typeValidation.ts';

export type DeduplicationScope = 'node' | 'workflow';
export type DeduplicationMode = 'entries' | 'latestIncrementalKey' | 'latestDate';
export type DeduplicationItem = string | number;

export interface CheckProcessedOptions {
  mode: DeduplicationMode;
  /** Mode 'entries': keep at most this many values (the oldest go first). */
  maxEntries?: number;
}

export interface DeduplicationOutput {
  new: DeduplicationItem[];
  processed: DeduplicationItem[];
}

/** What is stored per workflow and context (n8n's processed_data.value). */
export type ProcessedDataValue = { mode: 'entries'; data: string[] } | { mode: 'latestIncrementalKey' | 'latestDate'; data: DeduplicationItem };

/** Where the history is kept; RunOptions.processedDataStore (the server's database table). */
export interface ProcessedDataStore {
  get(workflowId: string, context: string): Promise<ProcessedDataValue | undefined>;
  set(workflowId: string, context: string, value: ProcessedDataValue): Promise<void>;
  delete(workflowId: string, context: string): Promise<void>;
}

export class MemoryProcessedDataStore implements ProcessedDataStore {
  readonly #records = new Map<string, ProcessedDataValue>();
  async get(workflowId: string, context: string) {
    const value = this.#records.get(`${workflowId}\u0000${context}`);
    return value === undefined ? undefined : structuredClone(value);
  }
  async set(workflowId: string, context: string, value: ProcessedDataValue) {
    this.#records.set(`${workflowId}\u0000${context}`, structuredClone(value));
  }
  async delete(workflowId: string, context: string) {
    this.#records.delete(`${workflowId}\u0000${context}`);
  }
}

/** The store runs use when their options name none. */
export const processMemoryStore = new MemoryProcessedDataStore();

export class DeduplicationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeduplicationError';
  }
}

/** The helpers a node's execute context offers (n8n's DeduplicationHelperFunctions). */
export interface DeduplicationHelpers {
  checkProcessedAndRecord(items: DeduplicationItem[], scope: DeduplicationScope, options: CheckProcessedOptions): Promise<DeduplicationOutput>;
  removeProcessed(items: DeduplicationItem[], scope: DeduplicationScope, options: CheckProcessedOptions): Promise<void>;
  clearAllProcessedItems(scope: DeduplicationScope, options?: CheckProcessedOptions): Promise<void>;
  getProcessedDataCount(scope: DeduplicationScope, options: CheckProcessedOptions): Promise<number>;
}

const hashValue = (value: DeduplicationItem) => createHash('md5').update(String(value)).digest('base64');

function compareLatest(mode: DeduplicationMode, a: DeduplicationItem, b: DeduplicationItem): number {
  if (mode === 'latestIncrementalKey') {
    const x = Number(a);
    const y = Number(b);
    if (Number.isNaN(x) || Number.isNaN(y)) throw new DeduplicationError('Invalid value. Only numbers are supported in mode "latestIncrementalKey"');
    return x === y ? 0 : x > y ? 1 : -1;
  }
  if (mode === 'latestDate') {
    let x: number;
    let y: number;
    try {
      x = tryToParseDateTime(a).toMillis();
      y = tryToParseDateTime(b).toMillis();
    } catch {
      throw new DeduplicationError('Invalid value. Only valid dates are supported in mode "latestDate"');
    }
    return x === y ? 0 : x > y ? 1 : -1;
  }
  throw new DeduplicationError("Invalid mode. Only 'latestIncrementalKey' and 'latestDate' are supported.");
}

// Runs of one workflow may overlap: a record is read, changed and written by one call at a time.
const locks = new WeakMap<ProcessedDataStore, Map<string, Promise<unknown>>>();
async function serialised<T>(store: ProcessedDataStore, key: string, work: () => Promise<T>): Promise<T> {
  let byKey = locks.get(store);
  if (!byKey) locks.set(store, (byKey = new Map()));
  const previous = byKey.get(key) ?? Promise.resolve();
  const next = previous.then(work, work);
  const tail = next.catch(() => undefined);
  byKey.set(key, tail);
  void tail.then(() => {
    if (byKey.get(key) === tail) byKey.delete(key);
  });
  return next;
}

export function createDeduplicationHelpers(store: ProcessedDataStore, workflowId: string | undefined, node: INode): DeduplicationHelpers {
  const contextOf = (scope: DeduplicationScope): string => {
    if (scope === 'node') {
      if (!node.id) throw new DeduplicationError("The node has no id and so cannot use scope 'node'");
      return `n:${node.id}`;
    }
    if (scope === 'workflow') return '';
    throw new DeduplicationError(`The scope '${String(scope)}' is not supported. Please select either "node" or "workflow".`);
  };
  const workflow = (): string => {
    if (workflowId === undefined || workflowId === null || workflowId === '') {
      throw new DeduplicationError('Deduplication history needs a saved workflow: save the workflow, then run it again');
    }
    return String(workflowId);
  };

  return {
    async checkProcessedAndRecord(items, scope, options) {
      const wf = workflow();
      const context = contextOf(scope);
      return serialised(store, `${wf}\u0000${context}`, async () => {
        const stored = await store.get(wf, context);
        if (stored && stored.mode !== options.mode) {
          throw new DeduplicationError(
            'Deduplication data was originally saved with an incompatible setting of the ‘Keep Items Where’ parameter. Try ’Clean Database’ operation to reset.',
          );
        }
        if (options.mode === 'latestIncrementalKey' || options.mode === 'latestDate') {
          const sorted = items.slice().sort((a, b) => compareLatest(options.mode, a, b));
          if (!stored) {
            const highest = sorted.at(-1);
            if (highest !== undefined) await store.set(wf, context, { mode: options.mode, data: highest });
            return { new: items.slice(), processed: [] };
          }
          const out: DeduplicationOutput = { new: [], processed: [] };
          if (stored.mode === 'entries') return out;
          let highest = stored.data;
          for (const item of sorted) {
            if (compareLatest(options.mode, item, stored.data) === 1) {
              out.new.push(item);
              if (compareLatest(options.mode, item, highest) === 1) highest = item;
            } else {
              out.processed.push(item);
            }
          }
          await store.set(wf, context, { mode: options.mode, data: highest });
          return out;
        }
        // Mode 'entries'.
        const hashes = items.map(hashValue);
        const max = Number(options.maxEntries) || 0;
        if (!stored) {
          const data = max > 0 ? hashes.slice(Math.max(0, hashes.length - max)) : hashes;
          await store.set(wf, context, { mode: 'entries', data });
          return { new: items.slice(), processed: [] };
        }
        const out: DeduplicationOutput = { new: [], processed: [] };
        if (stored.mode !== 'entries') return out;
        const seen = new Set(stored.data);
        hashes.forEach((hash, i) => {
          if (seen.has(hash)) {
            out.processed.push(items[i]!);
          } else {
            out.new.push(items[i]!);
            stored.data.push(hash);
            seen.add(hash);
          }
        });
        if (max > 0 && stored.data.length > max) stored.data.splice(0, stored.data.length - max);
        await store.set(wf, context, stored);
        return out;
      });
    },

    async removeProcessed(items, scope, options) {
      if (options.mode === 'latestIncrementalKey' || options.mode === 'latestDate') {
        throw new DeduplicationError('Removing processed data is not possible in mode "latest"');
      }
      const wf = workflow();
      const context = contextOf(scope);
      await serialised(store, `${wf}\u0000${context}`, async () => {
        const stored = await store.get(wf, context);
        if (!stored || stored.mode !== 'entries') return;
        for (const hash of items.map(hashValue)) {
          const at = stored.data.indexOf(hash);
          if (at !== -1) stored.data.splice(at, 1);
        }
        await store.set(wf, context, stored);
      });
    },

    async clearAllProcessedItems(scope) {
      const wf = workflow();
      const context = contextOf(scope);
      await serialised(store, `${wf}\u0000${context}`, () => store.delete(wf, context));
    },

    async getProcessedDataCount(scope, options) {
      const wf = workflow();
      const context = contextOf(scope);
      const stored = await store.get(wf, context);
      return options.mode === 'entries' && stored?.mode === 'entries' ? stored.data.length : 0;
    },
  };
}
