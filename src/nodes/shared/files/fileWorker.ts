// The file worker: parses and writes spreadsheets (SheetJS), CSV (csv-parse), PDF text (pdf.js
// through unpdf) and ICS calendars (ts-ics) outside the server's event loop, with a heap limit
// and a time limit set by its owner (fileWorkerClient.ts). Results go back in batches the owner
// asks for, so that no single message takes long to deserialise on the main thread.
//
// Zip-based spreadsheets (xlsx, ods) are first inflated once with a bound (archive.ts): SheetJS
// inflates the whole archive in memory, so a zip bomb is refused here before SheetJS sees it.
import { parentPort } from 'node:worker_threads';
import { read as xlsxRead, utils as xlsxUtils, write as xlsxWrite, version as xlsxVersion, type ParsingOptions, type Sheet2JSONOpts, type WorkBook, type WritingOptions } from '@e965/xlsx';
import { parse as parseCsv, type Options as CsvOptions } from 'csv-parse/sync';
import tsIcs from 'ts-ics';
import { unzipBounded } from './archive.ts';
import type { FileJob, FileWorkerReply } from './fileWorkerProtocol.ts';

const BATCH_ROWS = 1000;

let pendingRows: unknown[] = [];
let pendingAt = 0;
let writeRows: Record<string, unknown>[] = [];

function post(reply: FileWorkerReply, transfer: ArrayBuffer[] = []): void {
  parentPort!.postMessage(reply, transfer);
}

function message(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}

const isZip = (d: Uint8Array) => d.byteLength >= 4 && d[0] === 0x50 && d[1] === 0x4b && d[2] === 0x03 && d[3] === 0x04;
const isCfb = (d: Uint8Array) => d.byteLength >= 8 && d[0] === 0xd0 && d[1] === 0xcf && d[2] === 0x11 && d[3] === 0xe0;

class BadFileError extends Error {}

/** The archive's entry names after a bounded inflate (a zip bomb throws here). */
async function checkArchive(data: Uint8Array, maxBytes: number, maxEntries: number): Promise<Set<string>> {
  const names = new Set<string>();
  await unzipBounded(data, { maxBytes, maxEntries, yieldToLoop: false, keep: (name) => (names.add(name), false) });
  return names;
}

async function checkFormat(data: Uint8Array, format: string, maxBytes: number, maxEntries: number): Promise<void> {
  if (isZip(data)) {
    const names = await checkArchive(data, maxBytes, maxEntries);
    if (format === 'xlsx' && !names.has('xl/workbook.xml') && !names.has('xl/workbook.bin')) throw new BadFileError('The file is a zip archive but not an XLSX workbook (it has no xl/workbook.xml)');
    if (format === 'ods' && !names.has('content.xml')) throw new BadFileError('The file is a zip archive but not an ODS spreadsheet (it has no content.xml)');
    return;
  }
  if (format === 'xlsx') throw new BadFileError('The file is not an XLSX workbook (an XLSX file is a zip archive)');
  if (format === 'ods') {
    const head = new TextDecoder().decode(data.subarray(0, 4096));
    if (!head.includes('office:document')) throw new BadFileError('The file is not an ODS spreadsheet (neither a zip archive nor a flat OpenDocument XML file)');
  }
  if (format === 'xls' && !isCfb(data)) {
    // SheetJS also reads the XML, HTML and text files that are often saved as .xls; a binary
    // file that is none of these is refused.
    const head = new TextDecoder().decode(data.subarray(0, 256));
    if (!/^[\x09\x0a\x0d\x20-\x7e\u00a0-\uffff]*$/.test(head.replace(/\ufffd/g, '\u0000'))) throw new BadFileError('The file is not an XLS workbook');
  }
}


// ---- RTF tables ------------------------------------------------------------------------------
// SheetJS writes RTF cell text as raw UTF-8 bytes and reads every byte as one character, so "é"
// did not survive a round trip, and \uN escapes from other programs were lost. Tables are read
// here instead (rows end at \row, cells at \cell; \uN, \'hh and raw UTF-8 all decode), and the
// RTF SheetJS writes gets its non-ASCII characters as \uN? escapes, as RTF readers expect.

