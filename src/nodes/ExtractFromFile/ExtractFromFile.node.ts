// Extract From File: n8n-nodes-base.extractFromFile v1 and 1.1. Spreadsheets (csv, html, ods,
// rtf, xls, xlsx) become one item per row; JSON, text, XML and ICS files are read into a field;
// PDFs give their text and metadata; any file can be moved into a base64 string. Parsing runs in
// the file worker with size, decompression and time limits (shared/files). 1.1 guesses the text
// encoding of a file when none is set; 1 reads UTF-8.
import type { INodeExecutionData } from '../../model/execution.ts';
import type { INodeProperties } from '../../model/nodeTypes.ts';
import type { IDataObject } from '../../model/workflow.ts';
import { NodeOperationError, type ExecuteFunctions, type NodeType } from '../types.ts';
import { deepCopy, deepCopyLarge } from '../shared/deepCopy.ts';
import { setPath, unsetPath } from '../shared/path.ts';
import { assertBinaryData, binaryAtPath, decodeText, detectEncoding, encodeDecodeOptions } from '../shared/files/binaryHelpers.ts';
import { readIcs, readPdf } from '../shared/files/fileWorkerClient.ts';
import { parseJsonText } from '../shared/files/jsonText.ts';
import { binaryProperty, fromFileOptions } from '../SpreadsheetFile/description.ts';
import { readFromFile } from '../SpreadsheetFile/operations.ts';
import { sliceDue, yieldToLoop } from '../../model/yieldToLoop.ts';

const SHEET_OPERATIONS = ['csv', 'html', 'rtf', 'ods', 'xls', 'xlsx'];
const MOVE_OPERATIONS = ['binaryToPropery', 'fromJson', 'text', 'fromIcs', 'xml'];

const keepSourceOption: INodeProperties = {
  displayName: 'Keep Source',
  name: 'keepSource',
  type: 'options',
  default: 'json',
  options: [
    { name: 'JSON', value: 'json', description: 'Include JSON data of the input item' },
    { name: 'Binary', value: 'binary', description: 'Include binary data of the input item' },
    { name: 'Both', value: 'both', description: 'Include both JSON and binary data of the input item' },
  ],
};

/** fromFile's options with Extract From File's display rules (n8n's spreadsheet.operation.ts). */
const sheetOptions: INodeProperties = {
  ...fromFileOptions,
  displayOptions: { show: { operation: SHEET_OPERATIONS } },
  options: (fromFileOptions.options as INodeProperties[]).map((option) => {
    if (['delimiter', 'encoding', 'fromLine', 'maxRowCount', 'enableBOM', 'relaxQuotes', 'skipRecordsWithErrors'].includes(option.name)) return { ...option, displayOptions: { show: { '/operation': ['csv'] } } };
    if (option.name === 'sheetName') return { ...option, displayOptions: { show: { '/operation': ['ods', 'xls', 'xlsx'] } }, description: 'Name of the sheet to read from in the spreadsheet' };
    if (option.name === 'range') return { ...option, displayOptions: { show: { '/operation': ['ods', 'xls', 'xlsx'] } } };
    if (['includeEmptyCells', 'headerRow'].includes(option.name)) return { ...option, displayOptions: { show: { '/operation': ['ods', 'xls', 'xlsx', 'csv', 'html'] } } };
    return option;
  }),
};

const moveToShow = { show: { operation: MOVE_OPERATIONS } };
const pdfShow = { show: { operation: ['pdf'] } };

