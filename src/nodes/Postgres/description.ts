// Parameters of the Postgres node: v1 (n8n's PostgresV1) and v2 … 2.6 (PostgresV2), n8n's names
// and defaults so imported workflows run unchanged.
import type { INodeProperties } from '../../model/nodeTypes.ts';

const op = (operations: string[]) => ({ show: { operation: operations } });

// ---- v1 -----------------------------------------------------------------------------------

export const postgresV1Properties: INodeProperties[] = [
  {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    options: [
      { name: 'Execute Query', value: 'executeQuery', description: 'Execute an SQL query', action: 'Execute a SQL query' },
      { name: 'Insert', value: 'insert', description: 'Insert rows in database', action: 'Insert rows in database' },
      { name: 'Update', value: 'update', description: 'Update rows in database', action: 'Update rows in database' },
    ],
    default: 'insert',
  },
  {
    displayName: 'Query',
    name: 'query',
    type: 'string',
    typeOptions: { editor: 'sqlEditor', rows: 5 },
    displayOptions: op(['executeQuery']),
    default: '',
    placeholder: 'SELECT id, name FROM product WHERE quantity > $1 AND price <= $2',
    required: true,
    description: 'The SQL query to execute. You can use expressions or $1 and $2 in conjunction with query parameters.',
  },
  { displayName: 'Schema', name: 'schema', type: 'string', displayOptions: op(['insert']), default: 'public', required: true, description: 'Name of the schema the table belongs to' },
  { displayName: 'Table', name: 'table', type: 'string', displayOptions: op(['insert']), default: '', required: true, description: 'Name of the table in which to insert data to' },
  {
    displayName: 'Columns',
    name: 'columns',
    type: 'string',
    displayOptions: op(['insert']),
    default: '',
    placeholder: 'id:int,name:text,description',
    description: 'Comma-separated list of the properties which should used as columns for the new rows. You can use type casting with colons (:) like id:int.',
  },
  { displayName: 'Schema', name: 'schema', type: 'string', displayOptions: op(['update']), default: 'public', description: 'Name of the schema the table belongs to' },
  { displayName: 'Table', name: 'table', type: 'string', displayOptions: op(['update']), default: '', required: true, description: 'Name of the table in which to update data in' },
  {
    displayName: 'Update Key',
    name: 'updateKey',
    type: 'string',
    displayOptions: op(['update']),
    default: 'id',
    required: true,
    description: 'Comma-separated list of the properties which decides which rows in the database should be updated. Normally that would be "id".',
  },
  {
    displayName: 'Columns',
    name: 'columns',
    type: 'string',
    displayOptions: op(['update']),
    default: '',
    placeholder: 'name:text,description',
    description: 'Comma-separated list of the properties which should used as columns for rows to update. You can use type casting with colons (:) like id:int.',
  },
  { displayName: 'Return Fields', name: 'returnFields', type: 'string', displayOptions: op(['insert', 'update']), default: '*', description: 'Comma-separated list of the fields that the operation will return' },
  {
    displayName: 'Additional Fields',
    name: 'additionalFields',
    type: 'collection',
    placeholder: 'Add Field',
    default: {},
    options: [
      {
        displayName: 'Mode',
        name: 'mode',
        type: 'options',
        options: [
          { name: 'Independently', value: 'independently', description: 'Execute each query independently' },
          { name: 'Multiple Queries', value: 'multiple', description: '<b>Default</b>. Sends multiple queries at once to database.' },
          { name: 'Transaction', value: 'transaction', description: 'Executes all queries in a single transaction' },
        ],
        default: 'multiple',
        description: 'The way queries should be sent to database. Can be used in conjunction with <b>Continue on Fail</b>.',
      },
      {
        displayName: 'Query Parameters',
        name: 'queryParams',
        type: 'string',
        displayOptions: { show: { '/operation': ['executeQuery'] } },
        default: '',
        placeholder: 'quantity,price',
        description: 'Comma-separated list of properties which should be used as query parameters',
      },
    ],
  },
];

// ---- v2 -----------------------------------------------------------------------------------

