// Interval (legacy, n8n-nodes-base.interval v1): fires every N seconds/minutes/hours once
// activated; emits one empty item per firing.
import type { INode } from '../../model/workflow.ts';
import type { NodeType } from '../types.ts';

const MAX_TIMER_MS = 2147483647;

export class IntervalError extends Error {}

/** Milliseconds between firings; throws n8n's messages for bad values. */
export function intervalMs(node: INode): number {
  const interval = Number(node.parameters?.interval ?? 1);
  const unit = String(node.parameters?.unit ?? 'seconds');
  if (!(interval > 0)) throw new IntervalError('The interval has to be set to at least 1 or higher!');
  const ms = interval * (unit === 'hours' ? 3_600_000 : unit === 'minutes' ? 60_000 : 1000);
  if (ms > MAX_TIMER_MS) throw new IntervalError('The interval value is too large.');
  return ms;
}

export const interval: NodeType = {
  kind: 'trigger',
  description: {
    name: 'n8n-nodes-base.interval',
    displayName: 'Interval',
    description: 'Triggers the workflow in a given interval',
    icon: 'fa:hourglass',
    group: ['trigger', 'schedule'],
    version: 1,
    hidden: true,
    defaults: { name: 'Interval', color: '#00FF00' },
    eventTriggerDescription: '',
    activationMessage: 'Your interval trigger will now trigger executions on the schedule you have defined.',
    inputs: [],
    outputs: ['main'],
    codex: { categories: ['Core Nodes'] },
    properties: [
      {
        displayName: 'This workflow will run on the schedule you define here once you <a data-key="activate">activate</a> it.',
        name: 'notice',
        type: 'notice',
        default: '',
      },
      { displayName: 'Interval', name: 'interval', type: 'number', typeOptions: { minValue: 1 }, default: 1, description: 'Interval value' },
      { displayName: 'Unit', name: 'unit', type: 'options', options: [{ name: 'Seconds', value: 'seconds' }, { name: 'Minutes', value: 'minutes' }, { name: 'Hours', value: 'hours' }], default: 'seconds', description: 'Unit of the interval value' },
    ],
  },
  async execute() {
    return [[{ json: {} }]];
  },
};
