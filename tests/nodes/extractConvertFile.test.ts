// Convert to File and Extract From File through the real engine: every format written and read
// back (round trips), the options n8n has, files the test builds (PDF, ICS, zip bombs dressed as
// workbooks), bad files, and the event loop while a large sheet is read.
import { describe, expect, it, vi } from 'vitest';
import { fileItem, deflatedEntry, makePdf, makeZip } from './fileFixtures.ts';
import { errorOf, jsonOf, output, runChain, type TestNode } from './helpers.ts';
import { fileLimits } from '../../src/nodes/shared/files/limits.ts';
import { closeFileWorkers } from '../../src/nodes/shared/files/fileWorkerClient.ts';
import { utils as xlsxUtils, write as xlsxWrite } from '@e965/xlsx';

// Files are parsed in worker threads that start on first use; on a loaded machine that takes seconds.
vi.setConfig({ testTimeout: 30_000 });

const people = [
  { name: 'Ann', age: 31, city: 'Oslo' },
  { name: 'Bob', age: 42, city: 'Zürich, CH' },
  { name: 'Cé "quoted"', age: 7, city: 'Line\nbreak' },
];

const convert = (parameters: Record<string, unknown>, typeVersion = 1.1): TestNode => ({ name: 'Convert', type: 'n8n-nodes-base.convertToFile', typeVersion, parameters });
const extract = (parameters: Record<string, unknown>, typeVersion = 1.1, extra: Partial<TestNode> = {}): TestNode => ({ name: 'Extract', type: 'n8n-nodes-base.extractFromFile', typeVersion, parameters, ...extra });
const bytesOf = (b: { data?: string } | undefined) => Buffer.from(b?.data ?? '', 'base64');

