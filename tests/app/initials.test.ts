import { describe, expect, it } from 'vitest';
import { initials } from '../../src/model/initials.ts';

describe('initials of an icon without a drawing', () => {
  it('tells apart types that differ only before a generic word', () => {
    expect(initials('GitHub API')).toBe('GH');
    expect(initials('GitLab API')).toBe('GL');
    expect(initials('HubSpot OAuth2 API')).toBe('HS');
  });
  it('takes the first letters of two telling words, else two letters of one', () => {
    expect(initials('Pirate Weather API')).toBe('PW');
    expect(initials('Formbricks API')).toBe('FO');
    expect(initials('openweathermap')).toBe('OP');
    expect(initials('Header Auth')).toBe('HE');
  });
  it('keeps something when every word is generic, and never returns nothing', () => {
    expect(initials('OAuth2 API')).toBe('OA');
    expect(initials('')).toBe('?');
    expect(initials('   ')).toBe('?');
  });
});
