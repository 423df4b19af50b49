import { describe, expect, it } from 'vitest';
import { allowedOrigins, encodeParentMessage, parseEmbedMessage } from '../../src/app/embed/embedMessages.ts';

const wf = { nodes: [{ name: 'A', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [0, 0], parameters: {} }], connections: {} };

describe('embed messages', () => {
  it('reads openWorkflow as n8n sends it (a JSON string) and as an object', () => {
    expect(parseEmbedMessage(JSON.stringify({ command: 'openWorkflow', workflow: wf }))).toEqual({ kind: 'openWorkflow', workflow: wf });
    expect(parseEmbedMessage({ command: 'openWorkflow', workflow: wf })).toEqual({ kind: 'openWorkflow', workflow: wf });
  });

  it('ignores messages of other protocols', () => {
    for (const m of ['hello', { type: 'webpackOk' }, JSON.stringify({ command: 'somethingElse' }), 42, null]) expect(parseEmbedMessage(m)).toEqual({ kind: 'ignore' });
  });

  it('answers a bad payload with an error', () => {
    expect(parseEmbedMessage('{"command": "openWorkflow", ')).toEqual({ kind: 'invalid', error: 'The message is not valid JSON' });
    expect(parseEmbedMessage({ command: 'openWorkflow', workflow: { nodes: 'x' } })).toMatchObject({ kind: 'invalid', error: expect.stringMatching(/^Invalid workflow object/) });
    expect(parseEmbedMessage({ command: 'openWorkflow' })).toMatchObject({ kind: 'invalid' });
    const big = JSON.stringify({ command: 'openWorkflow', workflow: { ...wf, pad: 'x'.repeat(2000) } });
    expect(parseEmbedMessage(big, 1000)).toMatchObject({ kind: 'invalid', error: expect.stringMatching(/too large/) });
  });

  it('accepts messages from its own origin and the templates host only', () => {
    const origins = allowedOrigins('https://flows.example.com', 'https://api.n8n.io/api/');
    expect([...origins]).toEqual(['https://flows.example.com', 'https://api.n8n.io']);
    expect([...allowedOrigins('http://a', 'not a url')]).toEqual(['http://a']);
  });

  it('encodes answers in n8n form', () => {
    expect(encodeParentMessage({ command: 'n8nReady', version: '1.0.0' })).toBe('{"command":"n8nReady","version":"1.0.0"}');
  });
});
