// The trigger panel's texts, the Webhook URLs, the run button's labels and disabled hints, the
// canvas trigger tooltip's text (spec 001 §2.7) and the generated path of a new webhook node.
import { describe, expect, it } from 'vitest';
import { builtinNodeTypes } from '../../src/nodes/registry.ts';
import type { INodeTypeDescription } from '../../src/model/nodeTypes.ts';
import {
  EXECUTION_ISSUE,
  helpSegments,
  runButtonBlocked,
  runButtonLabel,
  triggerTexts,
  triggerTooltipText,
  webhookMethods,
  webhookPath,
  webhookUrl,
} from '../../src/app/editor/ndv/triggerState.ts';
import { withGeneratedPath } from '../../src/app/commands/addNode.ts';
import { RootStore } from '../../src/app/stores/RootStore.ts';
import { addNodeOfType } from '../../src/app/commands/addNode.ts';

const type = (name: string): INodeTypeDescription => {
  const d = builtinNodeTypes.get(`n8n-nodes-base.${name}`)?.description;
  if (!d) throw new Error(`no type ${name}`);
  return d;
};
const webhook = type('webhook');
const schedule = type('scheduleTrigger');
const manual = type('manualTrigger');
const errorTrigger = type('errorTrigger');
const set = type('set');
const polling: INodeTypeDescription = { ...errorTrigger, name: 'test.rssTrigger', displayName: 'RSS Trigger', polling: true, eventTriggerDescription: undefined, triggerPanel: undefined };

const base = { urlBaseWebhook: 'http://127.0.0.1:5678/', endpointWebhook: 'webhook', endpointWebhookTest: 'webhook-test' };
const wh = (parameters: Record<string, unknown>, webhookId = 'f0e1d2c3-0000-4000-8000-000000000001', typeVersion = 2) => ({ name: 'Webhook', typeVersion, webhookId, parameters });

