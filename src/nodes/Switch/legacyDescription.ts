// Switch versions 1 and 2: a "Value 1" per data type and a list of routing rules comparing it
// with each rule's "Value 2". The two versions differ only in what a rule routes to.
import type { INodeProperties } from '../../model/nodeTypes.ts';

const OPERATION_DESCRIPTION = 'Operation to decide where the data should be mapped to';
const opt = (name: string, value: string) => ({ name, value });

const OPERATIONS: Record<string, Array<{ name: string; value: string }>> = {
  boolean: [opt('Equal', 'equal'), opt('Not Equal', 'notEqual')],
  dateTime: [opt('Occurred After', 'after'), opt('Occurred Before', 'before')],
  number: [
    opt('Smaller', 'smaller'),
    opt('Smaller Equal', 'smallerEqual'),
    opt('Equal', 'equal'),
    opt('Not Equal', 'notEqual'),
    opt('Larger', 'larger'),
    opt('Larger Equal', 'largerEqual'),
  ],
  string: [
    opt('Contains', 'contains'),
    opt('Not Contains', 'notContains'),
    opt('Ends With', 'endsWith'),
    opt('Not Ends With', 'notEndsWith'),
    opt('Equal', 'equal'),
    opt('Not Equal', 'notEqual'),
    opt('Regex Match', 'regex'),
    opt('Regex Not Match', 'notRegex'),
    opt('Starts With', 'startsWith'),
    opt('Not Starts With', 'notStartsWith'),
  ],
};

const DEFAULT_OPERATION: Record<string, string> = { boolean: 'equal', dateTime: 'after', number: 'smaller', string: 'equal' };
const VALUE_TYPE: Record<string, INodeProperties['type']> = { boolean: 'boolean', dateTime: 'dateTime', number: 'number', string: 'string' };
const VALUE1_DEFAULT: Record<string, unknown> = { boolean: false, dateTime: '', number: 0, string: '' };
const VALUE2_DEFAULT: Record<string, unknown> = { boolean: false, dateTime: 0, number: 0, string: '' };
const RULE_LABEL: Record<string, string> = { boolean: 'Boolean', dateTime: 'Dates', number: 'Numbers', string: 'Strings' };

function value2(dataType: string): INodeProperties[] {
  const base: INodeProperties = {
    displayName: 'Value 2',
    name: 'value2',
    type: VALUE_TYPE[dataType],
    default: VALUE2_DEFAULT[dataType],
    description: 'The value to compare with the first one',
  };
  if (dataType !== 'string') return [base];
  return [
    { ...base, displayOptions: { hide: { operation: ['regex', 'notRegex'] } } },
    {
      displayName: 'Regex',
      name: 'value2',
      type: 'string',
      displayOptions: { show: { operation: ['regex', 'notRegex'] } },
      default: '',
      placeholder: '/text/i',
      description: 'The regex which has to match',
    },
  ];
}

/** Value 1 and the rules list for each data type; `routeTo` is the field that says where a match goes. */
export function legacyRuleProperties(routeTo: INodeProperties, sortable: boolean): INodeProperties[] {
  const out: INodeProperties[] = [];
  for (const dataType of ['boolean', 'dateTime', 'number', 'string']) {
    out.push({
      displayName: 'Value 1',
      name: 'value1',
      type: VALUE_TYPE[dataType],
      displayOptions: { show: { dataType: [dataType], mode: ['rules'] } },
      default: VALUE1_DEFAULT[dataType],
      description: dataType === 'boolean' ? 'The value to compare with the first one' : 'The value to compare with the second one',
    });
    out.push({
      displayName: 'Routing Rules',
      name: 'rules',
      placeholder: 'Add Routing Rule',
      type: 'fixedCollection',
      typeOptions: sortable ? { multipleValues: true, sortable: true } : { multipleValues: true },
      displayOptions: { show: { dataType: [dataType], mode: ['rules'] } },
      default: {},
      options: [
        {
          name: 'rules',
          displayName: RULE_LABEL[dataType],
          values: [
            {
              displayName: 'Operation',
              name: 'operation',
              type: 'options',
              options: OPERATIONS[dataType],
              default: DEFAULT_OPERATION[dataType],
              description: OPERATION_DESCRIPTION,
            },
            ...value2(dataType),
            routeTo,
          ],
        },
      ],
    });
  }
  return out;
}

export const modeProperty: INodeProperties = {
  displayName: 'Mode',
  name: 'mode',
  type: 'options',
  options: [
    { name: 'Expression', value: 'expression', description: 'Expression decides how to route data' },
    { name: 'Rules', value: 'rules', description: 'Rules decide how to route data' },
  ],
  default: 'rules',
  description: 'How data should be routed',
};

export const dataTypeProperty: INodeProperties = {
  displayName: 'Data Type',
  name: 'dataType',
  type: 'options',
  displayOptions: { show: { mode: ['rules'] } },
  options: [opt('Boolean', 'boolean'), opt('Date & Time', 'dateTime'), opt('Number', 'number'), opt('String', 'string')],
  default: 'number',
  description: 'The type of data to route on',
};