const optionsCollection: INodeProperties = {
  displayName: 'Options',
  name: 'options',
  type: 'collection',
  placeholder: 'Add Option',
  default: {},
  options: [
    {
      displayName: 'Cascade',
      name: 'cascade',
      type: 'boolean',
      default: false,
      description: 'Whether to drop all objects that depend on the table, such as views and sequences',
      displayOptions: { show: { '/operation': ['deleteTable'] }, hide: { '/deleteCommand': ['delete'] } },
    },
    { displayName: 'Connection Timeout', name: 'connectionTimeout', type: 'number', default: 30, description: 'Number of seconds reserved for connecting to the database' },
    {
      displayName: 'Query Batching',
      name: 'queryBatching',
      type: 'options',
      noDataExpression: true,
      options: [
        { name: 'Single Query', value: 'single', description: 'A single query for all incoming items' },
        { name: 'Independently', value: 'independently', description: 'Execute one query per incoming item of the run' },
        { name: 'Transaction', value: 'transaction', description: 'Execute all queries in a transaction, if a failure occurs, all changes are rolled back' },
      ],
      default: 'single',
      description: 'The way queries should be sent to the database',
    },
    {
      displayName: 'Query Parameters',
      name: 'queryReplacement',
      type: 'string',
      default: '',
      description: 'Comma-separated list of the values you want to use as query parameters',
      hint: 'Comma-separated list of values: reference them in your query as $1, $2, $3…',
      placeholder: 'e.g. value1,value2,value3',
      displayOptions: { show: { '/operation': ['executeQuery'] } },
    },
    {
      displayName: 'Output Columns',
      name: 'outputColumns',
      type: 'multiOptions',
      description: 'Columns to return; specify them with an expression (e.g. {{ ["id", "name"] }})',
      typeOptions: { loadOptionsDependsOn: ['table.value'] },
      options: [],
      default: [],
      displayOptions: { show: { '/operation': ['select', 'insert', 'update', 'upsert'] } },
    },
    {
      displayName: 'Output Large-Format Numbers As',
      name: 'largeNumbersOutput',
      type: 'options',
      options: [
        { name: 'Numbers', value: 'numbers' },
        { name: 'Text', value: 'text', description: 'Use this if you expect numbers longer than 16 digits (otherwise numbers may be incorrect)' },
      ],
      hint: 'Applies to NUMERIC and BIGINT columns only',
      default: 'text',
    },
    {
      displayName: 'Skip on Conflict',
      name: 'skipOnConflict',
      type: 'boolean',
      default: false,
      description: 'Whether to skip the row and do not throw error if a unique constraint or exclusion constraint is violated',
      displayOptions: { show: { '/operation': ['insert'] } },
    },
    {
      displayName: 'Replace Empty Strings with NULL',
      name: 'replaceEmptyStrings',
      type: 'boolean',
      default: false,
      description: 'Whether to replace empty strings with NULL in input, could be useful when data come from spreadsheet',
      displayOptions: { show: { '/operation': ['insert', 'update', 'upsert', 'executeQuery'] } },
    },
  ],
};

const rlc = (name: 'schema' | 'table', def: string, description: string): INodeProperties => ({
  displayName: name === 'schema' ? 'Schema' : 'Table',
  name,
  type: 'resourceLocator',
  default: { mode: 'list', value: def },
  required: true,
  placeholder: name === 'schema' ? 'e.g. public' : 'e.g. orders',
  description,
  modes: [
    { displayName: 'From List', name: 'list', type: 'list' },
    { displayName: 'By Name', name: 'name', type: 'string' },
  ],
  displayOptions: { hide: { operation: ['executeQuery'] } },
});

const whereCollection: INodeProperties = {
  displayName: 'Select Rows',
  name: 'where',
  type: 'fixedCollection',
  typeOptions: { multipleValues: true },
  placeholder: 'Add Condition',
  default: {},
  description: 'If not set, all rows will be selected',
  options: [
    {
      displayName: 'Values',
      name: 'values',
      values: [
        { displayName: 'Column', name: 'column', type: 'string', default: '', placeholder: 'e.g. ID' },
        {
          displayName: 'Operator',
          name: 'condition',
          type: 'options',
          options: [
            { name: 'Equal', value: 'equal' },
            { name: 'Not Equal', value: '!=' },
            { name: 'Like', value: 'LIKE' },
            { name: 'Greater Than', value: '>' },
            { name: 'Less Than', value: '<' },
            { name: 'Greater Than Or Equal', value: '>=' },
            { name: 'Less Than Or Equal', value: '<=' },
            { name: 'Is Null', value: 'IS NULL' },
          ],
          default: 'equal',
        },
        { displayName: 'Value', name: 'value', type: 'string', default: '', placeholder: 'e.g. 1234', displayOptions: { show: { condition: ['equal', '!='] } } },
        { displayName: 'Value', name: 'value', type: 'string', default: '', placeholder: 'e.g. Jen%', hint: 'Percent sign ( %) matches zero or more characters, underscore ( _ ) matches any single character', displayOptions: { show: { condition: ['LIKE'] } } },
        { displayName: 'Value', name: 'value', type: 'number', default: 0, displayOptions: { show: { condition: ['>', '<', '>=', '<='] } } },
      ],
    },
  ],
};

