// Send Email against a real SMTP server (smtp-server on 127.0.0.1): text/html, cc, attachments
// from binary data; the instance SMTP settings act as the node's smtp credentials.
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { live, node, webhookNode, workflow, chain, type Live } from './triggerHelpers.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let received: Received[] = [];
let t: Live;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, cb) {
      cb(auth.username === 'mailer' && auth.password === 'secret' ? null : new Error('bad login'), { user: auth.username });
    },
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (d: Buffer) => (raw += d.toString()));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
        cb();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await live({ SWITCHYARD_SMTP_HOST: '127.0.0.1', SWITCHYARD_SMTP_PORT: String(port), SWITCHYARD_SMTP_SSL: 'false', SWITCHYARD_SMTP_STARTTLS: 'false', SWITCHYARD_SMTP_USER: 'mailer', SWITCHYARD_SMTP_PASSWORD: 'secret' });
});
afterAll(async () => {
  await t.dispose();
  await new Promise<void>((r) => smtp.close(() => r()));
});

describe('Send Email', () => {
  it('v2.1 sends html with attribution and an attachment from the webhook upload', async () => {
    received = [];
    const hook = webhookNode({ path: 'mail', httpMethod: 'POST', responseMode: 'lastNode' });
    const mail = node('Send Email', 'n8n-nodes-base.emailSend', 2.1, {
      fromEmail: 'bot@example.com',
      toEmail: '={{ $json.query.to }}',
      subject: '=Report for {{ $json.query.to }}',
      emailFormat: 'html',
      html: '=<p>Hello {{ $json.query.to }}</p>',
      options: { attachments: 'data', ccEmail: 'cc@example.com' },
    });
    await t.activate(workflow('Mail', [hook, mail], chain(hook, mail)));
    const r = await t.hook('mail?to=ada@example.com', { method: 'POST', headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="report.csv"' }, body: 'a,b\n1,2\n' });
    expect(r.status).toBe(200);
    const out = await r.json();
    expect(out.accepted).toEqual(['ada@example.com', 'cc@example.com']);
    expect(received).toHaveLength(1);
    expect(received[0].from).toBe('bot@example.com');
    expect(received[0].raw).toMatch(/Subject: Report for ada@example.com/);
    // Quoted-printable bodies wrap long lines with soft breaks.
    const body = received[0].raw.replace(/=\r\n/g, '');
    expect(body).toMatch(/<p>Hello ada@example.com<\/p>/);
    expect(body).toMatch(/sent automatically with Switchyard/);
    expect(received[0].raw).toMatch(/filename=report\.csv/);
    expect(received[0].raw).toContain(Buffer.from('a,b\n1,2\n').toString('base64'));
  });

  it('v1 sends text; a refused recipient fails the node with the server message', async () => {
    received = [];
    const hook = webhookNode({ path: 'mail-v1', httpMethod: 'GET', responseMode: 'lastNode' });
    const mail = node('Send Email', 'n8n-nodes-base.emailSend', 1, { fromEmail: 'bot@example.com', toEmail: 'grace@example.com', subject: 'Hi', text: 'plain body' });
    await t.activate(workflow('Mail v1', [hook, mail], chain(hook, mail)));
    const r = await t.hook('mail-v1');
    expect((await r.json()).accepted).toEqual(['grace@example.com']);
    expect(received[0].raw).toMatch(/plain body/);
    expect(received[0].raw).not.toMatch(/Switchyard/);

    const bad = webhookNode({ path: 'mail-bad', httpMethod: 'GET', responseMode: 'lastNode' });
    const broken = node('Send Email', 'n8n-nodes-base.emailSend', 1, { fromEmail: 'bot@example.com', toEmail: 'not an address', subject: 'x', text: 'y' });
    await t.activate(workflow('Mail bad', [bad, broken], chain(bad, broken)));
    expect((await t.hook('mail-bad')).status).toBe(500);
  });

  it("a node's own smtp credential replaces the instance SMTP settings", async () => {
    received = [];
    const port = (smtp.server.address() as AddressInfo).port;
    const create = (password: string) => t.api('POST', '/credentials', { name: `Mail ${password}`, type: 'smtp', data: { host: '127.0.0.1', port, secure: false, disableStartTls: true, user: 'mailer', password } });
    const good = (await create('secret')).body.data;
    const wrong = (await create('not-the-password')).body.data;
    const send = (path: string, credential: { id: string; name: string }) => {
      const hook = webhookNode({ path, httpMethod: 'GET', responseMode: 'lastNode' });
      const mail = node('Send Email', 'n8n-nodes-base.emailSend', 2.1, { fromEmail: 'cred@example.com', toEmail: 'lin@example.com', subject: 'Hi', emailFormat: 'text', text: 'x', options: {} }, { credentials: { smtp: { id: credential.id, name: credential.name } } });
      return t.activate(workflow(path, [hook, mail], chain(hook, mail))).then(() => t.hook(path));
    };
    expect((await send('mail-cred', good)).status).toBe(200);
    expect(received.map((m) => m.from)).toEqual(['cred@example.com']);
    // The instance settings would log in; the node's credential does not, so the login fails.
    expect((await send('mail-cred-wrong', wrong)).status).toBe(500);
    expect(received).toHaveLength(1);
  });

  it('POST /credentials/test logs in to the SMTP server, with a stored credential or with data', async () => {
    const port = (smtp.server.address() as AddressInfo).port;
    const data = { host: '127.0.0.1', port, secure: false, disableStartTls: true, user: 'mailer', password: 'secret' };
    const stored = (await t.api('POST', '/credentials', { name: 'Mail tested', type: 'smtp', data })).body.data;
    expect((await t.api('POST', '/credentials/test', { credentials: { id: stored.id, name: 'Mail tested', type: 'smtp' } })).body.data).toEqual({ status: 'OK', message: 'Connection successful!' });
    const wrong = (await t.api('POST', '/credentials/test', { credentials: { name: 'x', type: 'smtp', data: { ...data, password: 'nope' } } })).body.data;
    expect(wrong.status).toBe('Error');
    expect(wrong.message).toMatch(/bad login|Invalid login/i);
  });
});