describe('Convert to File → Extract From File round trips', () => {
  for (const format of ['xlsx', 'ods', 'xls', 'html', 'rtf', 'csv'] as const) {
    it(`${format}: the rows come back as they went in`, async () => {
      const run = await runChain(people, [convert({ operation: format }), extract({ operation: format })]);
      expect(errorOf(run, 'Convert')).toBeUndefined();
      const file = output(run, 'Convert')[0].binary!.data;
      expect(file.fileName).toBe(`File.${format}`);
      expect(file.fileExtension).toBe(format);
      expect(errorOf(run, 'Extract')).toBeUndefined();
      const rows = jsonOf(run, 'Extract');
      // CSV has no types: numbers come back as text, as in n8n.
      const expected = format === 'csv' ? people.map((p) => ({ ...p, age: String(p.age) })) : people;
      if (format === 'html' || format === 'rtf') {
        // HTML and RTF tables keep the text; the line break in a cell is whitespace there.
        expect(rows.map((r) => (r as Record<string, unknown>).name)).toEqual(people.map((p) => p.name));
        expect(rows.map((r) => (r as Record<string, unknown>).age)).toEqual(people.map((p) => p.age));
      } else {
        expect(rows).toEqual(expected);
      }
    });
  }

  it('the MIME types are those of the formats', async () => {
    const mime: Record<string, string> = {
      xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ods: 'application/vnd.oasis.opendocument.spreadsheet',
      xls: 'application/vnd.ms-excel',
      csv: 'text/csv',
      html: 'text/html',
      rtf: 'application/rtf',
    };
    for (const [format, type] of Object.entries(mime)) {
      const run = await runChain(people, [convert({ operation: format })]);
      expect(output(run, 'Convert')[0].binary!.data.mimeType).toBe(type);
    }
  });

  it('nested objects become dotted columns; a sheet name, file name and delimiter are used', async () => {
    const items = [{ id: 1, address: { street: 'Main', zip: '0150' } }, { id: 2, address: { street: 'Side', zip: '0151' } }];
    const run = await runChain(items, [
      convert({ operation: 'xlsx', options: { sheetName: 'People', fileName: 'out.xlsx', compression: true } }),
      extract({ operation: 'xlsx', options: { sheetName: 'People' } }),
    ]);
    expect(output(run, 'Convert')[0].binary!.data.fileName).toBe('out.xlsx');
    expect(jsonOf(run, 'Extract')).toEqual([
      { id: 1, 'address.street': 'Main', 'address.zip': '0150' },
      { id: 2, 'address.street': 'Side', 'address.zip': '0151' },
    ]);
    const csv = await runChain(items, [convert({ operation: 'csv', options: { delimiter: ';' } }), extract({ operation: 'csv', options: { delimiter: ';' } })]);
    expect(bytesOf(output(csv, 'Convert')[0].binary!.data).toString('utf8')).toContain('id;address.street;address.zip');
    expect(jsonOf(csv, 'Extract')).toEqual([
      { id: '1', 'address.street': 'Main', 'address.zip': '0150' },
      { id: '2', 'address.street': 'Side', 'address.zip': '0151' },
    ]);
  });

  it('a sheet that is not there is named in the error', async () => {
    const run = await runChain(people, [convert({ operation: 'ods' }), extract({ operation: 'ods', options: { sheetName: 'Nope' } })]);
    expect(errorOf(run, 'Extract')?.message).toBe('Spreadsheet does not contain sheet called "Nope"!');
  });

  it('header row off, include empty cells and range as n8n reads them', async () => {
    const items = [
      { a: 1, b: 'x', c: 3 },
      { a: 2, c: 4 },
    ];
    const noHeader = await runChain(items, [convert({ operation: 'xlsx' }), extract({ operation: 'xlsx', options: { headerRow: false } })]);
    expect(jsonOf(noHeader, 'Extract')).toEqual([{ row: ['a', 'b', 'c'] }, { row: [1, 'x', 3] }, { row: [2, null, 4] }]);
    const empty = await runChain(items, [convert({ operation: 'xlsx' }), extract({ operation: 'xlsx', options: { includeEmptyCells: true } })]);
    expect(jsonOf(empty, 'Extract')).toEqual([
      { a: 1, b: 'x', c: 3 },
      { a: 2, b: '', c: 4 },
    ]);
    const sparse = await runChain(items, [convert({ operation: 'xlsx' }), extract({ operation: 'xlsx' })]);
    expect(jsonOf(sparse, 'Extract')).toEqual([{ a: 1, b: 'x', c: 3 }, { a: 2, c: 4 }]);
    const range = await runChain(items, [convert({ operation: 'xlsx' }), extract({ operation: 'xlsx', options: { range: 'A1:B2' } })]);
    expect(jsonOf(range, 'Extract')).toEqual([{ a: 1, b: 'x' }]);
    const fromRow = await runChain(items, [convert({ operation: 'xlsx', options: { headerRow: false } }), extract({ operation: 'xlsx', options: { range: 1, headerRow: false } })]);
    expect(jsonOf(fromRow, 'Extract')).toEqual([{ row: [2, null, 4] }]);
  });

  it('CSV options: starting line, max rows, empty cells, no header, relaxed quotes', async () => {
    const csv = 'skip me\nname,age,city\nAnn,31,\nBob,42,Rome\nCid,50,Oslo\n';
    const item = fileItem(csv, 'people.csv', 'text/csv');
    const run = await runChain([item], [extract({ operation: 'csv', options: { fromLine: 2, maxRowCount: 2 } })]);
    expect(jsonOf(run, 'Extract')).toEqual([{ name: 'Ann', age: '31' }, { name: 'Bob', age: '42', city: 'Rome' }]);
    const withEmpty = await runChain([item], [extract({ operation: 'csv', options: { fromLine: 2, includeEmptyCells: true, maxRowCount: 1 } })]);
    expect(jsonOf(withEmpty, 'Extract')).toEqual([{ name: 'Ann', age: '31', city: '' }]);
    const noHeader = await runChain([item], [extract({ operation: 'csv', options: { fromLine: 3, headerRow: false, includeEmptyCells: true } })]);
    expect(jsonOf(noHeader, 'Extract')).toEqual([{ row: ['Ann', '31', ''] }, { row: ['Bob', '42', 'Rome'] }, { row: ['Cid', '50', 'Oslo'] }]);
    const quotes = fileItem('a,b\n1,x "y" z\n', 'q.csv', 'text/csv');
    expect(errorOf(await runChain([quotes], [extract({ operation: 'csv' })]), 'Extract')?.message).toMatch(/quote/i);
    expect(jsonOf(await runChain([quotes], [extract({ operation: 'csv', options: { relaxQuotes: true } })]), 'Extract')).toEqual([{ a: '1', b: 'x "y" z' }]);
  });

  it('a CSV row with the wrong number of fields fails clearly, or is skipped when asked', async () => {
    const item = fileItem('a,b\n1,2\n3\n4,5\n', 'bad.csv', 'text/csv');
    const run = await runChain([item], [extract({ operation: 'csv' })]);
    expect(errorOf(run, 'Extract')?.message).toMatch(/Invalid Record Length/i);
    const skipped = await runChain([item], [extract({ operation: 'csv', options: { skipRecordsWithErrors: { value: { enabled: true, maxSkippedRecords: -1 } } } })]);
    expect(jsonOf(skipped, 'Extract')).toEqual([{ a: '1', b: '2' }, { a: '4', b: '5' }]);
  });
});

