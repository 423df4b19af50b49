// The OAuth state store's rules on their own: single use, bound to kind and user, expiring,
// and bounded per user so one user cannot push out another's sign-in under way.
import { describe, expect, it } from 'vitest';
import { OAuthStates, MAX_PENDING_PER_USER, STATE_TTL_MS } from '../../src/server/oauth/states.ts';

const conn = (userId: string, credentialId = 'c1') => ({ kind: 'oauth2' as const, credentialId, userId, redirectUri: 'http://x/cb' });

describe('OAuthStates', () => {
  it('a state is unguessable, single use, and only for its kind and user', () => {
    const states = new OAuthStates();
    const a = states.create(conn('u1'));
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(states.create(conn('u1'))).not.toBe(a);
    expect(states.take(a, 'oauth1', 'u1')).toBeUndefined();
    // Spent by the wrong presentation.
    expect(states.take(a, 'oauth2', 'u1')).toBeUndefined();
    const b = states.create(conn('u1'));
    expect(states.take(b, 'oauth2', 'u2')).toBeUndefined();
    expect(states.take(b, 'oauth2', 'u1')).toBeUndefined();
    const c = states.create(conn('u1'));
    expect(states.take(c, 'oauth2', 'u1')?.credentialId).toBe('c1');
    expect(states.take(c, 'oauth2', 'u1')).toBeUndefined();
    expect(states.take(undefined, 'oauth2', 'u1')).toBeUndefined();
  });

  it('expires after STATE_TTL_MS', () => {
    let now = 1_000_000;
    const states = new OAuthStates(() => now);
    const a = states.create(conn('u1'));
    now += STATE_TTL_MS;
    expect(states.take(a, 'oauth2', 'u1')).toBeUndefined();
  });

  it("a user's many asks forget only their own oldest", () => {
    const states = new OAuthStates();
    const other = states.create(conn('victim'));
    const mine = Array.from({ length: MAX_PENDING_PER_USER + 5 }, () => states.create(conn('busy')));
    expect(states.size).toBe(MAX_PENDING_PER_USER + 1);
    expect(states.take(mine[0], 'oauth2', 'busy')).toBeUndefined();
    expect(states.take(mine.at(-1), 'oauth2', 'busy')).toBeDefined();
    expect(states.take(other, 'oauth2', 'victim')).toBeDefined();
  });
});
