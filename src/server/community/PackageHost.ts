// The server's side of the package host (src/community/host): starts it as a child process under
// Node's permission model (it may read only the packages' folder, src/community and src/model: not the
// data folder, its database or its encryption key; no child processes, no workers, no addons),
// sends it requests and answers its calls back. A host that stops answering pings while a request
// is pending is killed (a package looping forever), the requests fail with a clear error and the
// next request starts a new host.
import { fork, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FromHost, SerializedError, ToHost } from '../../community/protocol.ts';
import { PartsAssembler, splitMessage } from '../../community/messageParts.ts';
import { sliceDue, yieldToLoop } from '../../model/yieldToLoop.ts';

const HOST_ENTRY = fileURLToPath(new URL('../../community/host/main.ts', import.meta.url));
const SOURCE_ROOT = dirname(dirname(HOST_ENTRY));
/** Pure shared code (src/model) the host's n8n-workflow imports. */
const MODEL_ROOT = join(dirname(SOURCE_ROOT), 'model');
/** The libraries of the expression language (src/model/expressions), for evaluateExpression in package code. */
const EXPRESSION_LIBRARIES = ['luxon', 'acorn', 'title-case', 'transliteration', '@noble/hashes'].map((name) => join(dirname(dirname(SOURCE_ROOT)), 'node_modules', name));

export interface PackageHostOptions {
  /** Where packages are installed (their node_modules folder is below it). */
  packagesDir: string;
  /** How long the host may not answer a ping while a request is pending. */
  unresponsiveMs?: number;
  /** The host's V8 heap limit. */
  memoryMb?: number;
  log?: (level: 'info' | 'warn' | 'error', message: string) => void;
}

/** A request to the host (its id is added here). */
export type HostRequest = ToHost extends infer T ? (T extends { id: number; kind: 'load' | 'unload' | 'execute' | 'loadOptions' | 'function' | 'trigger' | 'closeTrigger' | 'manualTrigger' | 'poll' | 'webhook' | 'webhookMethod' } ? Omit<T, 'id'> : never) : never;

/** A call back from the host during a request (credentials, HTTP …). */
export type HostCallHandler = (method: string, args: unknown[]) => Promise<unknown>;

interface RequestHandlers {
  onCall?: HostCallHandler;
  onNotify?: (method: string, args: unknown[]) => void;
  signal?: AbortSignal;
}

/** A trigger open in the host: its calls and notifications after trigger() returned, and its end. */
export interface SessionHandlers {
  onCall?: HostCallHandler;
  onNotify?: (method: string, args: unknown[]) => void;
  /** The host stopped (crash, hang, shutdown): the trigger is gone with it. */
  onLost(why: string): void;
}

/** An open trigger in the host (see openSession). */
export interface HostSession {
  readonly id: number;
  /** trigger()'s answer. */
  readonly value: unknown;
  /** Sends a message about this session (closeTrigger, manualTrigger); false when the host is gone. */
  request(message: HostRequest, what: string): Promise<unknown>;
  tick(cron: number): void;
  /** Settles the donePromise of an emit: the run ended (n8n's IRun) or could not start. */
  done(id: number, run?: unknown, error?: SerializedError): void;
  /** Forgets the session (after closeTrigger, or when it was lost). */
  forget(): void;
  readonly alive: boolean;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  onCall?: HostCallHandler;
  onNotify?: (method: string, args: unknown[]) => void;
  what: string;
}

export class PackageHostError extends Error {
  description?: string | null;
  httpCode?: string | null;
  itemIndex?: number;
  constructor(e: SerializedError) {
    super(e.message);
    this.name = e.name;
    this.description = e.description;
    this.httpCode = e.httpCode;
    this.itemIndex = e.itemIndex;
  }
}

export class PackageHost {
  readonly #options: Required<Omit<PackageHostOptions, 'log'>> & Pick<PackageHostOptions, 'log'>;
  #child: ChildProcess | undefined;
  #ready: Promise<void> | undefined;
  #nextId = 1;
  readonly #pending = new Map<number, Pending>();
  /** Open triggers; `opened` once trigger() returned (before that, the request's failure tells). */
  readonly #sessions = new Map<number, { child: ChildProcess; handlers: SessionHandlers; opened: boolean }>();
  #lastPong = 0;
  #watchdog: NodeJS.Timeout | undefined;
  /**
   * Run on every new host before it takes requests: loads the installed packages again, so that
   * a host restarted after a crash or a hang knows every type at once.
   */
  bootstrap?: (request: (message: HostRequest, what: string) => Promise<unknown>) => Promise<void>;

