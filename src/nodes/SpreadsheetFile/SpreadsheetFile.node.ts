// Spreadsheet File: n8n-nodes-base.spreadsheetFile v1, v2 and v3 (n8n hides it in favour of Extract
// From File and Convert to File, which share its code). Reads csv, html, ods, rtf, xls and xlsx
// files into items and writes items into one such file. v2 reads CSV with csv-parse and has the
// CSV options; v1 lets SheetJS read every format and passes over items without the file; v3
// reads date cells as dates.
import type { INodeProperties, INodeTypeDescription } from '../../model/nodeTypes.ts';
import type { INodeExecutionData } from '../../model/execution.ts';
import { NodeOperationError, type ExecuteFunctions, type NodeType } from '../types.ts';
import { binaryProperty, fromFileFormatProperty, fromFileOptions, operationProperty, toFileOptions, toFileProperties } from './description.ts';
import { readFromFile, writeToFile } from './operations.ts';

const base = {
  displayName: 'Spreadsheet File',
  name: 'n8n-nodes-base.spreadsheetFile',
  icon: 'fa:table',
  group: ['transform'],
  description: 'Reads and writes data from a spreadsheet file like CSV, XLS, ODS, etc',
  hidden: true,
  defaults: { name: 'Spreadsheet File', color: '#2244FF' },
  inputs: ['main'],
  outputs: ['main'],
  codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Files'] }, alias: ['CSV', 'Excel', 'ODS', 'XLS', 'XLSX', 'Spreadsheet'] },
} satisfies Partial<INodeTypeDescription>;

const fromFile = { show: { '/operation': ['fromFile'] } };
const v1Options: INodeProperties = {
  displayName: 'Options',
  name: 'options',
  type: 'collection',
  placeholder: 'Add Option',
  default: {},
  options: [
    { displayName: 'Compression', name: 'compression', type: 'boolean', displayOptions: { show: { '/operation': ['toFile'], '/fileFormat': ['xlsx', 'ods'] } }, default: false, description: 'Whether compression will be applied or not' },
    { displayName: 'File Name', name: 'fileName', type: 'string', displayOptions: { show: { '/operation': ['toFile'] } }, default: '', description: 'File name to set in binary data. By default will "spreadsheet.&lt;fileFormat&gt;" be used.' },
    { displayName: 'Header Row', name: 'headerRow', type: 'boolean', displayOptions: { show: { '/operation': ['fromFile', 'toFile'] } }, default: true, description: 'Whether the first row of the file contains the header names' },
    { displayName: 'Include Empty Cells', name: 'includeEmptyCells', type: 'boolean', displayOptions: fromFile, default: false, description: 'When reading from file the empty cells will be filled with an empty string in the JSON' },
    { displayName: 'RAW Data', name: 'rawData', type: 'boolean', displayOptions: fromFile, default: false, description: 'Whether the data should be returned RAW instead of parsed' },
    { displayName: 'Read As String', name: 'readAsString', type: 'boolean', displayOptions: fromFile, default: false, description: 'In some cases and file formats, it is necessary to read specifically as string else some special character get interpreted wrong' },
    { displayName: 'Range', name: 'range', type: 'string', displayOptions: fromFile, default: '', description: 'The range to read from the table. If set to a number it will be the starting row. If set to string it will be used as A1-style bounded range.' },
    { displayName: 'Sheet Name', name: 'sheetName', type: 'string', displayOptions: fromFile, default: 'Sheet', description: 'Name of the sheet to read from in the spreadsheet (if supported). If not set, the first one gets chosen.' },
    { displayName: 'Sheet Name', name: 'sheetName', type: 'string', displayOptions: { show: { '/operation': ['toFile'], '/fileFormat': ['ods', 'xls', 'xlsx'] } }, default: 'Sheet', description: 'Name of the sheet to create in the spreadsheet' },
  ],
};

const v1Properties: INodeProperties[] = [
  operationProperty,
  { displayName: 'Binary Property', name: 'binaryPropertyName', type: 'string', default: 'data', required: true, displayOptions: { show: { operation: ['fromFile'] } }, placeholder: '', description: 'Name of the binary property from which to read the binary data of the spreadsheet file' },
  toFileProperties[0],
  { displayName: 'Binary Property', name: 'binaryPropertyName', type: 'string', default: 'data', required: true, displayOptions: { show: { operation: ['toFile'] } }, placeholder: '', description: 'Name of the binary property in which to save the binary data of the spreadsheet file' },
  v1Options,
];

async function run(ctx: ExecuteFunctions, v1: boolean, cellDates = false): Promise<INodeExecutionData[][]> {
  const operation = ctx.getNodeParameter('operation', 0, 'fromFile') as string;
  if (operation === 'fromFile') return [await readFromFile(ctx, 'fileFormat', { v1, cellDates })];
  if (operation === 'toFile') return [await writeToFile(ctx)];
  if (ctx.continueOnFail()) return [[{ json: { error: `The operation "${operation}" is not supported!` } }]];
  throw new NodeOperationError(ctx.getNode(), `The operation "${operation}" is not supported!`);
}

export const spreadsheetFileV1: NodeType = {
  kind: 'regular',
  description: { ...base, version: 1, properties: v1Properties },
  execute: (ctx) => run(ctx, true),
};

const v2Properties = [operationProperty, binaryProperty, fromFileFormatProperty, fromFileOptions, ...toFileProperties, toFileOptions];

export const spreadsheetFileV2: NodeType = {
  kind: 'regular',
  description: { ...base, version: 2, properties: v2Properties },
  execute: (ctx) => run(ctx, false),
};

/** n8n's version 3: as 2, with date cells read as dates (ISO strings) instead of serial numbers. */
export const spreadsheetFileV3: NodeType = {
  kind: 'regular',
  description: { ...base, version: 3, properties: v2Properties },
  execute: (ctx) => run(ctx, false, true),
};
