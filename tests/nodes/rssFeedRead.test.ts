// RSS Read (n8n-nodes-base.rssFeedRead 1, 1.1, 1.2) against a local HTTP server serving RSS 2.0
// and Atom feeds, through the engine's HTTP client (redirects, size limit) and a local HTTPS
// server with a self-signed certificate for Ignore SSL Issues.
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, jsonOf, output, runChain } from './helpers.ts';
import { startServer, text } from './httpServer.ts';

const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
<channel>
  <title>Switchyard news</title>
  <link>https://example.com/</link>
  <description>Releases</description>
  <item>
    <title>Release 1.2</title>
    <link>https://example.com/1.2</link>
    <guid>rel-1.2</guid>
    <pubDate>Tue, 01 Dec 2026 10:00:00 GMT</pubDate>
    <dc:creator>Ada</dc:creator>
    <category>releases</category>
    <description><![CDATA[<p>New <b>nodes</b></p>]]></description>
    <media:rating>adult</media:rating>
    <enclosure url="https://example.com/1.2.mp3" length="1234" type="audio/mpeg"/>
  </item>
  <item>
    <title>Release 1.1</title>
    <link>https://example.com/1.1</link>
    <guid>rel-1.1</guid>
    <pubDate>Mon, 30 Nov 2026 10:00:00 GMT</pubDate>
    <description>Fixes</description>
  </item>
</channel>
</rss>`;

const ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Atom feed</title>
  <link href="https://example.org/"/>
  <updated>2026-12-01T18:30:02Z</updated>
  <id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0af6</id>
  <entry>
    <title>Atom entry one</title>
    <link href="https://example.org/one"/>
    <id>urn:one</id>
    <updated>2026-12-01T18:30:02Z</updated>
    <author><name>Grace</name></author>
    <summary>First summary</summary>
  </entry>
</feed>`;

let srv: Awaited<ReturnType<typeof startServer>>;
let https: HttpsServer;
let httpsBase: string;
let certDir: string;

