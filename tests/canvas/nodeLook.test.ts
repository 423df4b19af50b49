import { describe, expect, it } from 'vitest';
import { observable, runInAction } from 'mobx';
import { COORD_LIMIT, TypeCache, mirrorLabel, nodeAppearance, nodePorts, nodeRecord } from '../../src/canvas/doc/nodeLook.ts';
import { initials } from '../../src/model/initials.ts';
import { parseColor } from '../../src/canvas/scene/theme.ts';
import { FLAG_NOTES, FLAG_STICKY, FLAG_TRIGGER } from '../../workers/spatial/geometry.ts';
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
    expect(initials('HTTP Request')).toBe('HR');
    expect(initials('Code')).toBe('CO');
    expect(initials('!!')).toBe('?');
    expect(parseColor('#ff6d5a', 0)).toBe(0xff6d5a);
    expect(parseColor('#abc', 0)).toBe(0xaabbcc);
    expect(parseColor('green', 0)).not.toBe(0);
    expect(parseColor('no such colour', 7)).toBe(7);
  });
});

describe('notes in the flow', () => {
  it('flag the record, give the appearance the wrapped note and the mirror label its start', () => {
    const cache = new TypeCache(() => info(), () => {});
    const t = cache.get('t', 1);
    const settings = { notes: 'Fetches the page, converts the HTML to Markdown and collects the links', notesInFlow: true };
    const noted = node({ name: 'Fetch', settings });
    const r = nodeRecord(noted, t);
    expect(r.flags & FLAG_NOTES).toBe(FLAG_NOTES);
    const a = nodeAppearance(noted, t, r, 'idle', false, 0);
    expect(a.notes).toBe('Fetches the page, converts the\nHTML to Markdown and collects\nthe links');
    expect(a.subtitle).toBeUndefined();
    expect(mirrorLabel(noted, false)).toBe('Fetch, note: Fetches the page, converts the HTML to Markdown and collects the links');

    // The flag off, or no note: nothing drawn, nothing said.
    for (const off of [{ notes: settings.notes }, { notes: settings.notes, notesInFlow: false }, { notesInFlow: true }, undefined]) {
      const n = node({ name: 'Fetch', settings: off });
      const rec = nodeRecord(n, t);
      expect(rec.flags & FLAG_NOTES).toBe(0);
      expect(nodeAppearance(n, t, rec, 'idle', false, 0).notes).toBeUndefined();
      expect(mirrorLabel(n, false)).toBe('Fetch');
    }
  });

  it('inside a root node with sub-node inputs (its name inside), one line after the name, as n8n', () => {
    const cache = new TypeCache(() => info({ nonMainInputs: ['ai_languageModel', 'ai_memory', 'ai_tool'] }), () => {});
    const t = cache.get('agent', 1);
    const n = node({ name: 'Agent', type: 'agent', settings: { notes: 'Answers from the CRM and the order API, with the memory of the last ten messages', notesInFlow: true } });
    const ports = nodePorts(n, t);
    const r = nodeRecord(n, t, ports);
    const a = nodeAppearance(n, t, r, 'idle', false, 0, ports);
    expect(a.labelInside).toBe(true);
    expect(a.notes!.split('\n')).toHaveLength(1);
    expect(a.notes!.endsWith('…')).toBe(true);
    expect(a.notes!.length).toBeLessThanOrEqual(Math.floor((r.w - 110) / 6.25));
  });

  it('keep the status subtitle above the note, and shorten a long note in the mirror label', () => {
    const cache = new TypeCache(() => undefined, () => {});
    const t = cache.get('acme.unknown', 1);
    const n = node({ name: 'Mystery', type: 'acme.unknown', disabled: true, settings: { notes: `Long ${'text '.repeat(50)}`, notesInFlow: true } });
    const r = nodeRecord(n, t);
    const a = nodeAppearance(n, t, r, 'disabled', false, 0);
    expect(a.subtitle).toBe('Not installed');
    expect(a.notes!.split('\n')).toHaveLength(3);
    expect(a.notes!.endsWith('…')).toBe(true);
    const label = mirrorLabel(n, false, false);
    expect(label.startsWith('Mystery, disabled, unknown node type, note: Long text text')).toBe(true);
    expect(label.endsWith('…')).toBe(true);
    expect(label.length).toBeLessThan(140);
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

describe('dynamic endpoints', () => {
  // A Switch-like type whose outputs follow its rules, a Merge-like one whose inputs follow numberInputs.
  const lookup = (type: string, _v: number, p?: { readonly [k: string]: unknown }): NodeTypeInfo | undefined => {
    if (type === 'switch') {
      const rules = (p?.rules as unknown[] | undefined) ?? [1];
      return info({ outputs: rules.length, outputNames: rules.map((_, i) => String(i)), dynamicPorts: true });
    }
    if (type === 'merge') return info({ inputs: Number(p?.numberInputs) || 2, dynamicPorts: true });
    if (type === 'broken') throw new Error('lookup bug');
    return undefined;
  };

  it('asks the lookup with the node parameters and follows them when they change', () => {
    const cache = new TypeCache(lookup, () => {});
    const sw = node({ type: 'switch', parameters: { rules: [1, 2, 3] } });
    expect(nodeRecord(sw, cache.forNode(sw))).toMatchObject({ outputs: 3, h: 100 });
    // The store replaces the parameters object on change; the new one is asked again.
    const sw2 = { ...sw, parameters: { rules: [1, 2, 3, 4, 5] } };
    const r = nodeRecord(sw2, cache.forNode(sw2));
    expect(r.outputs).toBe(5);
    expect(r.h).toBe(144); // six port gaps of 24: the node grows so endpoints stay apart
    expect(cache.forNode(sw2).info.outputNames).toEqual(['0', '1', '2', '3', '4']);
    const merge = node({ type: 'merge', parameters: { numberInputs: 4 } });
    expect(nodeRecord(merge, cache.forNode(merge))).toMatchObject({ inputs: 4, outputs: 1 });
    // Same parameters object, same answer object (cached).
    expect(cache.forNode(merge)).toBe(cache.forNode(merge));
    cache.destroy();
  });

  it('survives a throwing lookup and absurd port counts', () => {
    const cache = new TypeCache(lookup, () => {});
    const b = node({ type: 'broken' });
    expect(cache.forNode(b).known).toBe(false);
    const wild = new TypeCache(() => info({ inputs: 1e9, outputs: NaN }), () => {});
    expect(nodeRecord(node({}), wild.get('t', 1))).toMatchObject({ inputs: 64, outputs: 0 });
    cache.destroy();
    wild.destroy();
  });
});

describe('bad input', () => {
  it('clamps positions that cannot be drawn and draws unknown types with the issues look', () => {
    const cache = new TypeCache(() => undefined, () => {});
    const t = cache.get('x', 1);
    expect(nodeRecord(node({ x: NaN, y: 1e12 }), t)).toMatchObject({ x: 0, y: COORD_LIMIT });
    expect(nodeRecord(node({ x: -Infinity, y: 'a' as unknown as number }), t)).toMatchObject({ x: 0, y: 0 });
    const r = nodeRecord(node({}), t);
    const a = nodeAppearance(node({}), t, r, 'idle', false, 0);
    expect(a.state).toBe('issues');
    expect(a.subtitle).toBe('Not installed');
    expect(a.missing).toBe(true);
    expect(mirrorLabel(node({ name: 'Mystery' }), false, false)).toBe('Mystery, unknown node type');
    cache.destroy();
  });
});