const sortCollection: INodeProperties = {
  displayName: 'Sort',
  name: 'sort',
  type: 'fixedCollection',
  typeOptions: { multipleValues: true },
  placeholder: 'Add Sort Rule',
  default: {},
  options: [
    {
      displayName: 'Values',
      name: 'values',
      values: [
        { displayName: 'Column', name: 'column', type: 'string', default: '' },
        { displayName: 'Direction', name: 'direction', type: 'options', options: [{ name: 'ASC', value: 'ASC' }, { name: 'DESC', value: 'DESC' }], default: 'ASC' },
      ],
    },
  ],
};

const combineConditions: INodeProperties = {
  displayName: 'Combine Conditions',
  name: 'combineConditions',
  type: 'options',
  description: 'How to combine the conditions defined in "Select Rows": AND requires all conditions to be true, OR requires at least one condition to be true',
  options: [
    { name: 'AND', value: 'AND', description: 'Only rows that meet all the conditions are selected' },
    { name: 'OR', value: 'OR', description: 'Rows that meet at least one condition are selected' },
  ],
  default: 'AND',
};

/** Shows `p` for the given operations (n8n's updateDisplayOptions). */
function forOps(operations: string[], props: INodeProperties[], extraShow: Record<string, unknown[]> = {}): INodeProperties[] {
  return props.map((p) => ({
    ...p,
    displayOptions: {
      ...p.displayOptions,
      show: { ...p.displayOptions?.show, resource: ['database'], operation: operations, ...extraShow },
    },
  }));
}

const valuesToSend = (loadFrom: string): INodeProperties => ({
  displayName: 'Values to Send',
  name: 'valuesToSend',
  placeholder: 'Add Value',
  type: 'fixedCollection',
  typeOptions: { multipleValueButtonText: 'Add Value', multipleValues: true },
  displayOptions: { show: { dataMode: ['defineBelow'], '@version': [2, 2.1] } },
  default: {},
  options: [
    {
      displayName: 'Values',
      name: 'values',
      values: [
        { displayName: 'Column', name: 'column', type: 'string', default: '', description: loadFrom },
        { displayName: 'Value', name: 'value', type: 'string', default: '' },
      ],
    },
  ],
});

const dataMode: INodeProperties = {
  displayName: 'Data Mode',
  name: 'dataMode',
  type: 'options',
  options: [
    { name: 'Auto-Map Input Data to Columns', value: 'autoMapInputData', description: 'Use when node input properties names exactly match the table column names' },
    { name: 'Map Each Column Manually', value: 'defineBelow', description: 'Set the value for each destination column manually' },
  ],
  default: 'autoMapInputData',
  description: 'Whether to map node input properties and the table data automatically or manually',
  displayOptions: { show: { '@version': [2, 2.1] } },
};

const columnToMatchOn: INodeProperties = {
  displayName: 'Column to Match On',
  name: 'columnToMatchOn',
  type: 'string',
  required: true,
  description: 'The column to compare when finding the rows to update',
  default: '',
  hint: 'The column that identifies the row(s) to modify',
  displayOptions: { show: { '@version': [2, 2.1] } },
};

const valueToMatchOn: INodeProperties = {
  displayName: 'Value of Column to Match On',
  name: 'valueToMatchOn',
  type: 'string',
  default: '',
  description: 'Rows with a value in the specified "Column to Match On" that corresponds to the value in this field will be updated',
  displayOptions: { show: { dataMode: ['defineBelow'], '@version': [2, 2.1] } },
};