const RTF_SKIP = new Set(['fonttbl', 'colortbl', 'stylesheet', 'info', 'pict', 'header', 'footer', 'listtable', 'listoverridetable', 'generator', 'themedata', 'datastore', 'latentstyles', 'rsidtbl', 'xmlnstbl', 'mmathPr']);
const CP1252: Record<number, string> = { 0x80: '€', 0x82: '‚', 0x83: 'ƒ', 0x84: '„', 0x85: '…', 0x86: '†', 0x87: '‡', 0x88: 'ˆ', 0x89: '‰', 0x8a: 'Š', 0x8b: '‹', 0x8c: 'Œ', 0x8e: 'Ž', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—', 0x98: '˜', 0x99: '™', 0x9a: 'š', 0x9b: '›', 0x9c: 'œ', 0x9e: 'ž', 0x9f: 'Ÿ' };

function rtfTables(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let depth = 0;
  let skipDepth = -1;
  let uc = 1;
  const n = text.length;
  let i = 0;
  const add = (t: string) => {
    if (skipDepth < 0) cell += t;
  };
  while (i < n) {
    const c = text[i];
    if (c === '{') {
      depth++;
      i++;
      continue;
    }
    if (c === '}') {
      if (depth === skipDepth) skipDepth = -1;
      depth--;
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      i++;
      continue;
    }
    if (c !== '\\') {
      add(c);
      i++;
      continue;
    }
    const next = text[i + 1];
    if (next === '\\' || next === '{' || next === '}') {
      add(next);
      i += 2;
      continue;
    }
    if (next === "'") {
      const code = parseInt(text.substr(i + 2, 2), 16);
      if (!Number.isNaN(code)) add(CP1252[code] ?? String.fromCharCode(code));
      i += 4;
      continue;
    }
    if (next === '*') {
      if (skipDepth < 0) skipDepth = depth;
      i += 2;
      continue;
    }
    if (next === '~') {
      add('\u00a0');
      i += 2;
      continue;
    }
    const m = /^\\([a-zA-Z]{1,32})(-?\d{1,10})? ?/.exec(text.slice(i, i + 48));
    if (!m) {
      i += 2;
      continue;
    }
    i += m[0].length;
    const word = m[1];
    const param = m[2] === undefined ? undefined : Number(m[2]);
    if (RTF_SKIP.has(word)) {
      if (skipDepth < 0) skipDepth = depth;
    } else if (word === 'u' && param !== undefined) {
      add(String.fromCharCode(param < 0 ? param + 65536 : param));
      // The replacement characters that follow for readers without Unicode.
      for (let k = 0; k < uc && i < n; k++) {
        if (text[i] === '\\' && text[i + 1] === "'") i += 4;
        else if (text[i] === '\\' || text[i] === '{' || text[i] === '}') break;
        else i++;
      }
    } else if (word === 'uc' && param !== undefined) {
      uc = param;
    } else if (word === 'cell') {
      row.push(cell.trim());
      cell = '';
    } else if (word === 'row') {
      rows.push(row);
      row = [];
      cell = '';
    } else if (word === 'trowd') {
      cell = '';
    } else if (word === 'par' || word === 'line') {
      add('\n');
    } else if (word === 'tab') {
      add('\t');
    }
  }
  return rows;
}

const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function rtfWorkbook(data: Uint8Array): WorkBook {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    text = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1');
  }
  if (!text.trimStart().startsWith('{\\rtf')) throw new BadFileError('The file is not an RTF document (it does not start with {\\rtf)');
  const aoa = rtfTables(text).map((r) => r.map((v) => (v === '' ? null : NUMBER.test(v) ? Number(v) : v)));
  return { SheetNames: ['Sheet1'], Sheets: { Sheet1: xlsxUtils.aoa_to_sheet(aoa, { dense: true }) } };
}

function escapeRtf(out: Buffer): Uint8Array {
  const text = out.toString('utf8').replace(/[^\x00-\x7f]/g, (ch) => {
    const code = ch.charCodeAt(0);
    return `\\u${code > 32767 ? code - 65536 : code}?`;
  });
  return new Uint8Array(Buffer.from(text, 'latin1'));
}

