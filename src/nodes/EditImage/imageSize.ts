// Image dimensions read from the file header, before any decoding: a decompression bomb (a small
// PNG that says 100,000 × 100,000) is refused without allocating its pixels.
export interface HeaderInfo {
  format: 'png' | 'jpeg' | 'gif' | 'bmp' | 'tiff';
  width: number;
  height: number;
}

export function readImageHeader(b: Uint8Array): HeaderInfo | undefined {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (b.length >= 24 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) {
    return { format: 'png', width: dv.getUint32(16), height: dv.getUint32(20) };
  }
  if (b.length >= 10 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) {
    return { format: 'gif', width: dv.getUint16(6, true), height: dv.getUint16(8, true) };
  }
  if (b.length >= 26 && b[0] === 0x42 && b[1] === 0x4d) {
    return { format: 'bmp', width: Math.abs(dv.getInt32(18, true)), height: Math.abs(dv.getInt32(22, true)) };
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    // Walk the segments to a start-of-frame marker (SOF0…SOF15 except DHT, JPG, DAC).
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) {
        i++;
        continue;
      }
      const marker = b[i + 1];
      if (marker === 0xff) {
        i++;
        continue;
      }
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        i += 2;
        continue;
      }
      const length = dv.getUint16(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { format: 'jpeg', height: dv.getUint16(i + 5), width: dv.getUint16(i + 7) };
      }
      i += 2 + length;
    }
    return undefined;
  }
  if (b.length >= 8 && ((b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a) || (b[0] === 0x4d && b[1] === 0x4d && b[3] === 0x2a))) {
    const le = b[0] === 0x49;
    const ifd = dv.getUint32(4, le);
    if (ifd + 2 > b.length) return undefined;
    const entries = dv.getUint16(ifd, le);
    let width = 0;
    let height = 0;
    for (let e = 0; e < entries; e++) {
      const at = ifd + 2 + e * 12;
      if (at + 12 > b.length) break;
      const tag = dv.getUint16(at, le);
      const type = dv.getUint16(at + 2, le);
      const value = type === 3 ? dv.getUint16(at + 8, le) : dv.getUint32(at + 8, le);
      if (tag === 256) width = value;
      if (tag === 257) height = value;
    }
    return width && height ? { format: 'tiff', width, height } : undefined;
  }
  return undefined;
}
