// Convert to File: n8n-nodes-base.convertToFile v1 and 1.1. All items into one spreadsheet file
// (csv, html, ods, rtf, xls, xlsx, written by SheetJS in the file worker), items into JSON files,
// a field into a text file, a base64 field into a file, items into ICS event files. 1.1 always
// reads "Move Base64 String to File" input as base64 (1 has the Data Is Base64 option).
import type { IBinaryData, INodeExecutionData } from '../../model/execution.ts';
import type { INodeProperties } from '../../model/nodeTypes.ts';
import type { IDataObject } from '../../model/workflow.ts';
import { NodeOperationError, type ExecuteFunctions, type NodeType } from '../types.ts';
import { generatePairedItemData } from '../shared/pairedItems.ts';
import { getPath } from '../shared/path.ts';
import { encodeDecodeOptions, encodeText, prepareBinary } from '../shared/files/binaryHelpers.ts';
import { itemsToSpreadsheet, type ToFileOptions } from '../SpreadsheetFile/operations.ts';
import { iCalExecute, iCalProperties } from './iCal.ts';
import { sliceDue, yieldToLoop } from '../../model/yieldToLoop.ts';

const SHEET_OPERATIONS = ['csv', 'html', 'rtf', 'ods', 'xls', 'xlsx'];
const on = (...operation: string[]) => ({ show: { operation } });

const outputField: INodeProperties = { displayName: 'Put Output File in Field', name: 'binaryPropertyName', type: 'string', default: 'data', required: true, placeholder: 'e.g data', hint: 'The name of the output binary field to put the file in' };
const addBOM: INodeProperties = {
  displayName: 'Add Byte Order Mark (BOM)',
  name: 'addBOM',
  type: 'boolean',
  default: false,
  description: 'Whether to add special marker at the start of your text file. This marker helps some programs understand how to read the file correctly.',
  displayOptions: { show: { encoding: ['utf8', 'cesu8', 'ucs2'] } },
};
const encoding: INodeProperties = { displayName: 'Encoding', name: 'encoding', type: 'options', options: encodeDecodeOptions, default: 'utf8', description: 'Choose the character set to use to encode the data' };

const properties: INodeProperties[] = [
  {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    options: [
      { name: 'Convert to CSV', value: 'csv', action: 'Convert to CSV', description: 'Transform input data into a CSV file' },
      { name: 'Convert to HTML', value: 'html', action: 'Convert to HTML', description: 'Transform input data into a table in an HTML file' },
      { name: 'Convert to ICS', value: 'iCal', action: 'Convert to ICS', description: 'Converts each input item to an ICS event file' },
      { name: 'Convert to JSON', value: 'toJson', action: 'Convert to JSON', description: 'Transform input data into a single or multiple JSON files' },
      { name: 'Convert to ODS', value: 'ods', action: 'Convert to ODS', description: 'Transform input data into an ODS file' },
      { name: 'Convert to RTF', value: 'rtf', action: 'Convert to RTF', description: 'Transform input data into a table in an RTF file' },
      { name: 'Convert to Text File', value: 'toText', action: 'Convert to text file', description: 'Transform input data string into a file' },
      { name: 'Convert to XLS', value: 'xls', action: 'Convert to XLS', description: 'Transform input data into an Excel file' },
      { name: 'Convert to XLSX', value: 'xlsx', action: 'Convert to XLSX', description: 'Transform input data into an Excel file' },
      { name: 'Move Base64 String to File', value: 'toBinary', action: 'Move base64 string to file', description: 'Convert a base64-encoded string into its original file format' },
    ],
    default: 'csv',
  },
  // spreadsheets
  { ...outputField, displayOptions: on(...SHEET_OPERATIONS) },
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add option',
    default: {},
    displayOptions: on(...SHEET_OPERATIONS),
    options: [
      { displayName: 'Compression', name: 'compression', type: 'boolean', displayOptions: { show: { '/operation': ['xlsx', 'ods'] } }, default: false, description: 'Whether to reduce the output file size' },
      { displayName: 'Delimiter', name: 'delimiter', type: 'string', displayOptions: { show: { '/operation': ['csv'] } }, default: ',', description: 'The character to use to separate fields' },
      { displayName: 'File Name', name: 'fileName', type: 'string', default: '', description: 'Name of the output file' },
      { displayName: 'Header Row', name: 'headerRow', type: 'boolean', default: true, description: 'Whether the first row of the file contains the header names' },
      { displayName: 'Sheet Name', name: 'sheetName', type: 'string', displayOptions: { show: { '/operation': ['ods', 'xls', 'xlsx'] } }, default: 'Sheet', description: 'Name of the sheet to create in the spreadsheet', placeholder: 'e.g. mySheet' },
    ],
  },
  // toBinary
  {
    displayName: 'Base64 Input Field',
    name: 'sourceProperty',
    type: 'string',
    default: '',
    required: true,
    placeholder: 'e.g data',
    description: "The name of the input field that contains the base64 string to convert to a file. Use dot-notation for deep fields (e.g. 'level1.level2.currentKey').",
    displayOptions: on('toBinary'),
  },
  { ...outputField, displayOptions: on('toBinary') },
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add option',
    default: {},
    displayOptions: on('toBinary'),
    options: [
      addBOM,
      { displayName: 'Data Is Base64', name: 'dataIsBase64', type: 'boolean', default: true, description: 'Whether the data is already base64 encoded', displayOptions: { show: { '@version': [1] } } },
      { ...encoding, displayOptions: { hide: { dataIsBase64: [true], '@version': [{ _cnd: { gt: 1 } }] } } },
      { displayName: 'File Name', name: 'fileName', type: 'string', default: '', placeholder: 'e.g. myFile', description: 'Name of the output file' },
      { displayName: 'MIME Type', name: 'mimeType', type: 'string', default: '', placeholder: 'e.g text/plain', description: 'The MIME type of the output file.' },
    ],
  },
  // toText
  {
    displayName: 'Text Input Field',
    name: 'sourceProperty',
    type: 'string',
    default: '',
    required: true,
    placeholder: 'e.g data',
    description: "The name of the input field that contains a string to convert to a file. Use dot-notation for deep fields (e.g. 'level1.level2.currentKey').",
    displayOptions: on('toText'),
  },
  { ...outputField, displayOptions: on('toText') },
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add option',
    default: {},
    displayOptions: on('toText'),
    options: [addBOM, encoding, { displayName: 'File Name', name: 'fileName', type: 'string', default: '', placeholder: 'e.g. myFile', description: 'Name of the output file' }],
  },
  // toJson
  {
    displayName: 'Mode',
    name: 'mode',
    type: 'options',
    noDataExpression: true,
    options: [
      { name: 'All Items to One File', value: 'once' },
      { name: 'Each Item to Separate File', value: 'each' },
    ],
    default: 'once',
    displayOptions: on('toJson'),
  },
  { ...outputField, displayOptions: on('toJson') },
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add option',
    default: {},
    displayOptions: on('toJson'),
    options: [
      addBOM,
      { displayName: 'Format', name: 'format', type: 'boolean', default: false, description: 'Whether to format the JSON data for easier reading' },
      encoding,
      { displayName: 'File Name', name: 'fileName', type: 'string', default: '', placeholder: 'e.g. myFile.json', description: 'Name of the output file' },
    ],
  },
  ...iCalProperties,
];

