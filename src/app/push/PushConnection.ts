// The server-sent-events stream (spec 001 §4.10): opening marks the connection active; an
// error closes it, marks it inactive, tells the owner (who checks whether the session is still
// there: EventSource does not say that the answer was a 401) and reconnects after PUSH_RECONNECT_MS.
import { action, makeObservable, observable } from 'mobx';
import type { PushMessage } from '../../model/api.ts';
import { PUSH_RECONNECT_MS } from '../../model/constants.ts';
import { pushUrl } from '../api/client.ts';

export class PushConnection {
  active = false;
  /** Set once the first connection attempt has finished (either way), so the UI does not flash a warning at startup. */
  settled = false;

  private source: EventSource | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly onMessage: (message: PushMessage) => void;
  private readonly onDropped: (() => void) | undefined;
  private stopped = true;

  constructor(onMessage: (message: PushMessage) => void, onDropped?: () => void) {
    this.onMessage = onMessage;
    this.onDropped = onDropped;
    makeObservable(this, { active: observable, settled: observable, setActive: action, setStopped: action });
  }

  setActive(active: boolean): void {
    this.active = active;
    this.settled = true;
  }

  connect(): void {
    this.stopped = false;
    this.open();
  }

  disconnect(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.source?.close();
    this.source = undefined;
    this.setStopped();
  }

  /** Closed on purpose (signed out): inactive, but not a lost connection to warn about. */
  setStopped(): void {
    this.active = false;
    this.settled = false;
  }

  private open(): void {
    clearTimeout(this.retryTimer);
    this.source?.close();
    const source = new EventSource(pushUrl(), { withCredentials: true });
    this.source = source;
    source.onopen = () => this.setActive(true);
    source.onmessage = (event: MessageEvent<string>) => {
      let message: PushMessage;
      try {
        message = JSON.parse(event.data) as PushMessage;
      } catch {
        console.warn('Ignored a push message that is not JSON', event.data.slice(0, 200));
        return;
      }
      if (!message || typeof message.type !== 'string') return;
      this.onMessage(message);
    };
    source.onerror = () => {
      source.close();
      if (this.source === source) this.source = undefined;
      this.setActive(false);
      if (this.stopped) return;
      this.retryTimer = setTimeout(() => this.open(), PUSH_RECONNECT_MS);
      this.onDropped?.();
    };
  }
}
