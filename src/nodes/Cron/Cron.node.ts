// Cron (legacy, n8n-nodes-base.cron v1): trigger times as a list of items, each a cron
// expression (n8n's toCronExpression for Cron items). Emits one empty item per firing.
import type { IDataObject, INode } from '../../model/workflow.ts';
import type { INodeProperties } from '../../model/nodeTypes.ts';
import type { NodeType } from '../types.ts';
import { stableSecond } from '../ScheduleTrigger/rules.ts';

const hours = Array.from({ length: 24 }, (_, h) => ({ name: String(h), value: h }));
const properties: INodeProperties[] = [
  {
    displayName: 'This workflow will run on the schedule you define here once you <a data-key="activate">activate</a> it.',
    name: 'notice',
    type: 'notice',
    default: '',
  },
  {
    displayName: 'Trigger Times',
    name: 'triggerTimes',
    type: 'fixedCollection',
    typeOptions: { multipleValues: true, multipleValueButtonText: 'Add Time' },
    default: {},
    description: 'Triggers for the workflow',
    placeholder: 'Add Cron Time',
    options: [
      {
        name: 'item',
        displayName: 'Item',
        values: [
          {
            displayName: 'Mode',
            name: 'mode',
            type: 'options',
            options: [
              { name: 'Every Minute', value: 'everyMinute' },
              { name: 'Every Hour', value: 'everyHour' },
              { name: 'Every Day', value: 'everyDay' },
              { name: 'Every Week', value: 'everyWeek' },
              { name: 'Every Month', value: 'everyMonth' },
              { name: 'Every X', value: 'everyX' },
              { name: 'Custom', value: 'custom' },
            ],
            default: 'everyDay',
            description: 'How often to trigger',
          },
          { displayName: 'Hour', name: 'hour', type: 'options', options: hours, displayOptions: { hide: { mode: ['custom', 'everyHour', 'everyMinute', 'everyX'] } }, default: 14, description: 'The hour of the day to trigger (24h format)' },
          { displayName: 'Minute', name: 'minute', type: 'number', typeOptions: { minValue: 0, maxValue: 59 }, displayOptions: { hide: { mode: ['custom', 'everyMinute', 'everyX'] } }, default: 0, description: 'The minute of the day to trigger' },
          { displayName: 'Day of Month', name: 'dayOfMonth', type: 'number', displayOptions: { show: { mode: ['everyMonth'] } }, typeOptions: { minValue: 1, maxValue: 31 }, default: 1, description: 'The day of the month to trigger' },
          {
            displayName: 'Weekday',
            name: 'weekday',
            type: 'options',
            displayOptions: { show: { mode: ['everyWeek'] } },
            options: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((name, i) => ({ name, value: String(i) })),
            default: '1',
            description: 'The weekday to trigger',
          },
          { displayName: 'Cron Expression', name: 'cronExpression', type: 'string', displayOptions: { show: { mode: ['custom'] } }, default: '* * * * * *', description: 'Use custom cron expression. Values and ranges as follows: Seconds: 0-59, Minutes: 0-59, Hours: 0-23, Day of Month: 1-31, Months: 0-11 (Jan - Dec), Day of Week: 0-6 (Sun - Sat)' },
          { displayName: 'Value', name: 'value', type: 'number', typeOptions: { minValue: 0, maxValue: 1000 }, displayOptions: { show: { mode: ['everyX'] } }, default: 2, description: 'All how many X minutes/hours it should trigger' },
          { displayName: 'Unit', name: 'unit', type: 'options', displayOptions: { show: { mode: ['everyX'] } }, options: [{ name: 'Minutes', value: 'minutes' }, { name: 'Hours', value: 'hours' }], default: 'hours', description: 'If it should trigger all X minutes or hours' },
        ],
      },
    ],
  },
];

/** Cron expressions of a Cron node's trigger times. */
export function cronExpressions(node: INode, seed: string): string[] {
  const items = ((node.parameters?.triggerTimes as IDataObject | undefined)?.item as IDataObject[] | undefined) ?? [];
  return items.map((raw, index) => {
    const item = { mode: 'everyDay', hour: 14, minute: 0, dayOfMonth: 1, weekday: '1', value: 2, unit: 'hours', cronExpression: '* * * * * *', ...raw };
    const s = stableSecond(`${seed}:${index}`);
    switch (item.mode) {
      case 'everyMinute':
        return `${s} * * * * *`;
      case 'everyHour':
        return `${s} ${item.minute} * * * *`;
      case 'everyX':
        return item.unit === 'minutes' ? `${s} */${item.value} * * * *` : `${s} ${stableSecond(`${seed}:${index}:m`)} */${item.value} * * *`;
      case 'everyDay':
        return `${s} ${item.minute} ${item.hour} * * *`;
      case 'everyWeek':
        return `${s} ${item.minute} ${item.hour} * * ${item.weekday}`;
      case 'everyMonth':
        return `${s} ${item.minute} ${item.hour} ${item.dayOfMonth} * *`;
      default:
        return String(item.cronExpression).trim();
    }
  });
}

export const cron: NodeType = {
  kind: 'trigger',
  description: {
    name: 'n8n-nodes-base.cron',
    displayName: 'Cron',
    description: 'Triggers the workflow at a specific time',
    icon: 'fa:clock',
    group: ['trigger', 'schedule'],
    version: 1,
    hidden: true,
    defaults: { name: 'Cron', color: '#29a568' },
    eventTriggerDescription: '',
    activationMessage: 'Your cron trigger will now trigger executions on the schedule you have defined.',
    inputs: [],
    outputs: ['main'],
    codex: { categories: ['Core Nodes'] },
    properties,
  },
  async execute() {
    return [[{ json: {} }]];
  },
};
