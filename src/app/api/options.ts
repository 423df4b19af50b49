import { request } from './client.ts';

/** GET /options/timezones — key → label. */
export function getTimezones(): Promise<Record<string, string>> {
  return request('GET', '/options/timezones');
}
