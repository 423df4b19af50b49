// What OAuth 2 costs a request once the token is cached (issue 13: ≤ 1 ms per request over the
// same request with header auth): a run of Manual Trigger (pinned items) → HTTP Request v4.2 to a
// local resource server on 127.0.0.1, one request per item, with a Header Auth credential
// (Authorization: Bearer …) and with an OAuth2 credential whose stored token is valid — the
// same header on the wire, so the difference is the OAuth path (token lookup, cache key,
// expiry check). Runs alternate in rounds so both see the same machine load; per-request time
// is a run's time over its item count, the median over rounds. Also, once: the first request
// of a client-credentials credential (token endpoint round trip included) against a token
// endpoint on 127.0.0.1. And the authentication step alone (the dispatcher with a send that
// answers at once, no network): the same comparison without the network's noise.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runWorkflow } from '../src/engine/index.ts';
import { builtinNodeTypes } from '../src/nodes/registry.ts';
import { clearOAuth2Cache } from '../src/engine/auth/oauth2.ts';
import { sendAuthenticated } from '../src/engine/auth/index.ts';
import { DEFAULT_LIMITS } from '../src/engine/types.ts';
import type { IDataObject, INode, IWorkflowBase } from '../src/model/workflow.ts';
import type { INodeExecutionData } from '../src/model/execution.ts';

const TOKEN = 'bench-access-token-0123456789abcdef';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