const properties: INodeProperties[] = [
  {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    options: [
      { name: 'Extract From CSV', value: 'csv', action: 'Extract from CSV', description: 'Transform a CSV file into output items' },
      { name: 'Extract From HTML', value: 'html', action: 'Extract from HTML', description: 'Transform a table in an HTML file into output items' },
      { name: 'Extract From ICS', value: 'fromIcs', action: 'Extract from ICS', description: 'Transform a ICS file into output items' },
      { name: 'Extract From JSON', value: 'fromJson', action: 'Extract from JSON', description: 'Transform a JSON file into output items' },
      { name: 'Extract From ODS', value: 'ods', action: 'Extract from ODS', description: 'Transform an ODS file into output items' },
      { name: 'Extract From PDF', value: 'pdf', action: 'Extract from PDF', description: 'Extracts the content and metadata from a PDF file' },
      { name: 'Extract From RTF', value: 'rtf', action: 'Extract from RTF', description: 'Transform a table in an RTF file into output items' },
      { name: 'Extract From Text File', value: 'text', action: 'Extract from text file', description: 'Extracts the content of a text file' },
      { name: 'Extract From XML', value: 'xml', action: 'Extract from XML', description: 'Extracts the content of an XML file' },
      { name: 'Extract From XLS', value: 'xls', action: 'Extract from XLS', description: 'Transform an Excel file into output items' },
      { name: 'Extract From XLSX', value: 'xlsx', action: 'Extract from XLSX', description: 'Transform an Excel file into output items' },
      { name: 'Move File to Base64 String', value: 'binaryToPropery', action: 'Move file to base64 string', description: 'Convert a file into a base64-encoded string' },
    ],
    default: 'csv',
  },
  { ...binaryProperty, displayOptions: { show: { operation: SHEET_OPERATIONS } } },
  sheetOptions,
  { displayName: 'Input Binary Field', name: 'binaryPropertyName', type: 'string', default: 'data', required: true, placeholder: 'e.g data', hint: 'The name of the input field containing the file data to be processed', displayOptions: moveToShow },
  { displayName: 'Destination Output Field', name: 'destinationKey', type: 'string', default: 'data', required: true, placeholder: 'e.g data', description: 'The name of the output field that will contain the extracted data', displayOptions: moveToShow },
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add option',
    default: {},
    displayOptions: moveToShow,
    options: [
      { displayName: 'File Encoding', name: 'encoding', type: 'options', options: encodeDecodeOptions, default: 'utf8', description: 'Specify the encoding of the file, defaults to UTF-8' },
      {
        displayName: 'Strip BOM',
        name: 'stripBOM',
        displayOptions: { show: { encoding: ['utf8', 'cesu8', 'ucs2'] } },
        type: 'boolean',
        default: true,
        description: 'Whether to strip the BOM (Byte Order Mark) from the file, this could help in an environment where the presence of the BOM is causing issues or inconsistencies',
      },
      keepSourceOption,
    ],
  },
  { displayName: 'Input Binary Field', name: 'binaryPropertyName', type: 'string', default: 'data', required: true, placeholder: 'e.g data', hint: 'The name of the input field containing the file data to be processed', displayOptions: pdfShow },
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add option',
    default: {},
    displayOptions: pdfShow,
    options: [
      { displayName: 'Join Pages', name: 'joinPages', type: 'boolean', default: true, description: 'Whether to join the text from all pages or return an array of text from each page' },
      { displayName: 'Keep Source', name: 'keepSource', type: 'options', default: 'json', options: keepSourceOption.options },
      { displayName: 'Max Pages', name: 'maxPages', type: 'number', default: 0, description: 'Maximum number of pages to include' },
      { displayName: 'Password', name: 'password', type: 'string', typeOptions: { password: true }, default: '', description: 'Prowide password, if the PDF is encrypted' },
    ],
  },
];

function fail(ctx: ExecuteFunctions, out: INodeExecutionData[], itemIndex: number, error: Error, description?: string): void {
  if (ctx.continueOnFail()) {
    out.push({ json: { error: error.message }, pairedItem: { item: itemIndex } });
    return;
  }
  if (error instanceof NodeOperationError) throw error;
  throw new NodeOperationError(ctx.getNode(), error.message, { itemIndex, description: description ?? (error as { description?: string }).description });
}

/** The source item's binary without the field that was read, unless the source is kept. */
function keepBinary(item: INodeExecutionData, keepSource: unknown, binaryPropertyName: string): INodeExecutionData['binary'] {
  if (keepSource === 'binary' || keepSource === 'both') return item.binary;
  const binary = deepCopy(item.binary ?? {}) as IDataObject;
  unsetPath(binary, binaryPropertyName);
  return binary as INodeExecutionData['binary'];
}

