// The built editor under the base path: files, the history-mode fallback, base-path injection.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, tempDataDir, type TestServer } from './helpers.ts';
import { injectBasePath } from '../../src/server/editor.ts';

// The repository's own index.html, so the replacement is tested against what is shipped.
const shippedIndex = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');

let dist: string;
let s: TestServer;
beforeAll(async () => {
  dist = tempDataDir();
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), shippedIndex);
  writeFileSync(join(dist, 'assets', 'main.js'), 'console.log("editor")');
  mkdirSync(join(dist, 'assets', 'chunks'));
  writeFileSync(join(dist, 'assets', 'main-HAU6E6U5.js'), 'console.log("hashed")');
  writeFileSync(join(dist, 'assets', 'chunks', 'chunk-5YUMRWJV.js'), 'export {}');
  writeFileSync(join(dist, 'assets', 'chunks', 'chunk-5YUMRWJV.js.map'), '{}');
  s = await startServer({ SWITCHYARD_BASE_PATH: '/flows/' }, { distDir: dist });
});
afterAll(async () => {
  await s.dispose();
  rmSync(dist, { recursive: true, force: true });
});

describe('editor', () => {
  it('serves index.html with the base path on every app route', async () => {
    for (const path of ['/flows/', '/flows/workflow', '/flows/workflow/abc123', '/flows/execution/7', '/flows/settings/personal', '/flows/index.html']) {
      const r = await call(s, 'GET', path);
      expect(r.status, path).toBe(200);
      expect(r.response.headers['content-type']).toMatch(/^text\/html/);
      expect(r.body).toContain('<base href="/flows/" />');
      expect(r.body).toContain('window.__SWITCHYARD_BASE_PATH__ = "/flows/"');
      expect(r.body).not.toContain('__SWITCHYARD_BASE_PATH__ = "/"');
    }
  });

  it('serves built files and 404s missing ones in build folders', async () => {
    const js = await call(s, 'GET', '/flows/assets/main.js');
    expect(js.status).toBe(200);
    expect(js.response.headers['content-type']).toMatch(/javascript/);
    expect(js.body).toBe('console.log("editor")');
    expect((await call(s, 'GET', '/flows/assets/old-chunk.js')).status).toBe(404);
  });

  it('lets browsers keep hashed build files for good, and check the others and the page every time', async () => {
    const cache = async (path: string) => (await call(s, 'GET', path)).response.headers['cache-control'];
    expect(await cache('/flows/assets/main-HAU6E6U5.js')).toBe('public, max-age=31536000, immutable');
    expect(await cache('/flows/assets/chunks/chunk-5YUMRWJV.js')).toBe('public, max-age=31536000, immutable');
    expect(await cache('/flows/assets/chunks/chunk-5YUMRWJV.js.map')).toBe('no-cache');
    expect(await cache('/flows/assets/main.js')).toBe('no-cache');
    expect(await cache('/flows/workflow')).toBe('no-cache');
  });

  it('keeps /rest and /webhook out of the fallback', async () => {
    const settings = await call(s, 'GET', '/flows/rest/settings');
    expect(settings.body.data.basePath).toBe('/flows/');
    const unknown = await call(s, 'GET', '/flows/rest/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 404, message: 'GET /flows/rest/nothing-here not found' });
    expect((await call(s, 'GET', '/flows/webhook/abc')).status).toBe(404);
    expect((await call(s, 'POST', '/flows/workflow', {})).status).toBe(404);
  });

  it('redirects the bare root to the base path', async () => {
    const r = await call(s, 'GET', '/');
    expect(r.status).toBe(302);
    expect(r.response.headers.location).toBe('/flows/');
    expect((await call(s, 'GET', '/elsewhere')).status).toBe(404);
  });

  it('serves the app at / with the default base path', async () => {
    const root = await startServer({}, { distDir: dist });
    for (const path of ['/', '/workflow/x']) {
      const r = await call(root, 'GET', path);
      expect(r.status, path).toBe(200);
      expect(r.body).toContain('<base href="/" />');
    }
    expect((await call(root, 'GET', '/assets/main.js')).status).toBe(200);
    await root.dispose();
  });

  it('answers 503 with instructions when the editor is not built', async () => {
    const bare = await startServer();
    const r = await call(bare, 'GET', '/workflow/1');
    expect(r.status).toBe(503);
    expect(r.body).toContain('npm run build');
    expect((await call(bare, 'GET', '/rest/settings')).status).toBe(200);
    await bare.dispose();
  });

  it('injects the base path into any index.html', () => {
    expect(injectBasePath('<html><head><title>x</title></head></html>', '/a/')).toBe(
      '<html><head><script>window.__SWITCHYARD_BASE_PATH__ = "/a/";</script><title>x</title></head></html>',
    );
    expect(injectBasePath("<head><base href='/'></head>", '/a/')).toContain('<base href="/a/" />');
  });
});
