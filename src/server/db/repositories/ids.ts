// Ids for stored entities: 16 random alphanumerics, the shape n8n uses for workflow ids.
import { randomBytes, randomUUID } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function newEntityId(length = 16): string {
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 62).
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 248 && out.length < length) out += ALPHABET[b % 62];
    }
  }
  return out;
}

export function newVersionId(): string {
  return randomUUID();
}

export function nowIso(): string {
  return new Date().toISOString();
}

export function parseJsonColumn<T>(text: string | null, fallback: T): T {
  if (text === null || text === undefined) return fallback;
  return JSON.parse(text) as T;
}
