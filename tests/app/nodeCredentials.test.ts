// The NDV credential selector's logic (spec 002 §4): which credential types a node needs given
// its parameters, which types a Generic Auth Type select offers, the generated name, what is
// testable, and that selecting a credential through the store clears the node's issue and is
// one undo step.
import { describe, expect, it } from 'vitest';
import { CREDENTIAL_TYPES, credentialType } from '../../src/nodes/credentials/registry.ts';
import {
  credentialTypesForSelect,
  defaultCredentialName,
  isCredentialTestable,
  missingRequiredCredentialFields,
  neededCredentialTypes,
  nodeTypesUsingCredential,
  matchCredentials,
} from '../../src/model/nodeCredentials.ts';
import { computeNodeIssues } from '../../src/model/nodeIssues.ts';
import { builtinNodeTypes } from '../../src/nodes/registry.ts';
import { WorkflowStore } from '../../src/app/stores/WorkflowStore.ts';
import type { INode } from '../../src/model/workflow.ts';

const describe_ = (type: string, v: number) => builtinNodeTypes.get(type, v)!.description;
const HTTP = 'n8n-nodes-base.httpRequest';
const WEBHOOK = 'n8n-nodes-base.webhook';
const MAIL = 'n8n-nodes-base.emailSend';

describe('credential types a node needs', () => {
  it('HTTP Request v4.2: none without authentication, the Generic Auth Type it names otherwise', () => {
    const d = describe_(HTTP, 4.2);
    expect(neededCredentialTypes(d, { url: 'http://x' }, 4.2)).toEqual([]);
    expect(neededCredentialTypes(d, { url: 'http://x', authentication: 'genericCredentialType' }, 4.2)).toEqual([]);
    expect(neededCredentialTypes(d, { authentication: 'genericCredentialType', genericAuthType: 'httpBasicAuth' }, 4.2)).toEqual([{ name: 'httpBasicAuth', required: true }]);
    expect(neededCredentialTypes(d, { authentication: 'genericCredentialType', genericAuthType: 'httpHeaderAuth' }, 4.2)).toEqual([{ name: 'httpHeaderAuth', required: true }]);
    // A leftover Generic Auth Type of another authentication mode is not shown, so not needed.
    expect(neededCredentialTypes(d, { authentication: 'none', genericAuthType: 'httpBasicAuth' }, 4.2)).toEqual([]);
    // An expression cannot be decided in advance.
    expect(neededCredentialTypes(d, { authentication: 'genericCredentialType', genericAuthType: '={{ "httpBasicAuth" }}' }, 4.2)).toEqual([]);
  });

  it('HTTP Request v1 and Webhook: the description credentials whose display rules hold', () => {
    const v1 = describe_(HTTP, 1);
    expect(neededCredentialTypes(v1, { authentication: 'headerAuth' }, 1)).toEqual([{ name: 'httpHeaderAuth', required: true }]);
    expect(neededCredentialTypes(v1, {}, 1)).toEqual([]);
    const hook = describe_(WEBHOOK, 2);
    expect(neededCredentialTypes(hook, { authentication: 'basicAuth' }, 2)).toEqual([{ name: 'httpBasicAuth', required: true }]);
    expect(neededCredentialTypes(hook, { authentication: 'headerAuth' }, 2)).toEqual([{ name: 'httpHeaderAuth', required: true }]);
    expect(neededCredentialTypes(hook, {}, 2)).toEqual([]);
  });

  it('Send Email always needs smtp', () => {
    expect(neededCredentialTypes(describe_(MAIL, 2.1), {}, 2.1)).toEqual([{ name: 'smtp', required: true }]);
  });

  it('Generic Auth Type offers the generic types; Allow use by lists the nodes that can use a type', () => {
    const prop = describe_(HTTP, 4.2).properties.find((p) => p.name === 'genericAuthType')!;
    expect(credentialTypesForSelect(prop, CREDENTIAL_TYPES).map((t) => t.name)).toEqual(['httpBasicAuth', 'httpBearerAuth', 'httpCustomAuth', 'httpDigestAuth', 'httpHeaderAuth', 'httpQueryAuth', 'oAuth2Api', 'oAuth1Api']);
    const users = nodeTypesUsingCredential('httpBasicAuth', builtinNodeTypes.descriptions(), CREDENTIAL_TYPES).map((d) => d.name);
    expect(users).toEqual(expect.arrayContaining([HTTP, WEBHOOK]));
    expect(users).not.toContain(MAIL);
    expect(nodeTypesUsingCredential('smtp', builtinNodeTypes.descriptions(), CREDENTIAL_TYPES).map((d) => d.name)).toEqual([MAIL]);
  });
});

