// A wall screen's data: the chosen workflows (read again after every reconnect, so a changed
// workflow is redrawn) and one stream of their live state. The stream reconnects by itself
// after a server restart or a network cut, with a growing pause, and never needs a reload.
import { action, makeObservable, observable, observableRef } from 'mobx';
import { WALL_HEARTBEAT_MS, type WallStreamMessage } from '../../model/wall.ts';
import { getWallWorkflows, wallStreamUrl, type WallAccess } from '../api/wall.ts';
import { ApiError, errorMessage } from '../api/errors.ts';
import { WallPanelState } from './WallPanelState.ts';

export type WallLink = 'connecting' | 'live' | 'reconnecting' | 'refused';

const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 15_000;
/** Nothing heard for this long (no state, no ping): the connection is dead even if it looks open. */
const SILENCE_MS = WALL_HEARTBEAT_MS * 2.5;

export class WallBoard {
  panels: WallPanelState[] = [];
  link: WallLink = 'connecting';
  /** Why the wall cannot show anything (a revoked token, no such workflow …). */
  problem: string | undefined = undefined;
  private source: EventSource | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private watchdog: ReturnType<typeof setTimeout> | undefined;
  private retryMs = RETRY_FIRST_MS;
  private stopped = false;
  private abort: AbortController | undefined;
  private readonly byId = new Map<string, WallPanelState>();

  private readonly access: WallAccess;

  constructor(access: WallAccess) {
    this.access = access;
    makeObservable<WallBoard, 'setLink' | 'setPanels'>(this, {
      panels: observableRef,
      link: observable,
      problem: observable,
      setLink: action,
      setPanels: action,
    });
  }

  start(): void {
    this.stopped = false;
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.watchdog);
    this.abort?.abort();
    this.source?.close();
    this.source = undefined;
  }

  private setLink(link: WallLink, problem?: string): void {
    this.link = link;
    this.problem = problem;
  }

  private setPanels(list: Awaited<ReturnType<typeof getWallWorkflows>>): void {
    const next: WallPanelState[] = [];
    for (const w of list) {
      let p = this.byId.get(w.id);
      if (p) p.setWorkflow(w);
      else {
        p = new WallPanelState(w);
        this.byId.set(w.id, p);
      }
      next.push(p);
    }
    for (const id of [...this.byId.keys()]) if (!list.some((w) => w.id === id)) this.byId.delete(id);
    this.panels = next;
  }

  /** The workflows first (what to draw), then the stream (what happens in them). */
  private async connect(): Promise<void> {
    if (this.stopped) return;
    this.abort = new AbortController();
    try {
      this.setPanels(await getWallWorkflows(this.access, this.abort.signal));
    } catch (e) {
      if (this.stopped) return;
      // Refused (a revoked token, a workflow no longer shared): say so, and keep trying, slowly.
      const refused = e instanceof ApiError && (e.status === 401 || e.status === 403 || e.status === 404 || e.status === 400);
      this.setLink(refused ? 'refused' : 'reconnecting', refused ? errorMessage(e) : undefined);
      this.retry(refused ? RETRY_MAX_MS : undefined);
      return;
    }
    this.open();
  }

  private open(): void {
    this.source?.close();
    const source = new EventSource(wallStreamUrl(this.access), { withCredentials: true });
    this.source = source;
    const lost = () => {
      // EventSource retries a dropped stream itself but gives up on an error answer (a 503
      // while the server restarts), and never notices a cut network: every loss goes through
      // connect(), which reads the workflows again, since they may have changed meanwhile.
      source.close();
      clearTimeout(this.watchdog);
      if (this.source !== source) return;
      this.source = undefined;
      if (this.stopped) return;
      this.setLink('reconnecting');
      this.retry();
    };
    const heard = () => {
      clearTimeout(this.watchdog);
      this.watchdog = setTimeout(lost, SILENCE_MS);
    };
    heard();
    source.onopen = () => {
      this.retryMs = RETRY_FIRST_MS;
      this.setLink('live');
      heard();
    };
    source.addEventListener('ping', heard);
    source.onmessage = (event: MessageEvent<string>) => {
      heard();
      let m: WallStreamMessage;
      try {
        m = JSON.parse(event.data) as WallStreamMessage;
      } catch {
        return;
      }
      if (m?.type !== 'wallState' || !m.data) return;
      this.byId.get(m.data.workflowId)?.apply(m.data);
    };
    source.onerror = lost;
  }

  private retry(after?: number): void {
    clearTimeout(this.timer);
    const wait = after ?? this.retryMs;
    this.retryMs = Math.min(RETRY_MAX_MS, this.retryMs * 2);
    this.timer = setTimeout(() => void this.connect(), wait);
  }
}
