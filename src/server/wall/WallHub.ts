// The wall's event streams (GET /rest/wall/stream, issue 18): server-sent events as PushHub's
// (retry: 3000, a ping event every 15 s, a slow client dropped before its buffer grows), one stream
// per wall screen watching up to 50 workflows. Each event's data is a WallStreamMessage; a
// workflow's update is serialised once and written to every stream that watches it.
import type { ServerResponse } from 'node:http';
import { WALL_HEARTBEAT_MS, type WallSnapshot, type WallStreamMessage } from '../../model/wall.ts';
import type { WallAggregator } from './WallAggregator.ts';
import { yieldToLoop } from '../../model/yieldToLoop.ts';
import { openEventStream } from '../push/PushHub.ts';

export { WALL_HEARTBEAT_MS };
/** Wall screens connected at once; more are answered 503. */
export const WALL_MAX_CONNECTIONS = 200;
/** Unsent bytes a wall may have queued before its stream is closed (it reconnects and gets a full state). */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** Who opened a stream: a signed-in user (by session) or a wall token. */
export interface WallViewer {
  userId?: string;
  /** sha256 of the session it was opened with. */
  sessionId?: string;
  tokenId?: string;
}

interface Stream {
  res: ServerResponse;
  workflowIds: string[];
  viewer: WallViewer;
}

export interface WallLogger {
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export function wallFrame(snapshot: WallSnapshot): string {
  const message: WallStreamMessage = { type: 'wallState', data: snapshot };
  return `data: ${JSON.stringify(message)}\n\n`;
}

export class WallHub {
  readonly #streams = new Set<Stream>();
  readonly #byWorkflow = new Map<string, Set<Stream>>();
  readonly #aggregator: WallAggregator;
  readonly #log: WallLogger;
  readonly #heartbeat: NodeJS.Timeout;
  /** Frames written (tests and measurements). */
  framesSent = 0;

  constructor(aggregator: WallAggregator, log: WallLogger, heartbeatMs = WALL_HEARTBEAT_MS) {
    this.#aggregator = aggregator;
    this.#log = log;
    aggregator.onUpdate = (workflowId, snapshot) => this.#publish(workflowId, snapshot);
    this.#heartbeat = setInterval(() => {
      // An event, not a comment: the wall page sees it and reconnects when pings stop coming (a cut network).
      for (const s of this.#streams) this.#write(s, 'event: ping\ndata: 1\n\n');
    }, heartbeatMs);
    this.#heartbeat.unref();
  }

  get size(): number {
    return this.#streams.size;
  }

  canAccept(): boolean {
    return this.#streams.size < WALL_MAX_CONNECTIONS;
  }

  /** Takes over `res` as the wall stream of these (checked) workflows: a full state of each first. */
  connect(res: ServerResponse, workflowIds: string[], viewer: WallViewer): void {
    openEventStream(res);
    const stream: Stream = { res, workflowIds, viewer };
    this.#streams.add(stream);
    // Nodes are followed from now on; the stream gets a workflow's updates once its full state went out.
    for (const id of workflowIds) this.#aggregator.watch(id);
    res.on('close', () => this.#remove(stream));
    void this.#sendFullStates(stream);
    this.#log.debug({ workflowIds, tokenId: viewer.tokenId }, 'wall stream opened');
  }

  /** One workflow's full state at a time, the loop given back between them (50 large workflows). */
  async #sendFullStates(stream: Stream): Promise<void> {
    for (const [i, id] of stream.workflowIds.entries()) {
      if (i > 0) await yieldToLoop();
      if (!this.#streams.has(stream)) return;
      this.#write(stream, wallFrame(this.#aggregator.snapshot(id)));
      if (!this.#streams.has(stream)) return;
      let set = this.#byWorkflow.get(id);
      if (!set) this.#byWorkflow.set(id, (set = new Set()));
      set.add(stream);
    }
  }

  #remove(stream: Stream): void {
    if (!this.#streams.delete(stream)) return;
    for (const id of stream.workflowIds) {
      const set = this.#byWorkflow.get(id);
      set?.delete(stream);
      if (set?.size === 0) this.#byWorkflow.delete(id);
      this.#aggregator.unwatch(id);
    }
    this.#log.debug({ tokenId: stream.viewer.tokenId }, 'wall stream closed');
  }

  #publish(workflowId: string, snapshot: WallSnapshot): void {
    const set = this.#byWorkflow.get(workflowId);
    if (!set || set.size === 0) return;
    const frame = wallFrame(snapshot);
    for (const s of set) this.#write(s, frame);
  }

  /** Ends the streams of a deleted wall token. */
  closeToken(tokenId: string): void {
    this.#closeWhere((v) => v.tokenId === tokenId);
  }

  /** Ends the streams opened with a session (signed out). */
  closeSession(sessionId: string): void {
    this.#closeWhere((v) => v.sessionId === sessionId);
  }

  /** Ends a user's streams, but those of `exceptSessionId` (password changed, user deleted). */
  closeUser(userId: string, exceptSessionId?: string): void {
    this.#closeWhere((v) => v.userId === userId && (exceptSessionId === undefined || v.sessionId !== exceptSessionId));
  }

  #closeWhere(match: (v: WallViewer) => boolean): void {
    for (const s of [...this.#streams]) {
      if (!match(s.viewer)) continue;
      this.#remove(s);
      s.res.end();
    }
  }

  close(): void {
    clearInterval(this.#heartbeat);
    for (const s of [...this.#streams]) {
      this.#remove(s);
      s.res.end();
    }
    this.#aggregator.close();
  }

  #write(s: Stream, frame: string): void {
    const res = s.res;
    if (res.writableEnded || res.destroyed) return;
    if (res.writableLength > MAX_BUFFERED_BYTES) {
      this.#log.warn({ tokenId: s.viewer.tokenId, userId: s.viewer.userId }, 'wall screen is not reading; closing its stream');
      this.#remove(s);
      res.destroy();
      return;
    }
    this.framesSent++;
    res.write(frame);
  }
}