beforeAll(async () => {
  srv = await startServer({
    '/rss.xml': text(200, RSS, 'application/rss+xml'),
    '/atom.xml': text(200, ATOM, 'application/atom+xml'),
    '/moved': (_req, res) => {
      res.writeHead(301, { location: '/rss.xml' });
      res.end();
    },
    '/not-xml': text(200, 'hello, not a feed', 'text/plain'),
    '/gone': text(500, 'boom', 'text/plain'),
    '/huge.xml': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < 30) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    },
  });
  certDir = mkdtempSync(join(tmpdir(), 'rss-cert-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(certDir, 'k.pem'), '-out', join(certDir, 'c.pem'), '-days', '1', '-subj', '/CN=localhost'], { stdio: 'ignore' });
  https = createHttpsServer({ key: readFileSync(join(certDir, 'k.pem')), cert: readFileSync(join(certDir, 'c.pem')) }, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end(RSS);
  });
  await new Promise<void>((r) => https.listen(0, '127.0.0.1', r));
  httpsBase = `https://127.0.0.1:${(https.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await srv.close();
  https.closeAllConnections();
  await new Promise<void>((r) => https.close(() => r()));
  rmSync(certDir, { recursive: true, force: true });
});

const rss = (typeVersion: number, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ name: 'RSS', type: 'n8n-nodes-base.rssFeedRead', typeVersion, parameters, ...extra });

describe('RSS Read', () => {
  it('1.2 reads an RSS 2.0 feed: one item per entry with the parser fields, and asks for feeds', async () => {
    const run = await runChain([{ a: 1 }], [rss(1.2, { url: `${srv.base}/rss.xml`, options: {} })]);
    const items = jsonOf(run, 'RSS') as Array<Record<string, any>>;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      title: 'Release 1.2',
      link: 'https://example.com/1.2',
      guid: 'rel-1.2',
      creator: 'Ada',
      categories: ['releases'],
      content: '<p>New <b>nodes</b></p>',
      contentSnippet: 'New nodes',
      isoDate: '2026-12-01T10:00:00.000Z',
      enclosure: { url: 'https://example.com/1.2.mp3', length: '1234', type: 'audio/mpeg' },
    });
    expect(items[1].title).toBe('Release 1.1');
    const seen = srv.seen.find((r) => r.url === '/rss.xml')!;
    expect(seen.headers.accept).toContain('application/rss+xml');
  });

  it('reads an Atom feed', async () => {
    const run = await runChain([{}], [rss(1.2, { url: `${srv.base}/atom.xml` })]);
    expect(jsonOf(run, 'RSS')).toEqual([expect.objectContaining({ title: 'Atom entry one', link: 'https://example.org/one', id: 'urn:one', author: 'Grace', summary: 'First summary', isoDate: '2026-12-01T18:30:02.000Z' })]);
  });

  it('custom fields add elements the parser does not know', async () => {
    const run = await runChain([{}], [rss(1.2, { url: `${srv.base}/rss.xml`, options: { customFields: 'media:rating, dc:creator' } })]);
    expect((jsonOf(run, 'RSS')[0] as any)['media:rating']).toBe('adult');
  });

  it('1 reads once for all input items and pairs the entries with all of them; 1.1 reads per item', async () => {
    const v1 = await runChain([{ u: 'rss' }, { u: 'atom' }], [rss(1, { url: `=${srv.base}/{{ $json.u }}.xml` })]);
    expect(jsonOf(v1, 'RSS')).toHaveLength(2);
    expect(v1.data.resultData.runData.RSS[0].data!.main[0]![0].pairedItem).toEqual([{ item: 0 }, { item: 1 }]);
    const v11 = await runChain([{ u: 'rss' }, { u: 'atom' }], [rss(1.1, { url: `=${srv.base}/{{ $json.u }}.xml` })]);
    const items = v11.data.resultData.runData.RSS[0].data!.main[0]!;
    expect(items.map((i) => i.json.title)).toEqual(['Release 1.2', 'Release 1.1', 'Atom entry one']);
    expect(items.map((i) => i.pairedItem)).toEqual([[{ item: 0 }], [{ item: 0 }], [{ item: 1 }]]);
    // 1.1 has no feed Accept header (n8n's change came with 1.2).
    expect(srv.seen.filter((r) => r.url === '/atom.xml').at(-1)!.headers.accept).not.toContain('rss+xml');
  });

  it('follows redirects', async () => {
    const run = await runChain([{}], [rss(1.2, { url: `${srv.base}/moved` })]);
    expect(jsonOf(run, 'RSS')).toHaveLength(2);
  });

  it('refuses a self-signed certificate unless Ignore SSL Issues is on', async () => {
    const strict = await runChain([{}], [rss(1.2, { url: `${httpsBase}/feed` })]);
    expect(errorOf(strict, 'RSS')?.message).toMatch(/certificate/i);
    const lenient = await runChain([{}], [rss(1.2, { url: `${httpsBase}/feed`, options: { ignoreSSL: true } })]);
    expect(jsonOf(lenient, 'RSS')).toHaveLength(2);
  });

  it('bad input: empty and invalid URLs, refused connection, HTTP errors, not a feed, too large', async () => {
    expect(errorOf(await runChain([{}], [rss(1.2, { url: '' })]), 'RSS')?.message).toBe('The parameter "URL" has to be set!');
    expect(errorOf(await runChain([{}], [rss(1.2, { url: 'not a url' })]), 'RSS')?.message).toBe('The provided "URL" is not valid!');
    expect(errorOf(await runChain([{}], [rss(1.2, { url: 'file:///etc/passwd' })]), 'RSS')?.message).toBe('The provided "URL" is not valid!');
    const closed = await startServer({});
    await closed.close();
    expect(errorOf(await runChain([{}], [rss(1.2, { url: `${closed.base}/feed` })]), 'RSS')?.message).toBe(`It was not possible to connect to the URL. Please make sure the URL "${closed.base}/feed" it is valid!`);
    expect(errorOf(await runChain([{}], [rss(1.2, { url: `${srv.base}/gone` })]), 'RSS')?.message).toContain('500');
    expect(errorOf(await runChain([{}], [rss(1.2, { url: `${srv.base}/not-xml` })]), 'RSS')?.message).toMatch(/^The feed could not be read/);
    expect(errorOf(await runChain([{}], [rss(1.2, { url: `${srv.base}/huge.xml` })]), 'RSS')?.message).toMatch(/larger than the limit/);
  });

  it('continue on fail gives an error item per failing input', async () => {
    const run = await runChain([{ u: 'rss' }, { u: 'nope' }], [rss(1.2, { url: `=${srv.base}/{{ $json.u }}.xml` }, { continueOnFail: true })]);
    const items = output(run, 'RSS');
    expect(items).toHaveLength(3);
    expect(items[2].json.error).toMatch(/404/);
  });
});

describe('RSS Read, large feeds', () => {
  it('a 2 MB feed of 5,000 entries is read whole (parsed in 8 KB slices)', async () => {
    const entries = Array.from({ length: 5000 }, (_, i) => `<item><title>Item ${i}</title><link>https://e.com/${i}</link><guid>g${i}</guid><description><![CDATA[<p>${'Lorem ipsum dolor sit amet '.repeat(10)}</p>]]></description></item>`).join('');
    const big = await startServer({ '/big.xml': text(200, `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>${entries}</channel></rss>`, 'application/rss+xml') });
    try {
      const run = await runChain([{}], [rss(1.2, { url: `${big.base}/big.xml` })]);
      const items = jsonOf(run, 'RSS') as Array<{ title: string }>;
      expect(items).toHaveLength(5000);
      expect(items[4999].title).toBe('Item 4999');
    } finally {
      await big.close();
    }
  });
});