  constructor(options: PackageHostOptions) {
    this.#options = { ...options, unresponsiveMs: options.unresponsiveMs ?? 5000, memoryMb: options.memoryMb ?? 512 };
  }

  get running(): boolean {
    return this.#child !== undefined;
  }

  #start(): Promise<void> {
    if (this.#ready) return this.#ready;
    const { packagesDir, memoryMb } = this.#options;
    const child = fork(HOST_ENTRY, [], {
      execArgv: ['--permission', `--allow-fs-read=${packagesDir}`, `--allow-fs-read=${SOURCE_ROOT}`, `--allow-fs-read=${MODEL_ROOT}`, ...EXPRESSION_LIBRARIES.map((dir) => `--allow-fs-read=${dir}`), `--max-old-space-size=${memoryMb}`, '--disable-warning=ExperimentalWarning', '--disable-warning=SecurityWarning'],
      // No secrets reach package code: a small environment of its own.
      env: { PATH: process.env.PATH ?? '', NODE_ENV: process.env.NODE_ENV ?? 'production', TZ: process.env.TZ ?? '' },
      serialization: 'advanced',
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      cwd: packagesDir,
    });
    this.#child = child;
    const log = this.#options.log;
    child.stdout?.on('data', (d: Buffer) => log?.('info', `community package: ${d.toString().trim()}`));
    child.stderr?.on('data', (d: Buffer) => log?.('warn', `community package: ${d.toString().trim().slice(0, 2000)}`));
    this.#ready = new Promise<void>((resolve, reject) => {
      const failStart = (e: Error) => reject(e);
      child.once('error', failStart);
      const assembler = new PartsAssembler();
      child.once('exit', () => assembler.clear());
      child.on('message', (received: FromHost) => {
        if (received.kind === 'part') {
          assembler.add(received);
          return;
        }
        let m: FromHost;
        try {
          m = assembler.complete(received);
        } catch (e) {
          this.#options.log?.('error', `a message from the package host was incomplete: ${(e as Error).message}`);
          return;
        }
        if (m.kind === 'ready') {
          child.off('error', failStart);
          (this.bootstrap ? this.bootstrap((message, what) => this.#request(child, message, what, {})) : Promise.resolve()).then(resolve, reject);
          return;
        }
        this.#onMessage(m);
      });
      child.once('exit', (code, signal) => {
        reject(new Error(`the package host exited (${signal ?? code}) before it was ready`));
        this.#onExit(child, code, signal);
      });
    });
    return this.#ready;
  }

  #onMessage(m: FromHost): void {
    if (m.kind === 'pong') {
      this.#lastPong = Date.now();
      return;
    }
    if (m.kind === 'call') {
      const pending = this.#pending.get(m.run) ?? this.#sessions.get(m.run)?.handlers;
      const answer = (message: ToHost) => this.#send(message);
      if (!pending?.onCall) {
        answer({ kind: 'reply', id: m.id, error: { name: 'Error', message: `${m.method} is not available here` } });
        return;
      }
      pending.onCall(m.method, m.args).then(
        (value) => void this.#post({ kind: 'reply', id: m.id, value }),
        (e: Error & { description?: string; httpCode?: string }) => answer({ kind: 'reply', id: m.id, error: { name: e.name, message: e.message, description: e.description, httpCode: e.httpCode } }),
      );
      return;
    }
    if (m.kind === 'notify') {
      (this.#pending.get(m.run) ?? this.#sessions.get(m.run)?.handlers)?.onNotify?.(m.method, m.args);
      return;
    }
    if (m.kind === 'result' || m.kind === 'error') {
      const pending = this.#pending.get(m.id);
      if (!pending) return;
      this.#pending.delete(m.id);
      if (m.kind === 'result') pending.resolve(m.value);
      else pending.reject(new PackageHostError(m.error));
      this.#updateWatchdog();
    }
  }