describe('Extract From File refuses bad and hostile files', () => {
  it('a text file given as XLSX or ODS is refused with the reason', async () => {
    const item = fileItem('just text', 'notes.txt', 'text/plain');
    const run = await runChain([item], [extract({ operation: 'xlsx' })]);
    const error = errorOf(run, 'Extract');
    expect(error?.message).toBe("The file selected in 'Input Binary Field' is not in xlsx format");
    expect((error as { description?: string }).description).toContain('an XLSX file is a zip archive');
    const ods = await runChain([item], [extract({ operation: 'ods' }, 1.1, { continueOnFail: true })]);
    expect(jsonOf(ods, 'Extract')).toEqual([{ error: "The file selected in 'Input Binary Field' is not in ods format" }]);
  });

  it('a missing binary field is named', async () => {
    const run = await runChain([{ a: 1 }], [extract({ operation: 'xlsx' })]);
    expect(errorOf(run, 'Extract')?.message).toBe('No binary data exists on item!');
    const wrong = await runChain([fileItem('x', 'a.csv', 'text/csv')], [extract({ operation: 'csv', binaryPropertyName: 'file' })]);
    expect(errorOf(wrong, 'Extract')?.message).toBe("This operation expects the node's input data to contain a binary file 'file', but none was found [item 0]");
  });

  it('an XLSX that inflates past the limit (a zip bomb) is refused before SheetJS reads it', async () => {
    const big = deflatedEntry('xl/worksheets/sheet1.xml', Buffer.alloc(64 * 1024 * 1024, 0x20));
    const zip = makeZip([
      deflatedEntry('[Content_Types].xml', Buffer.from('<Types/>')),
      deflatedEntry('xl/workbook.xml', Buffer.from('<workbook/>')),
      ...[1, 2, 3, 4, 5].map((n) => ({ ...big, name: `xl/worksheets/sheet${n}.xml` })),
    ]);
    expect(zip.byteLength).toBeLessThan(2 * 1024 * 1024);
    const started = performance.now();
    const run = await runChain([fileItem(zip, 'bomb.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')], [extract({ operation: 'xlsx' })]);
    const error = errorOf(run, 'Extract');
    expect(error?.message).toMatch(/expands to more than 256 MB .* refused as a possible zip bomb/);
    expect(performance.now() - started).toBeLessThan(20_000);
  }, 30_000);

  it('a parse that runs past the time limit is stopped, and the next file is read', async () => {
    const csv = 'a,b,c\n' + Array.from({ length: 200_000 }, (_, i) => `${i},x${i},"y ${i}"`).join('\n');
    const saved = fileLimits.parseTimeoutMs;
    fileLimits.parseTimeoutMs = 30;
    try {
      const run = await runChain([fileItem(csv, 'big.csv', 'text/csv')], [extract({ operation: 'csv' })]);
      expect(errorOf(run, 'Extract')?.message).toBe('Reading the CSV file took longer than 30 ms and was stopped (SWITCHYARD_FILE_PARSE_TIMEOUT_S)');
    } finally {
      fileLimits.parseTimeoutMs = saved;
    }
    const next = await runChain([fileItem('a,b\n1,2\n', 'small.csv', 'text/csv')], [extract({ operation: 'csv' })]);
    expect(jsonOf(next, 'Extract')).toEqual([{ a: '1', b: '2' }]);
  }, 30_000);

  it('a file that needs more memory than the worker may use fails clearly, and the server goes on', async () => {
    const code = `const rows = []; for (let i = 0; i < 20000; i++) rows.push({ json: { id: i, text: 'some longer text in cell ' + i, n: i * 7 } }); return rows;`;
    const written = await runChain(null, [{ name: 'Rows', type: 'n8n-nodes-base.code', typeVersion: 2, parameters: { jsCode: code } }, convert({ operation: 'xlsx' })]);
    const file = output(written, 'Convert')[0];
    const saved = fileLimits.workerHeapMb;
    await closeFileWorkers();
    fileLimits.workerHeapMb = 12;
    try {
      const run = await runChain([{}], [extract({ operation: 'xlsx' })], { runOptions: { pinData: { Data: [file] } } });
      expect(errorOf(run, 'Extract')?.message).toBe('The file needed more memory than the file worker may use (12 MB) and its processing was stopped');
    } finally {
      fileLimits.workerHeapMb = saved;
      await closeFileWorkers();
    }
    const again = await runChain([{}], [extract({ operation: 'xlsx' })], { runOptions: { pinData: { Data: [file] } } });
    expect(jsonOf(again, 'Extract')).toHaveLength(20_000);
  }, 60_000);

  it('prototype keys in a sheet stay data or are dropped: nothing reaches the server’s objects', async () => {
    const aoa = [
      ['__proto__', 'constructor', 'name'],
      ['polluted', 'prototype', 'ok'],
    ];
    const sheetFile = xlsxWrite({ SheetNames: ['S'], Sheets: { S: xlsxUtils.aoa_to_sheet(aoa) } }, { bookType: 'xlsx', type: 'buffer' }) as Buffer;
    const csvFile = Buffer.from(aoa.map((r) => r.join(',')).join('\n'));
    for (const [operation, file] of [
      ['xlsx', sheetFile],
      ['csv', csvFile],
    ] as const) {
      const run = await runChain([fileItem(file, `p.${operation}`, operation === 'csv' ? 'text/csv' : 'application/octet-stream')], [extract({ operation })]);
      expect(errorOf(run, 'Extract')).toBeUndefined();
      const row = jsonOf(run, 'Extract')[0] as Record<string, unknown>;
      expect(row.name).toBe('ok');
      expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect((Object.prototype as Record<string, unknown>).prototype).toBeUndefined();
    }
  });

  it('a zip that is not a workbook is named as such', async () => {
    const zip = makeZip([deflatedEntry('hello.txt', Buffer.from('hi'))]);
    const run = await runChain([fileItem(zip, 'x.xlsx', 'application/zip')], [extract({ operation: 'xlsx' })]);
    expect(errorOf(run, 'Extract')?.message).toBe('The file is a zip archive but not an XLSX workbook (it has no xl/workbook.xml)');
  });

  it('reading a large sheet does not hold the event loop', async () => {
    const rows = Array.from({ length: 30_000 }, (_, i) => ({ id: i, name: `name ${i}`, value: i / 3, flag: i % 2 === 0 }));
    // The 30,000-row file is written by Convert to File (SheetJS in the worker) …
    const code = `const rows = []; for (let i = 0; i < 30000; i++) rows.push({ json: { id: i, name: 'name ' + i, value: i / 3, flag: i % 2 === 0 } }); return rows;`;
    const written = await runChain(null, [{ name: 'Rows', type: 'n8n-nodes-base.code', typeVersion: 2, parameters: { jsCode: code } }, convert({ operation: 'xlsx' })]);
    expect(errorOf(written, 'Convert')).toBeUndefined();
    const file = output(written, 'Convert')[0];
    // … then read by Extract From File (the file pinned as its input) while the loop is watched.
    // A hold is measured as the main thread's own CPU time between two ticks of a 5 ms timer, so
    // that time the machine gives to other processes (2 shared cores) does not count as a hold.
    const cpu = () => {
      const u = process.threadCpuUsage();
      return (u.user + u.system) / 1000;
    };
    let maxGap = 0;
    let maxHold = 0;
    let last = performance.now();
    let lastCpu = cpu();
    const timer = setInterval(() => {
      const now = performance.now();
      const nowCpu = cpu();
      maxGap = Math.max(maxGap, now - last);
      maxHold = Math.max(maxHold, nowCpu - lastCpu);
      last = now;
      lastCpu = nowCpu;
    }, 5);
    const started = performance.now();
    const cpuStarted = cpu();
    const run = await runChain([{}], [extract({ operation: 'xlsx' })], { runOptions: { pinData: { Data: [file] } } });
    const took = performance.now() - started;
    const mainCpu = cpu() - cpuStarted;
    clearInterval(timer);
    expect(errorOf(run, 'Extract')).toBeUndefined();
    const out = jsonOf(run, 'Extract');
    expect(out.length).toBe(30_000);
    expect(out[29_999]).toEqual(rows[29_999]);
    console.log(`30,000-row XLSX read in ${took.toFixed(0)} ms (main thread CPU ${mainCpu.toFixed(0)} ms); longest main-thread run between timer ticks ${maxHold.toFixed(1)} ms CPU (${maxGap.toFixed(1)} ms wall-clock)`);
    // Parsed on the event loop, the whole parse (hundreds of ms of CPU) would be one hold.
    expect(maxHold).toBeLessThan(100);
  }, 60_000);
});

