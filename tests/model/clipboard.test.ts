import { describe, expect, it } from 'vitest';
import { copyPayload, isWorkflowUrl, readClipboardText } from '../../src/model/clipboard.ts';
import type { INode } from '../../src/model/workflow.ts';

const node = (name: string): INode => ({ id: name, name, type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [0, 0], parameters: {} });

describe('readClipboardText', () => {
  it('reads workflow JSON with nodes and connections', () => {
    const r = readClipboardText(JSON.stringify({ nodes: [node('A')], connections: {} }));
    expect(r.kind).toBe('workflow');
  });

  it('refuses text over the 12 MB workflow limit before parsing it', () => {
    const big = '{"nodes":[' + ' '.repeat(13 * 1024 * 1024) + '],"connections":{}}';
    const r = readClipboardText(big);
    expect(r).toMatchObject({ kind: 'error' });
    expect((r as { message: string }).message).toBe('The clipboard holds too much to paste: more than 13.0 MB; a workflow may be at most 12.0 MB (12582912 bytes).');
  });

  it('explains garbage, invalid JSON (with line and column) and JSON that is not a workflow', () => {
    expect(readClipboardText('hello there')).toMatchObject({ kind: 'error', message: expect.stringMatching(/does not hold a workflow/) });
    const invalid = readClipboardText('{\n  "nodes": [,]\n}');
    expect(invalid).toMatchObject({ kind: 'error', message: "The pasted text is not valid JSON: Unexpected token ',' (line 2, column 13)" });
    expect(readClipboardText('{"nodes": {}, "connections": {}}')).toMatchObject({ kind: 'error', message: expect.stringMatching(/"nodes" array/) });
    expect(readClipboardText('{"nodes": [], "connections": {}}')).toMatchObject({ kind: 'error', message: expect.stringMatching(/no nodes/) });
    expect(readClipboardText('   ')).toEqual({ kind: 'empty' });
  });

  it('recognises workflow URLs ending in .json and refuses other links', () => {
    expect(readClipboardText(' https://example.com/flows/a.JSON ')).toEqual({ kind: 'url', url: 'https://example.com/flows/a.JSON' });
    expect(readClipboardText('https://example.com/page')).toMatchObject({ kind: 'error', message: expect.stringMatching(/ending in \.json/) });
    expect(isWorkflowUrl('ftp://example.com/a.json')).toBe(false);
    expect(isWorkflowUrl('http://x/a.json')).toBe(true);
    expect(isWorkflowUrl('https://exa mple.com/a.json')).toBe(false);
  });
});

describe('copyPayload', () => {
  it('keeps only the connections among the copied nodes and their pinned data', () => {
    const payload = copyPayload(
      [node('A'), node('B')],
      {
        A: { main: [[{ node: 'B', type: 'main', index: 0 }, { node: 'C', type: 'main', index: 0 }]] },
        C: { main: [[{ node: 'A', type: 'main', index: 0 }]] },
        B: { main: [[{ node: 'C', type: 'main', index: 0 }]] },
      },
      { A: [{ json: { x: 1 } }], C: [{ json: {} }] },
      'inst',
    );
    expect(payload.connections).toEqual({ A: { main: [[{ node: 'B', type: 'main', index: 0 }]] } });
    expect(payload.pinData).toEqual({ A: [{ json: { x: 1 } }] });
    expect(payload.meta).toEqual({ instanceId: 'inst' });
  });
});
