// Merge v3's per-mode properties (n8n's v3/actions/mode/*.ts descriptions).
import type { INodeProperties } from '../../../model/nodeTypes.ts';
import { fieldsToMatchProperty, joinModeProperty, outputDataFromMatches, outputDataFromNonMatches, withDisplay } from '../shared/description.ts';
import { fuzzyCompareProperty, multipleMatchesProperty } from '../v2/options.ts';

export const numberInputsProperty: INodeProperties = {
  displayName: 'Number of Inputs',
  name: 'numberInputs',
  type: 'options',
  noDataExpression: true,
  default: 2,
  options: [2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => ({ name: String(n), value: n })),
  description: 'The number of data inputs you want to merge. The node waits for all connected inputs to be executed.',
};

export const clashHandlingV3: INodeProperties = {
  displayName: 'Clash Handling',
  name: 'clashHandling',
  type: 'fixedCollection',
  default: { values: { resolveClash: 'preferLast', mergeMode: 'deepMerge', overrideEmpty: false } },
  options: [
    {
      displayName: 'Values',
      name: 'values',
      values: [
        {
          displayName: 'When Field Values Clash',
          name: 'resolveClash',
          type: 'options',
          default: '',
          typeOptions: { loadOptionsMethod: 'getResolveClashOptions', loadOptionsDependsOn: ['numberInputs'] },
          options: [
            { name: 'Always Add Input Number to Field Names', value: 'addSuffix' },
            { name: 'Prefer Input 1 Version', value: 'preferInput1' },
            { name: 'Prefer Input 2 Version', value: 'preferLast' },
          ],
        },
        {
          displayName: 'Merging Nested Fields',
          name: 'mergeMode',
          type: 'options',
          default: 'deepMerge',
          options: [
            { name: 'Deep Merge', value: 'deepMerge', description: 'Merge at every level of nesting' },
            { name: 'Shallow Merge', value: 'shallowMerge', description: 'Merge at the top level only (all nested fields will come from the same input)' },
          ],
          hint: 'How to merge when there are sub-fields below the top-level ones',
          displayOptions: { show: { resolveClash: [{ _cnd: { not: 'addSuffix' } }] } },
        },
        {
          displayName: 'Minimize Empty Fields',
          name: 'overrideEmpty',
          type: 'boolean',
          default: false,
          description: "Whether to override the preferred input version for a field if it is empty and the other version isn't. Here 'empty' means undefined, null or an empty string.",
          displayOptions: { show: { resolveClash: [{ _cnd: { not: 'addSuffix' } }] } },
        },
      ],
    },
  ],
};

const combineByFields: INodeProperties[] = [
  {
    displayName: 'Fields To Match Have Different Names',
    name: 'advanced',
    type: 'boolean',
    default: false,
    description: 'Whether name(s) of field to match are different in input 1 and input 2',
  },
  {
    displayName: 'Fields to Match',
    name: 'fieldsToMatchString',
    type: 'string',
    placeholder: 'e.g. id, name',
    default: '',
    description: 'Specify the fields to use for matching input items',
    hint: 'Drag or type the input field name',
    displayOptions: { show: { advanced: [false] } },
  },
  { ...fieldsToMatchProperty, description: 'Specify the fields to use for matching input items', displayOptions: { show: { advanced: [true] } } },
  { ...joinModeProperty, description: 'How to select the items to send to output' },
  outputDataFromMatches,
  outputDataFromNonMatches,
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add option',
    default: {},
    options: [
      { ...clashHandlingV3, displayOptions: { hide: { '/joinMode': ['keepMatches', 'keepNonMatches'] } } },
      { ...clashHandlingV3, displayOptions: { show: { '/joinMode': ['keepMatches'], '/outputDataFrom': ['both'] } } },
      {
        displayName: 'Disable Dot Notation',
        name: 'disableDotNotation',
        type: 'boolean',
        default: false,
        description: 'Whether to disallow referencing child fields using `parent.child` in the field name',
      },
      fuzzyCompareProperty,
      { ...multipleMatchesProperty, displayOptions: { show: { '/joinMode': ['keepMatches'], '/outputDataFrom': ['both'] } } },
      { ...multipleMatchesProperty, displayOptions: { show: { '/joinMode': ['enrichInput1', 'enrichInput2', 'keepEverything'] } } },
    ],
  },
];

