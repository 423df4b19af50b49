// The editor's side of a comlink worker (dist/editor/workers/<name>.js, built from
// workers/<name>.worker.ts). Calls go to the worker; if the browser has no workers or the
// worker fails to load or dies, the same kernel functions answer on the main thread (callers
// keep their work in small batches so that stays within a frame or so), and `onFailure` hears
// about it once.
import { wrap, type Remote } from 'comlink';
import { basePath } from '../basePath.ts';

type Api = Record<string, (...args: never[]) => unknown>;

/** The worker itself failed (as opposed to a kernel error, which is the same on both sides). */
class WorkerFailedError extends Error {}

export class WorkerClient<T extends Api> {
  private worker: Worker | undefined;
  private remote: Remote<T> | undefined;
  private failure: Promise<never> | undefined;
  private failed = false;
  private readonly local: T;
  private readonly onFailure: (message: string) => void;

  constructor(name: string, local: T, onFailure: (message: string) => void = () => {}) {
    this.local = local;
    this.onFailure = onFailure;
    if (typeof Worker === 'undefined') return;
    try {
      const url = `${basePath}workers/${name}.js`;
      const worker = new Worker(url, { type: 'module', name });
      this.failure = new Promise<never>((_, reject) => {
        worker.addEventListener('error', (e) => reject(new WorkerFailedError(`The ${name} worker failed: ${e.message || 'could not load ' + url}`)));
      });
      // Keep the rejection from being reported as unhandled when nobody is waiting.
      this.failure.catch(() => {});
      this.worker = worker;
      this.remote = wrap<T>(worker);
    } catch (e) {
      this.fail(`The ${name} worker could not start: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** Where calls run now. */
  get kind(): 'worker' | 'main-thread' {
    return this.remote && !this.failed ? 'worker' : 'main-thread';
  }

  async call<K extends keyof T>(method: K, ...args: Parameters<T[K]>): Promise<Awaited<ReturnType<T[K]>>> {
    if (this.remote && !this.failed) {
      try {
        const fn = this.remote[method] as unknown as (...a: Parameters<T[K]>) => Promise<Awaited<ReturnType<T[K]>>>;
        return await Promise.race([fn(...args), this.failure!]);
      } catch (e) {
        if (!(e instanceof WorkerFailedError)) throw e;
        this.fail(e.message);
      }
    }
    return (await (this.local[method] as (...a: Parameters<T[K]>) => unknown)(...args)) as Awaited<ReturnType<T[K]>>;
  }

  private fail(message: string): void {
    if (this.failed) return;
    this.failed = true;
    this.worker?.terminate();
    this.onFailure(`${message}; continuing on the main thread`);
  }

  destroy(): void {
    this.worker?.terminate();
    this.worker = undefined;
    this.remote = undefined;
  }
}
