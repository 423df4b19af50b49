// The port part (src/canvas/doc/PortBook.ts) over a real GraphGeometry: connections sit on their
// ports; one naming a port its node lacks asks for a new layout (flush), which goes again when the
// connection goes; an unknown type keeps the ports it learnt; a layout change moves the ends.
import { describe, expect, it } from 'vitest';
import { GraphGeometry } from '../../src/canvas/doc/GraphGeometry.ts';
import { TypeCache } from '../../src/canvas/doc/nodeLook.ts';
import { PortBook } from '../../src/canvas/doc/PortBook.ts';
import type { CanvasConnection, CanvasNode, NodeTypeInfo } from '../../src/canvas/types.ts';

const node = (id: string, type = 't'): CanvasNode => ({
  id, name: id, type, typeVersion: 1, x: 0, y: 0, disabled: false, status: 'idle', itemCount: [], issues: [],
  parameters: {}, isSticky: false, waitingText: undefined,
});
const info: NodeTypeInfo = { displayName: 'Thing', inputs: 1, outputs: 1, isTrigger: false };

function setup() {
  const geometry = new GraphGeometry();
  const types = new TypeCache((type) => (type === 't' ? info : undefined), () => {});
  const conns: Array<CanvasConnection | undefined> = [];
  const moved: number[] = [];
  const book = new PortBook({ geometry, typeOf: (n) => types.forNode(n), connectionAt: (e) => conns[e], edgeMoved: (e) => moved.push(e) });
  const nodes = new Map<number, CanvasNode>();
  const add = (n: CanvasNode) => {
    const slot = book.place(n);
    nodes.set(slot, n);
    return slot;
  };
  const connect = (c: CanvasConnection) => {
    const s = geometry.nodes.slotOf(c.sourceId)!;
    const t = geometry.nodes.slotOf(c.targetId)!;
    const e = geometry.addEdgeAt(c.id, s, book.portOf(s, 'output', c.type, c.sourceOutput), t, book.portOf(t, 'input', c.type, c.targetInput));
    conns[e] = c;
    return e;
  };
  const flush = () => book.flush((slot) => nodes.get(slot));
  return { geometry, book, add, connect, flush, conns, moved };
}

const conn = (id: string, sourceId: string, sourceOutput: number, targetId: string, targetInput: number, type = 'main'): CanvasConnection =>
  ({ id, sourceId, sourceOutput, targetId, targetInput, type }) as CanvasConnection;

describe('PortBook', () => {
  it('a main connection sits on its ports; nothing to lay out again', () => {
    const t = setup();
    const a = t.add(node('a'));
    const b = t.add(node('b'));
    t.connect(conn('c', 'a', 0, 'b', 0));
    expect(t.flush()).toBeNull();
    expect(t.book.at(a)?.mainOutputs).toBe(1);
    expect(t.book.keyOf(b, 'input', 0)).toMatchObject({ type: 'main', index: 0 });
    expect(t.book.keyOf(undefined, 'input', 0)).toBeUndefined();
  });

  it('a missing output widens the node at the next flush, moves the connection there, and narrows when it goes', () => {
    const t = setup();
    const a = t.add(node('a'));
    const b = t.add(node('b'));
    const e = t.connect(conn('c', 'a', 2, 'b', 0));
    // Meanwhile on the nearest port.
    expect(t.geometry.edgeEnds(e).output).toBe(0);
    expect(t.flush()).toEqual([a]);
    expect(t.book.at(a)!.mainOutputs).toBe(3);
    expect(t.moved).toContain(e);
    expect(t.geometry.edgeEnds(e).output).toBe(2);
    expect(t.flush()).toBeNull();
    // The connection goes: the widened node is laid out again, back to its type's ports.
    t.geometry.removeEdge('c');
    t.conns[e] = undefined;
    t.book.connectionRemoved(a, b);
    expect(t.flush()).toEqual([a]);
    expect(t.book.at(a)!.mainOutputs).toBe(1);
  });

  it("an unknown type keeps the ports its connections used; forgetting the node drops them", () => {
    const t = setup();
    const u = t.add(node('u', 'nope'));
    t.add(node('b'));
    const e = t.connect(conn('c', 'u', 3, 'b', 0));
    t.flush();
    expect(t.book.at(u)!.mainOutputs).toBe(4);
    t.geometry.removeEdge('c');
    t.conns[e] = undefined;
    t.book.connectionRemoved(u, 1);
    t.book.place(node('u', 'nope'));
    expect(t.book.at(u)!.mainOutputs).toBe(4);
    t.book.nodeRemoved(u, 'u');
    expect(t.book.at(u)).toBeUndefined();
  });
});
