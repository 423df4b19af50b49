// Reading rows from spreadsheet files and writing items to one, as n8n's Spreadsheet File v2
// (fromFile / toFile) does; Extract From File and Convert to File call the same code. The work
// itself runs in the file worker (shared/files/fileWorkerClient.ts).
import type { IBinaryData, INodeExecutionData } from '../../model/execution.ts';
import type { IDataObject } from '../../model/workflow.ts';
import { yieldToLoop } from '../../model/yieldToLoop.ts';
import { NodeOperationError, type ExecuteFunctions } from '../types.ts';
import { generatePairedItemData } from '../shared/pairedItems.ts';
import { assertBinaryData, flattenObject, prepareBinary } from '../shared/files/binaryHelpers.ts';
import { readSpreadsheetRows, writeSpreadsheet } from '../shared/files/fileWorkerClient.ts';
import type { ReadSheetOptions, SheetFormat } from '../shared/files/fileWorkerProtocol.ts';

export const SHEET_FORMATS: SheetFormat[] = ['csv', 'html', 'rtf', 'ods', 'xls', 'xlsx'];

interface FromFileOptions {
  delimiter?: string;
  encoding?: string;
  enableBOM?: boolean;
  relaxQuotes?: boolean;
  headerRow?: boolean;
  includeEmptyCells?: boolean;
  maxRowCount?: number;
  range?: string | number;
  rawData?: boolean;
  readAsString?: boolean;
  sheetName?: string;
  fromLine?: number;
  skipRecordsWithErrors?: { value?: { enabled?: boolean; maxSkippedRecords?: number } };
}

const SLICE_ROWS = 5000;

async function pushRows(out: INodeExecutionData[], rows: unknown[], headerRow: boolean | undefined, itemIndex: number): Promise<void> {
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    out.push({ json: (headerRow === false ? { row } : row) as IDataObject, pairedItem: { item: itemIndex } });
    if (i % SLICE_ROWS === SLICE_ROWS - 1) await yieldToLoop();
  }
}

/**
 * n8n's fromFile.execute: every item's file read into rows. `fileFormatProperty` names the
 * parameter holding the format ('fileFormat' for Spreadsheet File, 'operation' for Extract From
 * File, whose formats are checked strictly: an .xlsx that is not a workbook is refused).
 */
