// Community node packages (spec 000 §2, §3, §5, §9; 002 §3, §5, §9): the entity as GET /nodes
// answers it, and the rules the install modal and the settings page apply before calling the
// server. Pure: used by the editor and the server alike.

/** The npm keyword every community node package carries (what the package search looks for). */
export const COMMUNITY_PACKAGE_KEYWORD = 'n8n-community-node-package';
/** Community package names must start with it (spec 000 §5, 002 §5). */
export const COMMUNITY_PACKAGE_NAME_PREFIX = 'n8n-nodes-';
/** Package name max (spec 002 §9): npm's own limit. */
export const COMMUNITY_PACKAGE_NAME_MAX_LENGTH = 214;
/** Below this many packages on npm the empty state says a generic text (spec 000 §9). */
export const COMMUNITY_PACKAGE_COUNT_THRESHOLD = 31;
/** What the browse-packages button opens (in a new tab). */
export const COMMUNITY_PACKAGES_BROWSE_URL = `https://www.npmjs.com/search?q=keywords:${COMMUNITY_PACKAGE_KEYWORD}`;
/** n8n's documentation of community nodes: installing, and the risks of unverified code. */
export const COMMUNITY_NODES_DOCS_URL = 'https://docs.n8n.io/integrations/community-nodes/installation/';
export const COMMUNITY_NODES_RISKS_DOCS_URL = 'https://docs.n8n.io/integrations/community-nodes/risks/';
export const COMMUNITY_NODES_BUILD_DOCS_URL = 'https://docs.n8n.io/integrations/creating-nodes/';

/** A node type a package brought (its full type name and the package version it came from). */
export interface CommunityPackageNode {
  name: string;
  type: string;
  latestVersion: number | string;
}

/** GET /nodes row (spec 000 §3, 002 §3 "Community package"). */
export interface CommunityPackage {
  packageName: string;
  installedVersion: string;
  authorName?: string;
  authorEmail?: string;
  installedNodes: CommunityPackageNode[];
  createdAt: string;
  updatedAt: string;
  /** The newer version npm has, when there is one. */
  updateAvailable?: string;
  /** The package is installed but its code did not load. */
  failedLoading?: boolean;
  /** Switchyard: why (the error of the first file that failed), shown with the warning. */
  failedLoadingReason?: string;
}

/** GET /community-packages/count: how many community node packages npm knows. */
export interface CommunityPackageCount {
  count: number;
}

/** A leading 'npm i ' or 'npm install ' is stripped on blur (spec 002 §5); spaces around go too. */
export function cleanPackageName(input: string): string {
  return input.trim().replace(/^npm\s+(?:i|install)\s+/i, '').trim();
}

/**
 * What is wrong with a name typed in the install modal, or undefined when it may be sent (the
 * server checks it again). `name` is the cleaned text (cleanPackageName).
 */
export function packageNameError(name: string): string | undefined {
  if (!name) return 'Enter the name of an npm package';
  if (name.length > COMMUNITY_PACKAGE_NAME_MAX_LENGTH) return `A package name has at most ${COMMUNITY_PACKAGE_NAME_MAX_LENGTH} characters`;
  // A scoped name (@scope/n8n-nodes-x) counts by its part after the scope, as n8n's does.
  const bare = name.startsWith('@') ? name.slice(name.indexOf('/') + 1) : name;
  // Allow a version after the name: n8n-nodes-x@1.2.3.
  const withoutVersion = bare.includes('@') ? bare.slice(0, bare.indexOf('@')) : bare;
  if (!withoutVersion.startsWith(COMMUNITY_PACKAGE_NAME_PREFIX)) return `Package names must start with '${COMMUNITY_PACKAGE_NAME_PREFIX}'`;
  if (withoutVersion.length === COMMUNITY_PACKAGE_NAME_PREFIX.length) return `Add the rest of the package name after '${COMMUNITY_PACKAGE_NAME_PREFIX}'`;
  const packagePart = splitPackageSpec(name).name;
  if (/[\s~)('!*]/.test(name) || packagePart !== packagePart.toLowerCase()) return 'This is not a valid npm package name: lowercase letters, digits, - . _ only';
  return undefined;
}

/** 'n8n-nodes-x@1.2.3' → { name: 'n8n-nodes-x', version: '1.2.3' }; a scope's '@' is not a version. */
export function splitPackageSpec(spec: string): { name: string; version?: string } {
  const at = spec.indexOf('@', spec.startsWith('@') ? 1 : 0);
  if (at < 0) return { name: spec };
  const version = spec.slice(at + 1);
  return version ? { name: spec.slice(0, at), version } : { name: spec.slice(0, at) };
}

/**
 * The empty state's count (spec 000 §2, §9): undefined below 31 packages (or when the count is
 * unknown) — the page then says its generic text — otherwise the count rounded down to tens.
 */
export function packageCountShown(count: number | undefined): number | undefined {
  if (count === undefined || !Number.isFinite(count) || count < COMMUNITY_PACKAGE_COUNT_THRESHOLD) return undefined;
  return Math.floor(count / 10) * 10;
}

/** The package's page on npm ('View docs'). */
export function npmPackageUrl(packageName: string): string {
  return `https://www.npmjs.com/package/${packageName.split('/').map((part) => encodeURIComponent(part).replace(/^%40/, '@')).join('/')}`;
}
