// Parameters of the MySQL node: v1 (n8n's MySqlV1) and v2 … 2.5 (MySqlV2), n8n's names and defaults.
import type { INodeProperties } from '../../model/nodeTypes.ts';

const op = (operations: string[]) => ({ show: { operation: operations } });

export const mySqlV1Properties: INodeProperties[] = [
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
  { displayName: 'Query', name: 'query', type: 'string', typeOptions: { editor: 'sqlEditor', rows: 5 }, displayOptions: op(['executeQuery']), default: '', placeholder: 'SELECT id, name FROM product WHERE id < 40', required: true, description: 'The SQL query to execute' },
  { displayName: 'Table', name: 'table', type: 'string', displayOptions: op(['insert', 'update']), default: '', required: true, description: 'Name of the table' },
  { displayName: 'Columns', name: 'columns', type: 'string', displayOptions: op(['insert']), default: '', placeholder: 'id,name,description', description: 'Comma-separated list of the properties which should used as columns for the new rows' },
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    displayOptions: op(['insert']),
    default: {},
    placeholder: 'Add modifiers',
    description: 'Modifiers for INSERT statement',
    options: [
      { displayName: 'Ignore', name: 'ignore', type: 'boolean', default: true, description: 'Whether to ignore any ignorable errors that occur while executing the INSERT statement' },
      { displayName: 'Priority', name: 'priority', type: 'options', options: [{ name: 'Low Prioirity', value: 'LOW_PRIORITY' }, { name: 'High Priority', value: 'HIGH_PRIORITY' }], default: 'LOW_PRIORITY' },
    ],
  },
  { displayName: 'Update Key', name: 'updateKey', type: 'string', displayOptions: op(['update']), default: 'id', required: true, description: 'Name of the property which decides which rows in the database should be updated. Normally that would be "id".' },
  { displayName: 'Columns', name: 'columns', type: 'string', displayOptions: op(['update']), default: '', placeholder: 'name,description', description: 'Comma-separated list of the properties which should used as columns for rows to update' },
];

const where: INodeProperties = {
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
        { displayName: 'Value', name: 'value', type: 'string', default: '', displayOptions: { hide: { condition: ['IS NULL'] } } },
      ],
    },
  ],
};

const dataMode: INodeProperties = {
  displayName: 'Data Mode',
  name: 'dataMode',
  type: 'options',
  options: [
    { name: 'Auto-Map Input Data to Columns', value: 'autoMapInputData', description: 'Use when node input properties names exactly match the table column names' },
    { name: 'Map Each Column Below', value: 'defineBelow', description: 'Set the value for each destination column manually' },
  ],
  default: 'autoMapInputData',
};

const valuesToSend: INodeProperties = {
  displayName: 'Values to Send',
  name: 'valuesToSend',
  placeholder: 'Add Value',
  type: 'fixedCollection',
  typeOptions: { multipleValueButtonText: 'Add Value', multipleValues: true },
  displayOptions: { show: { dataMode: ['defineBelow'] } },
  default: {},
  options: [{ displayName: 'Values', name: 'values', values: [{ displayName: 'Column', name: 'column', type: 'string', default: '' }, { displayName: 'Value', name: 'value', type: 'string', default: '' }] }],
};

const show = (operation: string[], p: INodeProperties): INodeProperties => ({ ...p, displayOptions: { ...p.displayOptions, show: { ...p.displayOptions?.show, resource: ['database'], operation } } });

