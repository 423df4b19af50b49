// Merge versions 2 and 2.1: append, combine (by fields, by position, cross join) and choose branch.
import type { INodeTypeDescription } from '../../../model/nodeTypes.ts';
import { mergeBase } from '../base.ts';
import { fieldsToMatchProperty, joinModeProperty, outputDataFromMatches, outputDataFromNonMatches, withDisplay } from '../shared/description.ts';
import { optionsV2 } from './options.ts';

export const mergeV2Description: INodeTypeDescription = {
  ...mergeBase,
  version: [2, 2.1],
  inputs: ['main', 'main'],
  inputNames: ['Input 1', 'Input 2'],
  properties: [
    {
      displayName: 'Mode',
      name: 'mode',
      type: 'options',
      options: [
        { name: 'Append', value: 'append', description: 'All items of input 1, then all items of input 2' },
        { name: 'Combine', value: 'combine', description: 'Merge matching items together' },
        { name: 'Choose Branch', value: 'chooseBranch', description: 'Output input data, without modifying it' },
      ],
      default: 'append',
      description: 'How data of branches should be merged',
    },
    {
      displayName: 'Combination Mode',
      name: 'combinationMode',
      type: 'options',
      options: [
        { name: 'Merge By Fields', value: 'mergeByFields', description: 'Combine items with the same field values' },
        { name: 'Merge By Position', value: 'mergeByPosition', description: 'Combine items based on their order' },
        { name: 'Multiplex', value: 'multiplex', description: 'All possible item combinations (cross join)' },
      ],
      default: 'mergeByFields',
      displayOptions: { show: { mode: ['combine'] } },
    },
    ...withDisplay({ mode: ['combine'], combinationMode: ['mergeByFields'] }, [fieldsToMatchProperty, joinModeProperty, outputDataFromMatches, outputDataFromNonMatches]),
    {
      displayName: 'Output Type',
      name: 'chooseBranchMode',
      type: 'options',
      options: [{ name: 'Wait for Both Inputs to Arrive', value: 'waitForBoth' }],
      default: 'waitForBoth',
      displayOptions: { show: { mode: ['chooseBranch'] } },
    },
    {
      displayName: 'Output',
      name: 'output',
      type: 'options',
      options: [
        { name: 'Input 1 Data', value: 'input1' },
        { name: 'Input 2 Data', value: 'input2' },
        { name: 'A Single, Empty Item', value: 'empty' },
      ],
      default: 'input1',
      displayOptions: { show: { mode: ['chooseBranch'], chooseBranchMode: ['waitForBoth'] } },
    },
    optionsV2,
  ],
};
