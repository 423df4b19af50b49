import { afterEach, describe, expect, it, vi } from 'vitest';
import { PushConnection } from '../../src/app/push/PushConnection.ts';
import { PUSH_RECONNECT_MS } from '../../src/model/constants.ts';
import type { PushMessage } from '../../src/model/api.ts';

class FakeEventSource {
  static all: FakeEventSource[] = [];
  url: string;
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(url: string) {
    this.url = url;
    FakeEventSource.all.push(this);
  }
  close() {
    this.closed = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  FakeEventSource.all = [];
});

describe('PushConnection', () => {
  it('is active once open, inactive on error, and reconnects after PUSH_RECONNECT_MS', () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    const received: PushMessage[] = [];
    const push = new PushConnection((m) => received.push(m));
    push.connect();
    const first = FakeEventSource.all[0];
    expect(first.url).toMatch(/^\/rest\/push\?pushRef=[0-9a-f-]{36}$/);
    expect(push.active).toBe(false);
    first.onopen!();
    expect(push.active).toBe(true);

    first.onmessage!({ data: JSON.stringify({ type: 'testWebhookDeleted', data: { workflowId: '1' } }) });
    first.onmessage!({ data: 'not json' });
    expect(received).toEqual([{ type: 'testWebhookDeleted', data: { workflowId: '1' } }]);

    first.onerror!();
    expect(first.closed).toBe(true);
    expect(push.active).toBe(false);
    vi.advanceTimersByTime(PUSH_RECONNECT_MS - 1);
    expect(FakeEventSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(2);
    FakeEventSource.all[1].onopen!();
    expect(push.active).toBe(true);
  });

  it('stops reconnecting after disconnect', () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    const push = new PushConnection(() => undefined);
    push.connect();
    FakeEventSource.all[0].onerror!();
    push.disconnect();
    vi.advanceTimersByTime(PUSH_RECONNECT_MS * 3);
    expect(FakeEventSource.all).toHaveLength(1);
  });
});