interface JsonToBinaryOptions {
  fileName?: string;
  sourceKey?: string;
  encoding?: string;
  addBOM?: boolean;
  mimeType?: string;
  dataIsBase64?: boolean;
  itemIndex?: number;
  format?: boolean;
}

/** n8n's createBinaryFromJson. */
async function createBinaryFromJson(ctx: ExecuteFunctions, data: IDataObject | IDataObject[], options: JsonToBinaryOptions): Promise<IBinaryData> {
  const itemIndex = options.itemIndex ?? 0;
  const value = options.sourceKey ? getPath(data, options.sourceKey) : data;
  if (value === undefined) throw new NodeOperationError(ctx.getNode(), `The value in "${options.sourceKey}" is not set`, { itemIndex });
  let mimeType = options.mimeType;
  let bytes: Uint8Array;
  if (!options.dataIsBase64) {
    let text = value as string;
    if (typeof value === 'object' && value !== null) {
      mimeType = 'application/json';
      text = options.format ? JSON.stringify(value, null, 2) : JSON.stringify(value);
    } else if (typeof value !== 'string') {
      text = String(value);
    }
    bytes = encodeText(ctx, text, options.encoding || 'utf8', options.addBOM, itemIndex);
  } else {
    let base64 = typeof value === 'string' ? value : String(value ?? '');
    const dataUri = /^data:(.*?);base64,(.*)$/s.exec(base64.trim());
    if (dataUri) {
      const mediaType = dataUri[1].split(';')[0].trim();
      if (!mimeType && mediaType) mimeType = mediaType;
      base64 = dataUri[2];
    }
    const cleaned = base64.replace(/\s+/g, '');
    if (cleaned.length > 0 && !/^[A-Za-z0-9+/=_-]+$/.test(cleaned)) {
      throw new NodeOperationError(ctx.getNode(), 'The provided string is not valid base64 data. If you are trying to write plain text to a file, use the "Convert to Text File" operation instead.', { itemIndex });
    }
    bytes = Buffer.from(base64, 'base64');
  }
  const binary = await prepareBinary(ctx, bytes, options.fileName || undefined, mimeType || undefined);
  if (!binary.fileName) binary.fileName = `file${binary.fileExtension ? `.${binary.fileExtension}` : ''}`;
  return binary;
}

function failItem(ctx: ExecuteFunctions, out: INodeExecutionData[], error: unknown, pairedItem: INodeExecutionData['pairedItem'], itemIndex?: number): void {
  if (ctx.continueOnFail()) {
    out.push({ json: { error: (error as Error).message }, pairedItem });
    return;
  }
  if (error instanceof NodeOperationError) throw error;
  throw new NodeOperationError(ctx.getNode(), (error as Error).message, { itemIndex });
}