describe('webhook URLs', () => {
  it('are built from the settings base and endpoint with the path as the server registers it', () => {
    expect(webhookUrl(base, wh({ path: 'orders' }), 'test')).toBe('http://127.0.0.1:5678/webhook-test/orders');
    expect(webhookUrl(base, wh({ path: '/orders/' }), 'production')).toBe('http://127.0.0.1:5678/webhook/orders');
    // An empty path is the webhook id; a path with :params gets the id in front (n8n's getNodeWebhookPath).
    expect(webhookPath(wh({ path: '' }))).toBe('f0e1d2c3-0000-4000-8000-000000000001');
    expect(webhookPath(wh({ path: 'user/:id' }))).toBe('f0e1d2c3-0000-4000-8000-000000000001/user/:id');
    // '=literal' is the literal; a base path and another endpoint are honoured.
    expect(webhookUrl({ urlBaseWebhook: 'https://hooks.example.com/sy/', endpointWebhook: 'hooks', endpointWebhookTest: 'hooks-test' }, wh({ path: '=abc' }), 'production')).toBe('https://hooks.example.com/sy/hooks/abc');
  });

  it('list the HTTP methods the node listens to', () => {
    expect(webhookMethods(wh({}))).toEqual(['GET']);
    expect(webhookMethods(wh({ httpMethod: 'post' }))).toEqual(['POST']);
    expect(webhookMethods(wh({ multipleMethods: true }))).toEqual(['GET', 'POST']);
    expect(webhookMethods(wh({ multipleMethods: true, httpMethod: ['PUT', 'DELETE'] }))).toEqual(['PUT', 'DELETE']);
  });

  it('a new Webhook node gets its webhook id as its path; other types and set paths are left alone', () => {
    expect(withGeneratedPath(webhook.name, { path: '', httpMethod: 'GET' }, 'id-1')).toEqual({ path: 'id-1', httpMethod: 'GET' });
    expect(withGeneratedPath(webhook.name, { path: 'mine' }, 'id-1')).toEqual({ path: 'mine' });
    expect(withGeneratedPath('n8n-nodes-base.wait', { resume: 'webhook' }, 'id-1')).toEqual({ resume: 'webhook' });
  });

  it('addNodeOfType gives a new Webhook node a UUID webhook id and the same path', () => {
    const root = new RootStore();
    root.nodeTypes.set(builtinNodeTypes.descriptions());
    const node = addNodeOfType(root, webhook.name)!;
    expect(node.settings.webhookId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(node.parameters.path).toBe(node.settings.webhookId);
    const second = addNodeOfType(root, webhook.name)!;
    expect(second.parameters.path).not.toBe(node.parameters.path);
    const wait = addNodeOfType(root, 'n8n-nodes-base.wait')!;
    expect(wait.settings.webhookId).toBeTruthy();
    expect(wait.parameters.path).toBeUndefined();
  });
});

describe('the run button', () => {
  const idle = { listening: false, running: false, disabled: false, issues: [] as string[], parentIssues: false };
  it('is labelled by the node type and the listening state (spec 001 §2.7)', () => {
    expect(runButtonLabel(webhook, idle)).toBe('Listen for test event');
    expect(runButtonLabel(webhook, { ...idle, listening: true })).toBe('Stop listening');
    // A disabled webhook node does not listen.
    expect(runButtonLabel(webhook, { ...idle, listening: true, disabled: true })).toBe('Listen for test event');
    expect(runButtonLabel(polling, idle)).toBe('Fetch event');
    expect(runButtonLabel(errorTrigger, idle)).toBe('Listen for event');
    expect(runButtonLabel(schedule, idle)).toBe('Execute node');
    expect(runButtonLabel(manual, idle)).toBe('Execute node');
    expect(runButtonLabel(set, idle)).toBe('Execute node');
  });

  it('says why it is disabled: node disabled, required fields, previous node, workflow running', () => {
    expect(runButtonBlocked(set, idle)).toBeUndefined();
    expect(runButtonBlocked(set, { ...idle, disabled: true })).toBe('Enable node to execute');
    expect(runButtonBlocked(set, { ...idle, issues: ['Parameter "Value" is required.'] })).toBe('Complete required fields first');
    // The execution issue of a failed run does not block the next run.
    expect(runButtonBlocked(set, { ...idle, issues: [EXECUTION_ISSUE] })).toBeUndefined();
    expect(runButtonBlocked(set, { ...idle, parentIssues: true })).toBe('Fix previous node first');
    expect(runButtonBlocked(set, { ...idle, running: true })).toBe('Workflow is already running');
    // Stop listening stays clickable while the run waits for the call.
    expect(runButtonBlocked(webhook, { ...idle, listening: true, running: true })).toBeUndefined();
  });
});

describe('trigger panel texts', () => {
  it("take the type's triggerPanel first (Webhook) and n8n's webhook header", () => {
    const t = triggerTexts(webhook, { active: false, polling: false });
    expect(t.header).toBe('Pull in events from Webhook');
    expect(t.executionsHelp).toContain('Webhooks have two modes: test and production.');
    expect(t.executionsHelp).toContain('<a data-key="activate">Activate</a>');
    expect(t.activationHint).toBe(webhook.triggerPanel!.activationHint);
    expect(triggerTexts(webhook, { active: true, polling: false }).executionsHelp).toContain('<a data-key="executions">executions list</a>');
  });

  it('fall back to the polling texts, and show the fetching state while a polling node runs', () => {
    const t = triggerTexts(polling, { active: false, polling: false });
    expect(t.header).toBe('');
    expect(t.executionsHelp).toContain("click the 'fetch' button");
    expect(triggerTexts(polling, { active: false, polling: true })).toEqual({
      header: 'Fetching event',
      subheader: 'This node is looking for an event in RSS that is similar to the one you defined',
      executionsHelp: '',
      activationHint: '',
    });
  });

  it('give the triggers n8n leaves bare a header: schedule (with the activation wording), manual, error, sub-workflow', () => {
    for (const d of [schedule, type('cron'), type('interval')]) {
      const t = triggerTexts(d, { active: false, polling: false });
      expect(t.header).toBe('This node will run automatically on the schedule you set');
      expect(t.activationHint).toContain('<a data-key="activate">activate it</a> to have it run on this schedule');
      expect(t.executionsHelp).toContain('execute this node to run it once now');
      expect(triggerTexts(d, { active: true, polling: false }).executionsHelp).toContain('<a data-key="executions">executions list</a>');
    }
    const m = triggerTexts(manual, { active: false, polling: false });
    expect(m.header).toBe('This node starts the workflow when you run it');
    // The type's own help stays.
    expect(m.executionsHelp).toBe(manual.triggerPanel && typeof manual.triggerPanel.executionsHelp === 'object' ? manual.triggerPanel.executionsHelp.inactive : '');
    expect(triggerTexts(type('errorTrigger'), { active: false, polling: false }).header).toBe('This node will run when another workflow fails');
    expect(triggerTexts(type('executeWorkflowTrigger'), { active: false, polling: false }).header).toBe('This node will run when another workflow calls this one');
    for (const d of [manual, schedule, type('errorTrigger'), type('executeWorkflowTrigger')]) expect(triggerTexts(d, { active: false, polling: false }).header).not.toBe('');
  });

  it("read the texts' HTML into text, breaks, bold text and links (no markup reaches the page)", () => {
    expect(helpSegments('A <b>bold</b> word.<br /> <a data-key="activate">Activate</a> it <img src=x onerror=alert(1)>&amp; go')).toEqual([
      { kind: 'text', text: 'A ', bold: false },
      { kind: 'text', text: 'bold', bold: true },
      { kind: 'text', text: ' word.', bold: false },
      { kind: 'break' },
      { kind: 'text', text: ' ', bold: false },
      { kind: 'link', text: 'Activate', key: 'activate', bold: false },
      { kind: 'text', text: ' it ', bold: false },
      { kind: 'text', text: '& go', bold: false },
    ]);
  });
});

describe('the canvas trigger tooltip', () => {
  it("is the type's eventTriggerDescription; '' means none", () => {
    expect(triggerTooltipText(webhook)).toBe('Waiting for you to call the Test URL');
    expect(triggerTooltipText(schedule)).toBe('');
    expect(triggerTooltipText(polling)).toBe('Waiting for you to create an event in RSS');
  });
});

describe('when the canvas trigger tooltip applies', async () => {
  const { singleActiveTrigger, triggerTooltipTarget } = await import('../../src/app/editor/canvas/TriggerTooltip.tsx');
  function running(nodes: Array<{ name: string; type: string; disabled?: boolean }>): RootStore {
    const root = new RootStore();
    root.nodeTypes.set(builtinNodeTypes.descriptions());
    root.workflow.load({
      name: 'wf',
      active: false,
      nodes: nodes.map((x, i) => ({ id: `n${i}`, name: x.name, type: x.type, typeVersion: x.type === webhook.name ? 2 : 1, position: [i * 200, 0], parameters: { path: 'p' }, disabled: x.disabled })),
      connections: {},
    });
    root.run.start();
    return root;
  }

  it('needs a run, exactly one enabled trigger, no data for it, and a hint on its type', () => {
    const one = running([{ name: 'Webhook', type: webhook.name }, { name: 'Set', type: set.name }]);
    expect(triggerTooltipTarget(one, singleActiveTrigger(one))).toEqual({ id: 'n0', text: 'Waiting for you to call the Test URL' });
    one.run.finish('idle');
    expect(triggerTooltipTarget(one, singleActiveTrigger(one))).toBeUndefined();

    const two = running([{ name: 'Webhook', type: webhook.name }, { name: 'Schedule', type: schedule.name }]);
    expect(singleActiveTrigger(two)).toBeUndefined();
    const oneDisabled = running([{ name: 'Webhook', type: webhook.name }, { name: 'Schedule', type: schedule.name, disabled: true }]);
    expect(triggerTooltipTarget(oneDisabled, singleActiveTrigger(oneDisabled))?.id).toBe('n0');

    const withData = running([{ name: 'Webhook', type: webhook.name }]);
    withData.workflow.setNodeRun('Webhook', { startTime: 1, executionTime: 1, source: [], data: { main: [[{ json: {} }]] } });
    expect(triggerTooltipTarget(withData, singleActiveTrigger(withData))).toBeUndefined();

    const scheduleOnly = running([{ name: 'Schedule', type: schedule.name }]);
    expect(triggerTooltipTarget(scheduleOnly, singleActiveTrigger(scheduleOnly))).toBeUndefined();
  });
});
