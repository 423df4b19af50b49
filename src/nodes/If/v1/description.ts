// IF version 1: conditions grouped by value type, combined with ALL or ANY.
import type { INodeProperties, INodeTypeDescription } from '../../../model/nodeTypes.ts';
import { ifBase } from '../base.ts';

const OPERATION_DESCRIPTION = 'Operation to decide where the data should be mapped to';
const value1 = (type: INodeProperties['type'], def: unknown): INodeProperties => ({
  displayName: 'Value 1',
  name: 'value1',
  type,
  default: def,
  description: 'The value to compare with the second one',
});
const value2 = (type: INodeProperties['type'], def: unknown, extra: Partial<INodeProperties> = {}): INodeProperties => ({
  displayName: 'Value 2',
  name: 'value2',
  type,
  default: def,
  description: 'The value to compare with the first one',
  ...extra,
});
const option = (name: string, value: string) => ({ name, value });

export const ifV1Description: INodeTypeDescription = {
  ...ifBase,
  version: 1,
  properties: [
    {
      displayName: 'Conditions',
      name: 'conditions',
      placeholder: 'Add Condition',
      type: 'fixedCollection',
      typeOptions: { multipleValues: true, sortable: true },
      description: 'The type of values to compare',
      default: {},
      options: [
        {
          name: 'boolean',
          displayName: 'Boolean',
          values: [
            value1('boolean', false),
            {
              displayName: 'Operation',
              name: 'operation',
              type: 'options',
              options: [option('Equal', 'equal'), option('Not Equal', 'notEqual')],
              default: 'equal',
              description: OPERATION_DESCRIPTION,
            },
            value2('boolean', false),
          ],
        },
        {
          name: 'dateTime',
          displayName: 'Date & Time',
          values: [
            value1('dateTime', ''),
            {
              displayName: 'Operation',
              name: 'operation',
              type: 'options',
              options: [option('Occurred After', 'after'), option('Occurred Before', 'before')],
              default: 'after',
              description: OPERATION_DESCRIPTION,
            },
            value2('dateTime', ''),
          ],
        },
        {
          name: 'number',
          displayName: 'Number',
          values: [
            value1('number', 0),
            {
              displayName: 'Operation',
              name: 'operation',
              type: 'options',
              noDataExpression: true,
              options: [
                option('Smaller', 'smaller'),
                option('Smaller or Equal', 'smallerEqual'),
                option('Equal', 'equal'),
                option('Not Equal', 'notEqual'),
                option('Larger', 'larger'),
                option('Larger or Equal', 'largerEqual'),
                option('Is Empty', 'isEmpty'),
                option('Is Not Empty', 'isNotEmpty'),
              ],
              default: 'smaller',
              description: OPERATION_DESCRIPTION,
            },
            value2('number', 0, { displayOptions: { hide: { operation: ['isEmpty', 'isNotEmpty'] } } }),
          ],
        },
        {
          name: 'string',
          displayName: 'String',
          values: [
            value1('string', ''),
            {
              displayName: 'Operation',
              name: 'operation',
              type: 'options',
              noDataExpression: true,
              options: [
                option('Contains', 'contains'),
                option('Not Contains', 'notContains'),
                option('Ends With', 'endsWith'),
                option('Not Ends With', 'notEndsWith'),
                option('Equal', 'equal'),
                option('Not Equal', 'notEqual'),
                option('Regex Match', 'regex'),
                option('Regex Not Match', 'notRegex'),
                option('Starts With', 'startsWith'),
                option('Not Starts With', 'notStartsWith'),
                option('Is Empty', 'isEmpty'),
                option('Is Not Empty', 'isNotEmpty'),
              ],
              default: 'equal',
              description: OPERATION_DESCRIPTION,
            },
            value2('string', '', { displayOptions: { hide: { operation: ['isEmpty', 'isNotEmpty', 'regex', 'notRegex'] } } }),
            {
              displayName: 'Regex',
              name: 'value2',
              type: 'string',
              displayOptions: { show: { operation: ['regex', 'notRegex'] } },
              default: '',
              placeholder: '/text/i',
              description: 'The regex which has to match',
            },
          ],
        },
      ],
    },
    {
      displayName: 'Combine',
      name: 'combineOperation',
      type: 'options',
      options: [
        { name: 'ALL', description: 'Only if all conditions are met it goes into "true" branch', value: 'all' },
        { name: 'ANY', description: 'If any of the conditions is met it goes into "true" branch', value: 'any' },
      ],
      default: 'all',
      description: 'If multiple rules got set this settings decides if it is true as soon as ANY condition matches or only if ALL get meet',
    },
  ],
};
