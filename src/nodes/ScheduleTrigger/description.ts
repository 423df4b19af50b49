// Schedule Trigger parameters (n8n-nodes-base.scheduleTrigger v1, 1.1, 1.2, 1.3 — 1.3 has 1.2's parameters and items).
import type { INodeProperties } from '../../model/nodeTypes.ts';

const hours = Array.from({ length: 24 }, (_, h) => ({
  name: h === 0 ? 'Midnight' : h === 12 ? 'Noon' : h < 12 ? `${h}am` : `${h - 12}pm`,
  value: h,
}));
const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((name, i) => ({ name, value: (i + 1) % 7 }));
const show = (fields: string[]) => ({ show: { field: fields } });

export const scheduleProperties: INodeProperties[] = [
  {
    displayName:
      'This workflow will run on the schedule you define here once you <a data-key="activate">activate</a> it.<br><br>For testing, you can also trigger it manually: by going back to the canvas and clicking ‘execute workflow’',
    name: 'notice',
    type: 'notice',
    default: '',
  },
  {
    displayName: 'Trigger Rules',
    name: 'rule',
    placeholder: 'Add Rule',
    type: 'fixedCollection',
    typeOptions: { multipleValues: true },
    default: { interval: [{ field: 'days' }] },
    options: [
      {
        name: 'interval',
        displayName: 'Trigger Interval',
        values: [
          {
            displayName: 'Trigger Interval',
            name: 'field',
            type: 'options',
            default: 'days',
            options: [
              { name: 'Seconds', value: 'seconds' },
              { name: 'Minutes', value: 'minutes' },
              { name: 'Hours', value: 'hours' },
              { name: 'Days', value: 'days' },
              { name: 'Weeks', value: 'weeks' },
              { name: 'Months', value: 'months' },
              { name: 'Custom (Cron)', value: 'cronExpression' },
            ],
          },
          { displayName: 'Seconds Between Triggers', name: 'secondsInterval', type: 'number', default: 30, displayOptions: show(['seconds']), description: 'Number of seconds between each workflow trigger' },
          { displayName: 'Minutes Between Triggers', name: 'minutesInterval', type: 'number', default: 5, displayOptions: show(['minutes']), description: 'Number of minutes between each workflow trigger' },
          { displayName: 'Hours Between Triggers', name: 'hoursInterval', type: 'number', default: 1, displayOptions: show(['hours']), description: 'Number of hours between each workflow trigger' },
          { displayName: 'Days Between Triggers', name: 'daysInterval', type: 'number', default: 1, displayOptions: show(['days']), description: 'Number of days between each workflow trigger' },
          { displayName: 'Weeks Between Triggers', name: 'weeksInterval', type: 'number', default: 1, displayOptions: show(['weeks']), description: 'Would run every week unless specified otherwise' },
          { displayName: 'Months Between Triggers', name: 'monthsInterval', type: 'number', default: 1, displayOptions: show(['months']), description: 'Would run every month unless specified otherwise' },
          { displayName: 'Trigger at Day of Month', name: 'triggerAtDayOfMonth', type: 'number', displayOptions: show(['months']), typeOptions: { minValue: 1, maxValue: 31 }, default: 1, description: 'The day of the month to trigger (1-31)', hint: 'If a month doesn’t have this day, the node won’t trigger' },
          { displayName: 'Trigger on Weekdays', name: 'triggerAtDay', type: 'multiOptions', displayOptions: show(['weeks']), typeOptions: { maxValue: 7 }, options: weekdays, default: [0] },
          { displayName: 'Trigger at Hour', name: 'triggerAtHour', type: 'options', default: 0, displayOptions: show(['days', 'weeks', 'months']), options: hours, description: 'The hour of the day to trigger' },
          { displayName: 'Trigger at Minute', name: 'triggerAtMinute', type: 'number', default: 0, displayOptions: show(['hours', 'days', 'weeks', 'months']), typeOptions: { minValue: 0, maxValue: 59 }, description: 'The minute past the hour to trigger (0-59)' },
          {
            displayName: 'You can find help generating your cron expression <a href="https://crontab.guru/examples.html" target="_blank">here</a>',
            name: 'notice',
            type: 'notice',
            displayOptions: show(['cronExpression']),
            default: '',
          },
          { displayName: 'Expression', name: 'expression', type: 'string', default: '', placeholder: 'eg. 0 15 * 1 sun', displayOptions: show(['cronExpression']), hint: 'Format: [Second] [Minute] [Hour] [Day of Month] [Month] [Day of Week]' },
        ],
      },
    ],
  },
];
