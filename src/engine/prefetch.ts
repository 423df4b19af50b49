// Parameters evaluated ahead, with the loop free. Nodes read their parameters synchronously
// (n8n's getNodeParameter), so an expression that runs long would hold the server's thread
// wherever a node reads it. Before a node runs, the engine evaluates the expressions in its
// parameters for its input items inside awaitSlowWork (long ones in the expression worker,
// src/engine/offload), yielding between items; the node's reads then take these answers (a
// second read of the same value gets a copy kept from before the first, so a node that changes
// what it got never sees its own change). Reads the prefetch cannot answer (extra keys such as pagination's $response, an
// item index past the input) evaluate on the thread, capped (expressions.ts ON_THREAD_LIMIT_MS).
//
// Every expression is evaluated for every item, also one the node reads for its first item only
// (an operation, a batch size): which parameters a node reads depends on its code and on the
// data (a branch per item), so a learned "first item only" could be steered — a run that skips
// a read, then one that reads a slow expression per item on the thread (issue-14 trial). The
// cost is the evaluations a node does not use, each bounded and awaited like the others.
import type { IDataObject } from '../model/workflow.ts';
import { getPath } from '../model/parameters.ts';
import { jsonSizeUpTo } from '../server/push/jsonSize.ts';
import { runSlowWork, WorkDeferred } from '../model/expressions/defer.ts';
import { sliceDue, yieldToLoop } from '../model/yieldToLoop.ts';
import type { EngineLimits } from './types.ts';
import { evaluateParameterValue } from './expressions.ts';

type Answer = { value: unknown } | { error: unknown };

interface Leaf {
  container: object;
  key: string;
  value: string;
}

interface Slot {
  answers: Array<Answer | undefined>;
  leaf: Leaf;
}

/** Variables that exist only in reads with extra keys (HTTP Request pagination): not prefetched. */
const EXTRA_KEYS_ONLY = /\$(?:response|request|pageCount)\b/;
/** Object answers up to this size (JSON characters) keep a copy for a second read. */
const KEEP_COPY_CHARS = 64 * 1024;
/** Nesting walked in a parameter value (parameters past the data depth limit are refused earlier). */
const MAX_DEPTH = 64;

function expressionLeaves(params: IDataObject): Leaf[] {
  const leaves: Leaf[] = [];
  const walk = (container: object, depth: number) => {
    if (depth > MAX_DEPTH) return;
    for (const key of Object.keys(container)) {
      const v = (container as Record<string, unknown>)[key];
      if (typeof v === 'string') {
        if (v.charCodeAt(0) === 61 /* = */ && !EXTRA_KEYS_ONLY.test(v)) leaves.push({ container, key, value: v });
      } else if (v !== null && typeof v === 'object') walk(v, depth + 1);
    }
  };
  walk(params, 0);
  return leaves;
}

export class ParameterPrefetch {
  private readonly slots = new Map<object, Map<string, Slot>>();
  /** Where each path a node read lives: its container and key (parameters do not change in a run). */
  private readonly places = new Map<string, { container: object | undefined; key: string }>();
  /** Nothing was prefetched (no expressions, or no items): reads evaluate as before. */
  get empty(): boolean {
    return this.slots.size === 0;
  }

