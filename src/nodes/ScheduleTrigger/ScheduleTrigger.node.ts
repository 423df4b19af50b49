// Schedule Trigger: runs the workflow on its rules once activated (the server's scheduler reads
// them through rules.ts). A manual run emits one item for now, as n8n's manual trigger does.
import { Cron } from 'croner';
import type { NodeType } from '../types.ts';
import { NodeOperationError } from '../types.ts';
import { scheduleProperties } from './description.ts';
import { scheduleItem, scheduleRules, ScheduleRuleError } from './rules.ts';

export const scheduleTrigger: NodeType = {
  kind: 'trigger',
  description: {
    name: 'n8n-nodes-base.scheduleTrigger',
    displayName: 'Schedule Trigger',
    description: 'Triggers the workflow on a given schedule',
    icon: 'fa:clock',
    group: ['trigger', 'schedule'],
    version: [1, 1.1, 1.2, 1.3],
    defaults: { name: 'Schedule Trigger', color: '#31C49F' },
    eventTriggerDescription: '',
    activationMessage: 'Your schedule trigger will now trigger executions on the schedule you have defined.',
    inputs: [],
    outputs: ['main'],
    codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Flow', 'Other Trigger Nodes'] }, alias: ['Time', 'Scheduler', 'Polling', 'Cron', 'Interval'] },
    properties: scheduleProperties,
  },
  async execute(ctx) {
    const node = ctx.getNode();
    try {
      const [first] = scheduleRules(node, node.id ?? node.name);
      new Cron(first.cron, { paused: true, timezone: ctx.getTimezone() }).stop();
    } catch (e) {
      if (e instanceof ScheduleRuleError) throw new NodeOperationError(node, e.message, { description: e.description });
      throw new NodeOperationError(node, 'Invalid cron expression', { description: `${(e as Error).message}. More information on how to build them at https://crontab.guru/` });
    }
    return [[{ json: scheduleItem(Date.now(), ctx.getTimezone(), node.typeVersion) }]];
  },
};
