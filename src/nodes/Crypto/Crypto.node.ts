// Crypto: n8n-nodes-base.crypto v1 — hash or HMAC text or binary data, sign with a private key,
// or generate UUIDs and random strings, with node:crypto.
import { createHash, createHmac, createSign, randomBytes, randomUUID, type BinaryToTextEncoding } from 'node:crypto';
import type { INodeExecutionData } from '../../model/execution.ts';
import type { ExecuteFunctions, NodeType } from '../types.ts';
import { cryptoDescription } from './description.ts';
import { sliceDue, yieldToLoop } from '../../model/yieldToLoop.ts';

/** Largest random string "Generate" makes. */
const MAX_RANDOM_LENGTH = 1024 * 1024;

function generate(ctx: ExecuteFunctions, i: number): string {
  const type = ctx.getNodeParameter('encodingType', i) as string;
  if (type === 'uuid') return randomUUID();
  const length = Math.min(Math.max(0, Math.floor(ctx.getNodeParameter('stringLength', i) as number)), MAX_RANDOM_LENGTH);
  const text = randomBytes(length).toString(type as BufferEncoding);
  // Base64 keeps only word characters.
  return (type === 'base64' ? text.replace(/\W/g, '') : text).slice(0, length);
}

async function digest(ctx: ExecuteFunctions, action: string, i: number, value: string): Promise<{ value: string; binaryUsed: boolean }> {
  const type = ctx.getNodeParameter('type', i) as string;
  const encoding = ctx.getNodeParameter('encoding', i) as BinaryToTextEncoding;
  const hash = action === 'hash' ? createHash(type) : createHmac(type, ctx.getNodeParameter('secret', i) as string);
  if (ctx.getNodeParameter('binaryData', i) as boolean) {
    const data = await ctx.helpers.getBinaryDataBuffer(i, ctx.getNodeParameter('binaryPropertyName', i) as string);
    return { value: hash.update(data).digest(encoding), binaryUsed: true };
  }
  return { value: hash.update(value).digest(encoding), binaryUsed: false };
}

function sign(ctx: ExecuteFunctions, i: number, value: string): string {
  const signer = createSign(ctx.getNodeParameter('algorithm', i) as string);
  signer.write(value);
  signer.end();
  return signer.sign(ctx.getNodeParameter('privateKey', i) as string, ctx.getNodeParameter('encoding', i) as BinaryToTextEncoding);
}

export const crypto: NodeType = {
  kind: 'regular',
  description: cryptoDescription,
  async execute(ctx) {
    const items = ctx.getInputData();
    const out: INodeExecutionData[] = [];
    const action = ctx.getNodeParameter('action', 0) as string;
    for (let i = 0; i < items.length; i++) {
      if (sliceDue()) await yieldToLoop();
      try {
        const item = items[i];
        const dataPropertyName = ctx.getNodeParameter('dataPropertyName', i) as string;
        const input = String(ctx.getNodeParameter('value', i, ''));
        let newValue: string | undefined;
        let binaryUsed = false;
        if (action === 'generate') newValue = generate(ctx, i);
        if (action === 'hash' || action === 'hmac') ({ value: newValue, binaryUsed } = await digest(ctx, action, i, input));
        if (action === 'sign') newValue = sign(ctx, i, input);
        // The property name is one key, dots included; hashed binary data is not passed on.
        const newItem: INodeExecutionData = { json: { ...item.json, [dataPropertyName]: newValue }, pairedItem: { item: i } };
        if (item.binary !== undefined && !binaryUsed) newItem.binary = item.binary;
        out.push(newItem);
      } catch (error) {
        if (ctx.continueOnFail()) {
          out.push({ json: { error: (error as Error).message }, pairedItem: { item: i } });
          continue;
        }
        throw error;
      }
    }
    return [out];
  },
};