async function moveTo(ctx: ExecuteFunctions, operation: string): Promise<INodeExecutionData[]> {
  const items = ctx.getInputData();
  const out: INodeExecutionData[] = [];
  const version = ctx.getNode().typeVersion;
  for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
    if (sliceDue()) await yieldToLoop();
    try {
      const item = items[itemIndex];
      const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
      const binaryPropertyName = String(ctx.getNodeParameter('binaryPropertyName', itemIndex));
      const newItem: INodeExecutionData = { json: {}, pairedItem: { item: itemIndex } };
      // n8n passes over an item without the file.
      if (!binaryAtPath(item, binaryPropertyName)) continue;
      const buffer = await ctx.helpers.getBinaryDataBuffer(itemIndex, binaryPropertyName);
      if (options.keepSource && options.keepSource !== 'binary') newItem.json = (await deepCopyLarge(item.json)) as IDataObject;
      let value: unknown;
      if (operation === 'binaryToPropery') {
        value = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength).toString('base64');
      } else {
        const encoding = (options.encoding as string) || (version >= 1.1 ? detectEncoding(buffer) : 'utf8');
        const text = decodeText(ctx, buffer, encoding, options.stripBOM as boolean | undefined, itemIndex);
        value = text;
        if (operation === 'fromJson') {
          try {
            value = text === '' ? {} : await parseJsonText(text);
          } catch (e) {
            throw new NodeOperationError(ctx.getNode(), "The file selected in 'Input Binary Field' is not in JSON format", {
              itemIndex,
              description: `Try to change the operation or select a JSON file in 'Input Binary Field' (${(e as Error).message})`,
            });
          }
        }
        if (operation === 'fromIcs') value = await readIcs(text, ctx.signal);
      }
      const destinationKey = String(ctx.getNodeParameter('destinationKey', itemIndex, ''));
      setPath(newItem.json, destinationKey, value);
      newItem.binary = keepBinary(item, options.keepSource, binaryPropertyName);
      out.push(newItem);
    } catch (error) {
      fail(ctx, out, itemIndex, error as Error);
    }
  }
  return out;
}

async function pdf(ctx: ExecuteFunctions): Promise<INodeExecutionData[]> {
  const items = ctx.getInputData();
  const out: INodeExecutionData[] = [];
  for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
    if (sliceDue()) await yieldToLoop();
    try {
      const item = items[itemIndex];
      const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
      const binaryPropertyName = String(ctx.getNodeParameter('binaryPropertyName', itemIndex));
      assertBinaryData(ctx, itemIndex, binaryPropertyName);
      const buffer = await ctx.helpers.getBinaryDataBuffer(itemIndex, binaryPropertyName);
      const json = await readPdf(buffer, { password: options.password as string | undefined, maxPages: options.maxPages as number | undefined, joinPages: options.joinPages as boolean | undefined }, ctx.signal);
      const newItem: INodeExecutionData = { json: {}, pairedItem: { item: itemIndex } };
      newItem.json = options.keepSource && options.keepSource !== 'binary' ? { ...((await deepCopyLarge(item.json)) as IDataObject), ...json } : (json as IDataObject);
      newItem.binary = keepBinary(item, options.keepSource, binaryPropertyName);
      out.push(newItem);
    } catch (error) {
      fail(ctx, out, itemIndex, error as Error);
    }
  }
  return out;
}

export const extractFromFile: NodeType = {
  kind: 'regular',
  description: {
    displayName: 'Extract from File',
    name: 'n8n-nodes-base.extractFromFile',
    icon: 'fa:file-export',
    group: ['input'],
    version: [1, 1.1],
    description: 'Convert binary data to JSON',
    defaults: { name: 'Extract from File' },
    inputs: ['main'],
    outputs: ['main'],
    codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Files', 'Data Transformation'] }, alias: ['CSV', 'Spreadsheet', 'Excel', 'xls', 'xlsx', 'ods', 'tabular', 'decode', 'decoding', 'Move Binary Data', 'Binary', 'File', 'PDF', 'JSON', 'HTML', 'ICS', 'iCal', 'txt', 'Text', 'RTF', 'XML', '64', 'Base64', 'Convert'] },
    properties,
  },
  async execute(ctx) {
    const operation = String(ctx.getNodeParameter('operation', 0, 'csv'));
    if (SHEET_OPERATIONS.includes(operation)) return [await readFromFile(ctx, 'operation', { strictFormat: true })];
    if (MOVE_OPERATIONS.includes(operation)) return [await moveTo(ctx, operation)];
    if (operation === 'pdf') return [await pdf(ctx)];
    throw new NodeOperationError(ctx.getNode(), `The operation "${operation}" is not supported!`);
  },
};
