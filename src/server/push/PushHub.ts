// Server-sent events to the editor (spec 001 §4.10): one stream per pushRef (a newer connection
// with the same pushRef replaces the old one, as a reloaded tab would). Each event's data is one
// PushMessage as JSON. Comments keep idle proxies from closing the stream; a client that stops
// reading is dropped before its buffer grows without bound.
import type { ServerResponse } from 'node:http';
import type { PushMessage } from '../../model/api.ts';

export const HEARTBEAT_MS = 15_000;
/** Unsent bytes a slow client may have queued before we drop it. */
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;
const MAX_CONNECTIONS = 1000;

export interface PushLogger {
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export class PushHub {
  readonly #streams = new Map<string, ServerResponse>();
  readonly #heartbeat: NodeJS.Timeout;
  readonly #log: PushLogger;

  constructor(log: PushLogger, heartbeatMs = HEARTBEAT_MS) {
    this.#log = log;
    this.#heartbeat = setInterval(() => this.#ping(), heartbeatMs);
    this.#heartbeat.unref();
  }

  get size(): number {
    return this.#streams.size;
  }

  has(pushRef: string): boolean {
    return this.#streams.has(pushRef);
  }

  /** Whether a connection for `pushRef` fits (a reconnect always does). */
  canAccept(pushRef: string): boolean {
    return this.#streams.has(pushRef) || this.#streams.size < MAX_CONNECTIONS;
  }

  /** Takes over `res` as an event stream for `pushRef` (check canAccept first). */
  connect(pushRef: string, res: ServerResponse): void {
    const previous = this.#streams.get(pushRef);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    // retry: the browser's EventSource reconnects after the spec's 3000 ms.
    res.write('retry: 3000\n: connected\n\n');
    this.#streams.set(pushRef, res);
    previous?.end();
    res.on('close', () => {
      if (this.#streams.get(pushRef) === res) this.#streams.delete(pushRef);
      this.#log.debug({ pushRef }, 'push connection closed');
    });
    this.#log.debug({ pushRef }, 'push connection opened');
  }

  /** Sends to one editor; returns false when it is not connected. */
  send(pushRef: string, message: PushMessage): boolean {
    const res = this.#streams.get(pushRef);
    if (!res) return false;
    this.#write(pushRef, res, `data: ${JSON.stringify(message)}\n\n`);
    return true;
  }

  broadcast(message: PushMessage): void {
    const frame = `data: ${JSON.stringify(message)}\n\n`;
    for (const [pushRef, res] of this.#streams) this.#write(pushRef, res, frame);
  }

  close(): void {
    clearInterval(this.#heartbeat);
    for (const res of this.#streams.values()) res.end();
    this.#streams.clear();
  }

  #write(pushRef: string, res: ServerResponse, frame: string): void {
    if (res.writableEnded || res.destroyed) return;
    if (res.writableLength > MAX_BUFFERED_BYTES) {
      this.#log.warn({ pushRef }, 'push client is not reading; closing its stream');
      this.#streams.delete(pushRef);
      res.destroy();
      return;
    }
    res.write(frame);
  }

  #ping(): void {
    for (const [pushRef, res] of this.#streams) this.#write(pushRef, res, ': ping\n\n');
  }
}