describe('JSON, text, base64 and ICS', () => {
  it('toJson (all items, formatted) → fromJson gives the items back', async () => {
    const run = await runChain(people, [convert({ operation: 'toJson', options: { format: true, fileName: 'p.json' } }), extract({ operation: 'fromJson' })]);
    const file = output(run, 'Convert')[0].binary!.data;
    expect(file).toMatchObject({ fileName: 'p.json', mimeType: 'application/json', fileExtension: 'json' });
    expect(bytesOf(file).toString('utf8')).toBe(JSON.stringify(people, null, 2));
    expect(jsonOf(run, 'Extract')).toEqual([{ data: people }]);
  });

  it('toJson each item to its own file, read back with a destination key and the source kept', async () => {
    const run = await runChain(people, [convert({ operation: 'toJson', mode: 'each' }), extract({ operation: 'fromJson', destinationKey: 'parsed.person', options: { keepSource: 'both' } })]);
    const out = output(run, 'Extract');
    expect(out.map((i) => i.json)).toEqual(people.map((p) => ({ parsed: { person: p } })));
    expect(out[0].binary?.data?.fileName).toBe('file.json');
  });

  it('toText with latin1 → text with latin1; and 1.1 detects a UTF-16 BOM', async () => {
    const items = [{ note: 'Crème brûlée' }];
    const run = await runChain(items, [convert({ operation: 'toText', sourceProperty: 'note', options: { encoding: 'latin1' } }), extract({ operation: 'text', options: { encoding: 'latin1' } })]);
    expect(bytesOf(output(run, 'Convert')[0].binary!.data).byteLength).toBe('Crème brûlée'.length);
    expect(output(run, 'Convert')[0].binary!.data).toMatchObject({ fileName: 'file.txt', mimeType: 'text/plain' });
    expect(jsonOf(run, 'Extract')).toEqual([{ data: 'Crème brûlée' }]);
    const withBom = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Crème brûlée', 'utf16le')]);
    const utf16 = await runChain([fileItem(withBom, 'n.txt', 'text/plain')], [extract({ operation: 'text' })]);
    expect(jsonOf(utf16, 'Extract')).toEqual([{ data: 'Crème brûlée' }]);
    // Version 1 reads UTF-8 unless told otherwise.
    const v1 = await runChain([fileItem(Buffer.from('Crème', 'latin1'), 'n.txt', 'text/plain')], [extract({ operation: 'text' }, 1)]);
    expect(jsonOf(v1, 'Extract')).toEqual([{ data: 'Cr\ufffdme' }]);
    const v11 = await runChain([fileItem(Buffer.from('Crème', 'latin1'), 'n.txt', 'text/plain')], [extract({ operation: 'text' }, 1.1)]);
    expect(jsonOf(v11, 'Extract')).toEqual([{ data: 'Crème' }]);
  });

  it('a base64 field becomes a file and goes back to base64', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const items = [{ img: png.toString('base64') }, { img: `data:image/png;base64,${png.toString('base64')}` }];
    const run = await runChain(items, [convert({ operation: 'toBinary', sourceProperty: 'img', options: { fileName: 'pic.png' } }), extract({ operation: 'binaryToPropery', destinationKey: 'b64' })]);
    const files = output(run, 'Convert').map((i) => i.binary!.data);
    expect(files.map((f) => [f.fileName, f.mimeType])).toEqual([
      ['pic.png', 'image/png'],
      ['pic.png', 'image/png'],
    ]);
    expect(bytesOf(files[1]).equals(png)).toBe(true);
    expect(jsonOf(run, 'Extract')).toEqual([{ b64: png.toString('base64') }, { b64: png.toString('base64') }]);
    const bad = await runChain([{ img: 'not base64 at all!' }], [convert({ operation: 'toBinary', sourceProperty: 'img' })]);
    expect(errorOf(bad, 'Convert')?.message).toContain('The provided string is not valid base64 data');
    const missing = await runChain([{ x: 1 }], [convert({ operation: 'toBinary', sourceProperty: 'img' })]);
    expect(errorOf(missing, 'Convert')?.message).toBe('The value in "img" is not set');
  });

  it('fromJson of a file that is not JSON fails with n8n’s message', async () => {
    const run = await runChain([fileItem('{"a": 1,,}', 'x.json', 'application/json')], [extract({ operation: 'fromJson' })]);
    expect(errorOf(run, 'Extract')?.message).toBe("The file selected in 'Input Binary Field' is not in JSON format");
    const empty = await runChain([fileItem('', 'x.json', 'application/json')], [extract({ operation: 'fromJson' })]);
    expect(jsonOf(empty, 'Extract')).toEqual([{ data: {} }]);
  });

  it('Convert to ICS → Extract From ICS', async () => {
    const run = await runChain(
      [{ t: 'Standup' }],
      [
        convert({ operation: 'iCal', title: '={{ $json.t }}', start: '2025-03-04T09:30:00Z', end: '2025-03-04T10:00:00Z', additionalFields: { location: 'Room 4', description: 'Daily', uid: 'abc-123', fileName: 'standup.ics' } }),
        extract({ operation: 'fromIcs' }),
      ],
    );
    const file = output(run, 'Convert')[0].binary!.data;
    expect(file).toMatchObject({ fileName: 'standup.ics', mimeType: 'text/calendar' });
    expect(bytesOf(file).toString('utf8')).toContain('SUMMARY:Standup');
    const calendar = (jsonOf(run, 'Extract')[0] as { data: { events: Array<Record<string, unknown>> } }).data;
    expect(calendar.events[0]).toMatchObject({ summary: 'Standup', uid: 'abc-123', location: 'Room 4', description: 'Daily', start: { date: '2025-03-04T09:30:00.000Z' }, end: { date: '2025-03-04T10:00:00.000Z' } });
    const bad = await runChain([fileItem('hello', 'x.ics', 'text/calendar')], [extract({ operation: 'fromIcs' })]);
    expect(errorOf(bad, 'Extract')?.message).toContain('not an iCalendar file');
  });
});