  #onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.#child !== child) return;
    this.#child = undefined;
    this.#ready = undefined;
    const why = signal === 'SIGKILL' && this.#killedForHang ? this.#killedForHang : `the package host stopped (${signal ?? `exit code ${code}`})`;
    this.#killedForHang = undefined;
    for (const [id, p] of this.#pending) {
      this.#pending.delete(id);
      p.reject(new Error(`${p.what} failed: ${why}`));
    }
    for (const [id, session] of this.#sessions) {
      if (session.child !== child) continue;
      this.#sessions.delete(id);
      if (!session.opened) continue;
      try {
        session.handlers.onLost(why);
      } catch (e) {
        this.#options.log?.('error', `a trigger's handler failed after the package host stopped: ${(e as Error).message}`);
      }
    }
    this.#updateWatchdog();
  }

  #killedForHang: string | undefined;

  /** Sends to the running host; false when there is none (it died meanwhile). */
  #send(message: ToHost): boolean {
    const child = this.#child;
    if (!child?.connected) return false;
    try {
      child.send(message);
      return true;
    } catch {
      return false;
    }
  }

  #nextParts = 1;

  /**
   * Sends a message that may hold long item lists: they go first, in parts, with the event loop
   * given back between parts when the thread has been busy (src/community/messageParts.ts).
   */
  async #post(message: ToHost): Promise<boolean> {
    const child = this.#child;
    const split = splitMessage(message, () => this.#nextParts++);
    for (const part of split.parts) {
      if (this.#child !== child || !this.#send(part)) return false;
      if (sliceDue()) await yieldToLoop();
    }
    return this.#child === child && this.#send(split.message);
  }

  #updateWatchdog(): void {
    // Watched while a request is pending or a trigger is open (its timers run package code).
    if ((this.#pending.size === 0 && this.#sessions.size === 0) || !this.#child) {
      clearInterval(this.#watchdog);
      this.#watchdog = undefined;
      return;
    }
    if (this.#watchdog) return;
    this.#lastPong = Date.now();
    const every = Math.max(50, Math.floor(this.#options.unresponsiveMs / 4));
    this.#watchdog = setInterval(() => {
      const child = this.#child;
      if (!child) return;
      if (Date.now() - this.#lastPong > this.#options.unresponsiveMs) {
        const what = [...this.#pending.values()].map((p) => p.what).join(', ') || `${this.#sessions.size} open trigger${this.#sessions.size === 1 ? '' : 's'}`;
        this.#killedForHang = `package code held the package host for more than ${this.#options.unresponsiveMs} ms without giving its event loop back (${what}); the host was stopped`;
        child.kill('SIGKILL');
        return;
      }
      this.#send({ kind: 'ping', id: 0 });
    }, every);
    this.#watchdog.unref();
  }

  /** Sends a request; `what` names it in errors ('loading n8n-nodes-x', 'node "Foo"'). */
  async request(message: HostRequest, what: string, handlers: RequestHandlers = {}): Promise<unknown> {
    await this.#start();
    return this.#request(this.#child!, message, what, handlers);
  }

  /**
   * Starts a trigger in the host: resolves with trigger()'s answer once it returned, and keeps
   * routing the trigger's calls and notifications (emit …) to `handlers` until forget(); the
   * session is lost (onLost) when the host stops.
   */
  async openSession(message: HostRequest, what: string, handlers: SessionHandlers): Promise<HostSession> {
    await this.#start();
    const child = this.#child!;
    const id = this.#nextId;
    const entry = { child, handlers, opened: false };
    this.#sessions.set(id, entry);
    let value: unknown;
    try {
      value = await this.#request(child, message, what, { onCall: handlers.onCall, onNotify: handlers.onNotify });
    } catch (e) {
      this.#sessions.delete(id);
      this.#updateWatchdog();
      throw e;
    }
    entry.opened = true;
    const host = this;
    return {
      id,
      value,
      get alive() {
        return host.#sessions.has(id) && host.#child === child;
      },
      request: (m, w) => (host.#sessions.has(id) && host.#child === child ? host.#request(child, m, w, {}) : Promise.reject(new Error(`${w} failed: the package host stopped`))),
      tick: (cron) => {
        if (host.#sessions.has(id) && host.#child === child) host.#send({ kind: 'cronTick', trigger: id, cron });
      },
      done: (done, run, error) => {
        if (host.#sessions.has(id) && host.#child === child) host.#send({ kind: 'emitDone', trigger: id, done, run, error });
      },
      forget: () => {
        host.#sessions.delete(id);
        host.#updateWatchdog();
      },
    };
  }

  #request(child: ChildProcess, message: HostRequest, what: string, handlers: RequestHandlers): Promise<unknown> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, onCall: handlers.onCall, onNotify: handlers.onNotify, what });
      this.#updateWatchdog();
      const lost = () => {
        if (!this.#pending.delete(id)) return;
        reject(new Error(`${what} failed: the package host stopped`));
      };
      if (child !== this.#child) return lost();
      void this.#post({ ...message, id } as ToHost).then((sent) => sent || lost());
      handlers.signal?.addEventListener('abort', () => this.#send({ kind: 'abort', run: id }), { once: true });
    });
  }

  async stop(): Promise<void> {
    const child = this.#child;
    if (!child) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
    await exited;
    clearTimeout(timer);
  }
}

/** The folder of a package inside the packages folder. */
export function packageDir(packagesDir: string, name: string): string {
  return join(packagesDir, 'node_modules', name);
}
