// Community packages in the editor (spec 000 §2, §5, §9; 002 §5, §9): the install modal's name
// rules, the empty state's count text, the docs link, and who may open the page.
import { describe, expect, it } from 'vitest';
import {
  COMMUNITY_PACKAGE_NAME_MAX_LENGTH,
  cleanPackageName,
  npmPackageUrl,
  packageCountShown,
  packageNameError,
  splitPackageSpec,
} from '../../src/model/communityPackages.ts';
import { emptyStateText } from '../../src/app/settings/communityNodesText.ts';
import { mayAccess, routeAccess, type AccessSettings } from '../../src/app/routes/access.ts';
import type { GlobalRole } from '../../src/model/users.ts';

describe('package name (spec 002 §5)', () => {
  it("strips a leading 'npm i ' or 'npm install ' and the spaces around", () => {
    expect(cleanPackageName('npm i n8n-nodes-foo')).toBe('n8n-nodes-foo');
    expect(cleanPackageName('  npm install   n8n-nodes-foo  ')).toBe('n8n-nodes-foo');
    expect(cleanPackageName('NPM I n8n-nodes-foo')).toBe('n8n-nodes-foo');
    expect(cleanPackageName('n8n-nodes-foo')).toBe('n8n-nodes-foo');
    // Only a leading command goes: 'npm' inside a name stays.
    expect(cleanPackageName('n8n-nodes-npm-install')).toBe('n8n-nodes-npm-install');
    expect(cleanPackageName('npm uninstall n8n-nodes-foo')).toBe('npm uninstall n8n-nodes-foo');
  });

  it("must start with 'n8n-nodes-' (scoped names by their part after the scope)", () => {
    expect(packageNameError('n8n-nodes-foo')).toBeUndefined();
    expect(packageNameError('@acme/n8n-nodes-foo')).toBeUndefined();
    expect(packageNameError('n8n-nodes-foo@1.2.3')).toBeUndefined();
    expect(packageNameError('@acme/n8n-nodes-foo@0.1.0')).toBeUndefined();
    expect(packageNameError('lodash')).toBe("Package names must start with 'n8n-nodes-'");
    expect(packageNameError('@acme/lodash')).toBe("Package names must start with 'n8n-nodes-'");
    expect(packageNameError('n8n-node-foo')).toBe("Package names must start with 'n8n-nodes-'");
    expect(packageNameError('n8n-nodes-')).toMatch(/rest of the package name/);
    expect(packageNameError('')).toBeDefined();
  });

  it('refuses what npm would refuse, and more than 214 characters', () => {
    expect(packageNameError('n8n-nodes-Foo')).toMatch(/not a valid npm package name/);
    expect(packageNameError('n8n-nodes-foo bar')).toMatch(/not a valid npm package name/);
    const longest = 'n8n-nodes-' + 'a'.repeat(COMMUNITY_PACKAGE_NAME_MAX_LENGTH - 10);
    expect(longest).toHaveLength(214);
    expect(packageNameError(longest)).toBeUndefined();
    expect(packageNameError(longest + 'a')).toBe('A package name has at most 214 characters');
  });

  it('splits a version off, not a scope', () => {
    expect(splitPackageSpec('n8n-nodes-foo')).toEqual({ name: 'n8n-nodes-foo' });
    expect(splitPackageSpec('n8n-nodes-foo@1.0.0')).toEqual({ name: 'n8n-nodes-foo', version: '1.0.0' });
    expect(splitPackageSpec('@acme/n8n-nodes-foo')).toEqual({ name: '@acme/n8n-nodes-foo' });
    expect(splitPackageSpec('@acme/n8n-nodes-foo@2.0.0-beta.1')).toEqual({ name: '@acme/n8n-nodes-foo', version: '2.0.0-beta.1' });
  });

  it("'View docs' is the package's npm page", () => {
    expect(npmPackageUrl('n8n-nodes-foo')).toBe('https://www.npmjs.com/package/n8n-nodes-foo');
    expect(npmPackageUrl('@acme/n8n-nodes-foo')).toBe('https://www.npmjs.com/package/@acme/n8n-nodes-foo');
  });
});

describe('empty state count (spec 000 §9)', () => {
  it('below 31 (or unknown) is the generic text, else the count rounded down to tens', () => {
    expect(packageCountShown(undefined)).toBeUndefined();
    expect(packageCountShown(0)).toBeUndefined();
    expect(packageCountShown(30)).toBeUndefined();
    expect(packageCountShown(31)).toBe(30);
    expect(packageCountShown(39)).toBe(30);
    expect(packageCountShown(40)).toBe(40);
    expect(packageCountShown(5678)).toBe(5670);
    expect(packageCountShown(Number.NaN)).toBeUndefined();
    expect(emptyStateText(30)).not.toMatch(/\d/);
    expect(emptyStateText(undefined)).toBe(emptyStateText(12));
    expect(emptyStateText(31)).toMatch(/^Install over 30 node packages/);
    expect(emptyStateText(12_345)).toMatch(/^Install over 12,340 node packages/);
  });
});

describe('route CommunityNodes (spec 000 §2, §6)', () => {
  const settings = (communityNodesEnabled: boolean): AccessSettings => ({
    userManagement: { enabled: true, showSetupOnFirstLoad: false, smtpSetup: false, canSkipSetup: true, setupRequired: false },
    publicApi: { enabled: true, latestVersion: 1, path: 'api' },
    communityNodesEnabled,
  });
  const as = (role: GlobalRole) => ({ globalRole: { name: role } });

  it('is for the owner and the default user, when the feature is on', () => {
    expect(mayAccess('CommunityNodes', as('owner'), settings(true))).toBe(true);
    expect(mayAccess('CommunityNodes', as('default'), settings(true))).toBe(true);
    expect(mayAccess('CommunityNodes', as('member'), settings(true))).toBe(false);
    expect(mayAccess('CommunityNodes', undefined, settings(true))).toBe(false);
    expect(mayAccess('CommunityNodes', as('owner'), settings(false))).toBe(false);
    expect(mayAccess('CommunityNodes', as('owner'), undefined)).toBe(false);
  });

  it('sends a member home and a visitor to sign-in', () => {
    const ctx = { settings: settings(true), path: '/settings/community-nodes', search: '' };
    expect(routeAccess('CommunityNodes', { ...ctx, user: as('member') })).toEqual({ allow: false, redirect: '/' });
    expect(routeAccess('CommunityNodes', { ...ctx, user: undefined })).toEqual({ allow: false, redirect: '/signin?redirect=%2Fsettings%2Fcommunity-nodes' });
    expect(routeAccess('CommunityNodes', { ...ctx, user: as('owner') })).toEqual({ allow: true });
  });
});
