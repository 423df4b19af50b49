import type { FrontendSettings } from '../../model/api.ts';
import { request } from './client.ts';

/** GET /settings */
export function getSettings(): Promise<FrontendSettings> {
  return request('GET', '/settings');
}
