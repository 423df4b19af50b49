// The credential dialogs' pure rules (spec 002 §2, §4, §5, §9): the list's sorting, the type
// picker's search, the docs link rule, and which credentials are OAuth (the grant-type rule,
// the extends chain, Google, the callback URL).
import { describe, expect, it } from 'vitest';
import type { ICredentialType } from '../../src/model/credentialTypes.ts';
import {
  DEFAULT_CREDENTIAL_SORT,
  documentationUrl,
  filterCredentialTypes,
  nextCredentialSort,
  sortCredentialRows,
  type CredentialRow,
} from '../../src/app/credentials/credentialsListRows.ts';
import { grantType, isGoogleOAuth, isOAuthCredential, oauthCallbackUrl, oauthVersion, typeChain } from '../../src/app/credentials/oauth.ts';
import { CREDENTIAL_TYPES } from '../../src/nodes/credentials/registry.ts';
import { runInAction } from 'mobx';
import { RootStore } from '../../src/app/stores/RootStore.ts';
import { builtinNodeTypes } from '../../src/nodes/registry.ts';
import type { INode } from '../../src/model/workflow.ts';
import { NODE_CREDENTIAL_UPDATED, selectNodeCredential } from '../../src/app/credentials/credentialCommands.ts';

function row(id: string, name: string, typeName: string, createdAt: string, updatedAt = createdAt): CredentialRow {
  return { id, name, type: typeName, typeName, nodesAccess: [], createdAt, updatedAt };
}

describe('credentials list sorting', () => {
  const rows = [
    row('1', 'beta', 'SMTP', '2026-01-02T00:00:00Z', '2026-01-05T00:00:00Z'),
    row('2', 'Alpha', 'Header Auth', '2026-01-03T00:00:00Z', '2026-01-03T00:00:00Z'),
    row('3', 'gamma', 'Basic Auth', '2026-01-01T00:00:00Z', '2026-01-04T00:00:00Z'),
  ];
  it('starts by name ascending, case-insensitive', () => {
    expect(DEFAULT_CREDENTIAL_SORT).toEqual({ key: 'name', descending: false });
    expect(sortCredentialRows(rows, DEFAULT_CREDENTIAL_SORT).map((r) => r.name)).toEqual(['Alpha', 'beta', 'gamma']);
  });
  it('turns the order when the same header is pressed; dates start newest first', () => {
    const desc = nextCredentialSort(DEFAULT_CREDENTIAL_SORT, 'name');
    expect(sortCredentialRows(rows, desc).map((r) => r.name)).toEqual(['gamma', 'beta', 'Alpha']);
    const created = nextCredentialSort(desc, 'createdAt');
    expect(created.descending).toBe(true);
    expect(sortCredentialRows(rows, created).map((r) => r.id)).toEqual(['2', '1', '3']);
    expect(sortCredentialRows(rows, nextCredentialSort(created, 'createdAt')).map((r) => r.id)).toEqual(['3', '1', '2']);
    expect(sortCredentialRows(rows, { key: 'updatedAt', descending: true }).map((r) => r.id)).toEqual(['1', '3', '2']);
  });
  it('sorts by the type display name, then the name', () => {
    const sorted = sortCredentialRows([...rows, row('4', 'aaa', 'SMTP', '2026-01-01T00:00:00Z')], nextCredentialSort(DEFAULT_CREDENTIAL_SORT, 'type'));
    expect(sorted.map((r) => r.id)).toEqual(['3', '2', '4', '1']);
  });
});

describe('type picker search', () => {
  it('lists every type by display name and filters by display or type name', () => {
    const all = filterCredentialTypes(CREDENTIAL_TYPES, '');
    expect(all).toHaveLength(CREDENTIAL_TYPES.length);
    expect(all.map((t) => t.displayName)).toEqual([...all.map((t) => t.displayName)].sort((a, b) => a.localeCompare(b)));
    expect(filterCredentialTypes(CREDENTIAL_TYPES, '  HEADER ').map((t) => t.name)).toEqual(['httpHeaderAuth']);
    expect(filterCredentialTypes(CREDENTIAL_TYPES, 'httpbasic').map((t) => t.name)).toEqual(['httpBasicAuth']);
    expect(filterCredentialTypes(CREDENTIAL_TYPES, 'no such thing')).toEqual([]);
    // Enter takes the first: the exact name, then names starting with the search, then the rest.
    expect(filterCredentialTypes(CREDENTIAL_TYPES, 'oauth2 api')[0].name).toBe('oAuth2Api');
    expect(filterCredentialTypes(CREDENTIAL_TYPES, 'oauth2 api').slice(1).map((t) => t.displayName)).toEqual(
      filterCredentialTypes(CREDENTIAL_TYPES, 'oauth2 api').slice(1).map((t) => t.displayName).sort((a, b) => a.localeCompare(b)),
    );
    expect(filterCredentialTypes(CREDENTIAL_TYPES, 'git')[0].displayName).toBe('GitHub API');
  });
});

describe('docs link rule (spec 002 §5)', () => {
  it('prefixes a relative path with the docs site and keeps an absolute URL', () => {
    expect(documentationUrl('sendEmail')).toBe('https://docs.n8n.io/integrations/builtin/credentials/sendEmail/');
    expect(documentationUrl('google/oauth-generic')).toBe('https://docs.n8n.io/integrations/builtin/credentials/google/oauth-generic/');
    expect(documentationUrl('https://example.com/docs/x')).toBe('https://example.com/docs/x');
    expect(documentationUrl('HTTP://example.com')).toBe('HTTP://example.com');
    expect(documentationUrl(undefined)).toBeUndefined();
    expect(documentationUrl('')).toBeUndefined();
  });
});

