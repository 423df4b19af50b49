// The node details view's data panels (issue 11, spec 001 §2.7, §4.3, §9) against the real
// server: the output's table and JSON (folding at depth 10, selection, copy value / item path /
// parameter path with a 2000 ms toast), branch tabs, the run selector linked with the input when
// both have the same run count, binary previews and downloads (stored inline and on disk,
// 'Error loading binary data'), the too-much-data state, the input panel's not-connected and
// execute-previous-nodes states.
import { expect, test, type Page } from '@playwright/test';
import { TYPES, baseUrl, closeNdv, codeNode as code, links, n, node, openNdv, openNew, runAll, shot, toast } from './editing-helpers.ts';


test.describe('output and input panels', () => {
  test.setTimeout(180_000);

  test('table, JSON folding and copy, branch tabs', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    let deep = "{ leaf: 'bottom' }";
    for (let i = 11; i >= 0; i--) deep = `{ l${i}: ${deep} }`;
    await openNew(page, {
      name: `Output ${Date.now()}`,
      nodes: [
        n('Trigger', TYPES.trigger, [240, 300]),
        code('People', `return [1, 2, 3].map((i) => ({ json: { id: i, name: 'P' + i, 'my key': { list: [i, i * 10] }, deep: ${deep} } }));`, [460, 300]),
        n('If', TYPES.if, [680, 300], { conditions: { options: { caseSensitive: true, leftValue: '', typeValidation: 'strict' }, conditions: [{ id: 'c1', leftValue: '={{ $json.id }}', rightValue: 2, operator: { type: 'number', operation: 'gt' } }], combinator: 'and' }, options: {} }, 2),
      ],
      connections: links([
        ['Trigger', 'People'],
        ['People', 'If'],
      ]),
    });
    await runAll(page);

    // Branch tabs of the If node: true (1 item) and false (2 items).
    await openNdv(page, 'If');
    const out = page.getByTestId('ndv-output');
    await expect(out.getByTestId('ndv-output-branch-0')).toHaveText('true (1 item)');
    await expect(out.getByTestId('ndv-output-branch-1')).toHaveText('false (2 items)');
    await expect(out.getByTestId('data-table-row')).toHaveCount(1);
    await out.getByTestId('ndv-output-branch-1').click();
    await expect(out.getByTestId('data-table-row')).toHaveCount(2);
    await expect(out.getByTestId('data-table')).toContainText('P1');
    await shot(page, 'data-01-branch-tabs');
    await closeNdv(page);

    // JSON: depth 10 open, deeper folded; unfold; select a value and copy it three ways.
    await openNdv(page, 'People');
    await out.getByTestId('ndv-output-mode-json').click();
    const json = out.getByTestId('json-view');
    // The item is level 1, its 'deep' object level 2 … 'l7' level 10: open; 'l8' folded.
    await expect(json).toContainText('"l7": {');
    await expect(json.getByTestId('json-line').filter({ hasText: '"l8": {…} 1 key' }).first()).toBeVisible();
    await shot(page, 'data-02-json-depth-10');
    await json.getByTestId('json-line').filter({ hasText: '"l8": {…} 1 key' }).first().getByTestId('json-toggle').click();
    await expect(json.getByTestId('json-line').filter({ hasText: '"l9": {…} 1 key' }).first()).toBeVisible();
    // Fold the first item's 'deep' object: one line.
    await json.getByTestId('json-line').filter({ hasText: '"deep": {' }).first().getByTestId('json-toggle').click();
    await expect(json.getByTestId('json-line').filter({ hasText: '"deep": {…} 1 key' }).first()).toBeVisible();

    // Select the second item's list (item index 1), copy the value, the item path, the parameter path.
    await json.getByTestId('json-line').filter({ hasText: '"list": [' }).nth(1).click();
    const copyButton = out.getByTestId('ndv-output-copy-button');
    await copyButton.click();
    await shot(page, 'data-03-json-selected-copy-menu');
    await page.getByTestId('copy-value').click();
    await expect(toast(page, 'Copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(JSON.stringify([2, 20], null, 2));
    // The copy toast lasts 2000 ms.
    const shown = Date.now();
    await expect(toast(page, 'Copied to clipboard')).toHaveCount(0, { timeout: 5000 });
    expect(Date.now() - shown).toBeGreaterThan(1200);
    await copyButton.click();
    await page.getByTestId('copy-item-path').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('{{ $item(1).$node["People"].json["my key"]["list"] }}');
    await copyButton.click();
    await page.getByTestId('copy-parameter-path').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('{{ $node["People"].json["my key"]["list"] }}');
    await shot(page, 'data-04-copied-toast');
    expect(errors).toEqual([]);
  });

  test('binary data: previews of image, PDF, text, JSON, audio and video, downloads, the error', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(baseUrl());
    // A real PNG over the 1 MB inline limit (noise compresses badly), made by the browser.
    const png = await page.evaluate(async () => {
      const c = document.createElement('canvas');
      c.width = c.height = 700;
      const g = c.getContext('2d')!;
      const img = g.createImageData(700, 700);
      let s = 12345;
      for (let i = 0; i < img.data.length; i++) img.data[i] = i % 4 === 3 ? 255 : (s = (s * 1103515245 + 12345) & 0x7fffffff) >> 23;
      g.putImageData(img, 0, 0);
      const blob: Blob = await new Promise((r) => c.toBlob((b) => r(b!), 'image/png'));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let bin = '';
      for (let i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]!);
      return btoa(bin);
    });
    const pngBytes = Buffer.from(png, 'base64');
    // A short WebM video, recorded by the browser from a canvas (64 x 64).
    const webm = await page.evaluate(async () => {
      const c = document.createElement('canvas');
      c.width = c.height = 64;
      const g = c.getContext('2d')!;
      const rec = new MediaRecorder(c.captureStream(20), { mimeType: 'video/webm' });
      const parts: Blob[] = [];
      rec.ondataavailable = (e) => parts.push(e.data);
      const stopped = new Promise((r) => (rec.onstop = r));
      rec.start();
      // At least 20 frames over at least 800 ms, however busy the machine.
      const t0 = performance.now();
      for (let f = 0; f < 20 || performance.now() - t0 < 800; f++) {
        g.fillStyle = `hsl(${f * 30}, 80%, 50%)`;
        g.fillRect(0, 0, 64, 64);
        await new Promise((r) => requestAnimationFrame(r));
      }
      rec.stop();
      await stopped;
      const bytes = new Uint8Array(await new Blob(parts, { type: 'video/webm' }).arrayBuffer());
      let bin = '';
      for (let i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]!);
      return btoa(bin);
    });
    expect(pngBytes.length).toBeGreaterThan(1024 * 1024);

    const pdf = Buffer.from('%PDF-1.1\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n').toString('base64');
    // 0.2 s of silence, 8 kHz mono 8-bit WAV.
    const samples = 1600;
    const wav = Buffer.alloc(44 + samples, 128);
    wav.write('RIFF', 0);
    wav.writeUInt32LE(36 + samples, 4);
    wav.write('WAVEfmt ', 8);
    wav.writeUInt32LE(16, 16);
    wav.writeUInt16LE(1, 20);
    wav.writeUInt16LE(1, 22);
    wav.writeUInt32LE(8000, 24);
    wav.writeUInt32LE(8000, 28);
    wav.writeUInt16LE(1, 32);
    wav.writeUInt16LE(8, 34);
    wav.write('data', 36);
    wav.writeUInt32LE(samples, 40);
    const files = [
      { key: 'notes', fileName: 'notes.txt', mimeType: 'text/plain', data: Buffer.from('Hello from a text file\nsecond line').toString('base64') },
      { key: 'config', fileName: 'config.json', mimeType: 'application/json', data: Buffer.from('{"a":1,"b":[true,null]}').toString('base64') },
      { key: 'doc', fileName: 'doc.pdf', mimeType: 'application/pdf', data: pdf },
      { key: 'sound', fileName: 'silence.wav', mimeType: 'audio/wav', data: wav.toString('base64') },
      { key: 'clip', fileName: 'clip.webm', mimeType: 'video/webm', data: webm },
    ];
    const js = `const files = ${JSON.stringify(files)};
return [
  { json: { kind: 'inline' }, binary: Object.fromEntries(files.map((f) => [f.key, { data: f.data, mimeType: f.mimeType, fileName: f.fileName }])) },
  { json: { kind: 'gone' }, binary: { gone: { id: 'filesystem-v2:executions/999999999/binary_data/nothing-here', mimeType: 'image/png', fileName: 'gone.png' } } },
];`;
    const path = `e2e-binary-${Date.now()}`;
    await openNew(page, {
      name: `Binary ${path}`,
      nodes: [
        { ...n('Webhook', 'n8n-nodes-base.webhook', [240, 300], { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} }, 2), webhookId: crypto.randomUUID() },
        code('Files', js, [460, 300]),
      ],
      connections: links([['Webhook', 'Files']]),
    });
    await page.getByTestId('execute-workflow').click();
    await expect(page.getByTestId('execute-workflow')).toHaveText('Waiting for trigger event');
    const res = await fetch(`${baseUrl()}webhook-test/${path}`, { method: 'POST', headers: { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="noise.png"' }, body: pngBytes });
    expect(res.status, await res.text()).toBe(200);
    await expect(toast(page, 'Workflow executed successfully')).toBeVisible();

    // The webhook's file is on disk (an id, no data): binary is chosen by itself.
    await openNdv(page, 'Webhook');
    const out = page.getByTestId('ndv-output');
    await expect(out.getByTestId('ndv-output-mode-binary')).toHaveAttribute('aria-pressed', 'true');
    const card = out.getByTestId('binary-card');
    await expect(card).toContainText('noise.png');
    await expect(card).toContainText('image/png');
    await shot(page, 'data-05-binary-list');
    // Download: a plain GET of /rest/data/{id}?action=download, saved under the file name.
    const href = await card.getByTestId('binary-download').getAttribute('href');
    expect(href).toMatch(/\/rest\/data\/filesystem-v2%3Aexecutions%2F\d+%2F.+\?action=download$/);
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('binary-download').click()]);
    expect(download.suggestedFilename()).toBe('noise.png');
    const { readFile } = await import('node:fs/promises');
    expect((await readFile((await download.path())!)).equals(pngBytes)).toBe(true);
    await card.getByTestId('binary-view').click();
    const img = out.getByTestId('binary-image');
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(700);
    await shot(page, 'data-06-binary-image-preview');
    await out.getByTestId('binary-back').click();
    await closeNdv(page);

    // Inline files of the Code node.
    await openNdv(page, 'Files');
    await out.getByTestId('ndv-output-mode-binary').click();
    await expect(out.getByTestId('binary-card')).toHaveCount(6);
    const byName = (name: string) => out.getByTestId('binary-card').filter({ hasText: name });
    await byName('notes.txt').getByTestId('binary-view').click();
    await expect(out.getByTestId('binary-text')).toHaveText('Hello from a text file\nsecond line');
    await shot(page, 'data-07-binary-text');
    await out.getByTestId('binary-back').click();
    await byName('config.json').getByTestId('binary-view').click();
    await expect(out.getByTestId('binary-text')).toHaveText(JSON.stringify({ a: 1, b: [true, null] }, null, 2));
    await shot(page, 'data-08-binary-json');
    await out.getByTestId('binary-back').click();
    await byName('doc.pdf').getByTestId('binary-view').click();
    await expect(out.getByTestId('binary-pdf')).toHaveAttribute('src', /^blob:/);
    await shot(page, 'data-09-binary-pdf');
    await out.getByTestId('binary-back').click();
    await byName('silence.wav').getByTestId('binary-view').click();
    const audio = out.getByTestId('binary-audio');
    await expect(audio).toBeVisible();
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState)).toBeGreaterThan(0);
    expect(await audio.evaluate((el: HTMLAudioElement) => Math.round(el.duration * 10) / 10)).toBe(0.2);
    await shot(page, 'data-10-binary-audio');
    await out.getByTestId('binary-back').click();
    await byName('clip.webm').getByTestId('binary-view').click();
    const video = out.getByTestId('binary-video');
    await expect(video).toBeVisible();
    await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await video.evaluate((el: HTMLVideoElement) => el.videoWidth)).toBe(64);
    await shot(page, 'data-10b-binary-video');
    await out.getByTestId('binary-back').click();
    // Inline data downloads from memory, under its file name.
    const [dl] = await Promise.all([page.waitForEvent('download'), byName('notes.txt').getByTestId('binary-download').click()]);
    expect(dl.suggestedFilename()).toBe('notes.txt');
    // Data the server does not have: the error.
    await byName('gone.png').getByTestId('binary-view').click();
    await expect(out.getByTestId('binary-error')).toContainText('Error loading binary data');
    await shot(page, 'data-11-binary-error');
    expect(errors).toEqual([]);
  });

  test('too much data waits for Show anyway', async ({ page }) => {
    test.setTimeout(240_000);
    await openNew(page, {
      name: `Too much ${Date.now()}`,
      // Over the 64 MB display limit (66 items of 1 MB), made one item per sandbox run: one run
      // returning all 66 MB builds about 69 MB of JSON text (plus its growing buffer) against
      // the Code node's 128 MB limit, which a sandbox worker whose WebAssembly heap earlier runs
      // have used does not always fit ('Code ran out of memory' in the full e2e run).
      nodes: [
        n('Trigger', TYPES.trigger, [240, 300]),
        code('Items', 'return Array.from({ length: 66 }, (_, i) => ({ json: { i } }));', [460, 300]),
        n('Big', 'n8n-nodes-base.code', [680, 300], { mode: 'runOnceForEachItem', jsCode: "return { json: { i: $json.i, s: 'x'.repeat(1024 * 1024) } };" }, 2),
      ],
      connections: links([
        ['Trigger', 'Items'],
        ['Items', 'Big'],
      ]),
    });
    await runAll(page);
    await openNdv(page, 'Big');
    const out = page.getByTestId('ndv-output');
    await expect(out.getByTestId('ndv-output-too-much')).toContainText('Display data?');
    await expect(out.getByTestId('ndv-output-too-much')).toContainText('66 items');
    await expect(out.getByTestId('data-table')).toHaveCount(0);
    await shot(page, 'data-12-too-much-data');
    await out.getByTestId('ndv-output-show-anyway').click();
    await expect(out.getByTestId('data-table-row')).toHaveCount(10);
    await shot(page, 'data-13-shown-anyway');
  });

  test('input panel: not connected, execute previous nodes, runs linked with the output', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // React's warnings too (a panel updating the other while rendering, keys…).
    page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(m.text()));
    const LONG = 'A node with a name longer than thirty characters';
    await openNew(page, {
      name: `Input ${Date.now()}`,
      nodes: [
        n('Trigger', TYPES.trigger, [240, 300]),
        code(LONG, "return [1, 2, 3].map((i) => ({ json: { i } }));", [460, 300]),
        n('Loop', 'n8n-nodes-base.splitInBatches', [680, 300], { batchSize: 1, options: {} }, 3),
        n('First', TYPES.noOp, [900, 400]),
        n('Second', TYPES.noOp, [1120, 400]),
        n('Alone', TYPES.noOp, [460, 560]),
      ],
      connections: links([
        ['Trigger', LONG],
        [LONG, 'Loop'],
        ['Loop', 'First', 1],
        ['First', 'Second'],
        ['Second', 'Loop'],
      ]),
    });

    // No parent: the illustration and the docs link.
    await openNdv(page, 'Alone');
    const notConnected = page.getByTestId('ndv-input-not-connected');
    await expect(notConnected).toContainText('Wire me up');
    await expect(page.getByTestId('ndv-input-docs')).toHaveAttribute('href', 'https://docs.n8n.io/workflows/connections/');
    await shot(page, 'data-14-not-connected');
    await closeNdv(page);

    // Before any run: execute the previous nodes from the input panel.
    await openNdv(page, 'Loop');
    const input = page.getByTestId('ndv-input');
    await expect(input.getByTestId('ndv-input-parent').locator('option').first()).toHaveText(LONG.slice(0, 30) + '…');
    await expect(input).toContainText('No input data yet');
    await shot(page, 'data-15-execute-previous');
    await input.getByTestId('ndv-input-execute-previous').click();
    await expect(input.getByTestId('data-table-row')).toHaveCount(3);
    // Only up to the parent: the Loop itself has not run.
    await expect(page.getByTestId('ndv-output')).toContainText('No output yet');
    await closeNdv(page);

    // Three passes through the loop: Second's input (First) and output have 3 runs each: linked.
    await runAll(page);
    await openNdv(page, 'Second');
    const output = page.getByTestId('ndv-output');
    await expect(input.getByTestId('ndv-input-run')).toHaveValue('2');
    await expect(output.getByTestId('ndv-output-run')).toHaveValue('2');
    await expect(input.getByTestId('ndv-input-run-link')).toHaveAttribute('aria-pressed', 'true');
    await output.getByTestId('ndv-output-run').selectOption('0');
    await expect(input.getByTestId('ndv-input-run')).toHaveValue('0');
    await expect(input.getByTestId('data-table')).toContainText('1');
    await shot(page, 'data-16-runs-linked');
    // Unlinked: each side picks its own.
    await output.getByTestId('ndv-output-run-link').click();
    await expect(output.getByTestId('ndv-output-run-link')).toHaveAttribute('aria-pressed', 'false');
    await output.getByTestId('ndv-output-run').selectOption('1');
    await expect(input.getByTestId('ndv-input-run')).toHaveValue('0');
    await shot(page, 'data-17-runs-unlinked');
    expect(errors).toEqual([]);
  });
});
