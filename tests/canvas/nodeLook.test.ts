import { describe, expect, it } from 'vitest';
import { observable, runInAction } from 'mobx';
import { TypeCache, initialsOf, mirrorLabel, nodeRecord } from '../../src/canvas/doc/nodeLook.ts';
import { parseColor } from '../../src/canvas/scene/theme.ts';
import { FLAG_STICKY, FLAG_TRIGGER } from '../../workers/spatial/geometry.ts';
import type { CanvasNode, NodeTypeInfo } from '../../src/canvas/types.ts';

const node = (over: Partial<CanvasNode>): CanvasNode => ({
  id: 'n', name: 'N', type: 't', typeVersion: 1, x: 0, y: 0, disabled: false, status: 'idle', itemCount: [], issues: [],
  parameters: {}, isSticky: false, waitingText: undefined, ...over,
});
const info = (over: Partial<NodeTypeInfo> = {}): NodeTypeInfo => ({ displayName: 'Thing', inputs: 1, outputs: 1, isTrigger: false, ...over });

describe('node records', () => {
  it('sizes sticky notes from their parameters, with the spec defaults for bad values', () => {
    const cache = new TypeCache(() => undefined, () => {});
    const t = cache.get('n8n-nodes-base.stickyNote', 1);
    expect(nodeRecord(node({ isSticky: true, parameters: { width: 500, height: '240' } }), t)).toMatchObject({ w: 500, h: 240, flags: FLAG_STICKY });
    expect(nodeRecord(node({ isSticky: true, parameters: { width: -3, height: 'x' } }), t)).toMatchObject({ w: 380, h: 300 });
  });

  it('gives triggers no inputs and the trigger flag; unknown types one input and output', () => {
    const cache = new TypeCache((type) => (type === 'trig' ? info({ isTrigger: true, inputs: 1 }) : undefined), () => {});
    expect(nodeRecord(node({ type: 'trig' }), cache.get('trig', 1))).toMatchObject({ inputs: 0, outputs: 1, flags: FLAG_TRIGGER, w: 100, h: 100 });
    const unknown = cache.get('nope', 1);
    expect(unknown.known).toBe(false);
    expect(nodeRecord(node({ type: 'nope' }), unknown)).toMatchObject({ inputs: 1, outputs: 1, flags: 0 });
  });

  it('labels sticky notes by their first line', () => {
    expect(mirrorLabel(node({ name: 'Sticky Note', isSticky: true, parameters: { content: '## Read me\nmore' } }), false)).toBe('Sticky Note: Read me');
    expect(mirrorLabel(node({ name: 'Set', status: 'success', itemCount: [2] }), false)).toBe('Set, has data, 2 items');
  });

  it('makes initials and parses colours by hex or n8n name', () => {
    expect(initialsOf('HTTP Request')).toBe('HR');
    expect(initialsOf('Code')).toBe('CO');
    expect(initialsOf('!!')).toBe('?');
    expect(parseColor('#ff6d5a', 0)).toBe(0xff6d5a);
    expect(parseColor('#abc', 0)).toBe(0xaabbcc);
    expect(parseColor('green', 0)).not.toBe(0);
    expect(parseColor('no such colour', 7)).toBe(7);
  });
});

describe('type cache', () => {
  it('reports once when types that were looked up resolve differently, not when new types are seen', () => {
    const registry = observable.map<string, NodeTypeInfo>();
    let changes = 0;
    const cache = new TypeCache((type) => registry.get(type), () => changes++);
    expect(cache.get('a', 1).known).toBe(false);
    expect(cache.get('b', 1).known).toBe(false);
    expect(changes).toBe(0);
    runInAction(() => {
      registry.set('a', info({ outputs: 2 }));
      registry.set('b', info());
    });
    expect(changes).toBe(1);
    expect(cache.get('a', 1).info.outputs).toBe(2);
    cache.get('c', 1);
    expect(changes).toBe(1);
    cache.destroy();
    runInAction(() => registry.set('a', info({ outputs: 3 })));
    expect(changes).toBe(1);
  });
});