async function readSheet(job: Extract<FileJob, { op: 'readSheet' }>): Promise<unknown[]> {
  const { data, options } = job;
  if (options.format === 'csv') {
    let skipped = 0;
    const csvOptions: CsvOptions = {
      delimiter: options.delimiter || ',',
      from_line: options.fromLine && options.fromLine > 0 ? options.fromLine : undefined,
      encoding: (options.encoding as BufferEncoding) || 'utf-8',
      bom: options.enableBOM,
      to: options.maxRowCount !== undefined && options.maxRowCount > -1 ? options.maxRowCount : undefined,
      columns: options.headerRow !== false,
      relax_quotes: options.relaxQuotes,
      skip_records_with_error: options.skipRecordsWithErrors,
      on_skip: () => {
        skipped++;
      },
      // n8n drops empty cells from each record unless asked to keep them; an array record (no
      // header row) becomes an object with index keys there, and does here too.
      on_record: ((record: Record<string, string> | string[]) => {
        if (options.includeEmptyCells) return record;
        return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== ''));
      }) as unknown as CsvOptions['on_record'],
    };
    const records = parseCsv(Buffer.from(data.buffer, data.byteOffset, data.byteLength), csvOptions) as unknown[];
    const max = options.maxSkippedRecords ?? -1;
    if (options.skipRecordsWithErrors && max > 0 && skipped > max) throw new BadFileError('Max number of skipped records exceeded');
    return records;
  }
  if (options.expectFormat) await checkFormat(data, options.expectFormat, job.maxDecompressedBytes, job.maxZipEntries);
  else if (isZip(data)) await checkArchive(data, job.maxDecompressedBytes, job.maxZipEntries);
  const parsing: ParsingOptions = { raw: options.rawData, dense: true };
  if (options.cellDates) parsing.cellDates = true;
  let workbook: WorkBook;
  const isRtf = options.expectFormat === 'rtf' || new TextDecoder().decode(data.subarray(0, 16)).trimStart().startsWith('{\\rtf');
  if (isRtf) workbook = rtfWorkbook(data);
  else if (options.readAsString) workbook = xlsxRead(Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString(), { ...parsing, type: 'string' });
  else workbook = xlsxRead(data, { ...parsing, type: 'array' });
  if (workbook.SheetNames.length === 0) throw new BadFileError('Spreadsheet does not have any sheets!');
  let sheetName = workbook.SheetNames[0];
  if (options.sheetName) {
    if (!workbook.SheetNames.includes(options.sheetName)) throw new BadFileError(`Spreadsheet does not contain sheet called "${options.sheetName}"!`);
    sheetName = options.sheetName;
  }
  const toJson: Sheet2JSONOpts = {};
  if (options.range !== undefined && options.range !== '') {
    const r = options.range;
    toJson.range = isNaN(r as unknown as number) ? r : parseInt(String(r), 10);
  }
  if (options.includeEmptyCells) toJson.defval = '';
  if (options.headerRow === false) toJson.header = 1;
  const rows = xlsxUtils.sheet_to_json(workbook.Sheets[sheetName], toJson);
  // Rows without a header are sparse arrays; their holes are null, as n8n's stored items show them.
  if (options.headerRow === false) for (const row of rows as unknown[][]) for (let i = 0; i < row.length; i++) if (!(i in row)) row[i] = null;
  // Date cells (cellDates) as ISO strings, as they are once the item is stored.
  if (options.cellDates) {
    for (const row of rows as Array<Record<string, unknown>>) {
      for (const key of Object.keys(row)) {
        const v = row[key];
        if (v instanceof Date) row[key] = Number.isNaN(v.getTime()) ? null : v.toISOString();
      }
    }
  }
  return rows;
}