  /** Evaluates the expression leaves of `params` for items 0 … itemCount-1. */
  async fill(params: IDataObject, scope: (itemIndex: number) => Record<string, unknown>, itemCount: number, limits: Pick<EngineLimits, 'expressionSteps'>, nodeName: string, signal?: AbortSignal): Promise<void> {
    const leaves = expressionLeaves(params);
    if (leaves.length === 0 || itemCount === 0) return;
    const slots = leaves.map((leaf): Slot => {
      let byKey = this.slots.get(leaf.container);
      if (byKey === undefined) this.slots.set(leaf.container, (byKey = new Map()));
      const slot: Slot = { answers: new Array<Answer | undefined>(itemCount), leaf };
      byKey.set(leaf.key, slot);
      return slot;
    });
    for (let i = 0; i < itemCount; i++) {
      if (sliceDue()) await yieldToLoop();
      if (signal?.aborted) return;
      const s = scope(i);
      const evaluated = runSlowWork(() =>
        slots.map((slot): Answer => {
          try {
            return { value: evaluateParameterValue(slot.leaf.value, s, limits, nodeName) };
          } catch (error) {
            if (error instanceof WorkDeferred) throw error;
            return { error };
          }
        }),
      );
      const answers = evaluated instanceof Promise ? await evaluated : evaluated;
      for (let j = 0; j < slots.length; j++) slots[j].answers[i] = answers[j];
    }
  }

  /**
   * The answer for container[key] and item i, undefined when there is none. The first read gets
   * the value itself; a later read gets a copy kept from before the first (when the value is
   * small), else evaluates again: every read gets a value of its own, as when each read
   * evaluated it, so a node that changes what it got never sees its change again.
   */
  private take(container: object, key: string, itemIndex: number): Answer | undefined {
    const slot = this.slots.get(container)?.get(key);
    const answer = slot?.answers[itemIndex];
    if (answer === undefined || 'error' in answer) return answer;
    const v = answer.value;
    if (v === null || typeof v !== 'object') return answer;
    // Before handing it out: a copy for a second read, or none (large: evaluated again).
    slot!.answers[itemIndex] = jsonSizeUpTo(v, KEEP_COPY_CHARS) === Infinity ? undefined : { value: copyContainers(v) };
    return answer;
  }

  /** resolve() for the value at a dotted path of the node's parameters. */
  resolveAt(params: IDataObject, path: string, value: unknown, itemIndex: number, evaluate: (v: unknown) => unknown): unknown {
    let place = this.places.get(path);
    if (place === undefined) {
      const dot = path.lastIndexOf('.');
      const container = dot < 0 ? params : getPath(params, path.slice(0, dot));
      place = { container: typeof container === 'object' && container !== null ? container : undefined, key: dot < 0 ? path : path.slice(dot + 1) };
      this.places.set(path, place);
    }
    return this.resolve(value, place.container, place.key, itemIndex, evaluate);
  }

  /**
   * Resolves `value`, found at container[key], for one item like evaluateParameterValue, with
   * prefetched answers for its expression leaves.
   */
  resolve(value: unknown, container: object | undefined, key: string, itemIndex: number, evaluate: (v: unknown) => unknown): unknown {
    if (typeof value === 'string') {
      if (value.charCodeAt(0) !== 61) return value;
      const answer = container === undefined ? undefined : this.take(container, key, itemIndex);
      if (answer === undefined) return evaluate(value);
      if ('error' in answer) throw answer.error;
      return answer.value;
    }
    if (value === null || typeof value !== 'object') return value;
    if (!this.slots.has(value) && !hasSlotsBelow(this.slots, value)) return evaluate(value);
    if (Array.isArray(value)) return value.map((v, i) => this.resolve(v, value, String(i), itemIndex, evaluate));
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value)) {
      const v = this.resolve((value as Record<string, unknown>)[k], value, k, itemIndex, evaluate);
      // An own "__proto__" key stays data; assigning it would set the object's prototype.
      if (k === '__proto__') Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      else out[k] = v;
    }
    return out;
  }
}

/** Arrays and plain objects copied (deeply); anything else (a DateTime, a Buffer) shared. */
function copyContainers(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => copyContainers(v, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) {
    const v = copyContainers((value as Record<string, unknown>)[k], depth + 1);
    if (k === '__proto__') Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    else out[k] = v;
  }
  return out;
}

function hasSlotsBelow(slots: Map<object, unknown>, value: object, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  for (const v of Object.values(value)) {
    if (v !== null && typeof v === 'object' && (slots.has(v) || hasSlotsBelow(slots, v, depth + 1))) return true;
  }
  return false;
}
