// Mails the instance itself sends (invitations, password recovery) through the SMTP server of
// the SWITCHYARD_SMTP_* settings, with nodemailer. Without SWITCHYARD_SMTP_HOST there is no
// mailer: the editor disables inviting and password recovery says so (spec 000 §2).
import { createTransport, type Transporter } from 'nodemailer';
import type { ServerConfig } from '../config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export class MailError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailError';
  }
}

export class Mailer {
  readonly #transport: Transporter;
  readonly #from: string;

  constructor(config: ServerConfig) {
    this.#transport = createTransport({
      host: config.smtpHost,
      port: config.smtpPort,
      secure: config.smtpSsl,
      ignoreTLS: !config.smtpSsl && !config.smtpStartTls,
      auth: config.smtpUser ? { user: config.smtpUser, pass: config.smtpPassword } : undefined,
      // A slow or silent SMTP server fails the request within these bounds instead of holding it.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    this.#from = config.smtpSender || (config.smtpUser.includes('@') ? config.smtpUser : `switchyard@${config.smtpHost}`);
  }

  async send(mail: Mail): Promise<void> {
    try {
      await this.#transport.sendMail({ from: this.#from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    } catch (e) {
      throw new MailError(`The mail to ${mail.to} could not be sent: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    }
  }

  close(): void {
    this.#transport.close();
  }
}

export function createMailer(config: ServerConfig): Mailer | undefined {
  return config.smtpHost ? new Mailer(config) : undefined;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function page(paragraphs: string[], link: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;font-size:14px;color:#18181c">${body}<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:8px 14px;background:#5b5bd6;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p><p style="color:#6f6f7b">Or open ${escapeHtml(link.href)}</p></body></html>`;
}

export function invitationMail(to: string, inviter: string, url: string): Mail {
  const lines = [`${inviter} has invited you to Switchyard, a workflow automation tool.`, 'Set your name and a password to accept the invitation.'];
  return { to, subject: `${inviter} has invited you to Switchyard`, text: `${lines.join('\n')}\n\n${url}\n`, html: page(lines, { href: url, label: 'Accept the invitation' }) };
}

export function emailChangedMail(to: string, firstName: string, newEmail: string): Mail {
  const lines = [`Hi ${firstName},`, `The email address of your Switchyard account was changed to ${newEmail}.`, 'If you did not change it, ask the instance owner to check your account at once.'];
  return { to, subject: 'Your Switchyard email address was changed', text: `${lines.join('\n')}\n`, html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;font-size:14px;color:#18181c">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}</body></html>` };
}

export function passwordResetMail(to: string, firstName: string, url: string, minutes: number): Mail {
  const lines = [`Hi ${firstName},`, `Someone asked to reset the password of your Switchyard account. The link works once, for ${minutes} minutes.`, 'If it was not you, ignore this mail: your password stays as it is.'];
  return { to, subject: 'Reset your Switchyard password', text: `${lines.join('\n')}\n\n${url}\n`, html: page(lines, { href: url, label: 'Choose a new password' }) };
}
