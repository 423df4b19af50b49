// Respond to Webhook answers over the bus (JSON): a body of bytes travels as base64.
import type { WebhookResponse } from '../../nodes/types.ts';

export function encodeResponse(r: WebhookResponse): WebhookResponse {
  if (r.body instanceof Uint8Array) return { ...r, body: { __bytes: Buffer.from(r.body).toString('base64') } };
  return r;
}

export function decodeResponse(r: WebhookResponse): WebhookResponse {
  const b = r.body as { __bytes?: unknown } | null;
  if (b && typeof b === 'object' && typeof b.__bytes === 'string' && Object.keys(b).length === 1) return { ...r, body: Buffer.from(b.__bytes, 'base64') };
  return r;
}