describe('PDF text', () => {
  const pdf = makePdf([['Invoice 42', 'Total: 99 EUR'], ['Page two']], { title: 'My invoice', author: 'Switchyard' });

  it('text of every page, joined, with the metadata n8n gives', async () => {
    const run = await runChain([fileItem(pdf, 'inv.pdf', 'application/pdf', { id: 7 })], [extract({ operation: 'pdf', options: { keepSource: 'json' } })]);
    expect(errorOf(run, 'Extract')).toBeUndefined();
    const json = jsonOf(run, 'Extract')[0] as Record<string, unknown>;
    expect(json.id).toBe(7);
    expect(json.text).toBe('Invoice 42\nTotal: 99 EUR\n\nPage two');
    expect(json.numpages).toBe(2);
    expect(json.numrender).toBe(2);
    expect(json.info).toMatchObject({ Title: 'My invoice', Author: 'Switchyard', PDFFormatVersion: '1.4' });
    expect(typeof json.version).toBe('string');
    expect(output(run, 'Extract')[0].binary).toEqual({});
  });

  it('pages apart, and at most Max Pages', async () => {
    const run = await runChain([fileItem(pdf, 'inv.pdf', 'application/pdf')], [extract({ operation: 'pdf', options: { joinPages: false, maxPages: 1, keepSource: 'binary' } })]);
    const out = output(run, 'Extract')[0];
    expect(out.json.text).toEqual(['Invoice 42\nTotal: 99 EUR']);
    expect(out.binary?.data?.fileName).toBe('inv.pdf');
  });

  it('a file that is not a PDF fails clearly', async () => {
    const run = await runChain([fileItem('not a pdf', 'x.pdf', 'application/pdf')], [extract({ operation: 'pdf' })]);
    expect(errorOf(run, 'Extract')?.message).toMatch(/not a valid PDF/);
  });
});
