// Edit Image (n8n-nodes-base.editImage 1) with jimp in a worker thread: every operation on real
// PNG/JPEG bytes, checked by decoding the output; refusals named; a decompression bomb refused
// from its header.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Jimp } from 'jimp';
import { errorOf, output, runChain } from './helpers.ts';
import type { INodeExecutionData } from '../../src/model/execution.ts';

type Rgba = [number, number, number, number];

async function png(width: number, height: number, paint: (x: number, y: number) => Rgba, mime = 'image/png'): Promise<string> {
  const image = new Jimp({ width, height, color: 0 });
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
    const [r, g, b, a] = paint(x, y);
    const i = (y * width + x) * 4;
    image.bitmap.data[i] = r;
    image.bitmap.data[i + 1] = g;
    image.bitmap.data[i + 2] = b;
    image.bitmap.data[i + 3] = a;
  }
  const buf = await image.getBuffer(mime as 'image/png');
  return buf.toString('base64');
}

const RED: Rgba = [255, 0, 0, 255];
const BLUE: Rgba = [0, 0, 255, 255];
const WHITE: Rgba = [255, 255, 255, 255];

async function item(width = 40, height = 20, paint: (x: number, y: number) => Rgba = () => RED, extra: Record<string, unknown> = {}) {
  return { json: { keep: true }, binary: { data: { data: await png(width, height, paint), mimeType: 'image/png', fileName: 'photo.png', fileExtension: 'png' }, ...extra } };
}

const edit = (parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ name: 'Edit', type: 'n8n-nodes-base.editImage', typeVersion: 1, parameters, ...extra });

async function decoded(out: INodeExecutionData, prop = 'data') {
  const b = out.binary![prop];
  const image = await Jimp.read(Buffer.from(b.data!, 'base64'));
  const px = (x: number, y: number): Rgba => {
    const i = (y * image.bitmap.width + x) * 4;
    const d = image.bitmap.data;
    return [d[i], d[i + 1], d[i + 2], d[i + 3]];
  };
  return { image, px, w: image.bitmap.width, h: image.bitmap.height, meta: b };
}

async function one(input: unknown, parameters: Record<string, unknown>) {
  const run = await runChain([input], [edit(parameters)]);
  const err = errorOf(run, 'Edit');
  if (err) throw new Error(err.message);
  return decoded(output(run, 'Edit')[0]);
}

const close = (a: Rgba, b: Rgba, tol = 3) => a.every((v, i) => Math.abs(v - b[i]) <= tol);