const resourceMapper = (mode: 'add' | 'update' | 'upsert'): INodeProperties => ({
  displayName: 'Columns',
  name: 'columns',
  type: 'resourceMapper',
  default: { mappingMode: 'defineBelow', value: null },
  noDataExpression: true,
  required: true,
  typeOptions: {
    loadOptionsDependsOn: ['table.value', 'operation'],
    resourceMapper: { resourceMapperMethod: 'getMappingColumns', mode, fieldWords: { singular: 'column', plural: 'columns' }, addAllFields: true, multiKeyMatch: true },
  },
  displayOptions: { hide: { '@version': [2, 2.1] } },
});

export const postgresV2Properties: INodeProperties[] = [
  { displayName: 'Resource', name: 'resource', type: 'hidden', noDataExpression: true, options: [{ name: 'Database', value: 'database' }], default: 'database' },
  {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    options: [
      { name: 'Delete', value: 'deleteTable', description: 'Delete an entire table or rows in a table', action: 'Delete table or rows' },
      { name: 'Execute Query', value: 'executeQuery', description: 'Execute an SQL query', action: 'Execute a SQL query' },
      { name: 'Insert', value: 'insert', description: 'Insert rows in a table', action: 'Insert rows in a table' },
      { name: 'Insert or Update', value: 'upsert', description: 'Insert or update rows in a table', action: 'Insert or update rows in a table' },
      { name: 'Select', value: 'select', description: 'Select rows from a table', action: 'Select rows from a table' },
      { name: 'Update', value: 'update', description: 'Update rows in a table', action: 'Update rows in a table' },
    ],
    displayOptions: { show: { resource: ['database'] } },
    default: 'insert',
  },
  rlc('schema', 'public', 'The schema that contains the table you want to work on'),
  rlc('table', '', 'The table you want to work on'),
  // deleteTable
  ...forOps(['deleteTable'], [
    {
      displayName: 'Command',
      name: 'deleteCommand',
      type: 'options',
      default: 'truncate',
      options: [
        { name: 'Truncate', value: 'truncate', description: "Only removes the table's data and preserves the table's structure" },
        { name: 'Delete', value: 'delete', description: "Delete the rows that match the 'Select Rows' conditions below. If no selection is made, all rows in the table are deleted." },
        { name: 'Drop', value: 'drop', description: "Deletes the table's data and also the table's structure permanently" },
      ],
    },
    { displayName: 'Restart Sequences', name: 'restartSequences', type: 'boolean', default: false, description: 'Whether to reset identity (auto-increment) columns to their initial values', displayOptions: { show: { deleteCommand: ['truncate'] } } },
    { ...whereCollection, displayOptions: { show: { deleteCommand: ['delete'] } } },
    { ...combineConditions, displayOptions: { show: { deleteCommand: ['delete'] } } },
  ]),
  // executeQuery
  ...forOps(['executeQuery'], [
    {
      displayName: 'Query',
      name: 'query',
      type: 'string',
      default: '',
      placeholder: 'e.g. SELECT id, name FROM product WHERE quantity > $1 AND price <= $2',
      noDataExpression: true,
      required: true,
      description: "The SQL query to execute. You can use expressions and $1, $2, $3, etc to refer to the 'Query Parameters' set in options below.",
      typeOptions: { editor: 'sqlEditor', rows: 5, sqlDialect: 'PostgreSQL' },
      hint: 'Consider using query parameters to prevent SQL injection attacks. Add them in the options below',
    },
  ]),
  // insert
  ...forOps(['insert'], [dataMode, valuesToSend('Column name'), resourceMapper('add')]),
  // select
  ...forOps(['select'], [
    { displayName: 'Return All', name: 'returnAll', type: 'boolean', default: false, description: 'Whether to return all results or only up to a given limit' },
    { displayName: 'Limit', name: 'limit', type: 'number', default: 50, description: 'Max number of results to return', typeOptions: { minValue: 1 }, displayOptions: { show: { returnAll: [false] } } },
    whereCollection,
    combineConditions,
    sortCollection,
  ]),
  // update, upsert
  ...forOps(['update'], [dataMode, columnToMatchOn, valueToMatchOn, valuesToSend('Column name'), resourceMapper('update')]),
  ...forOps(['upsert'], [dataMode, columnToMatchOn, valueToMatchOn, valuesToSend('Column name'), resourceMapper('upsert')]),
  optionsCollection,
];
