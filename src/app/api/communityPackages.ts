// Community packages (spec 000 §7, 002 §7): GET/POST/DELETE/PATCH /nodes, and the package count
// (GET /community-packages/count: our server asks the npm registry, the browser calls no other host).
import type { CommunityPackage, CommunityPackageCount } from '../../model/communityPackages.ts';
import { request } from './client.ts';

/** GET /nodes — the installed community packages. */
export function getInstalledCommunityPackages(): Promise<CommunityPackage[]> {
  return request('GET', '/nodes');
}

/** POST /nodes {name, version?} — install. */
export function installCommunityPackage(name: string, version?: string): Promise<CommunityPackage> {
  return request('POST', '/nodes', { body: version ? { name, version } : { name } });
}

/** DELETE /nodes?name= — uninstall (a non-body method: the name goes in the query, spec 002 §7). */
export async function uninstallCommunityPackage(name: string): Promise<void> {
  await request('DELETE', '/nodes', { query: { name } });
}

/** PATCH /nodes {name} — update to the newest version. */
export function updateCommunityPackage(name: string): Promise<CommunityPackage> {
  return request('PATCH', '/nodes', { body: { name } });
}

/** GET /community-packages/count — how many community node packages npm has (503 when npm cannot be asked). */
export function getCommunityPackageCount(): Promise<CommunityPackageCount> {
  return request('GET', '/community-packages/count');
}
