// Date & Time v1: format a date or add/subtract time, with moment's format tokens.
import type { INodeProperties, INodeTypeDescription } from '../../../model/nodeTypes.ts';
import { dateTimeBase } from '../base.ts';
import { TIMEZONE_OPTIONS } from './timezones.ts';

const format = { show: { action: ['format'] } };
const calculate = { show: { action: ['calculate'] } };

const timezone = (displayName: string, name: string, description: string): INodeProperties => ({
  displayName,
  name,
  type: 'options',
  options: TIMEZONE_OPTIONS,
  default: 'UTC',
  description,
});

const properties: INodeProperties[] = [
  {
    displayName: "More powerful date functionality is available in <a href='https://docs.n8n.io/code/cookbook/luxon/' target='_blank'>expressions</a>,</br> e.g. <code>{{ $now.plus(1, 'week') }}</code>",
    name: 'noticeDateTime',
    type: 'notice',
    default: '',
  },
  {
    displayName: 'Action',
    name: 'action',
    type: 'options',
    options: [
      { name: 'Calculate a Date', description: 'Add or subtract time from a date', value: 'calculate', action: 'Add or subtract time from a date' },
      { name: 'Format a Date', description: 'Convert a date to a different format', value: 'format', action: 'Convert a date to a different format' },
    ],
    default: 'format',
  },
  { displayName: 'Value', name: 'value', displayOptions: format, type: 'string', default: '', description: 'The value that should be converted', required: true },
  { displayName: 'Property Name', name: 'dataPropertyName', type: 'string', default: 'data', required: true, displayOptions: format, description: 'Name of the property to which to write the converted date' },
  { displayName: 'Custom Format', name: 'custom', displayOptions: format, type: 'boolean', default: false, description: 'Whether a predefined format should be selected or custom format entered' },
  { displayName: 'To Format', name: 'toFormat', displayOptions: { show: { action: ['format'], custom: [true] } }, type: 'string', default: '', placeholder: 'YYYY-MM-DD', description: 'The format to convert the date to' },
  {
    displayName: 'To Format',
    name: 'toFormat',
    type: 'options',
    displayOptions: { show: { action: ['format'], custom: [false] } },
    options: [
      { name: 'MM/DD/YYYY', value: 'MM/DD/YYYY', description: 'Example: 09/04/1986' },
      { name: 'YYYY/MM/DD', value: 'YYYY/MM/DD', description: 'Example: 1986/04/09' },
      { name: 'MMMM DD YYYY', value: 'MMMM DD YYYY', description: 'Example: April 09 1986' },
      { name: 'MM-DD-YYYY', value: 'MM-DD-YYYY', description: 'Example: 09-04-1986' },
      { name: 'YYYY-MM-DD', value: 'YYYY-MM-DD', description: 'Example: 1986-04-09' },
      { name: 'Unix Timestamp', value: 'X', description: 'Example: 513388800.879' },
      { name: 'Unix Ms Timestamp', value: 'x', description: 'Example: 513388800' },
    ],
    default: 'MM/DD/YYYY',
    description: 'The format to convert the date to',
  },
  {
    displayName: 'Options',
    name: 'options',
    displayOptions: format,
    type: 'collection',
    placeholder: 'Add option',
    default: {},
    options: [
      { displayName: 'From Format', name: 'fromFormat', type: 'string', default: '', description: 'In case the input format is not recognized you can provide the format' },
      timezone('From Timezone Name or ID', 'fromTimezone', 'The timezone to convert from. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.'),
      timezone('To Timezone Name or ID', 'toTimezone', 'The timezone to convert to. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.'),
    ],
  },
  { displayName: 'Date Value', name: 'value', displayOptions: calculate, type: 'string', default: '', description: 'The date string or timestamp from which you want to add/subtract time', required: true },
  {
    displayName: 'Operation',
    name: 'operation',
    displayOptions: calculate,
    type: 'options',
    noDataExpression: true,
    options: [
      { name: 'Add', value: 'add', description: 'Add time to Date Value', action: 'Add time to Date Value' },
      { name: 'Subtract', value: 'subtract', description: 'Subtract time from Date Value', action: 'Subtract time from Date Value' },
    ],
    default: 'add',
    required: true,
  },
  {
    displayName: 'Duration',
    name: 'duration',
    displayOptions: calculate,
    type: 'number',
    typeOptions: { minValue: 0 },
    default: 0,
    required: true,
    description: 'E.g. enter “10” then select “Days” if you want to add 10 days to Date Value.',
  },
  {
    displayName: 'Time Unit',
    name: 'timeUnit',
    description: 'Time unit for Duration parameter above',
    displayOptions: calculate,
    type: 'options',
    options: ['Quarters', 'Years', 'Months', 'Weeks', 'Days', 'Hours', 'Minutes', 'Seconds', 'Milliseconds'].map((name) => ({ name, value: name.toLowerCase() })),
    default: 'days',
    required: true,
  },
  { displayName: 'Property Name', name: 'dataPropertyName', type: 'string', default: 'data', required: true, displayOptions: calculate, description: 'Name of the output property to which to write the converted date' },
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add option',
    default: {},
    displayOptions: calculate,
    options: [
      {
        displayName: 'From Format',
        name: 'fromFormat',
        type: 'string',
        default: '',
        description: 'Format for parsing the value as a date. If unrecognized, specify the <a href="https://docs.n8n.io/integrations/builtin/core-nodes/n8n-nodes-base.datetime/#faqs">format</a> for the value.',
      },
    ],
  },
];

export const dateTimeV1Description: INodeTypeDescription = {
  ...dateTimeBase,
  version: 1,
  description: 'Allows you to manipulate date and time values',
  properties,
};
