// GET /rest/credential-icon/:credentialName and GET /rest/credential-translation (spec 002 §7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { live, type Live } from './triggerHelpers.ts';
import { CREDENTIAL_ICON_ROOT } from '../../src/server/rest/credentialIcons.ts';
import { ICONS } from '../../assets/icons.ts';
import { CREDENTIAL_TYPES } from '../../src/nodes/credentials/registry.ts';

let t: Live;
beforeAll(async () => {
  t = await live();
});
afterAll(() => t.dispose());

const get = (path: string) => fetch(`${t.url}rest${path}`);

describe('credential icons', () => {
  it("a 'node:' icon is that node's icon, drawn as SVG in the node's colour", async () => {
    const r = await get('/credential-icon/smtp'); // node:n8n-nodes-base.emailSend → fa:envelope
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/svg+xml');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    const svg = await r.text();
    expect(svg).toContain(`d="${ICONS['fa:envelope'].path}"`);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 \d+ \d+"><path fill="#[0-9a-fA-F]{3,8}" d="/);
    const http = await get('/credential-icon/httpBasicAuth'); // node:n8n-nodes-base.httpRequest → fa:globe
    expect(await http.text()).toContain(ICONS['fa:globe'].path);
  });

  it("a 'file:' icon is served from assets/credentials", async () => {
    const google = CREDENTIAL_TYPES.find((x) => x.icon?.startsWith('file:'));
    expect(google?.name).toBe('googleOAuth2Api');
    const r = await get(`/credential-icon/${google!.name}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/svg+xml');
    expect(await r.text()).toBe(readFileSync(join(CREDENTIAL_ICON_ROOT, google!.icon!.slice(5)), 'utf8'));
  });

  it("an unknown type is 404 'Credential type not found'; a type without an icon 404 too", async () => {
    const r = await get('/credential-icon/noSuchApi');
    expect(r.status).toBe(404);
    expect((await r.json()).message).toBe('Credential type not found');
    const traversal = await get('/credential-icon/..%2F..%2Fpackage.json');
    expect(traversal.status).toBe(404);
    const noIcon = CREDENTIAL_TYPES.find((x) => !x.icon);
    if (noIcon) {
      const n = await get(`/credential-icon/${noIcon.name}`);
      expect(n.status).toBe(404);
      expect((await n.json()).message).toBe('No icon found for credential.');
    }
  });
});

describe('credential translation', () => {
  it('answers null (English only: no translation exists), as n8n does without a translation file', async () => {
    expect(await t.api('GET', '/credential-translation?credentialType=smtp')).toEqual({ status: 200, body: { data: null } });
    expect((await t.api('GET', '/credential-translation?credentialType=noSuchApi')).body).toEqual({ data: null });
    expect((await t.api('GET', '/credential-translation')).status).toBe(400);
  });
});
