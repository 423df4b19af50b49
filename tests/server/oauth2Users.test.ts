// The OAuth callback is a locked door: with an owner and members, a state is bound to the user
// who asked for the authorization URL. Another signed-in user presenting it (a leaked or
// planted redirect) gets the error page, nothing is stored, and the state is spent; a request
// without a session is refused before anything is looked at. Then the rightful user's own
// sign-in against the real provider connects their credential.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';
import { addMember, api, setupOwner, startMailbox, type Account, type Mailbox } from './accountHelpers.ts';
import { startOidcProvider, type OidcProvider } from '../support/oidcProvider.ts';

let s: TestServer;
let mailbox: Mailbox;
let owner: Account;
let alice: Account;
let bob: Account;
let idp: OidcProvider;
let base: string;

beforeAll(async () => {
  mailbox = await startMailbox();
  s = await startServer(mailbox.env);
  base = await s.server.listen();
  owner = await setupOwner(s);
  alice = await addMember(s, mailbox, owner, 'alice@example.com');
  bob = await addMember(s, mailbox, owner, 'bob@example.com');
  const callback = (await api(s, 'GET', '/rest/settings')).body.data.oauthCallbackUrls.oauth2 as string;
  idp = await startOidcProvider({ redirectUris: [callback] });
}, 60_000);
afterAll(async () => {
  await s?.dispose();
  await mailbox?.close();
  await idp?.stop();
});

const tokenColumn = async (id: string) => (await s.server.db.selectFrom('credentials').select('oauthTokenData').where('id', '=', id).executeTakeFirst())!.oauthTokenData;

describe('OAuth callback and the session', () => {
  it("another user's state is refused and spent; no session is 401; the owner cannot start a member's connection", async () => {
    const created = await api(s, 'POST', '/rest/credentials', { name: 'Alice IdP', type: 'oAuth2Api', data: { authUrl: idp.authUrl, accessTokenUrl: idp.tokenUrl, clientId: idp.clientId, clientSecret: idp.clientSecret, scope: 'openid offline_access', authQueryParameters: 'prompt=consent' } }, { cookie: alice.cookie });
    expect(created.status).toBe(200);
    const id = created.body.data.id as string;
    expect((await api(s, 'GET', `/rest/oauth2-credential/auth?id=${id}`, undefined, { cookie: owner.cookie })).status).toBe(403);
    expect((await api(s, 'GET', `/rest/oauth2-credential/auth?id=${id}`, undefined, { cookie: bob.cookie })).status).toBe(404);

    const url = (await api(s, 'GET', `/rest/oauth2-credential/auth?id=${id}`, undefined, { cookie: alice.cookie })).body.data as string;
    // The provider's redirect, completed by a real sign-in, then presented by Bob.
    const back = new URL(await idp.signIn(url));
    const path = `${back.pathname}${back.search}`;
    expect((await api(s, 'GET', path)).status).toBe(401);
    const asBob = await api(s, 'GET', path, undefined, { cookie: bob.cookie });
    expect(asBob.status).toBe(400);
    expect(asBob.response.body).toContain('OAuth Authorization Error');
    expect(await tokenColumn(id)).toBeNull();
    // Spent: Alice's own use of it now fails too (she starts again).
    expect((await api(s, 'GET', path, undefined, { cookie: alice.cookie })).status).toBe(400);
    expect(await tokenColumn(id)).toBeNull();

    const again = new URL(await idp.signIn((await api(s, 'GET', `/rest/oauth2-credential/auth?id=${id}`, undefined, { cookie: alice.cookie })).body.data));
    const ok = await api(s, 'GET', `${again.pathname}${again.search}`, undefined, { cookie: alice.cookie });
    expect(ok.status).toBe(200);
    expect(ok.response.body).toContain(`postMessage('success',${JSON.stringify(new URL(base).origin)})`);
    expect(await tokenColumn(id)).toMatch(/^v1:/);
    // Only Alice sees it connected by reading it; the owner sees the state too (list), never the tokens.
    const list = (await api(s, 'GET', '/rest/credentials', undefined, { cookie: owner.cookie })).body.data as Array<{ id: string; oauth?: string }>;
    expect(list.find((c) => c.id === id)!.oauth).toBe('connected');
    expect(JSON.stringify(list)).not.toMatch(/access_token|refresh_token/);
  });
});
