// Merge versions 3–3.2: any number of inputs (2–10); append, combine, SQL query, choose branch.
import type { INodeTypeDescription } from '../../../model/nodeTypes.ts';
import { mergeBase } from '../base.ts';
import { mergeV3Properties } from './properties.ts';

export const mergeV3Description: INodeTypeDescription = {
  ...mergeBase,
  version: [3, 3.1, 3.2],
  inputs: ['main', 'main'],
  inputNames: ['Input 1', 'Input 2'],
  properties: mergeV3Properties,
};
