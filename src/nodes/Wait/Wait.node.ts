// Wait: pauses the run for a time interval, until a date, or until $execution.resumeUrl is
// called. As in n8n, waits under 65 s sleep in place (the run stays active); longer ones park the
// execution (status waiting, saved with its state) and the server's wait tracker resumes it, also
// after a restart. On resume the node passes its input on; a webhook resume outputs the request.
import type { IDataObject } from '../../model/workflow.ts';
import { WAIT_INDEFINITELY } from '../../model/constants.ts';
import { DateTime } from 'luxon';
import type { ExecuteFunctions, NodeType } from '../types.ts';
import { NodeOperationError } from '../types.ts';
import { waitProperties } from './description.ts';
import { webhookSettings, type WebhookSettings } from '../Webhook/settings.ts';

/** Waits shorter than this stay in the running process (n8n's threshold). */
export const IN_PROCESS_WAIT_MS = 65_000;

const UNIT_MS: Record<string, number> = { seconds: 1000, minutes: 60_000, hours: 3_600_000, days: 86_400_000 };

function intervalMs(ctx: ExecuteFunctions, amountName: string, unitName: string): number {
  const amount = Number(ctx.getNodeParameter(amountName, 0));
  const unit = String(ctx.getNodeParameter(unitName, 0));
  if (!Number.isFinite(amount) || amount < 0) throw new NodeOperationError(ctx.getNode(), `The wait amount must be a number of at least 0 (got ${String(amount)})`);
  return amount * (UNIT_MS[unit] ?? 1000);
}

function parseDate(ctx: ExecuteFunctions, name: string): Date {
  const raw = ctx.getNodeParameter(name, 0) as unknown;
  let d: Date | undefined;
  if (raw instanceof Date) d = raw;
  else if (typeof raw === 'number') d = new Date(raw);
  else if (typeof raw === 'string' && raw.trim() !== '') {
    // Dates without an offset are read in the workflow's time zone.
    const dt = DateTime.fromISO(raw.trim(), { zone: ctx.getTimezone() });
    d = dt.isValid ? dt.toJSDate() : new Date(raw);
  }
  if (!d || Number.isNaN(d.getTime())) {
    throw new NodeOperationError(ctx.getNode(), `Cannot put execution to wait because \`${name}\` parameter is not a valid date. Please pick a specific date and time to wait until.`);
  }
  return d;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    }, { once: true });
  });
}

export const wait: NodeType = {
  kind: 'regular',
  description: {
    name: 'n8n-nodes-base.wait',
    displayName: 'Wait',
    description: 'Wait before continue with execution',
    icon: 'fa:pause-circle',
    group: ['organization'],
    version: [1, 1.1],
    defaults: { name: 'Wait', color: '#804050' },
    inputs: ['main'],
    outputs: ['main'],
    webhooks: [{ name: 'default', httpMethod: '={{$parameter["httpMethod"]}}', path: '={{$parameter["options"]["webhookSuffix"] || ""}}', responseMode: '={{$parameter["responseMode"]}}', isFullPath: true }],
    codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Flow', 'Helpers'] }, alias: ['pause', 'sleep', 'delay', 'timeout'] },
    credentials: [
      { name: 'httpBasicAuth', required: true, displayOptions: { show: { incomingAuthentication: ['basicAuth'] } } },
      { name: 'httpHeaderAuth', required: true, displayOptions: { show: { incomingAuthentication: ['headerAuth'] } } },
    ],
    properties: waitProperties,
  },
  async execute(ctx) {
    const resume = ctx.getNodeParameter('resume', 0) as string;
    if (resume === 'webhook') {
      let waitTill = WAIT_INDEFINITELY;
      if (ctx.getNodeParameter('limitWaitTime', 0, false) === true) {
        waitTill =
          ctx.getNodeParameter('limitType', 0) === 'afterTimeInterval'
            ? new Date(Date.now() + intervalMs(ctx, 'resumeAmount', 'resumeUnit'))
            : parseDate(ctx, 'maxDateAndTime');
      }
      await ctx.putExecutionToWait(waitTill);
      return [ctx.getInputData()];
    }
    if (resume !== 'timeInterval' && resume !== 'specificTime') {
      throw new NodeOperationError(ctx.getNode(), `The resume mode "${resume}" is not supported: use a time interval, a specific time or a webhook call`);
    }
    const waitTill = resume === 'timeInterval' ? new Date(Date.now() + intervalMs(ctx, 'amount', 'unit')) : parseDate(ctx, 'dateTime');
    const ms = Math.max(waitTill.getTime() - Date.now(), 0);
    if (ms < IN_PROCESS_WAIT_MS) {
      await sleep(ms, ctx.signal);
      return [ctx.getInputData()];
    }
    await ctx.putExecutionToWait(waitTill);
    return [ctx.getInputData()];
  },
};

/** The resume webhook of a Wait node ('webhook' resume): its settings and URL suffix. */
export function waitWebhookSettings(node: { parameters?: IDataObject; typeVersion: number; name: string } & Parameters<typeof webhookSettings>[0]): WebhookSettings & { suffix: string } {
  const s = webhookSettings(node);
  const options = (node.parameters?.options ?? {}) as IDataObject;
  return {
    ...s,
    authentication: String(node.parameters?.incomingAuthentication ?? 'none'),
    binaryData: options.binaryData === true,
    suffix: String(options.webhookSuffix ?? '').trim().replace(/^\/+|\/+$/g, ''),
  };
}