describe('OAuth rules (spec 002 §4)', () => {
  const types = CREDENTIAL_TYPES;
  const t = (name: string) => types.find((x) => x.name === name)!;
  it('walks the extends chain', () => {
    expect(typeChain('googleOAuth2Api', types)).toEqual(['googleOAuth2Api', 'oAuth2Api']);
    const child: ICredentialType = { name: 'sheets', displayName: 'Sheets', extends: ['googleOAuth2Api'], properties: [] };
    expect(typeChain('sheets', [...types, child])).toEqual(['sheets', 'googleOAuth2Api', 'oAuth2Api']);
    expect(isGoogleOAuth(child, [...types, child])).toBe(true);
    expect(oauthVersion(child, [...types, child])).toBe(2);
  });
  it('OAuth 1 always; OAuth 2 only with the authorization code or PKCE grant', () => {
    expect(isOAuthCredential(t('oAuth1Api'), types, {})).toBe(true);
    expect(isOAuthCredential(t('oAuth2Api'), types, {})).toBe(true);
    expect(isOAuthCredential(t('oAuth2Api'), types, { grantType: 'pkce' })).toBe(true);
    expect(isOAuthCredential(t('oAuth2Api'), types, { grantType: 'clientCredentials' })).toBe(false);
    expect(grantType(t('googleOAuth2Api'), {})).toBe('authorizationCode');
    expect(isOAuthCredential(t('googleOAuth2Api'), types, {})).toBe(true);
    expect(isOAuthCredential(t('httpBasicAuth'), types, {})).toBe(false);
    expect(isGoogleOAuth(t('oAuth2Api'), types)).toBe(false);
  });
  it('the callback URL: oauth2 for OAuth 2 types, else oauth1', () => {
    const urls = { oauth1: 'http://x/rest/oauth1-credential/callback', oauth2: 'http://x/rest/oauth2-credential/callback' };
    expect(oauthCallbackUrl(2, urls)).toBe(urls.oauth2);
    expect(oauthCallbackUrl(1, urls)).toBe(urls.oauth1);
    expect(oauthCallbackUrl(1, undefined)).toBeUndefined();
  });
});

describe('invalid stored credentials are replaced (spec 002 §4)', () => {
  const httpNode = (id: string, credentials?: INode['credentials']): INode => ({
    id, name: `HTTP ${id}`, type: 'n8n-nodes-base.httpRequest', typeVersion: 4.2, position: [0, 0],
    parameters: { url: 'https://example.com', authentication: 'genericCredentialType', genericAuthType: 'httpHeaderAuth' }, credentials,
  });
  function root(nodes: INode[]): RootStore {
    const r = new RootStore();
    runInAction(() => {
      r.nodeTypes.set(builtinNodeTypes.descriptions());
      r.workflow.load({ name: 'w', active: false, nodes, connections: {} });
    });
    (r.credentials as unknown as { setLoaded(t: unknown[], l: unknown[]): void }).setLoaded(CREDENTIAL_TYPES as ICredentialType[], [
      { id: 'c1', name: 'Partner', type: 'httpHeaderAuth', nodesAccess: [], createdAt: '', updatedAt: '' },
      { id: 'c2', name: 'Other', type: 'httpHeaderAuth', nodesAccess: [], createdAt: '', updatedAt: '' },
    ]);
    return r;
  }
  const refOf = (r: RootStore, id: string) => r.workflow.nodes.get(id)!.settings.credentials?.httpHeaderAuth;

  it('choosing a credential where the old one is missing updates every node that named it, in one undoable step, and says so', () => {
    const gone = { id: 'deleted-9', name: 'Imported key' };
    const r = root([httpNode('a', { httpHeaderAuth: gone }), httpNode('b', { httpHeaderAuth: gone }), httpNode('c', { httpHeaderAuth: { id: 'c2', name: 'Other' } })]);
    selectNodeCredential(r, 'a', 'httpHeaderAuth', { id: 'c1', name: 'Partner' });
    expect(refOf(r, 'a')).toEqual({ id: 'c1', name: 'Partner' });
    expect(refOf(r, 'b')).toEqual({ id: 'c1', name: 'Partner' });
    expect(refOf(r, 'c')).toEqual({ id: 'c2', name: 'Other' });
    const toast = r.ui.toasts.toasts.at(-1)!;
    expect(toast.title).toBe(NODE_CREDENTIAL_UPDATED);
    expect(toast.message).toBe('Nodes that used credential "Imported key" have been updated to use "Partner"');
    r.workflow.undo();
    expect(refOf(r, 'a')).toEqual(gone);
    expect(refOf(r, 'b')).toEqual(gone);
  });

  it('a valid old credential is only replaced on the node itself, without a message', () => {
    const r = root([httpNode('a', { httpHeaderAuth: { id: 'c2', name: 'Other' } }), httpNode('b', { httpHeaderAuth: { id: 'c2', name: 'Other' } })]);
    const before = r.ui.toasts.toasts.length;
    selectNodeCredential(r, 'a', 'httpHeaderAuth', { id: 'c1', name: 'Partner' });
    expect(refOf(r, 'a')).toEqual({ id: 'c1', name: 'Partner' });
    expect(refOf(r, 'b')).toEqual({ id: 'c2', name: 'Other' });
    expect(r.ui.toasts.toasts.length).toBe(before);
  });
});
