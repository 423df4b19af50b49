// Addresses the settings pages link to.
import type { FrontendSettings } from '../../model/api.ts';

/**
 * The API playground (spec 000 §2 API settings): the base address, the public API path and
 * '/v{latest version}/docs'. The base is the editor's public URL, else the base path.
 */
export function apiPlaygroundUrl(settings: Pick<FrontendSettings, 'urlBaseEditor' | 'publicApi'>, basePath: string): string {
  let base = settings.urlBaseEditor || basePath;
  if (!base.endsWith('/')) base += '/';
  const path = settings.publicApi.path.replace(/^\/+|\/+$/g, '');
  return `${base}${path}/v${settings.publicApi.latestVersion}/docs`;
}
