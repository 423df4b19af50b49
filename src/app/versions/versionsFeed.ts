// Asking the version-notification feed (spec 000 §7): GET <endpoint><current version> with the
// instance id header, as n8n's editor does. The answer comes from outside (any feed the
// settings name): only well-formed entries are kept, each field checked.
import type { VersionInfo } from '../../model/api.ts';

const FETCH_TIMEOUT_MS = 10_000;
const MAX_VERSIONS = 500;

const str = (v: unknown, max = 100_000): string => (typeof v === 'string' ? v.slice(0, max) : '');

function toVersion(raw: unknown): VersionInfo | undefined {
  if (raw === null || typeof raw !== 'object') return undefined;
  const r = raw as Record<string, unknown>;
  const name = str(r.name, 64);
  if (!/^v?\d+\.\d+\.\d+/.test(name)) return undefined;
  const nodes = Array.isArray(r.nodes) ? r.nodes : [];
  return {
    name,
    createdAt: str(r.createdAt, 64),
    description: str(r.description),
    documentationUrl: /^https?:\/\//i.test(str(r.documentationUrl)) ? str(r.documentationUrl, 2000) : '',
    hasSecurityIssue: r.hasSecurityIssue === true,
    hasSecurityFix: r.hasSecurityFix === true,
    hasBreakingChange: r.hasBreakingChange === true,
    securityIssueFixVersion: str(r.securityIssueFixVersion, 64) || undefined,
    nodes: nodes
      .slice(0, 50)
      .filter((n): n is Record<string, unknown> => n !== null && typeof n === 'object')
      .map((n) => ({ name: str(n.name, 200), displayName: str(n.displayName, 200) || undefined })),
  };
}

/** The feed's versions (the current one included, when the feed lists it); throws on failure. */
export async function fetchVersions(endpoint: string, currentVersion: string, instanceId: string): Promise<VersionInfo[]> {
  const res = await fetch(`${endpoint}${encodeURIComponent(currentVersion)}`, {
    headers: { 'n8n-instance-id': instanceId },
    credentials: 'omit',
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`The version feed answered ${res.status}`);
  const body: unknown = await res.json();
  if (!Array.isArray(body)) throw new Error('The version feed did not answer a list');
  return body.slice(0, MAX_VERSIONS).map(toVersion).filter((v): v is VersionInfo => v !== undefined);
}

/** Negative when a is older than b. */
export function compareVersionNames(a: string, b: string): number {
  const parse = (s: string) => (/^v?(\d+)\.(\d+)\.(\d+)/.exec(s) ?? [, '0', '0', '0']).slice(1, 4).map(Number);
  const [x, y] = [parse(a), parse(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/** The sidebar's count of updates: '99+' from 100 on (spec 000 §9). */
export function updateCountLabel(n: number): string {
  return n > 99 ? '99+' : String(n);
}
