// Date & Time v2: one operation per task, Luxon formats, results in the workflow's time zone.
import type { INodeProperties, INodeTypeDescription } from '../../../model/nodeTypes.ts';
import { dateTimeBase } from '../base.ts';

const INCLUDE_INPUT_FIELDS: INodeProperties = {
  displayName: 'Include Input Fields',
  name: 'includeInputFields',
  type: 'boolean',
  default: false,
  description: 'Whether to include all fields of the input item in the output item',
};

const luxonMore = (example: string) => `You can also do this using an expression, e.g. <code>{{${example}}}</code>. <a target='_blank' href='https://docs.n8n.io/code/cookbook/luxon/'>More info</a>`;

const TIME_UNITS = ['Years', 'Quarters', 'Months', 'Weeks', 'Days', 'Hours', 'Minutes', 'Seconds', 'Milliseconds'].map((name) => ({ name, value: name.toLowerCase() }));

function forOperation(operation: string, properties: INodeProperties[]): INodeProperties[] {
  return properties.map((p) => ({ ...p, displayOptions: { ...p.displayOptions, show: { ...p.displayOptions?.show, operation: [operation] } } }));
}

const options = (extra: INodeProperties[] = []): INodeProperties => ({ displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add option', default: {}, options: [INCLUDE_INPUT_FIELDS, ...extra] });
const output = (def: string): INodeProperties => ({ displayName: 'Output Field Name', name: 'outputFieldName', type: 'string', default: def, description: 'Name of the field to put the output in' });

function shiftDate(verb: 'Add' | 'Subtract', operation: string, dateName: string, example: string): INodeProperties[] {
  const toOrFrom = verb === 'Add' ? 'to' : 'from';
  return forOperation(operation, [
    { displayName: luxonMore(example), name: 'notice', type: 'notice', default: '' },
    { displayName: dateName, name: 'magnitude', type: 'string', description: 'The date that you want to change', default: '', required: true },
    { displayName: `Time Unit to ${verb}`, name: 'timeUnit', description: 'Time unit for Duration parameter below', type: 'options', options: TIME_UNITS, default: 'days', required: true },
    { displayName: 'Duration', name: 'duration', type: 'number', description: `The number of time units to ${verb.toLowerCase()} ${toOrFrom} the date`, default: 0 },
    output('newDate'),
    options(),
  ]);
}

const properties: INodeProperties[] = [
  {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    options: [
      { name: 'Add to a Date', value: 'addToDate' },
      { name: 'Extract Part of a Date', value: 'extractDate' },
      { name: 'Format a Date', value: 'formatDate' },
      { name: 'Get Current Date', value: 'getCurrentDate' },
      { name: 'Get Time Between Dates', value: 'getTimeBetweenDates' },
      { name: 'Round a Date', value: 'roundDate' },
      { name: 'Subtract From a Date', value: 'subtractFromDate' },
    ],
    default: 'getCurrentDate',
  },
  ...forOperation('getCurrentDate', [
    {
      displayName:
        'You can also refer to the current date in n8n expressions by using <code>{{$now}}</code> or <code>{{$today}}</code>. <a target="_blank" href="https://docs.n8n.io/code/cookbook/luxon/">More info</a>',
      name: 'notice',
      type: 'notice',
      default: '',
    },
    { displayName: 'Include Current Time', name: 'includeTime', type: 'boolean', default: true, description: 'When deactivated, the time will be set to midnight' },
    output('currentDate'),
    options([
      {
        displayName: 'Timezone',
        name: 'timezone',
        type: 'string',
        placeholder: 'America/New_York',
        default: '',
        description: 'The timezone to use. If not set, the timezone of the n8n instance will be used. Use ‘GMT’ for +00:00 timezone.',
      },
    ]),
  ]),
  ...shiftDate('Add', 'addToDate', 'Date to Add To', " your_date.plus(5, 'minutes') "),
  ...shiftDate('Subtract', 'subtractFromDate', 'Date to Subtract From', " your_date.minus(5, 'minutes') "),
  ...forOperation('formatDate', [
    { displayName: luxonMore(" your_date.format('yyyy-MM-dd') "), name: 'notice', type: 'notice', default: '' },
    { displayName: 'Date', name: 'date', type: 'string', description: 'The date that you want to format', default: '' },
    {
      displayName: 'Format',
      name: 'format',
      type: 'options',
      options: [
        { name: 'Custom Format', value: 'custom' },
        { name: 'MM/DD/YYYY', value: 'MM/dd/yyyy', description: 'Example: 09/04/1986' },
        { name: 'YYYY/MM/DD', value: 'yyyy/MM/dd', description: 'Example: 1986/04/09' },
        { name: 'MMMM DD YYYY', value: 'MMMM dd yyyy', description: 'Example: April 09 1986' },
        { name: 'MM-DD-YYYY', value: 'MM-dd-yyyy', description: 'Example: 09-04-1986' },
        { name: 'YYYY-MM-DD', value: 'yyyy-MM-dd', description: 'Example: 1986-04-09' },
        { name: 'Unix Timestamp', value: 'X', description: 'Example: 1672531200' },
        { name: 'Unix Ms Timestamp', value: 'x', description: 'Example: 1674691200000' },
      ],
      default: 'MM/dd/yyyy',
      description: 'The format to convert the date to',
    },
    {
      displayName: 'Custom Format',
      name: 'customFormat',
      type: 'string',
      displayOptions: { show: { format: ['custom'] } },
      hint: 'List of special tokens <a target="_blank" href="https://moment.github.io/luxon/#/formatting?id=table-of-tokens">More info</a>',
      default: '',
      placeholder: 'yyyy-MM-dd',
    },
    output('formattedDate'),
    options([
      {
        displayName: 'From Date Format',
        name: 'fromFormat',
        type: 'string',
        default: 'e.g yyyyMMdd',
        hint: 'Tokens are case sensitive',
        description:
          'Format in which the input \'Date\' is, it\'s helpful when the format is not recognized automatically. Use those <a href="https://moment.github.io/luxon/#/formatting?id=table-of-tokens&id=table-of-tokens" target="_blank">tokens</a> to define the format.',
      },
      { displayName: 'Use Workflow Timezone', name: 'timezone', type: 'boolean', default: false, description: "Whether to use the timezone of the input or the workflow's timezone" },
    ]),
  ]),
  ...forOperation('roundDate', [
    { displayName: luxonMore(" your_date.beginningOf('month') ") + ' or <code>{{ your_date.endOfMonth() }}</code>', name: 'notice', type: 'notice', default: '' },
    { displayName: 'Date', name: 'date', type: 'string', description: 'The date that you want to round', default: '' },
    {
      displayName: 'Mode',
      name: 'mode',
      type: 'options',
      options: [
        { name: 'Round Down', value: 'roundDown' },
        { name: 'Round Up', value: 'roundUp' },
      ],
      default: 'roundDown',
    },
    {
      displayName: 'To Nearest',
      name: 'toNearest',
      type: 'options',
      options: ['Year', 'Month', 'Week', 'Day', 'Hour', 'Minute', 'Second'].map((name) => ({ name, value: name.toLowerCase() })),
      default: 'month',
      displayOptions: { show: { mode: ['roundDown'] } },
    },
    { displayName: 'To', name: 'to', type: 'options', options: [{ name: 'End of Month', value: 'month' }], default: 'month', displayOptions: { show: { mode: ['roundUp'] } } },
    output('roundedDate'),
    options(),
  ]),
  ...forOperation('getTimeBetweenDates', [
    { displayName: 'Start Date', name: 'startDate', type: 'string', default: '' },
    { displayName: 'End Date', name: 'endDate', type: 'string', default: '' },
    {
      displayName: 'Units',
      name: 'units',
      type: 'multiOptions',
      options: ['Year', 'Month', 'Week', 'Day', 'Hour', 'Minute', 'Second', 'Millisecond'].map((name) => ({ name, value: name.toLowerCase() })),
      default: ['day'],
    },
    output('timeDifference'),
    options([{ displayName: 'Output as ISO String', name: 'isoString', type: 'boolean', default: false, description: 'Whether to output the date as ISO string or not' }]),
  ]),
  ...forOperation('extractDate', [
    { displayName: 'You can also do this using an expression, e.g. <code>{{ your_date.extract("month") }}}</code>. <a target="_blank" href="https://docs.n8n.io/code/cookbook/luxon/">More info</a>', name: 'notice', type: 'notice', default: '' },
    { displayName: 'Date', name: 'date', type: 'string', description: 'The date that you want to round', default: '' },
    {
      displayName: 'Part',
      name: 'part',
      type: 'options',
      options: ['Year', 'Month', 'Week', 'Day', 'Hour', 'Minute', 'Second'].map((name) => ({ name, value: name.toLowerCase() })),
      default: 'month',
    },
    output('datePart'),
    options(),
  ]),
];

export const dateTimeV2Description: INodeTypeDescription = {
  ...dateTimeBase,
  version: 2,
  description: 'Manipulate date and time values',
  properties,
};