export const mySqlV2Properties: INodeProperties[] = [
  { displayName: 'Resource', name: 'resource', type: 'hidden', noDataExpression: true, options: [{ name: 'Database', value: 'database' }], default: 'database' },
  {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    options: [
      { name: 'Delete', value: 'deleteTable', description: 'Delete an entire table or rows in a table', action: 'Delete table or rows' },
      { name: 'Execute SQL', value: 'executeQuery', description: 'Execute an SQL query', action: 'Execute a SQL query' },
      { name: 'Insert', value: 'insert', description: 'Insert rows in a table', action: 'Insert rows in a table' },
      { name: 'Insert or Update', value: 'upsert', description: 'Insert or update rows in a table', action: 'Insert or update rows in a table' },
      { name: 'Select', value: 'select', description: 'Select rows from a table', action: 'Select rows from a table' },
      { name: 'Update', value: 'update', description: 'Update rows in a table', action: 'Update rows in a table' },
    ],
    displayOptions: { show: { resource: ['database'] } },
    default: 'insert',
  },
  {
    displayName: 'Table',
    name: 'table',
    type: 'resourceLocator',
    default: { mode: 'list', value: '' },
    required: true,
    modes: [
      { displayName: 'From List', name: 'list', type: 'list', placeholder: 'Select a Table...' },
      { displayName: 'Name', name: 'name', type: 'string', placeholder: 'table_name' },
    ],
    displayOptions: { hide: { operation: ['executeQuery'] } },
  },
  show(['deleteTable'], {
    displayName: 'Command',
    name: 'deleteCommand',
    type: 'options',
    default: 'truncate',
    options: [
      { name: 'Truncate', value: 'truncate', description: "Only removes the table's data and preserves the table's structure" },
      { name: 'Delete', value: 'delete', description: "Delete the rows that match the 'Select Rows' conditions below. If no selection is made, all rows in the table are deleted." },
      { name: 'Drop', value: 'drop', description: "Deletes the table's data and also the table's structure permanently" },
    ],
  }),
  show(['deleteTable'], { ...where, displayOptions: { show: { deleteCommand: ['delete'] } } }),
  show(['executeQuery'], {
    displayName: 'Query',
    name: 'query',
    type: 'string',
    default: '',
    placeholder: 'e.g. SELECT id, name FROM product WHERE id < 40',
    required: true,
    noDataExpression: true,
    description: "The SQL query to execute. You can use expressions and $1, $2, $3, etc to refer to the 'Query Parameters' set in options below.",
    typeOptions: { editor: 'sqlEditor', rows: 5, sqlDialect: 'MySQL' },
    hint: 'Consider using query parameters to prevent SQL injection attacks. Add them in the options below',
  }),
  show(['insert', 'update', 'upsert'], dataMode),
  show(['update', 'upsert'], { displayName: 'Column to Match On', name: 'columnToMatchOn', type: 'string', required: true, default: '', description: 'The column to compare when finding the rows to update', hint: 'Used to find the correct row(s) to update. Doesn\'t get changed.' }),
  show(['update', 'upsert'], { displayName: 'Value of Column to Match On', name: 'valueToMatchOn', type: 'string', default: '', displayOptions: { show: { dataMode: ['defineBelow'] } } }),
  show(['insert', 'update', 'upsert'], valuesToSend),
  show(['select'], { displayName: 'Return All', name: 'returnAll', type: 'boolean', default: false, description: 'Whether to return all results or only up to a given limit' }),
  show(['select'], { displayName: 'Limit', name: 'limit', type: 'number', default: 50, typeOptions: { minValue: 1 }, description: 'Max number of results to return', displayOptions: { show: { returnAll: [false] } } }),
  show(['select'], where),
  show(['select'], {
    displayName: 'Sort',
    name: 'sort',
    type: 'fixedCollection',
    typeOptions: { multipleValues: true },
    placeholder: 'Add Sort Rule',
    default: {},
    options: [{ displayName: 'Values', name: 'values', values: [{ displayName: 'Column', name: 'column', type: 'string', default: '' }, { displayName: 'Direction', name: 'direction', type: 'options', options: [{ name: 'ASC', value: 'ASC' }, { name: 'DESC', value: 'DESC' }], default: 'ASC' }] }],
  }),
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    default: {},
    placeholder: 'Add Option',
    options: [
      { displayName: 'Connection Timeout', name: 'connectionTimeoutMillis', type: 'number', default: 0, description: 'Number of milliseconds reserved for connecting to the database' },
      { displayName: 'Connections Limit', name: 'connectionLimit', type: 'number', default: 10, typeOptions: { minValue: 1 }, description: 'Maximum amount of connections to the database' },
      { displayName: 'Combine Conditions', name: 'combineConditions', type: 'options', options: [{ name: 'AND', value: 'AND' }, { name: 'OR', value: 'OR' }], default: 'AND', displayOptions: { show: { '/operation': ['select', 'deleteTable'] } } },
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
      },
      { displayName: 'Query Parameters', name: 'queryReplacement', type: 'string', default: '', placeholder: 'e.g. value1,value2,value3', hint: 'Comma-separated list of values: reference them in your query as $1, $2, $3…', displayOptions: { show: { '/operation': ['executeQuery'] } } },
      { displayName: 'Output Columns', name: 'outputColumns', type: 'multiOptions', options: [], default: [], description: 'Columns to return; specify them with an expression', displayOptions: { show: { '/operation': ['select'] } } },
      { displayName: 'Output Large-Format Numbers As', name: 'largeNumbersOutput', type: 'options', options: [{ name: 'Numbers', value: 'numbers' }, { name: 'Text', value: 'text', description: 'Use this if you expect numbers longer than 16 digits (otherwise numbers may be incorrect)' }], hint: 'Applies to NUMERIC and BIGINT columns only', default: 'text', displayOptions: { show: { '/operation': ['select', 'executeQuery'] } } },
      { displayName: 'Priority', name: 'priority', type: 'options', options: [{ name: 'Low Prioirity', value: 'LOW_PRIORITY' }, { name: 'High Priority', value: 'HIGH_PRIORITY' }], default: 'LOW_PRIORITY', displayOptions: { show: { '/operation': ['insert'] } } },
      { displayName: 'Replace Empty Strings with NULL', name: 'replaceEmptyStrings', type: 'boolean', default: false, displayOptions: { show: { '/operation': ['insert', 'update', 'upsert', 'executeQuery'] } } },
      { displayName: 'Select Distinct', name: 'selectDistinct', type: 'boolean', default: false, description: 'Whether to remove these duplicate rows', displayOptions: { show: { '/operation': ['select'] } } },
      { displayName: 'Skip on Conflict', name: 'skipOnConflict', type: 'boolean', default: false, description: 'Whether to skip the row and do not throw error if a unique constraint or exclusion constraint is violated', displayOptions: { show: { '/operation': ['insert'] } } },
    ],
  },
];