function writeSheet(job: Extract<FileJob, { op: 'writeSheetEnd' }>): Uint8Array {
  const { format, options } = job;
  const sheet = xlsxUtils.json_to_sheet(writeRows, options.headerRow === false ? { skipHeader: true } : undefined);
  writeRows = [];
  const writing: WritingOptions = { bookType: format, bookSST: false, type: 'buffer' };
  if (format === 'csv' && options.delimiter?.length) writing.FS = options.delimiter;
  if ((format === 'xlsx' || format === 'ods') && options.compression) writing.compression = true;
  const sheetName = options.sheetName || 'Sheet';
  const workbook: WorkBook = { SheetNames: [sheetName], Sheets: { [sheetName]: sheet } };
  const out = xlsxWrite(workbook, writing) as Buffer;
  if (format === 'rtf') return escapeRtf(out);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

interface PdfTextItem {
  str?: string;
  transform?: number[];
}

function pdfPageText(items: PdfTextItem[]): string {
  let lastY: number | undefined;
  const text: string[] = [];
  for (const item of items) {
    if (typeof item.str !== 'string') continue;
    const y = item.transform?.[5];
    if (lastY === y || !lastY) text.push(item.str);
    else text.push(`\n${item.str}`);
    lastY = y;
  }
  return text.join('');
}

async function readPdf(job: Extract<FileJob, { op: 'pdf' }>): Promise<unknown> {
  const { getResolvedPDFJS } = await import('unpdf');
  const pdfjs = (await getResolvedPDFJS()) as unknown as {
    getDocument(src: Record<string, unknown>): { promise: Promise<PdfDocument> };
    version: string;
  };
  let document: PdfDocument;
  try {
    document = await pdfjs.getDocument({ data: job.data, password: job.password || undefined, isEvalSupported: false, useSystemFonts: false, disableFontFace: true, verbosity: 0 }).promise;
  } catch (e) {
    const name = (e as { name?: string }).name;
    if (name === 'PasswordException') throw new BadFileError(job.password ? 'The PDF password is wrong' : 'The PDF is encrypted: set its password in the Password option');
    if (name === 'InvalidPDFException') throw new BadFileError(`The file is not a valid PDF: ${message(e)}`);
    throw e;
  }
  const { info, metadata } = await document.getMetadata().catch(() => ({ info: null, metadata: null }));
  const pages: string[] = [];
  if (job.maxPages !== 0) {
    let toRead = document.numPages;
    if (job.maxPages && job.maxPages < document.numPages) toRead = job.maxPages;
    for (let i = 1; i <= toRead; i++) {
      const page = await document.getPage(i);
      const content = await page.getTextContent();
      pages.push(pdfPageText(content.items as PdfTextItem[]));
    }
  }
  const result = {
    numpages: document.numPages,
    numrender: document.numPages,
    info,
    metadata: metadata ? Object.fromEntries([...(metadata as unknown as Iterable<[string, unknown]>)]) : undefined,
    text: job.joinPages === false ? pages : pages.join('\n\n'),
    version: pdfjs.version,
  };
  await document.destroy?.();
  return JSON.parse(JSON.stringify(result)) as unknown;
}

interface PdfDocument {
  numPages: number;
  getMetadata(): Promise<{ info: unknown; metadata: unknown }>;
  getPage(n: number): Promise<{ getTextContent(): Promise<{ items: unknown[] }> }>;
  destroy?(): Promise<void>;
}

function readIcs(text: string): unknown {
  // ts-ics before 2.4.5 did not read date-only RRULE UNTIL values; n8n normalises them the same way.
  const normalized = text.replace(/(^|\r?\n)(RRULE[^\r\n]*?\bUNTIL=)(\d{8})(?=;|\r?\n|$)/g, '$1$2$3T000000Z');
  if (!/BEGIN:VCALENDAR/i.test(normalized)) throw new BadFileError('The file is not an iCalendar file (no BEGIN:VCALENDAR)');
  // Dates become ISO strings, as they are once the item is stored.
  return JSON.parse(JSON.stringify(tsIcs.convertIcsCalendar(undefined, normalized))) as unknown;
}

function nextBatch(id: number): void {
  const rows = pendingRows.slice(pendingAt, pendingAt + BATCH_ROWS);
  pendingAt += rows.length;
  const done = pendingAt >= pendingRows.length;
  if (done) {
    pendingRows = [];
    pendingAt = 0;
  }
  post({ id, type: 'rows', rows, done });
}

parentPort!.on('message', (job: FileJob) => {
  void (async () => {
    try {
      switch (job.op) {
        case 'readSheet': {
          pendingRows = await readSheet(job);
          pendingAt = 0;
          nextBatch(job.id);
          break;
        }
        case 'next':
          nextBatch(job.id);
          break;
        case 'writeSheetRows':
          for (const row of job.rows) writeRows.push(row);
          post({ id: job.id, type: 'ok' });
          break;
        case 'writeSheetEnd': {
          const out = writeSheet(job);
          const copy = out.slice();
          post({ id: job.id, type: 'file', data: copy }, [copy.buffer as ArrayBuffer]);
          break;
        }
        case 'pdf':
          post({ id: job.id, type: 'result', value: await readPdf(job) });
          break;
        case 'ics':
          post({ id: job.id, type: 'result', value: readIcs(job.text) });
          break;
        case 'version':
          post({ id: job.id, type: 'result', value: xlsxVersion });
          break;
      }
    } catch (e) {
      pendingRows = [];
      writeRows = [];
      post({ id: job.id, type: 'error', message: message(e), badFile: e instanceof BadFileError || (e as Error)?.name === 'ArchiveError' || (e as Error)?.name === 'DecompressedSizeExceededError', name: (e as Error)?.name });
    }
  })();
});