export async function readFromFile(ctx: ExecuteFunctions, fileFormatProperty: string, extra: { strictFormat?: boolean; cellDates?: boolean; v1?: boolean } = {}): Promise<INodeExecutionData[]> {
  const items = ctx.getInputData();
  const out: INodeExecutionData[] = [];
  for (let i = 0; i < items.length; i++) {
    let fileFormat = '';
    let fileExtension: string | undefined;
    try {
      const options = ctx.getNodeParameter('options', i, {}) as FromFileOptions;
      fileFormat = String(ctx.getNodeParameter(fileFormatProperty, i, ''));
      const binaryPropertyName = String(ctx.getNodeParameter('binaryPropertyName', i));
      // v1 passes over items without the file and lets SheetJS tell CSV from the rest.
      if (extra.v1 && items[i].binary?.[binaryPropertyName] === undefined) continue;
      const binaryData: IBinaryData = assertBinaryData(ctx, i, binaryPropertyName);
      fileExtension = binaryData.fileExtension;
      if (extra.v1) fileFormat = 'autodetect';
      else if (fileFormat === 'autodetect' && (binaryData.mimeType === 'text/csv' || (binaryData.mimeType === 'text/plain' && binaryData.fileExtension === 'csv'))) fileFormat = 'csv';
      const data = await ctx.helpers.getBinaryDataBuffer(i, binaryPropertyName);
      const readOptions: ReadSheetOptions = {
        format: fileFormat === 'csv' ? 'csv' : 'other',
        headerRow: options.headerRow,
        includeEmptyCells: options.includeEmptyCells,
      };
      if (fileFormat === 'csv') {
        Object.assign(readOptions, {
          delimiter: options.delimiter,
          fromLine: options.fromLine,
          encoding: options.encoding,
          // A UTF-8 byte order mark is taken off unless the option says otherwise (n8n keeps it in
          // the first header by default, and its own CSV files start with one).
          enableBOM: options.enableBOM ?? true,
          maxRowCount: options.maxRowCount,
          relaxQuotes: options.relaxQuotes,
          skipRecordsWithErrors: options.skipRecordsWithErrors?.value?.enabled,
          maxSkippedRecords: options.skipRecordsWithErrors?.value?.maxSkippedRecords,
        });
      } else {
        Object.assign(readOptions, {
          rawData: options.rawData,
          readAsString: options.readAsString,
          sheetName: options.sheetName,
          range: options.range,
          cellDates: extra.cellDates,
          expectFormat: extra.strictFormat && (SHEET_FORMATS as string[]).includes(fileFormat) ? (fileFormat as SheetFormat) : undefined,
        });
      }
      const rows = await readSpreadsheetRows(data, readOptions, ctx.signal);
      if (rows.length === 0) continue;
      await pushRows(out, rows, options.headerRow, i);
    } catch (e) {
      const error = e as Error & { description?: string };
      let message = error.message;
      let description = error.description;
      if (fileExtension && fileFormat !== 'autodetect' && fileExtension !== fileFormat && !(error instanceof NodeOperationError)) {
        message = `The file selected in 'Input Binary Field' is not in ${fileFormat} format`;
        description = `Try to change the operation or select a ${fileFormat} file in 'Input Binary Field' (${error.message})`;
      }
      if (ctx.continueOnFail()) {
        out.push({ json: { error: message }, pairedItem: { item: i } });
        continue;
      }
      if (error instanceof NodeOperationError) throw error;
      throw new NodeOperationError(ctx.getNode(), message, { itemIndex: i, description });
    }
  }
  return out;
}

export interface ToFileOptions {
  headerRow?: boolean;
  compression?: boolean;
  fileName?: string;
  sheetName?: string;
  delimiter?: string;
}

/** n8n's convertJsonToSpreadsheetBinary: all items, flattened, as one spreadsheet file. */
export async function itemsToSpreadsheet(ctx: ExecuteFunctions, items: INodeExecutionData[], fileFormat: string, options: ToFileOptions, defaultFileName = 'spreadsheet'): Promise<IBinaryData> {
  if (!(SHEET_FORMATS as string[]).includes(fileFormat)) throw new NodeOperationError(ctx.getNode(), `The file format "${fileFormat}" is not supported`);
  const rows: IDataObject[] = [];
  for (let i = 0; i < items.length; i++) {
    rows.push(flattenObject(items[i].json));
    if (i % SLICE_ROWS === SLICE_ROWS - 1) await yieldToLoop();
  }
  const data = await writeSpreadsheet(rows, fileFormat as SheetFormat, { headerRow: options.headerRow, compression: options.compression, sheetName: options.sheetName, delimiter: options.delimiter }, ctx.signal);
  const fileName = options.fileName !== undefined ? options.fileName : `${defaultFileName}.${fileFormat}`;
  return prepareBinary(ctx, data, fileName);
}

/** Spreadsheet File v2's toFile: one item holding the file, paired with every input item. */
export async function writeToFile(ctx: ExecuteFunctions): Promise<INodeExecutionData[]> {
  const items = ctx.getInputData();
  const pairedItem = generatePairedItemData(items.length);
  try {
    const binaryPropertyName = String(ctx.getNodeParameter('binaryPropertyName', 0));
    const fileFormat = String(ctx.getNodeParameter('fileFormat', 0));
    const options = ctx.getNodeParameter('options', 0, {}) as ToFileOptions;
    const binary = await itemsToSpreadsheet(ctx, items, fileFormat, options);
    return [{ json: {}, binary: { [binaryPropertyName]: binary }, pairedItem }];
  } catch (error) {
    if (ctx.continueOnFail()) return [{ json: { error: (error as Error).message }, pairedItem }];
    throw error;
  }
}
