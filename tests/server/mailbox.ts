// A real SMTP server on 127.0.0.1 (the smtp-server package) that keeps every mail it receives,
// and reading the links out of them. No test-runner imports: the vitest account tests
// (accountHelpers.ts) and the Playwright account journey (tests/e2e/accountServer.ts) share it.
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  from: string;
  raw: string;
  subject: string;
  /** The raw message with quoted-printable soft breaks and escapes undone (links read whole). */
  decoded: string;
}

export interface Mailbox {
  port: number;
  mails: ReceivedMail[];
  /** SWITCHYARD_SMTP_* for a server that mails here (plain SMTP, no TLS). */
  env: Record<string, string>;
  /** The next mail to `to` that arrives after `after` mails (waits up to timeoutMs). */
  next(to: string, after?: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Quoted-printable as nodemailer writes text parts: '=\r\n' soft breaks, '=3D' for '='. */
export function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const m = joined[i] === '=' ? /^[0-9A-F]{2}$/.exec(joined.slice(i + 1, i + 3)) : null;
    if (m) {
      bytes.push(parseInt(m[0], 16));
      i += 2;
    } else {
      for (const b of Buffer.from(joined[i]!, 'utf8')) bytes.push(b);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

export async function startMailbox(): Promise<Mailbox> {
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, cb) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (d: string) => (raw += d));
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', raw, subject, decoded: decodeQuotedPrintable(raw) });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    env: { SWITCHYARD_SMTP_HOST: '127.0.0.1', SWITCHYARD_SMTP_PORT: String(port), SWITCHYARD_SMTP_SSL: 'false', SWITCHYARD_SMTP_STARTTLS: 'false', SWITCHYARD_SMTP_SENDER: 'Switchyard <flows@example.com>' },
    async next(to, after = 0, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const m = mails.slice(after).find((x) => x.to.includes(to));
        if (m) return m;
        if (Date.now() > until) throw new Error(`no mail to ${to} arrived (got ${mails.length}: ${mails.map((x) => x.to.join(',')).join('; ')})`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** The first link in a mail whose path ends with `path` (e.g. '/signup'), with its query. */
export function linkIn(mail: ReceivedMail, path: string): URL {
  const found = mail.decoded.match(/https?:\/\/[^\s"'<>]+/g)?.map((u) => new URL(u.replace(/&amp;/g, '&'))).find((u) => u.pathname.endsWith(path));
  if (!found) throw new Error(`no ${path} link in the mail:\n${mail.decoded}`);
  return found;
}
