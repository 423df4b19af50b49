// Real community node packages from npm, fetched with `npm pack <name>@<version>` (npm's cache
// keeps them after the first fetch) and served unchanged by the local registry of
// communityPackage.ts, so that the server installs the very tarball npm would give it. Only
// packages without dependencies are served this way (the local registry has nothing else).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuiltPackage } from './communityPackage.ts';

/** The real packages the community-package tests install: name, pinned version, kind. */
export const REAL_PACKAGES = {
  firecrawl: { name: '@mendable/n8n-nodes-firecrawl', version: '2.1.2' },
  openhab: { name: '@openhab/n8n-nodes-openhab', version: '0.5.0' },
  thingsboard: { name: '@thingsboard/n8n-nodes-thingsboard', version: '1.1.1' },
  datastore: { name: 'n8n-nodes-datastore', version: '0.1.18' },
  templated: { name: 'n8n-nodes-templated', version: '0.4.5' },
  unifiAccess: { name: 'n8n-nodes-unifi-access', version: '1.0.7' },
} as const;

/** Fetches `name@version` from the npm registry into `dir` as npm packs it. */
export function packReal(dir: string, name: string, version: string): BuiltPackage {
  mkdirSync(dir, { recursive: true });
  const out = execFileSync('npm', ['pack', `${name}@${version}`, '--json', '--pack-destination', dir], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
  const [info] = JSON.parse(out) as Array<{ filename: string }>;
  const file = join(dir, info.filename.replace(/^@/, '').replace(/\//, '-'));
  const tarball = readFileSync(file);
  const manifest = JSON.parse(execFileSync('tar', ['-xzOf', file, 'package/package.json'], { encoding: 'utf8' })) as Record<string, unknown>;
  if (manifest.dependencies && Object.keys(manifest.dependencies).length) throw new Error(`${name} has dependencies; the local registry cannot serve them`);
  return { name, version, tarball, manifest };
}
