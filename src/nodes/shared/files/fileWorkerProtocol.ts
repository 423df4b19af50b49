// Messages between the file worker (fileWorker.ts) and its owner (fileWorkerClient.ts).

export type SheetFormat = 'csv' | 'html' | 'rtf' | 'ods' | 'xls' | 'xlsx';

export interface ReadSheetOptions {
  /** 'csv' is read with csv-parse as n8n does; anything else goes to SheetJS, which detects the format. */
  format: 'csv' | 'other';
  /** Refuse files that are not of this format before SheetJS reads them (Extract From File). */
  expectFormat?: SheetFormat;
  delimiter?: string;
  fromLine?: number;
  encoding?: string;
  enableBOM?: boolean;
  maxRowCount?: number;
  relaxQuotes?: boolean;
  skipRecordsWithErrors?: boolean;
  maxSkippedRecords?: number;
  headerRow?: boolean;
  includeEmptyCells?: boolean;
  rawData?: boolean;
  readAsString?: boolean;
  sheetName?: string;
  range?: string | number;
  cellDates?: boolean;
}

export interface WriteSheetOptions {
  headerRow?: boolean;
  compression?: boolean;
  sheetName?: string;
  delimiter?: string;
}

export type FileJob =
  | { id: number; op: 'readSheet'; data: Uint8Array; options: ReadSheetOptions; maxDecompressedBytes: number; maxZipEntries: number }
  | { id: number; op: 'next' }
  | { id: number; op: 'writeSheetRows'; rows: Record<string, unknown>[] }
  | { id: number; op: 'writeSheetEnd'; format: SheetFormat; options: WriteSheetOptions }
  | { id: number; op: 'pdf'; data: Uint8Array; password?: string; maxPages?: number; joinPages?: boolean }
  | { id: number; op: 'ics'; text: string }
  | { id: number; op: 'version' };

export type FileWorkerReply =
  | { id: number; type: 'rows'; rows: unknown[]; done: boolean }
  | { id: number; type: 'ok' }
  | { id: number; type: 'file'; data: Uint8Array }
  | { id: number; type: 'result'; value: unknown }
  | { id: number; type: 'error'; message: string; badFile: boolean; name?: string };
