// WallHub without a server (issue 18): a wall that stops reading is dropped before its buffer
// grows (and stops being watched), the connection cap, and one serialisation per update for
// every wall watching the workflow.
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { WallAggregator } from '../../src/server/wall/WallAggregator.ts';
import { WALL_MAX_CONNECTIONS, WallHub } from '../../src/server/wall/WallHub.ts';

class FakeResponse extends EventEmitter {
  written: string[] = [];
  writableLength = 0;
  writableEnded = false;
  destroyed = false;
  writeHead(): this {
    return this;
  }
  write(chunk: string): boolean {
    this.written.push(chunk);
    return true;
  }
  end(): void {
    this.writableEnded = true;
    this.emit('close');
  }
  destroy(): void {
    this.destroyed = true;
    this.emit('close');
  }
}

const quiet = { debug: () => undefined, warn: () => undefined };

describe('WallHub', () => {
  it('sends a full state on connect, drops a wall that stops reading, and stops watching with the last one', () => {
    const now = 1_700_000_000_000;
    const agg = new WallAggregator({ now: () => now });
    const hub = new WallHub(agg, quiet, 60_000);
    const fast = new FakeResponse();
    const slow = new FakeResponse();
    hub.connect(fast as unknown as ServerResponse, ['wf'], { userId: 'u1', sessionId: 's1' });
    hub.connect(slow as unknown as ServerResponse, ['wf'], { tokenId: 't1' });
    expect(fast.written[0]).toMatch(/^retry: 3000\n/);
    expect(JSON.parse(fast.written[1]!.slice(6))).toMatchObject({ type: 'wallState', data: { workflowId: 'wf', full: true } });
    expect(agg.isWatched('wf')).toBe(true);

    slow.writableLength = 10 * 1024 * 1024;
    agg.onUpdate('wf', agg.snapshot('wf'));
    expect(slow.destroyed).toBe(true);
    expect(hub.size).toBe(1);
    expect(fast.written).toHaveLength(3);
    expect(agg.isWatched('wf')).toBe(true);

    hub.closeUser('u1', 's1');
    expect(hub.size).toBe(1);
    hub.closeSession('s1');
    expect(hub.size).toBe(0);
    expect(fast.writableEnded).toBe(true);
    expect(agg.isWatched('wf')).toBe(false);
    hub.close();
  });

  it(`accepts at most ${WALL_MAX_CONNECTIONS} walls; a closed one makes room`, () => {
    const agg = new WallAggregator();
    const hub = new WallHub(agg, quiet, 60_000);
    const all: FakeResponse[] = [];
    while (hub.canAccept()) {
      const r = new FakeResponse();
      hub.connect(r as unknown as ServerResponse, ['a', 'b'], { tokenId: `t${all.length % 3}` });
      all.push(r);
    }
    expect(all).toHaveLength(WALL_MAX_CONNECTIONS);
    all[0]!.emit('close');
    expect(hub.canAccept()).toBe(true);
    hub.closeToken('t1');
    expect(hub.size).toBe(WALL_MAX_CONNECTIONS - 1 - Math.floor((WALL_MAX_CONNECTIONS + 1) / 3));
    hub.close();
    expect(hub.size).toBe(0);
    expect(agg.isWatched('a')).toBe(false);
  });
});
