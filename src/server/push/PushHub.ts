// Server-sent events to the editor (spec 001 §4.10): one stream per pushRef (a newer connection
// with the same pushRef replaces the old one, as a reloaded tab would). Each event's data is one
// PushMessage as JSON. Comments keep idle proxies from closing the stream; a client that stops
// reading is dropped before its buffer grows without bound.
import type { ServerResponse } from 'node:http';
import type { PushMessage } from '../../model/api.ts';

export const HEARTBEAT_MS = 15_000;

/** Answers `res` as a server-sent event stream (no caching, no proxy buffering). */
export function openEventStream(res: ServerResponse): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  // retry: the browser's EventSource reconnects after the spec's 3000 ms.
  res.write('retry: 3000\n: connected\n\n');
}
/** Unsent bytes a slow client may have queued before we drop it. */
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;
const MAX_CONNECTIONS = 1000;

/** Who a stream belongs to: only they get messages about their runs and workflows. */
export interface PushOwner {
  userId: string;
  /** The owner and the default user see every workflow. */
  seesAll: boolean;
  /** sha256 of the session the stream was opened with (none before setup). */
  sessionId?: string;
}

interface Stream {
  res: ServerResponse;
  owner?: PushOwner;
}

export interface PushLogger {
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export class PushHub {
  readonly #streams = new Map<string, Stream>();
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

  /** Whether `pushRef` is free or already this user's: another user's stream is never taken over. */
  mayUse(pushRef: string, userId: string | undefined): boolean {
    const s = this.#streams.get(pushRef);
    return !s || !s.owner || s.owner.userId === userId;
  }

  /** Takes over `res` as an event stream for `pushRef` (check canAccept and mayUse first). */
  connect(pushRef: string, res: ServerResponse, owner?: PushOwner): void {
    const previous = this.#streams.get(pushRef)?.res;
    openEventStream(res);
    this.#streams.set(pushRef, { res, owner });
    previous?.end();
    res.on('close', () => {
      if (this.#streams.get(pushRef)?.res === res) this.#streams.delete(pushRef);
      this.#log.debug({ pushRef }, 'push connection closed');
    });
    this.#log.debug({ pushRef }, 'push connection opened');
  }

  /** Sends to one editor; returns false when it is not connected. */
  send(pushRef: string, message: PushMessage): boolean {
    const s = this.#streams.get(pushRef);
    if (!s) return false;
    this.#write(pushRef, s.res, `data: ${JSON.stringify(message)}\n\n`);
    return true;
  }

  /** To every stream, or to those whose user `userId` concerns (theirs, or someone who sees all). */
  broadcast(message: PushMessage, userId?: string | null): void {
    const frame = `data: ${JSON.stringify(message)}\n\n`;
    for (const [pushRef, s] of this.#streams) {
      if (userId !== undefined && s.owner && !s.owner.seesAll && s.owner.userId !== userId) continue;
      this.#write(pushRef, s.res, frame);
    }
  }

  /** Ends the streams opened with a session (it was signed out). */
  closeSession(sessionId: string): void {
    this.#closeWhere((o) => o.sessionId === sessionId);
  }

  /** Ends a user's streams, but the one of `exceptSessionId` (password changed, user deleted). */
  closeUser(userId: string, exceptSessionId?: string): void {
    this.#closeWhere((o) => o.userId === userId && (exceptSessionId === undefined || o.sessionId !== exceptSessionId));
  }

  #closeWhere(match: (o: PushOwner) => boolean): void {
    for (const [pushRef, s] of this.#streams) {
      if (!s.owner || !match(s.owner)) continue;
      this.#streams.delete(pushRef);
      s.res.end();
    }
  }

  close(): void {
    clearInterval(this.#heartbeat);
    for (const s of this.#streams.values()) s.res.end();
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
    for (const [pushRef, s] of this.#streams) this.#write(pushRef, s.res, ': ping\n\n');
  }
}
