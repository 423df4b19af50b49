// Files built by the tests themselves: a small PDF with text on each page, zip archives written
// byte by byte (so an entry's deflated data can be reused to make a zip bomb cheaply), and the
// binary item shape the Code node emits.
import { crc32, deflateRawSync } from 'node:zlib';

/** A PDF whose pages show the given lines of text (Helvetica), with an Info dictionary. */
export function makePdf(pages: string[][], info: { title?: string; author?: string } = {}): Buffer {
  const objects: string[] = [];
  const pageIds: number[] = [];
  // 1 catalog, 2 pages, 3 font, 4 info, then page + content pairs.
  let next = 5;
  const pageObjects: string[] = [];
  for (const lines of pages) {
    const pageId = next++;
    const contentId = next++;
    pageIds.push(pageId);
    const escape = (s: string) => s.replace(/([\\()])/g, '\\$1');
    const stream = lines.map((line, i) => `BT /F1 14 Tf 72 ${720 - i * 20} Td (${escape(line)}) Tj ET`).join('\n');
    pageObjects[pageId] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId} 0 R >>`;
    pageObjects[contentId] = `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`;
  }
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  objects[4] = `<< ${info.title ? `/Title (${info.title}) ` : ''}${info.author ? `/Author (${info.author}) ` : ''}>>`;
  for (let id = 5; id < next; id++) objects[id] = pageObjects[id];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < next; id++) {
    offsets[id] = Buffer.byteLength(body);
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefAt = Buffer.byteLength(body);
  body += `xref\n0 ${next}\n0000000000 65535 f \n`;
  for (let id = 1; id < next; id++) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${next} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export interface RawZipEntry {
  name: string;
  /** Raw deflate data (method 8), or the stored bytes when `stored`. */
  compressed: Buffer;
  crc: number;
  size: number;
  stored?: boolean;
}

export function deflatedEntry(name: string, data: Buffer): RawZipEntry {
  return { name, compressed: deflateRawSync(data, { level: 1 }), crc: crc32(data), size: data.byteLength };
}

/** A zip archive of the entries exactly as given (sizes and CRCs as declared). */
export function makeZip(entries: RawZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(e.stored ? 0 : 8, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.compressed.byteLength, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.byteLength, 26);
    locals.push(local, name, e.compressed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.stored ? 0 : 8, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.compressed.byteLength, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.byteLength, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.byteLength + e.compressed.byteLength;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** An item with one file in `binary.data`, as a Code node returns it. */
export function fileItem(data: Buffer | string, fileName: string, mimeType: string, json: Record<string, unknown> = {}, field = 'data') {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const dot = fileName.lastIndexOf('.');
  return { json, binary: { [field]: { data: bytes.toString('base64'), mimeType, fileName, ...(dot > 0 ? { fileExtension: fileName.slice(dot + 1) } : {}) } } };
}
