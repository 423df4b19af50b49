// Item Lists "Summarize" parameters (no count of empty values, unlike the Summarize node).
import type { INodeProperties } from '../../model/nodeTypes.ts';
import { DISABLE_DOT_NOTATION } from '../shared/items/sortProperties.ts';
import { FIELDS_TO_SPLIT_BY, OUTPUT_FORMAT, SKIP_EMPTY_SPLIT_FIELDS, fieldsToSummarizeProperty } from '../shared/items/summarize/properties.ts';

export const summarizeProperties: INodeProperties[] = [
  fieldsToSummarizeProperty(false),
  ...FIELDS_TO_SPLIT_BY,
  { displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add option', default: {}, options: [DISABLE_DOT_NOTATION, OUTPUT_FORMAT, SKIP_EMPTY_SPLIT_FIELDS] },
];