const combineByPosition: INodeProperties[] = [
  numberInputsProperty,
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add option',
    default: {},
    options: [
      { ...clashHandlingV3, default: { values: { resolveClash: 'addSuffix' } } },
      {
        displayName: 'Include Any Unpaired Items',
        name: 'includeUnpaired',
        type: 'boolean',
        default: false,
        description: 'Whether unpaired items should be included in the result when there are differing numbers of items among the inputs',
      },
    ],
  },
];

const combineAll: INodeProperties[] = [
  { displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add option', default: {}, options: [clashHandlingV3, fuzzyCompareProperty] },
];

const combineBySql: INodeProperties[] = [
  numberInputsProperty,
  {
    displayName: 'Query',
    name: 'query',
    type: 'string',
    default: 'SELECT * FROM input1 LEFT JOIN input2 ON input1.name = input2.id',
    noDataExpression: true,
    description: 'Input data available as tables with corresponding number, e.g. input1, input2',
    required: true,
    typeOptions: { rows: 5, editor: 'sqlEditor' },
  },
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add option',
    default: {},
    displayOptions: { show: { '@version': [3.2] } },
    options: [
      {
        displayName: 'Empty Query Result',
        name: 'emptyQueryResult',
        type: 'options',
        description: 'What to return if the query executed successfully but returned no results',
        options: [
          { name: 'Success', value: 'success' },
          { name: 'Empty Result', value: 'empty' },
        ],
        default: 'empty',
      },
    ],
  },
];

const chooseBranch: INodeProperties[] = [
  numberInputsProperty,
  {
    displayName: 'Output Type',
    name: 'chooseBranchMode',
    type: 'options',
    options: [{ name: 'Wait for All Inputs to Arrive', value: 'waitForAll' }],
    default: 'waitForAll',
  },
  {
    displayName: 'Output',
    name: 'output',
    type: 'options',
    options: [
      { name: 'Data of Specified Input', value: 'specifiedInput' },
      { name: 'A Single, Empty Item', value: 'empty' },
    ],
    default: 'specifiedInput',
    displayOptions: { show: { chooseBranchMode: ['waitForAll'] } },
  },
  {
    displayName: 'Use Data of Input',
    name: 'useDataOfInput',
    type: 'options',
    default: 1,
    displayOptions: { show: { output: ['specifiedInput'] } },
    typeOptions: { minValue: 1, loadOptionsMethod: 'getInputs', loadOptionsDependsOn: ['numberInputs'] },
    description: 'The number of the input to use data of',
  },
];

export const mergeV3Properties: INodeProperties[] = [
  {
    displayName: 'Mode',
    name: 'mode',
    type: 'options',
    noDataExpression: true,
    options: [
      { name: 'Append', value: 'append', description: 'Output items of each input, one after the other' },
      { name: 'Combine', value: 'combine', description: 'Merge matching items together' },
      { name: 'SQL Query', value: 'combineBySql', description: 'Write a query to do the merge' },
      { name: 'Choose Branch', value: 'chooseBranch', description: 'Output data from a specific branch, without modifying it' },
    ],
    default: 'append',
    description: 'How input data should be merged',
  },
  {
    displayName: 'Combine By',
    name: 'combineBy',
    type: 'options',
    noDataExpression: true,
    options: [
      { name: 'Matching Fields', value: 'combineByFields', description: 'Combine items with the same field values' },
      { name: 'Position', value: 'combineByPosition', description: 'Combine items based on their order' },
      { name: 'All Possible Combinations', value: 'combineAll', description: 'Every pairing of every two items (cross join)' },
    ],
    default: 'combineByFields',
    description: 'How input data should be merged',
    displayOptions: { show: { mode: ['combine'] } },
  },
  ...withDisplay({ mode: ['append'] }, [numberInputsProperty]),
  ...withDisplay({ mode: ['combine'], combineBy: ['combineAll'] }, combineAll),
  ...withDisplay({ mode: ['combine'], combineBy: ['combineByFields'] }, combineByFields),
  ...withDisplay({ mode: ['combineBySql'] }, combineBySql),
  ...withDisplay({ mode: ['combine'], combineBy: ['combineByPosition'] }, combineByPosition),
  ...withDisplay({ mode: ['chooseBranch'] }, chooseBranch),
];
