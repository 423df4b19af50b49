// Send Email over SMTP with nodemailer (n8n-nodes-base.emailSend v1, v2, v2.1): one message per
// item, attachments from binary properties. SMTP settings are the node's 'smtp' credential; the
// server answers from the instance configuration when the node has none.
import { createTransport, type Transporter } from 'nodemailer';
import type { IDataObject } from '../../model/workflow.ts';
import type { INodeExecutionData } from '../../model/execution.ts';
import type { INodeTypeDescription } from '../../model/nodeTypes.ts';
import type { ExecuteFunctions, NodeType } from '../types.ts';
import { NodeOperationError } from '../types.ts';
import { emailSendV1Properties, emailSendV2Properties } from './description.ts';

const ATTRIBUTION_TEXT = '\n\n---\nThis email was sent automatically with Switchyard';
const ATTRIBUTION_HTML = '<br><br>---<br><em>This email was sent automatically with Switchyard</em>';

function transport(ctx: ExecuteFunctions, smtp: IDataObject, allowUnauthorizedCerts: boolean): Transporter {
  if (!smtp.host) throw new NodeOperationError(ctx.getNode(), 'No SMTP host is configured', { description: 'Set the host in the node\'s SMTP credential, or SWITCHYARD_SMTP_HOST (and _PORT, _USER, _PASSWORD) for the instance' });
  return createTransport({
    host: String(smtp.host),
    port: Number(smtp.port ?? 465),
    secure: smtp.secure !== false,
    ignoreTLS: smtp.disableStartTls === true,
    name: smtp.hostName ? String(smtp.hostName) : undefined,
    auth: smtp.user ? { user: String(smtp.user), pass: String(smtp.password ?? '') } : undefined,
    tls: { rejectUnauthorized: !allowUnauthorizedCerts },
    // Bounded: a silent server must not hold the run forever.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
}

async function attachmentsOf(ctx: ExecuteFunctions, item: INodeExecutionData, itemIndex: number, names: string): Promise<Array<{ filename: string; content: Buffer; contentType: string }>> {
  const out: Array<{ filename: string; content: Buffer; contentType: string }> = [];
  for (const name of names.split(',').map((s) => s.trim()).filter(Boolean)) {
    const binary = item.binary?.[name];
    if (!binary) continue;
    const bytes = await ctx.helpers.getBinaryDataBuffer(itemIndex, name);
    out.push({ filename: binary.fileName ?? 'unknown', content: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType: binary.mimeType });
  }
  return out;
}

async function send(ctx: ExecuteFunctions, version: number): Promise<INodeExecutionData[][]> {
  const items = ctx.getInputData();
  const smtp = await ctx.getCredentials('smtp');
  const returnData: INodeExecutionData[] = [];
  let mailer: Transporter | undefined;
  try {
    for (let i = 0; i < items.length; i++) {
      try {
        const options = ctx.getNodeParameter('options', i, {}) as IDataObject;
        mailer ??= transport(ctx, smtp, options.allowUnauthorizedCerts === true);
        const mail: IDataObject = {
          from: ctx.getNodeParameter('fromEmail', i) as string,
          to: ctx.getNodeParameter('toEmail', i) as string,
          subject: ctx.getNodeParameter('subject', i, '') as string,
          replyTo: (options.replyTo as string) || undefined,
        };
        let attachmentNames = '';
        if (version < 2) {
          mail.cc = ctx.getNodeParameter('ccEmail', i, '') || undefined;
          mail.bcc = ctx.getNodeParameter('bccEmail', i, '') || undefined;
          mail.text = ctx.getNodeParameter('text', i, '') || undefined;
          mail.html = ctx.getNodeParameter('html', i, '') || undefined;
          attachmentNames = ctx.getNodeParameter('attachments', i, '') as string;
        } else {
          const format = ctx.getNodeParameter('emailFormat', i, version === 2 ? 'text' : 'html') as string;
          const attribution = options.appendAttribution !== false && version >= 2.1;
          if (format === 'text' || format === 'both') mail.text = String(ctx.getNodeParameter('text', i, '')) + (attribution ? ATTRIBUTION_TEXT : '');
          if (format === 'html' || format === 'both') mail.html = String(ctx.getNodeParameter('html', i, '')) + (attribution ? ATTRIBUTION_HTML : '');
          mail.cc = (options.ccEmail as string) || undefined;
          mail.bcc = (options.bccEmail as string) || undefined;
          attachmentNames = (options.attachments as string) ?? '';
        }
        if (attachmentNames) mail.attachments = await attachmentsOf(ctx, items[i], i, attachmentNames);
        const info = (await mailer.sendMail(mail)) as unknown as IDataObject;
        const json: IDataObject = { accepted: info.accepted, rejected: info.rejected, envelope: info.envelope, messageTime: info.messageTime, messageSize: info.messageSize, response: info.response, messageId: info.messageId };
        returnData.push({ json, pairedItem: { item: i } });
      } catch (error) {
        if (ctx.continueOnFail()) {
          returnData.push({ json: { error: (error as Error).message }, pairedItem: { item: i } });
          continue;
        }
        if (error instanceof NodeOperationError) throw error;
        throw new NodeOperationError(ctx.getNode(), (error as Error).message, { itemIndex: i });
      }
    }
  } finally {
    mailer?.close();
  }
  return [returnData];
}

const base: Omit<INodeTypeDescription, 'version' | 'properties'> = {
  name: 'n8n-nodes-base.emailSend',
  displayName: 'Send Email',
  description: 'Sends an email using SMTP protocol',
  icon: 'fa:envelope',
  group: ['output'],
  defaults: { name: 'Send Email', color: '#00bb88' },
  inputs: ['main'],
  outputs: ['main'],
  credentials: [{ name: 'smtp', required: true }],
  codex: { categories: ['Communication', 'Core Nodes'], subcategories: { 'Core Nodes': ['Helpers'] }, alias: ['SMTP', 'email', 'human', 'form', 'wait', 'hitl', 'approval'] },
};

export const emailSendV1: NodeType = {
  kind: 'regular',
  description: { ...base, version: 1, properties: emailSendV1Properties },
  execute: (ctx) => send(ctx, 1),
};

export const emailSendV2: NodeType = {
  kind: 'regular',
  description: { ...base, version: [2, 2.1], defaultVersion: 2.1, properties: emailSendV2Properties },
  execute: (ctx) => send(ctx, ctx.getNode().typeVersion),
};
