// Form Trigger URLs in the editor (the NDV's Form URLs section and the listening trigger panel):
// the same paths the server registers (src/nodes/Form/settings.ts) under /form and /form-test.
import { describe, expect, it } from 'vitest';
import { FORM_TRIGGER_TYPE, webhookPath, webhookUrl } from '../../src/app/editor/ndv/triggerState.ts';
import { formTriggerSettings } from '../../src/nodes/Form/settings.ts';
import { nodeWebhookPath } from '../../src/server/webhooks/workflowWebhooks.ts';
import type { INode } from '../../src/model/workflow.ts';

const base = { urlBaseWebhook: 'https://forms.example.com/sy/', endpointWebhook: 'webhook', endpointWebhookTest: 'webhook-test' };
const formNode = (parameters: Record<string, unknown>, typeVersion = 2.2, webhookId = 'a1b2c3') => ({ name: 'Form', type: FORM_TRIGGER_TYPE, typeVersion, webhookId, parameters });

describe('Form Trigger URLs in the editor', () => {
  it('test and production URLs use /form-test and /form with the Form Path, options.path or the webhook id', () => {
    expect(webhookUrl(base, formNode({ path: '/contact/' }), 'production')).toBe('https://forms.example.com/sy/form/contact');
    expect(webhookUrl(base, formNode({ path: 'contact' }), 'test')).toBe('https://forms.example.com/sy/form-test/contact');
    expect(webhookPath(formNode({ options: { path: 'from-options' } }))).toBe('from-options');
    expect(webhookPath(formNode({}))).toBe('a1b2c3');
    expect(webhookPath(formNode({}, 1))).toBe('a1b2c3/n8n-form');
  });

  it('agree with the paths the server registers', () => {
    for (const [parameters, version] of [[{ path: 'x/y' }, 2.2], [{ options: { path: 'opt' } }, 2.3], [{}, 2], [{}, 1]] as const) {
      const n = formNode(parameters as Record<string, unknown>, version);
      const node = { ...n, id: '1', position: [0, 0] } as unknown as INode;
      expect(webhookPath(n)).toBe(nodeWebhookPath(node, formTriggerSettings(node)));
    }
  });
});