describe('Edit Image', { timeout: 60_000 }, () => {
  it('information: format, size and the binary kept', async () => {
    const input = await item(40, 20);
    const run = await runChain([input], [edit({ operation: 'information' })]);
    const out = output(run, 'Edit')[0];
    expect(out.json).toMatchObject({ format: 'PNG', mimeType: 'image/png', size: { width: 40, height: 20 }, Geometry: '40x20' });
    expect(out.binary!.data.data).toBe(input.binary.data.data);
  });

  it('create: a new PNG of the size and colour (GraphicsMagick opacity byte: 00 opaque), no input needed', async () => {
    const r = await one({ json: {} }, { operation: 'create', width: 30, height: 12, backgroundColor: '#00ff0000' });
    expect([r.w, r.h]).toEqual([30, 12]);
    expect(r.px(5, 5)).toEqual([0, 255, 0, 255]);
    expect(r.meta.mimeType).toBe('image/png');
    const clear = await one({ json: {} }, { operation: 'create', width: 4, height: 4, backgroundColor: '#ffffffff' });
    expect(clear.px(1, 1)[3]).toBe(0);
  });

  it('border: grows by twice the border, border colour outside, image inside', async () => {
    const r = await one(await item(10, 10), { operation: 'border', borderWidth: 3, borderHeight: 2, borderColor: '#0000ff' });
    expect([r.w, r.h]).toEqual([16, 14]);
    expect(r.px(0, 0)).toEqual(BLUE);
    expect(r.px(8, 7)).toEqual(RED);
  });

  it('blur: a sharp edge becomes a gradient', async () => {
    const input = await item(40, 10, (x) => (x < 20 ? WHITE : [0, 0, 0, 255]));
    const r = await one(input, { operation: 'blur', blur: 5, sigma: 3 });
    // Symmetric around the edge (between x 19 and 20), untouched 4 sigma away.
    expect(r.px(19, 5)[0] + r.px(20, 5)[0]).toBeGreaterThan(255 - 20);
    expect(r.px(19, 5)[0] + r.px(20, 5)[0]).toBeLessThan(255 + 20);
    expect(r.px(17, 5)[0]).toBeGreaterThan(r.px(19, 5)[0]);
    expect(r.px(22, 5)[0]).toBeLessThan(r.px(20, 5)[0]);
    expect(r.px(2, 5)[0]).toBe(255);
    expect(r.px(37, 5)[0]).toBe(0);
    // Transparent neighbours do not darken a colour (alpha-weighted).
    const half = await one(await item(20, 10, (x) => (x < 10 ? RED : [0, 0, 0, 0])), { operation: 'blur', blur: 5, sigma: 2 });
    const [pr, pg, pb, pa] = half.px(10, 5);
    expect([pr, pg, pb]).toEqual([255, 0, 0]);
    expect(pa).toBeGreaterThan(40);
    expect(pa).toBeLessThan(215);
  });

  it('crop: the region at the position, clamped to the image', async () => {
    const input = await item(40, 20, (x, y) => (x >= 10 && y >= 5 ? BLUE : RED));
    const r = await one(input, { operation: 'crop', width: 10, height: 5, positionX: 10, positionY: 5 });
    expect([r.w, r.h]).toEqual([10, 5]);
    expect(r.px(0, 0)).toEqual(BLUE);
    const clamped = await one(input, { operation: 'crop', width: 500, height: 500, positionX: 30, positionY: 0 });
    expect([clamped.w, clamped.h]).toEqual([10, 20]);
  });

  it('resize: every option', async () => {
    const input = await item(40, 20);
    const size = async (width: number, height: number, resizeOption: string) => {
      const r = await one(input, { operation: 'resize', width, height, resizeOption });
      return [r.w, r.h];
    };
    expect(await size(10, 10, 'ignoreAspectRatio')).toEqual([10, 10]);
    expect(await size(50, 50, 'percent')).toEqual([20, 10]);
    expect(await size(10, 10, 'minimumArea')).toEqual([20, 10]);
    expect(await size(20, 20, 'onlyIfLarger')).toEqual([20, 10]);
    expect(await size(100, 100, 'onlyIfLarger')).toEqual([40, 20]);
    expect(await size(80, 80, 'onlyIfSmaller')).toEqual([80, 40]);
    expect(await size(10, 10, 'onlyIfSmaller')).toEqual([40, 20]);
    // Maximum area: width × height pixels at most (GraphicsMagick's '@').
    const [w, h] = await size(20, 10, 'maximumArea');
    expect(w * h).toBeLessThanOrEqual(200);
    expect(w / h).toBeCloseTo(2, 0);
  });

  it('rotate: clockwise, corners in the background colour', async () => {
    const input = await item(20, 10, (x) => (x < 10 ? RED : BLUE));
    const r = await one(input, { operation: 'rotate', rotate: 90, backgroundColor: '#ffffffff' });
    expect([r.w, r.h]).toEqual([10, 20]);
    // Clockwise: the left (red) half ends up on top.
    expect(close(r.px(5, 2), RED)).toBe(true);
    expect(close(r.px(5, 17), BLUE)).toBe(true);
    const tilted = await one(await item(20, 20), { operation: 'rotate', rotate: 45, backgroundColor: '#00ff0000' });
    expect(tilted.w).toBeGreaterThan(26);
    expect(tilted.px(0, 0)).toEqual([0, 255, 0, 255]);
  });

  it('shear: the canvas widens by tan(angle) × height', async () => {
    const r = await one(await item(20, 10), { operation: 'shear', degreesX: 45, degreesY: 0 });
    expect([r.w, r.h]).toEqual([30, 10]);
    // Each row moves right by tan(45°) × its y: top-left stays, bottom-right is filled.
    expect(r.px(0, 0)[3]).toBe(255);
    expect(r.px(29, 0)[3]).toBe(0);
    expect(r.px(0, 9)[3]).toBe(0);
    expect(r.px(28, 9)[3]).toBe(255);
  });

  it('transparent: the colour becomes transparent, others stay', async () => {
    const r = await one(await item(10, 10, (x) => (x < 5 ? RED : BLUE)), { operation: 'transparent', color: '#ff0000' });
    expect(r.px(1, 1)[3]).toBe(0);
    expect(r.px(8, 1)).toEqual(BLUE);
  });

  it('draw: rectangle, circle and line in the colour', async () => {
    const white = () => WHITE;
    const rect = await one(await item(40, 40, white), { operation: 'draw', primitive: 'rectangle', color: '#ff000000', startPositionX: 5, startPositionY: 5, endPositionX: 15, endPositionY: 15, cornerRadius: 0 });
    expect(rect.px(10, 10)).toEqual(RED);
    expect(rect.px(20, 20)).toEqual(WHITE);
    const circle = await one(await item(40, 40, white), { operation: 'draw', primitive: 'circle', color: '#0000ff', startPositionX: 20, startPositionY: 20, endPositionX: 25, endPositionY: 20 });
    expect(circle.px(20, 20)).toEqual(BLUE);
    expect(circle.px(20, 24)).toEqual(BLUE);
    expect(circle.px(20, 27)).toEqual(WHITE);
    const line = await one(await item(40, 40, white), { operation: 'draw', primitive: 'line', color: '#000000', startPositionX: 0, startPositionY: 0, endPositionX: 39, endPositionY: 39 });
    expect(line.px(20, 20)).toEqual([0, 0, 0, 255]);
    expect(line.px(30, 5)).toEqual(WHITE);
  });

  it('text: glyphs in the font colour; a system font falls back to the built-in one with a hint', async () => {
    const r = await one(await item(200, 60, () => WHITE), { operation: 'text', text: 'Hello Switchyard', fontSize: 32, fontColor: '#ff0000', positionX: 5, positionY: 40, lineLength: 80 });
    let red = 0;
    for (let y = 0; y < 60; y++) for (let x = 0; x < 200; x++) {
      const [pr, pg] = r.px(x, y);
      if (pr > 200 && pg < 80) red++;
    }
    expect(red).toBeGreaterThan(100);
    // As an imported workflow has it: a multi-step text in Arial (GraphicsMagick loads the file).
    const run = await runChain([await item(200, 60, () => WHITE)], [edit({ operation: 'multiStep', operations: { operations: [{ operation: 'text', text: 'Caption', font: '/usr/share/fonts/truetype/msttcorefonts/Arial.ttf', fontSize: 16, fontColor: '#000000', positionX: 5, positionY: 30, lineLength: 80 }] } })]);
    expect(errorOf(run, 'Edit')).toBeUndefined();
    expect(run.data.resultData.runData.Edit[0].hints).toEqual([{ message: 'The font "/usr/share/fonts/truetype/msttcorefonts/Arial.ttf" is not available here: the text was drawn in the built-in font (Open Sans)' }]);
    const drawn = await decoded(output(run, 'Edit')[0]);
    let dark = 0;
    for (let y = 0; y < 60; y++) for (let x = 0; x < 200; x++) if (drawn.px(x, y)[0] < 100) dark++;
    expect(dark).toBeGreaterThan(30);
  });

  it('composite: the second image over the first at the position; unsupported operators refused by name', async () => {
    const base = await item(20, 20, () => WHITE, { overlay: { data: await png(5, 5, () => BLUE), mimeType: 'image/png' } });
    const r = await one(base, { operation: 'composite', dataPropertyNameComposite: 'overlay', operator: 'Over', positionX: 10, positionY: 10 });
    expect(r.px(12, 12)).toEqual(BLUE);
    expect(r.px(5, 5)).toEqual(WHITE);
    const mult = await one(base, { operation: 'composite', dataPropertyNameComposite: 'overlay', operator: 'Multiply', positionX: 0, positionY: 0 });
    expect(mult.px(1, 1)).toEqual(BLUE);
    const run = await runChain([base], [edit({ operation: 'composite', dataPropertyNameComposite: 'overlay', operator: 'Bumpmap' })]);
    expect(errorOf(run, 'Edit')?.message).toMatch(/^The composite operator "Bumpmap" is not supported by this node/);
    const missing = await runChain([base], [edit({ operation: 'composite', dataPropertyNameComposite: 'nope', operator: 'Over' })]);
    expect(errorOf(missing, 'Edit')?.message).toBe('Item does not contain any binary data with the name "nope".');
  });

  it('multiStep: create, draw, border and resize in order, with format, quality and file name options', async () => {
    const run = await runChain([{ json: {} }], [
      edit({
        operation: 'multiStep',
        operations: {
          operations: [
            { operation: 'create', width: 20, height: 20, backgroundColor: '#ffffff00' },
            { operation: 'draw', primitive: 'rectangle', color: '#ff000000', startPositionX: 0, startPositionY: 0, endPositionX: 9, endPositionY: 19, cornerRadius: 0 },
            { operation: 'border', borderWidth: 5, borderHeight: 5, borderColor: '#000000' },
            { operation: 'resize', width: 15, height: 15, resizeOption: 'ignoreAspectRatio' },
          ],
        },
        options: { format: 'jpeg', quality: 90, fileName: 'made.jpg' },
      }),
    ]);
    const out = output(run, 'Edit')[0];
    expect(out.binary!.data).toMatchObject({ mimeType: 'image/jpeg', fileExtension: 'jpeg', fileName: 'made.jpg' });
    const r = await decoded(out);
    expect([r.w, r.h]).toEqual([15, 15]);
    expect(r.px(0, 0)[0]).toBeLessThan(40);
  });

  it("an imported workflow's avatar mask: create transparent, draw an opaque circle, composite the avatar In", async () => {
    // Parameters as in the public 'Create dynamic Twitter profile banner' workflow.
    const avatar = { json: {}, binary: { avatar: { data: await png(200, 200, () => BLUE), mimeType: 'image/png', fileName: 'avatar.png' } } };
    const run = await runChain([avatar], [
      edit({
        operation: 'multiStep',
        dataPropertyName: 'avatar',
        options: { format: 'png' },
        operations: {
          operations: [
            { width: 200, height: 200, operation: 'create', backgroundColor: '#000000ff' },
            { color: '#ffffff00', operation: 'draw', primitive: 'circle', endPositionX: 25, endPositionY: 50, startPositionX: 100, startPositionY: 100 },
            { operator: 'In', operation: 'composite', dataPropertyNameComposite: 'avatar' },
          ],
        },
      }),
    ]);
    const r = await decoded(output(run, 'Edit')[0], 'avatar');
    expect([r.w, r.h]).toEqual([200, 200]);
    expect(r.px(100, 100)).toEqual(BLUE);
    expect(r.px(2, 2)[3]).toBe(0);
    expect(r.px(197, 197)[3]).toBe(0);
  });

  it('format changes the file name extension; the other binary properties are kept', async () => {
    const input = await item(10, 10, () => RED, { other: { data: Buffer.from('x').toString('base64'), mimeType: 'text/plain' } });
    const run = await runChain([input], [edit({ operation: 'border', borderWidth: 1, borderHeight: 1, borderColor: '#000000', options: { format: 'gif' } })]);
    const out = output(run, 'Edit')[0];
    expect(out.binary!.data).toMatchObject({ mimeType: 'image/gif', fileName: 'photo.gif', fileExtension: 'gif' });
    expect(out.binary!.other.data).toBe((input.binary as Record<string, { data: string }>).other.data);
    expect(out.json).toEqual({ keep: true });
  });

  it('reads and writes JPEG, BMP, GIF and TIFF; two runs at once share the worker', async () => {
    for (const format of ['jpeg', 'bmp', 'gif', 'tiff', 'png']) {
      const run = await runChain([await item(12, 8, () => BLUE)], [edit({ operation: 'border', borderWidth: 2, borderHeight: 2, borderColor: '#ff0000', options: { format } })]);
      const out = output(run, 'Edit')[0];
      expect(out.binary!.data.mimeType).toBe(`image/${format}`);
      const back = await decoded(out);
      expect([back.w, back.h]).toEqual([16, 12]);
      expect(close(back.px(8, 6), BLUE, 12)).toBe(true);
      // The output read back as the input of another run.
      const again = await runChain([{ json: {}, binary: { data: out.binary!.data } }], [edit({ operation: 'information' })]);
      expect(output(again, 'Edit')[0].json).toMatchObject({ format: format.toUpperCase(), size: { width: 16, height: 12 } });
    }
    const jpegIn = { json: {}, binary: { data: { data: await png(30, 30, () => RED, 'image/jpeg'), mimeType: 'image/jpeg', fileName: 'a.jpg' } } };
    const [a, b] = await Promise.all([
      runChain([jpegIn], [edit({ operation: 'resize', width: 10, height: 10, resizeOption: 'ignoreAspectRatio' })]),
      runChain([await item(20, 20)], [edit({ operation: 'crop', width: 5, height: 6, positionX: 0, positionY: 0 })]),
    ]);
    const ra = await decoded(output(a, 'Edit')[0]);
    const rb = await decoded(output(b, 'Edit')[0]);
    expect([ra.w, ra.h, rb.w, rb.h]).toEqual([10, 10, 5, 6]);
    expect(output(a, 'Edit')[0].binary!.data.mimeType).toBe('image/jpeg');
  });

  it('bad input: no binary, not an image, unknown operation; continue on fail', async () => {
    expect(errorOf(await runChain([{ json: {} }], [edit({ operation: 'blur', blur: 1, sigma: 1 })]), 'Edit')?.message).toBe('Item does not contain any binary data.');
    const text = { json: {}, binary: { data: { data: Buffer.from('hello').toString('base64'), mimeType: 'text/plain' } } };
    expect(errorOf(await runChain([text], [edit({ operation: 'blur', blur: 1, sigma: 1 })]), 'Edit')?.message).toBe('The image is not an image this node can read (PNG, JPEG, GIF, BMP or TIFF)');
    const cont = await runChain([text, await item()], [edit({ operation: 'information' }, { continueOnFail: true })]);
    expect(output(cont, 'Edit').map((i) => Object.keys(i.json))).toEqual([['error'], ['format', 'mimeType', 'size', 'Geometry', 'Filesize', 'hasAlpha']]);
  });

  it('refuses a decompression bomb from its header, and creating or growing past the pixel limit', async () => {
    // A valid 100,000 × 100,000 PNG header with a tiny compressed body: 40 GB of pixels if decoded.
    const crcTable = Array.from({ length: 256 }, (_, n) => {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      return c >>> 0;
    });
    const crc = (b: Buffer) => {
      let c = 0xffffffff;
      for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
      return (c ^ 0xffffffff) >>> 0;
    };
    const chunk = (type: string, data: Buffer) => {
      const len = Buffer.alloc(4);
      len.writeUInt32BE(data.length);
      const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const c = Buffer.alloc(4);
      c.writeUInt32BE(crc(td));
      return Buffer.concat([len, td, c]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(100_000, 0);
    ihdr.writeUInt32BE(100_000, 4);
    ihdr[8] = 8;
    ihdr[9] = 6;
    const bomb = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(1_000_000))), chunk('IEND', Buffer.alloc(0))]);
    expect(bomb.length).toBeLessThan(5_000);
    const t0 = Date.now();
    const run = await runChain([{ json: {}, binary: { data: { data: bomb.toString('base64'), mimeType: 'image/png' } } }], [edit({ operation: 'resize', width: 10, height: 10, resizeOption: 'ignoreAspectRatio' })]);
    expect(errorOf(run, 'Edit')?.message).toBe('The image (PNG) would be 100000 × 100000 pixels, more than the limit of 40000000 pixels (30000 per side)');
    expect(Date.now() - t0).toBeLessThan(5_000);
    const big = await runChain([{ json: {} }], [edit({ operation: 'create', width: 20_000, height: 20_000, backgroundColor: '#ffffff' })]);
    expect(errorOf(big, 'Edit')?.message).toBe('The image would be 20000 × 20000 pixels, more than the limit of 40000000 pixels (30000 per side)');
    const grow = await runChain([await item(10, 10)], [edit({ operation: 'resize', width: 100_000, height: 100_000, resizeOption: 'percent' })]);
    expect(errorOf(grow, 'Edit')?.message).toMatch(/^The resized image would be 10000 × 10000 pixels/);
  });
});