async function spreadsheet(ctx: ExecuteFunctions, operation: string): Promise<INodeExecutionData[]> {
  const items = ctx.getInputData();
  const pairedItem = generatePairedItemData(items.length);
  const out: INodeExecutionData[] = [];
  try {
    const options = ctx.getNodeParameter('options', 0, {}) as ToFileOptions;
    const binaryPropertyName = String(ctx.getNodeParameter('binaryPropertyName', 0, 'data'));
    const binary = await itemsToSpreadsheet(ctx, items, operation, options, 'File');
    out.push({ json: {}, binary: { [binaryPropertyName]: binary }, pairedItem });
  } catch (error) {
    failItem(ctx, out, error, pairedItem);
  }
  return out;
}

async function perItem(ctx: ExecuteFunctions, make: (i: number, options: IDataObject) => Promise<IBinaryData>): Promise<INodeExecutionData[]> {
  const items = ctx.getInputData();
  const out: INodeExecutionData[] = [];
  for (let i = 0; i < items.length; i++) {
    if (sliceDue()) await yieldToLoop();
    try {
      const options = ctx.getNodeParameter('options', i, {}) as IDataObject;
      const binaryPropertyName = String(ctx.getNodeParameter('binaryPropertyName', i, 'data'));
      out.push({ json: {}, binary: { [binaryPropertyName]: await make(i, options) }, pairedItem: { item: i } });
    } catch (error) {
      failItem(ctx, out, error, { item: i }, i);
    }
  }
  return out;
}

async function toJson(ctx: ExecuteFunctions): Promise<INodeExecutionData[]> {
  const items = ctx.getInputData();
  const mode = String(ctx.getNodeParameter('mode', 0, 'once'));
  const jsonOptions = (options: IDataObject, itemIndex?: number): JsonToBinaryOptions => ({
    fileName: options.fileName as string | undefined,
    mimeType: 'application/json',
    encoding: options.encoding as string | undefined,
    addBOM: options.addBOM as boolean | undefined,
    format: options.format as boolean | undefined,
    itemIndex,
  });
  if (mode === 'once') {
    const pairedItem = generatePairedItemData(items.length);
    const out: INodeExecutionData[] = [];
    try {
      const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
      const binaryPropertyName = String(ctx.getNodeParameter('binaryPropertyName', 0, 'data'));
      const binary = await createBinaryFromJson(
        ctx,
        items.map((item) => item.json),
        jsonOptions(options),
      );
      out.push({ json: {}, binary: { [binaryPropertyName]: binary }, pairedItem });
    } catch (error) {
      failItem(ctx, out, error, pairedItem);
    }
    return out;
  }
  return perItem(ctx, (i, options) => createBinaryFromJson(ctx, ctx.getInputData()[i].json, jsonOptions(options, i)));
}

export const convertToFile: NodeType = {
  kind: 'regular',
  description: {
    displayName: 'Convert to File',
    name: 'n8n-nodes-base.convertToFile',
    icon: 'fa:file-import',
    group: ['input'],
    version: [1, 1.1],
    description: 'Convert JSON data to binary data',
    defaults: { name: 'Convert to File' },
    inputs: ['main'],
    outputs: ['main'],
    codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Files', 'Data Transformation'] }, alias: ['CSV', 'Spreadsheet', 'Excel', 'xls', 'xlsx', 'ods', 'tabular', 'encode', 'encoding', 'Move Binary Data', 'Binary', 'File', 'JSON', 'HTML', 'ICS', 'iCal', 'RTF', '64', 'Base64'] },
    properties,
  },
  async execute(ctx) {
    const operation = String(ctx.getNodeParameter('operation', 0, 'csv'));
    const version = ctx.getNode().typeVersion;
    if (SHEET_OPERATIONS.includes(operation)) return [await spreadsheet(ctx, operation)];
    if (operation === 'toJson') return [await toJson(ctx)];
    if (operation === 'toBinary') {
      return [
        await perItem(ctx, (i, options) =>
          createBinaryFromJson(ctx, ctx.getInputData()[i].json, {
            sourceKey: String(ctx.getNodeParameter('sourceProperty', i)),
            fileName: options.fileName as string | undefined,
            mimeType: options.mimeType as string | undefined,
            dataIsBase64: version === 1 ? options.dataIsBase64 !== false : true,
            encoding: options.encoding as string | undefined,
            addBOM: options.addBOM as boolean | undefined,
            itemIndex: i,
          }),
        ),
      ];
    }
    if (operation === 'toText') {
      return [
        await perItem(ctx, (i, options) =>
          createBinaryFromJson(ctx, ctx.getInputData()[i].json, {
            sourceKey: String(ctx.getNodeParameter('sourceProperty', i)),
            fileName: (options.fileName as string) || 'file.txt',
            mimeType: 'text/plain',
            dataIsBase64: false,
            encoding: options.encoding as string | undefined,
            addBOM: options.addBOM as boolean | undefined,
            itemIndex: i,
          }),
        ),
      ];
    }
    if (operation === 'iCal') return [await iCalExecute(ctx)];
    throw new NodeOperationError(ctx.getNode(), `The operation "${operation}" is not supported!`);
  },
};
