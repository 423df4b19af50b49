// Switchyard's own version-notification feed (issue 17; spec 000 §7, 002 §3 Version): GET
// <rest>/versions/:version answers the releases of the catalogue in releases.json from that
// version on, newest first — the shape n8n's feed (api.n8n.io/api/versions/) answers, so the
// editor reads either (SWITCHYARD_VERSION_NOTIFICATIONS_ENDPOINT). The catalogue ships with the
// code: a new release adds its entry, and an instance pointed at a newer instance's feed (or at
// a feed of your own) learns of the releases after its own.
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { BadRequestError } from '../errors.ts';
import type { VersionInfo } from '../../model/api.ts';

const SEMVER = /^v?(\d{1,9})\.(\d{1,9})\.(\d{1,9})(?:-[0-9A-Za-z.-]{1,64})?$/;

/** [major, minor, patch] of a version name, or undefined when it is not one. */
export function parseVersion(name: string): [number, number, number] | undefined {
  const m = SEMVER.exec(name);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/** Negative when a is older than b (pre-release tags are not ordered: same as the release). */
export function compareVersions(a: string, b: string): number {
  const x = parseVersion(a) ?? [0, 0, 0];
  const y = parseVersion(b) ?? [0, 0, 0];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

let catalogue: VersionInfo[] | undefined;

export function releases(): VersionInfo[] {
  catalogue ??= (JSON.parse(readFileSync(new URL('./releases.json', import.meta.url), 'utf8')) as VersionInfo[]).sort((a, b) => compareVersions(b.name, a.name));
  return catalogue;
}

/** The releases from `current` on (itself included, as n8n's feed does), newest first. */
export function versionsFrom(current: string, list = releases()): VersionInfo[] {
  return list.filter((v) => compareVersions(v.name, current) >= 0);
}

export function versionFeedRoutes(app: FastifyInstance): void {
  app.get<{ Params: { version: string } }>('/versions/:version', { config: { auth: 'public' } }, async (request) => {
    const { version } = request.params;
    if (!parseVersion(version)) throw new BadRequestError(`"${version.slice(0, 64)}" is not a version (expected major.minor.patch)`);
    return versionsFrom(version);
  });
}