describe('credential modal rules', () => {
  it('names a new credential after its type; basic auth is "Unnamed credential"', () => {
    expect(defaultCredentialName(credentialType('httpHeaderAuth')!)).toBe('Header Auth account');
    expect(defaultCredentialName(credentialType('smtp')!)).toBe('SMTP account');
    expect(defaultCredentialName(credentialType('httpBasicAuth')!)).toBe('Unnamed credential');
  });

  it('testable: a type with a test, required fields filled, no expressions', () => {
    const smtp = credentialType('smtp')!;
    expect(missingRequiredCredentialFields(smtp, {})).toEqual(['host']);
    expect(isCredentialTestable(smtp, {})).toBe(false);
    expect(isCredentialTestable(smtp, { host: 'mail.example.com' })).toBe(true);
    expect(isCredentialTestable(smtp, { host: '={{ $env.HOST }}' })).toBe(false);
    expect(isCredentialTestable(credentialType('httpBasicAuth')!, { user: 'a', password: 'b' })).toBe(false);
  });
});

describe('selecting a credential on a node', () => {
  const hook: INode = { id: 'w', name: 'Webhook', type: WEBHOOK, typeVersion: 2, position: [0, 0], parameters: { path: 'x', authentication: 'basicAuth' } };

  it('sets node.credentials[type], clears the issue, marks the workflow unsaved and undoes in one step', () => {
    const store = new WorkflowStore();
    store.load({ id: '1', name: 'W', nodes: [hook], connections: {}, active: false, settings: {} } as never);
    const issues = () => computeNodeIssues(store.nodes.get('w')!.toJSON(), describe_(WEBHOOK, 2))?.credentials;
    expect(issues()).toEqual({ httpBasicAuth: ['Credentials for "httpBasicAuth" are not set.'] });
    expect(store.dirty).toBe(false);

    store.setNodeCredential('w', 'httpBasicAuth', { id: 'c1', name: 'Callers' });
    expect(store.nodes.get('w')!.toJSON().credentials).toEqual({ httpBasicAuth: { id: 'c1', name: 'Callers' } });
    expect(issues()).toBeUndefined();
    expect(store.dirty).toBe(true);

    store.renameCredentialRefs('httpBasicAuth', 'c1', 'Renamed');
    expect(store.nodes.get('w')!.toJSON().credentials).toEqual({ httpBasicAuth: { id: 'c1', name: 'Renamed' } });
    store.undo();
    store.undo();
    expect(store.nodes.get('w')!.toJSON().credentials).toBeUndefined();
    expect(issues()).toBeDefined();
    expect(store.dirty).toBe(false);
  });
});

describe('matching pasted credentials to the stored ones (spec 001 §4.1)', () => {
  const known = [
    { id: '7', name: 'Prod key', type: 'httpHeaderAuth' },
    { id: '8', name: 'Shared', type: 'httpHeaderAuth' },
    { id: '9', name: 'Shared', type: 'httpHeaderAuth' },
    { id: '10', name: 'Prod key', type: 'httpBasicAuth' },
  ];
  it('keeps a stored id (with its current name), takes the id of a unique name, leaves the rest', () => {
    expect(matchCredentials({ httpHeaderAuth: { id: '7', name: 'old name' } }, known)).toEqual({ httpHeaderAuth: { id: '7', name: 'Prod key' } });
    expect(matchCredentials({ httpHeaderAuth: { id: 'other-instance', name: 'Prod key' } }, known)).toEqual({ httpHeaderAuth: { id: '7', name: 'Prod key' } });
    expect(matchCredentials({ httpBasicAuth: { id: null, name: 'Prod key' } }, known)).toEqual({ httpBasicAuth: { id: '10', name: 'Prod key' } });
    const ambiguous = { httpHeaderAuth: { id: 'x', name: 'Shared' } };
    expect(matchCredentials(ambiguous, known)).toBe(ambiguous);
    const missing = { httpHeaderAuth: { id: 'x', name: 'Nope' } };
    expect(matchCredentials(missing, known)).toBe(missing);
    expect(matchCredentials(undefined, known)).toBeUndefined();
  });

  it('reads a credential given by name alone (older n8n files) as {id: null, name}, then matches it by name', () => {
    expect(matchCredentials({ httpHeaderAuth: 'Prod key' } as never, known)).toEqual({ httpHeaderAuth: { id: '7', name: 'Prod key' } });
    expect(matchCredentials({ httpHeaderAuth: 'Nope', httpBasicAuth: null } as never, known)).toEqual({ httpHeaderAuth: { id: null, name: 'Nope' }, httpBasicAuth: null });
  });
});