function workflow(url: string, type: 'httpHeaderAuth' | 'oAuth2Api'): IWorkflowBase {
  const nodes: INode[] = [
    { id: 't', name: 'Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
    {
      id: 'h',
      name: 'HTTP Request',
      type: 'n8n-nodes-base.httpRequest',
      typeVersion: 4.2,
      position: [200, 0],
      parameters: { url, authentication: 'genericCredentialType', genericAuthType: type, options: {} },
      credentials: { [type]: { id: `cred-${type}`, name: type } },
    },
  ];
  return { id: `wf-${type}`, name: `oauth bench ${type}`, active: false, nodes, connections: { Trigger: { main: [[{ node: 'HTTP Request', type: 'main', index: 0 }]] } }, settings: {} } as IWorkflowBase;
}

export async function runOauthBench({ quick = false } = {}) {
  let resourceCalls = 0;
  let tokenCalls = 0;
  const resource = createServer((req, res) => {
    resourceCalls++;
    const ok = req.headers.authorization === `Bearer ${TOKEN}`;
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(ok ? '{"ok":true}' : '{"error":"invalid_token"}');
  });
  const tokenEndpoint = createServer((req, res) => {
    tokenCalls++;
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ access_token: TOKEN, token_type: 'Bearer', expires_in: 3600 }));
    });
  });
  const base = await listen(resource);
  const tokenBase = await listen(tokenEndpoint);
  const url = `${base}/me`;
  const items = quick ? 50 : 200;
  const rounds = quick ? 10 : 40;
  const pinned: INodeExecutionData[] = Array.from({ length: items }, (_, i) => ({ json: { i } }));
  const oauthData: IDataObject = {
    grantType: 'authorizationCode',
    authUrl: `${tokenBase}/auth`,
    accessTokenUrl: `${tokenBase}/token`,
    clientId: 'bench',
    clientSecret: 'bench-secret',
    authentication: 'header',
    oauthTokenData: { access_token: TOKEN, token_type: 'Bearer', refresh_token: 'r', expires_at: Date.now() + 24 * 3600_000 },
  };
  const credentials: Record<string, IDataObject> = {
    httpHeaderAuth: { name: 'Authorization', value: `Bearer ${TOKEN}` },
    oAuth2Api: oauthData,
  };
  const run = async (type: 'httpHeaderAuth' | 'oAuth2Api', data = credentials[type]): Promise<number> => {
    const t0 = performance.now();
    const r = await runWorkflow({
      workflow: workflow(url, type),
      nodeTypes: builtinNodeTypes,
      mode: 'manual',
      executionId: 'bench',
      pinData: { Trigger: pinned },
      getCredentials: async () => ({ ...data }),
      updateOAuthTokenData: async () => {},
    });
    const ms = performance.now() - t0;
    if (r.status !== 'success') throw new Error(`oauth bench run (${type}) failed: ${r.data.resultData.error?.message}`);
    return ms / items;
  };

  try {
    for (let i = 0; i < 5; i++) {
      await run('httpHeaderAuth');
      await run('oAuth2Api');
    }
    const header: number[] = [];
    const oauth: number[] = [];
    const before = resourceCalls;
    for (let r = 0; r < rounds; r++) {
      // Alternate which goes first so neither always runs on a warmer machine.
      if (r % 2) {
        header.push(await run('httpHeaderAuth'));
        oauth.push(await run('oAuth2Api'));
      } else {
        oauth.push(await run('oAuth2Api'));
        header.push(await run('httpHeaderAuth'));
      }
    }
    if (resourceCalls - before !== rounds * items * 2) throw new Error(`expected ${rounds * items * 2} resource calls, saw ${resourceCalls - before}`);
    if (tokenCalls !== 0) throw new Error('the cached-token runs asked the token endpoint');

    // Client credentials, first use: one token endpoint round trip, then cached.
    const firstUse: number[] = [];
    for (let i = 0; i < (quick ? 5 : 20); i++) {
      clearOAuth2Cache();
      const t0 = performance.now();
      const r = await runWorkflow({
        workflow: { ...workflow(url, 'oAuth2Api'), id: `cc-${i}` },
        nodeTypes: builtinNodeTypes,
        mode: 'manual',
        executionId: 'bench-cc',
        pinData: { Trigger: [{ json: {} }] },
        getCredentials: async () => ({ ...oauthData, grantType: 'clientCredentials', oauthTokenData: undefined }),
        updateOAuthTokenData: async () => {},
      });
      if (r.status !== 'success') throw new Error(`client credentials run failed: ${r.data.resultData.error?.message}`);
      firstUse.push(performance.now() - t0);
    }

    // The authentication step alone, alternating rounds of `perRound` requests.
    const node = workflow(url, 'oAuth2Api').nodes[1];
    const nodeBoth = { ...node, credentials: { oAuth2Api: { id: 'a', name: 'a' }, httpHeaderAuth: { id: 'b', name: 'b' } } };
    const instant = async (o: { headers?: Record<string, string> }) => ({ statusCode: 200, statusMessage: 'OK', headers: {}, body: o.headers });
    const perRound = quick ? 2000 : 10000;
    const step = async (type: 'httpHeaderAuth' | 'oAuth2Api'): Promise<number> => {
      const t0 = performance.now();
      for (let i = 0; i < perRound; i++) {
        await sendAuthenticated(type, { ...credentials[type] }, { url, method: 'GET', headers: {} }, { node: nodeBoth, limits: DEFAULT_LIMITS, send: instant, storeOAuthTokenData: async () => {} });
      }
      return ((performance.now() - t0) / perRound) * 1000;
    };
    const stepHeader: number[] = [];
    const stepOauth: number[] = [];
    for (let r = 0; r < (quick ? 5 : 15); r++) {
      stepHeader.push(await step('httpHeaderAuth'));
      stepOauth.push(await step('oAuth2Api'));
    }

    const h = median(header);
    const o = median(oauth);
    return {
      perRequestMs_headerAuth_median: Number(h.toFixed(4)),
      perRequestMs_oauth2Cached_median: Number(o.toFixed(4)),
      oauth2OverheadMs_perRequest_median: Number((o - h).toFixed(4)),
      authStepUs_headerAuth_median: Number(median(stepHeader.slice(1)).toFixed(2)),
      authStepUs_oauth2Cached_median: Number(median(stepOauth.slice(1)).toFixed(2)),
      clientCredentialsFirstRunMs_median: Number(median(firstUse).toFixed(3)),
      tokenEndpointCalls: tokenCalls,
      rounds,
      requestsPerRun: items,
    };
  } finally {
    for (const s of [resource, tokenEndpoint]) {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
  }
}
