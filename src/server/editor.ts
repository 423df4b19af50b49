// Serves the built editor (dist/editor, from esbuild.config.mjs) under the base path, with the
// history-mode fallback: any GET under the base path that is not /rest, /webhook*, a build
// folder or an existing file gets index.html. The base path reaches the browser through
// index.html: `<base href="/">` and `window.__SWITCHYARD_BASE_PATH__ = "/"` get the configured
// path; an index.html without that line gets the assignment injected at the top of <head>.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUnder } from './auth/requestAuth.ts';

export interface EditorOptions {
  distDir: string;
  basePath: string;
  restPrefix: string;
}

/** A build file named by its hash: assets/…-ABCD2345.js (not its .map, which is not hashed content). */
const HASHED = /[\\/]assets[\\/](?:.+[\\/])?[^\\/]+-[A-Z0-9]{8}\.(?:js|css|woff2?|ttf|svg|png)$/;

/** Folders of the build: a missing file there is a 404, never the app page. */
const BUILD_FOLDERS = ['assets/', 'workers/', 'static/'];

export function injectBasePath(html: string, basePath: string): string {
  const literal = JSON.stringify(basePath);
  let out = html.replace(/<base\s+href=(["'])\/\1\s*\/?>/i, `<base href=${literal} />`);
  const assignment = /window\.__SWITCHYARD_BASE_PATH__\s*=\s*(["'])[^"']*\1/;
  if (assignment.test(out)) {
    out = out.replace(assignment, `window.__SWITCHYARD_BASE_PATH__ = ${literal}`);
  } else {
    out = out.replace(/<head(\s[^>]*)?>/i, (head) => `${head}<script>window.__SWITCHYARD_BASE_PATH__ = ${literal};</script>`);
  }
  return out;
}

export function registerEditor(app: FastifyInstance, options: EditorOptions): void {
  const { distDir, basePath, restPrefix } = options;
  const indexPath = join(distDir, 'index.html');
  let cached: { mtimeMs: number; html: string } | undefined;

  /** index.html with the base path, re-read when a rebuild replaced it. */
  async function indexHtml(): Promise<string | undefined> {
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(indexPath)).mtimeMs;
    } catch {
      return undefined;
    }
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: injectBasePath(await readFile(indexPath, 'utf8'), basePath) };
    return cached.html;
  }

  app.register(fastifyStatic, {
    root: distDir,
    prefix: basePath,
    wildcard: true,
    index: false,
    // index.html always goes through the fallback, which injects the base path.
    allowedPath: (pathname) => !pathname.endsWith('/index.html') && pathname !== 'index.html',
    // Files named by their content's hash (esbuild's [hash]) never change: a browser keeps them
    // without asking again. Anything else (workers, monaco, static files) is checked each time.
    cacheControl: false,
    setHeaders: (reply, path) => {
      (reply as unknown as FastifyReply).header('cache-control', HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  async function sendIndex(reply: FastifyReply): Promise<FastifyReply> {
    const html = await indexHtml();
    if (html === undefined) {
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><meta charset="utf-8"><title>Switchyard</title>' +
            '<p>The Switchyard editor has not been built yet: run <code>npm run build</code> ' +
            '(or start the server with <code>npm start</code>, which builds it), then reload this page.</p>',
        );
    }
    return reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  }

  // The base path itself: the static wildcard would answer a directory listing request (403).
  app.get(basePath, async (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && path.startsWith(basePath) && !isUnder(path, restPrefix)) {
      const rest = path.slice(basePath.length);
      if (!rest.startsWith('webhook') && !rest.startsWith('api/') && !BUILD_FOLDERS.some((f) => rest.startsWith(f))) return sendIndex(reply);
    }
    if (isRead && basePath !== '/' && (path === '/' || path === basePath.slice(0, -1))) {
      return reply.redirect(basePath);
    }
    return reply.status(404).send({ code: 404, message: `${request.method} ${path} not found` });
  });
}
