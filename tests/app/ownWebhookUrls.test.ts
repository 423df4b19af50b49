// URLs of a community package's webhook node in the editor (the NDV's Webhook URLs section and
// the listening trigger panel): its description's webhook, read as the server reads it, so the
// URL shown is the one the server registers under /webhook and /webhook-test.
import { describe, expect, it } from 'vitest';
import { ownWebhookOf, webhookMethods, webhookUrl } from '../../src/app/editor/ndv/triggerState.ts';
import { communityTriggerParts } from '../../src/server/community/communityTriggers.ts';
import { PackageHost } from '../../src/server/community/PackageHost.ts';
import { workflowWebhooks } from '../../src/server/webhooks/workflowWebhooks.ts';
import type { INodeTypeDescription } from '../../src/model/nodeTypes.ts';
import type { INode, IWorkflowBase } from '../../src/model/workflow.ts';
import type { NodeType } from '../../src/nodes/types.ts';

const base = { urlBaseWebhook: 'https://hooks.example.com/sy/', endpointWebhook: 'webhook', endpointWebhookTest: 'webhook-test' };
const TYPE = 'n8n-nodes-acme.acmeTrigger';

function description(webhook: Record<string, unknown>): INodeTypeDescription {
  return {
    name: TYPE,
    displayName: 'Acme Trigger',
    group: ['trigger'],
    version: 1,
    defaults: { name: 'Acme Trigger' },
    inputs: [],
    outputs: ['main'],
    webhooks: [{ name: 'default', httpMethod: 'POST', path: 'webhook', ...webhook }],
    properties: [{ displayName: 'Method', name: 'httpMethod', type: 'options', default: 'POST', options: [{ name: 'GET', value: 'GET' }, { name: 'POST', value: 'POST' }] }],
  } as unknown as INodeTypeDescription;
}

const node = (parameters: Record<string, unknown> = {}, webhookId: string | undefined = 'w-123') => ({ name: 'Acme Trigger', type: TYPE, typeVersion: 1, webhookId, parameters });

/** What the server registers for the node (the community webhook node's own list). */
function serverPath(d: INodeTypeDescription, n: ReturnType<typeof node>): { method: string; path: string } {
  const parts = communityTriggerParts(new PackageHost({ packagesDir: '/nonexistent' }), TYPE, d, d, { execute: false, trigger: false, poll: false, webhook: true, declarative: false });
  const type = { description: d, kind: 'trigger', ...parts } as NodeType;
  const workflow = { id: 'wf1', name: 'W', active: false, nodes: [{ ...n, id: '1', position: [0, 0] } as unknown as INode], connections: {} } as IWorkflowBase;
  const [hook] = workflowWebhooks(workflow, undefined, { get: () => type, descriptions: () => [d] });
  return { method: hook.method, path: hook.path };
}

describe('a community webhook node in the editor', () => {
  it('shows the test and production URLs of its described webhook, with its method', () => {
    const d = description({});
    expect(webhookUrl(base, node(), 'test', d)).toBe('https://hooks.example.com/sy/webhook-test/w-123/webhook');
    expect(webhookUrl(base, node(), 'production', d)).toBe('https://hooks.example.com/sy/webhook/w-123/webhook');
    expect(webhookMethods(node(), d)).toEqual(['POST']);
  });

  it('reads $parameter fields and isFullPath as the server does, and agrees with what it registers', () => {
    const cases: Array<[Record<string, unknown>, Record<string, unknown>]> = [
      [{}, {}],
      [{ httpMethod: '={{$parameter["httpMethod"]}}' }, { httpMethod: 'GET' }],
      [{ httpMethod: '={{$parameter["httpMethod"]}}' }, {}],
      [{ path: 'events/in', isFullPath: false }, {}],
      [{ path: '', isFullPath: true }, {}],
      [{ path: 'fixed-path', isFullPath: true }, {}],
    ];
    for (const [webhook, parameters] of cases) {
      const d = description(webhook);
      const n = node(parameters);
      const own = ownWebhookOf(n, d)!;
      expect(own, JSON.stringify(webhook)).toEqual(serverPath(d, n));
    }
    expect(webhookMethods(node({ httpMethod: 'GET' }), description({ httpMethod: '={{$parameter["httpMethod"]}}' }))).toEqual(['GET']);
    expect(webhookUrl(base, node(), 'test', description({ path: '', isFullPath: true }))).toBe('https://hooks.example.com/sy/webhook-test/w-123');
  });

  it('shows nothing for webhooks n8n hides (ndvHideUrl) or a node without a webhook id', () => {
    expect(ownWebhookOf(node(), description({ ndvHideUrl: true }))).toBeUndefined();
    expect(ownWebhookOf({ ...node(), webhookId: undefined }, description({}))).toBeUndefined();
    // Webhook and Form Trigger nodes keep their own rules.
    expect(ownWebhookOf({ ...node(), type: 'n8n-nodes-base.webhook' }, description({}))).toBeUndefined();
  });
});
