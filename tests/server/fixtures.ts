// Workflows the server tests store and run: n8n JSON as the editor and n8n exports have it.
import type { IWorkflowBase } from '../../src/model/workflow.ts';
import { connect, node } from './helpers.ts';

export const TRIGGER = 'When clicking ‘Execute workflow’';

/** Manual Trigger → Set (value) → IF (value > 3) → NoOp "Big" (true) / NoOp "Small" (false). */
export function branchingWorkflow(value: number, name = 'Branching'): IWorkflowBase {
  return {
    name,
    active: false,
    nodes: [
      node(TRIGGER, 'n8n-nodes-base.manualTrigger', 1, [0, 0]),
      node('Set value', 'n8n-nodes-base.set', 3.4, [220, 0], {
        assignments: { assignments: [{ id: 'a1', name: 'value', value, type: 'number' }] },
        options: {},
      }),
      node('Is big', 'n8n-nodes-base.if', 2, [440, 0], {
        conditions: {
          options: { caseSensitive: true, leftValue: '', typeValidation: 'strict' },
          conditions: [{ id: 'c1', leftValue: '={{ $json.value }}', rightValue: 3, operator: { type: 'number', operation: 'gt' } }],
          combinator: 'and',
        },
        options: {},
      }),
      node('Big', 'n8n-nodes-base.noOp', 1, [660, -100]),
      node('Small', 'n8n-nodes-base.noOp', 1, [660, 100]),
    ],
    connections: connect([
      [TRIGGER, 'Set value'],
      ['Set value', 'Is big'],
      ['Is big', 'Big', 0],
      ['Is big', 'Small', 1],
    ]),
    settings: { executionOrder: 'v1' },
  };
}

/** As n8n exports a workflow: fields we do not model, notes, credentials, pin data, sticky. */
export function n8nExport(): Record<string, unknown> {
  return {
    name: 'Imported from n8n',
    nodes: [
      {
        parameters: {},
        id: '5b6a2d55-6f7b-4b8a-9b0f-0d1f5f3c9a01',
        name: 'When clicking ‘Execute workflow’',
        type: 'n8n-nodes-base.manualTrigger',
        typeVersion: 1,
        position: [460, 460],
      },
      {
        parameters: { mode: 'runOnceForAllItems', jsCode: "return [{ json: { ok: true, text: 'é €' } }];" },
        id: '7c1e3f1a-2222-4c4c-8d8d-111111111111',
        name: 'Code',
        type: 'n8n-nodes-base.code',
        typeVersion: 2,
        position: [680, 460],
        notes: 'made in n8n',
        notesInFlow: true,
        alwaysOutputData: true,
        onError: 'continueRegularOutput',
        credentials: { httpBasicAuth: { id: '12', name: 'Basic' } },
        extendsCredential: 'kept as is',
      },
      {
        parameters: { content: '## Notes\nsticky', height: 300, width: 380 },
        id: '9d9d9d9d-3333-4e4e-9f9f-222222222222',
        name: 'Sticky Note',
        type: 'n8n-nodes-base.stickyNote',
        typeVersion: 1,
        position: [400, 240],
      },
    ],
    pinData: { Code: [{ json: { pinned: 1, nested: { a: [1, 2, { b: null }] } } }] },
    connections: { 'When clicking ‘Execute workflow’': { main: [[{ node: 'Code', type: 'main', index: 0 }]] } },
    active: false,
    settings: { executionOrder: 'v1', saveManualExecutions: true, timezone: 'Europe/Berlin', callerPolicy: 'workflowsFromSameOwner' },
    versionId: 'e0d1b5a8-0000-0000-0000-000000000000',
    id: '1',
    meta: { instanceId: 'f'.repeat(64), templateCredsSetupCompleted: true },
    tags: [
      { createdAt: '2023-01-01T00:00:00.000Z', updatedAt: '2023-01-01T00:00:00.000Z', id: '3', name: 'imported' },
      { id: '4', name: 'finance' },
    ],
  };
}
