// Messages between the engine (main thread) and a sandbox worker.

export interface VmRequest {
  code: string;
  mode: 'runOnceForAllItems' | 'runOnceForEachItem';
  itemIndex: number;
  legacy?: 'function' | 'functionItem';
  /**
   * Data the prelude reads (items, $workflow, $execution, clock, static data …) as JSON text,
   * made in slices on the engine's thread: a structured clone of a 10 MB item held it ~140 ms.
   */
  ctxJson: string;
  timeoutMs: number;
  memoryBytes: number;
  /** Items the result may hold (the engine's maxItemsPerNode), checked before it leaves the VM. */
  maxItems: number;
  /** Whether the code needs Luxon (DateTime …); loading it costs a few milliseconds. */
  luxon: boolean;
}

export interface VmErrorInfo {
  kind: 'timeout' | 'memory' | 'user' | 'internal';
  name: string;
  message: string;
  stack?: string;
  lineNumber?: number;
}

export type WorkerToMain =
  | { type: 'ready' }
  | { type: 'call'; op: string; args: string }
  | { type: 'console'; level: string; message: string }
  | { type: 'done'; result: string; staticData: string; restart?: boolean }
  | { type: 'failed'; error: VmErrorInfo; restart?: boolean };

export type MainToWorker = { type: 'run'; request: VmRequest };

/** Layout of the shared buffer used for synchronous calls from the VM to the engine. */
export const SAB_HEADER_BYTES = 16;
/** ctrl[0]: 0 waiting, 1 answered, 2 answered with an error; ctrl[1]: byte length of the answer. */
export const CTRL_WAITING = 0;
export const CTRL_OK = 1;
export const CTRL_ERROR = 2;
/** Marks an `undefined` answer. */
export const UNDEFINED_LENGTH = -1;
