// The parameter editor's rules (spec 001 §5): colour with alpha to hex, the date shortcuts, the
// custom API call rule, remote options' dependencies and message, resource locator modes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { INodeProperties } from '../../src/model/nodeTypes.ts';
import { normaliseColor, parseColor, toHex } from '../../src/app/editor/parameters/colorValue.ts';
import { formatLocalDateTime, shortcutValue, toInputValue, DATE_SHORTCUTS } from '../../src/app/editor/parameters/dateShortcuts.ts';
import { hiddenByCustomApiCall, isCustomApiCallSelected } from '../../src/app/editor/parameters/customApiCall.ts';
import { credentialsKey, dependencyKey, dependencyPath, loadOptionsMethod, remoteOptionsError } from '../../src/app/editor/parameters/remoteOptions.ts';
import { switchMode, toLocator, validateMode } from '../../src/app/editor/parameters/ResourceLocatorInput.tsx';
import { workflowIdFromUrl } from '../../src/nodes/ExecuteWorkflow/listSearch.ts';
import { executeWorkflowDescription } from '../../src/nodes/ExecuteWorkflow/description.ts';
import { displayParameter } from '../../src/model/parameters.ts';
import { credentialRefs, getNodeParameterOptions, MAX_GET_QUERY } from '../../src/app/api/nodeParameterOptions.ts';
import { expressionTarget } from '../../src/app/editor/parameters/locatorValue.ts';

describe('expressions in a resource locator', () => {
  it('switch the value and keep the mode; the cached name goes', () => {
    const written: unknown[] = [];
    const t = expressionTarget({ __rl: true, mode: 'list', value: 'w1', cachedResultName: 'Flow', cachedResultUrl: '/workflow/w1' }, (v) => written.push(v));
    expect(t.inner).toBe('w1');
    t.write('=w1');
    expect(written).toEqual([{ __rl: true, mode: 'list', value: '=w1' }]);
  });
  it('leave other values as they are', () => {
    const onChange = () => undefined;
    expect(expressionTarget('abc', onChange)).toEqual({ inner: 'abc', write: onChange });
    expect(expressionTarget({ a: 1 }, onChange).inner).toEqual({ a: 1 });
  });
});

describe('the options call', () => {
  afterEach(() => vi.unstubAllGlobals());
  const req = (currentNodeParameters: Record<string, unknown>) => ({ nodeTypeAndVersion: { name: 'n8n-nodes-base.merge', version: 3 }, path: 'useDataOfInput', methodName: 'getInputs', currentNodeParameters });
  const stub = () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: [{ name: '1', value: 1 }] }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };
  it("asks the spec's GET /node-parameter-options with JSON query values", async () => {
    const fetchMock = stub();
    await expect(getNodeParameterOptions(req({ numberInputs: 3 }))).resolves.toEqual([{ name: '1', value: 1 }]);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('GET');
    const u = new URL(url, 'http://x');
    expect(u.pathname).toBe('/rest/node-parameter-options');
    expect(JSON.parse(u.searchParams.get('nodeTypeAndVersion')!)).toEqual({ name: 'n8n-nodes-base.merge', version: 3 });
    expect(JSON.parse(u.searchParams.get('currentNodeParameters')!)).toEqual({ numberInputs: 3 });
    expect(u.searchParams.get('methodName')).toBe('getInputs');
  });
  it('sends credential references as { id, name } only', () => {
    expect(credentialRefs({ smtp: { id: '7', name: 'Mail' }, old: { id: null, name: 'By name' }, odd: { id: 5, name: 'N', extra: 1 }, bad: 'x', none: { id: '1' } })).toEqual({
      smtp: { id: '7', name: 'Mail' },
      old: { id: null, name: 'By name' },
      odd: { id: null, name: 'N' },
    });
    expect(credentialRefs({})).toBeUndefined();
    expect(credentialRefs(undefined)).toBeUndefined();
  });
  it("sends long parameters as n8n's POST body instead of a URL past the limit", async () => {
    const fetchMock = stub();
    const big = { text: 'x'.repeat(MAX_GET_QUERY) };
    await getNodeParameterOptions(req(big));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(url).toBe('/rest/dynamic-node-parameters/options');
    expect(JSON.parse(init.body as string).currentNodeParameters).toEqual(big);
  });
});

describe('colour', () => {
  it('rgba converts to #rrggbbaa when the picker shows alpha, rgb to #rrggbb', () => {
    expect(normaliseColor('rgba(255, 0, 0, 0.5)', true)).toBe('#ff000080');
    expect(normaliseColor('rgba(16,32,48,1)', true)).toBe('#102030ff');
    expect(normaliseColor('rgba(16 32 48 / 25%)', true)).toBe('#10203040');
    expect(normaliseColor('rgb(16, 32, 48)', false)).toBe('#102030');
    expect(normaliseColor('rgba(255, 0, 0, 0.5)', false)).toBe('#ff0000');
    expect(normaliseColor('#ABC', false)).toBe('#aabbcc');
    expect(normaliseColor('#abcd', true)).toBe('#aabbccdd');
    expect(normaliseColor('ff8800', true)).toBe('#ff8800ff');
    expect(normaliseColor('#ff880080', true)).toBe('#ff880080');
  });
  it('refuses what is not a colour', () => {
    for (const t of ['', 'red', 'rgb(256, 0, 0)', 'rgba(1, 2, 3, 1.5)', '#12345', 'rgba(1,2)']) expect(parseColor(t)).toBeUndefined();
  });
  it('keeps the alpha byte through a round trip', () => {
    const c = parseColor('#11223344')!;
    expect(c.a).toBeCloseTo(0x44 / 255);
    expect(toHex(c, true)).toBe('#11223344');
  });
});

describe('date shortcuts', () => {
  it('are Today, Yesterday and A week ago, at the current time of day, in local time', () => {
    expect(DATE_SHORTCUTS.map((s) => s.label)).toEqual(['Today', 'Yesterday', 'A week ago']);
    const now = new Date(2026, 2, 3, 9, 5, 7);
    expect(shortcutValue(0, now)).toBe('2026-03-03T09:05:07');
    expect(shortcutValue(1, now)).toBe('2026-03-02T09:05:07');
    expect(shortcutValue(7, now)).toBe('2026-02-24T09:05:07');
  });
  it('shows stored values in the picker: local as written, instants with a zone in local time', () => {
    expect(toInputValue('2026-01-02T03:04:05')).toBe('2026-01-02T03:04:05');
    expect(toInputValue('2026-01-02T03:04')).toBe('2026-01-02T03:04:00');
    expect(toInputValue('2026-01-02T03:04:05.000Z')).toBe(formatLocalDateTime(new Date('2026-01-02T03:04:05.000Z')));
    expect(toInputValue('not a date')).toBe('');
    expect(toInputValue(5)).toBe('');
  });
});

describe('custom API call', () => {
  const p = (name: string, def: unknown = ''): INodeProperties => ({ name, displayName: name, type: 'string', default: def });
  it('is selected by resource or operation', () => {
    expect(isCustomApiCallSelected({ resource: '__CUSTOM_API_CALL__' })).toBe(true);
    expect(isCustomApiCallSelected({ operation: '__CUSTOM_API_CALL__' })).toBe(true);
    expect(isCustomApiCallSelected({ resource: 'contact', operation: 'get' })).toBe(false);
  });
  it('hides everything but authentication, resource, operation and parameters already set', () => {
    const root = { resource: 'contact', operation: '__CUSTOM_API_CALL__', email: '', limit: 50, options: {} };
    expect(hiddenByCustomApiCall(p('authentication', 'none'), 'none', root)).toBe(false);
    expect(hiddenByCustomApiCall(p('resource'), 'contact', root)).toBe(false);
    expect(hiddenByCustomApiCall(p('operation'), '__CUSTOM_API_CALL__', root)).toBe(false);
    expect(hiddenByCustomApiCall(p('email'), '', root)).toBe(true);
    expect(hiddenByCustomApiCall(p('limit', 50), 50, root)).toBe(true);
    expect(hiddenByCustomApiCall(p('limit', 50), 20, root)).toBe(false);
    expect(hiddenByCustomApiCall(p('options', {}), {}, root)).toBe(true);
    expect(hiddenByCustomApiCall(p('options', {}), { a: 1 }, root)).toBe(false);
    // Not selected: nothing is hidden by this rule.
    expect(hiddenByCustomApiCall(p('email'), '', { operation: 'get' })).toBe(false);
  });
});

describe('remote options', () => {
  const fallback: INodeProperties = {
    name: 'fallbackOutput',
    displayName: 'Fallback Output',
    type: 'options',
    default: 'none',
    typeOptions: { loadOptionsMethod: 'getFallbackOutputOptions', loadOptionsDependsOn: ['rules.values', '/rules', '&renameFallbackOutput'] },
  };
  it('depends on paths from the top, "/x" alike, and "&x" next to the parameter', () => {
    expect(dependencyPath('options.fallbackOutput', 'rules.values')).toBe('rules.values');
    expect(dependencyPath('options.fallbackOutput', '/rules')).toBe('rules');
    expect(dependencyPath('options.fallbackOutput', '&renameFallbackOutput')).toBe('options.renameFallbackOutput');
    expect(dependencyPath('numberInputs', '&mode')).toBe('mode');
  });
  it('reloads when a depended-on value or a reloadOnChange parameter changes, not otherwise', () => {
    const root = { rules: { values: [{ outputKey: 'a' }] }, options: { renameFallbackOutput: '' }, mode: 'rules', other: 1 };
    const props: INodeProperties[] = [{ name: 'mode', displayName: 'Mode', type: 'options', default: 'rules', typeOptions: { reloadOnChange: true } }];
    const k = dependencyKey(fallback, 'options.fallbackOutput', root, props);
    expect(dependencyKey(fallback, 'options.fallbackOutput', { ...root, other: 2 }, props)).toBe(k);
    expect(dependencyKey(fallback, 'options.fallbackOutput', { ...root, rules: { values: [{ outputKey: 'b' }] } }, props)).not.toBe(k);
    expect(dependencyKey(fallback, 'options.fallbackOutput', { ...root, options: { renameFallbackOutput: 'x' } }, props)).not.toBe(k);
    expect(dependencyKey(fallback, 'options.fallbackOutput', { ...root, mode: 'expression' }, props)).not.toBe(k);
  });
  it('reloads when another credential is chosen or the chosen one is saved again, not otherwise', () => {
    const k = credentialsKey({ formbricksApi: { id: '1', name: 'Formbricks' } }, '2026-12-02T05:00:00.000Z');
    expect(credentialsKey({ formbricksApi: { id: '1', name: 'Formbricks' } }, '2026-12-02T05:00:00.000Z')).toBe(k);
    expect(credentialsKey(undefined)).not.toBe(k);
    expect(credentialsKey({ formbricksApi: { id: '2', name: 'Formbricks 2' } }, '2026-12-02T05:00:00.000Z')).not.toBe(k);
    expect(credentialsKey({ formbricksApi: { id: '1', name: 'Formbricks' } }, '2026-12-02T05:00:01.000Z')).not.toBe(k);
  });
  it('knows remote parameters and says the spec message', () => {
    expect(loadOptionsMethod(fallback)).toBe('getFallbackOutputOptions');
    expect(loadOptionsMethod({ ...fallback, typeOptions: {} })).toBeUndefined();
    expect(remoteOptionsError('Node type "x" 1 is not known')).toBe('There was a problem loading the parameter options from server: "Node type "x" 1 is not known"');
  });
});

describe('resource locator', () => {
  const modes = executeWorkflowDescription.properties.find((p) => p.type === 'resourceLocator')!.modes!;
  it("Execute Workflow offers n8n's list, id and url modes, the list first, searching searchWorkflows", () => {
    expect(modes.map((m) => m.name)).toEqual(['list', 'id', 'url']);
    expect(modes[0]!.typeOptions?.searchListMethod).toBe('searchWorkflows');
  });
  it('reads older plain values and the empty default', () => {
    expect(toLocator('', modes)).toEqual({ __rl: true, mode: 'list', value: '' });
    expect(toLocator('abc', modes)).toEqual({ __rl: true, mode: 'id', value: 'abc' });
    const rl = { __rl: true as const, mode: 'url', value: 'http://x/workflow/abc' };
    expect(toLocator(rl, modes)).toBe(rl);
  });
  it('keeps a listed id when switching to By ID, empties otherwise', () => {
    const listed = { __rl: true as const, mode: 'list', value: 'w1', cachedResultName: 'My flow' };
    expect(switchMode(listed, 'id')).toEqual({ __rl: true, mode: 'id', value: 'w1' });
    expect(switchMode(listed, 'url')).toEqual({ __rl: true, mode: 'url', value: '' });
    expect(switchMode(listed, 'list')).toBe(listed);
  });
  it("checks typed values against the mode's validation", () => {
    const [, id, url] = modes;
    expect(validateMode(id, 'aB3_-x')).toBeUndefined();
    expect(validateMode(id, 'has space')).toBe('Not a valid workflow ID');
    expect(validateMode(url, 'http://localhost:5678/workflow/aB3')).toBeUndefined();
    expect(validateMode(url, 'http://localhost:5678/')).toBe('Not a workflow URL');
    expect(validateMode(url, '={{ $json.url }}')).toBeUndefined();
    expect(validateMode(url, '')).toBeUndefined();
  });
  it('a URL names its workflow id', () => {
    expect(workflowIdFromUrl('http://localhost:5678/workflow/aB3x?x=1')).toBe('aB3x');
    expect(workflowIdFromUrl('https://n8n.example/switchyard/workflow/12')).toBe('12');
    expect(workflowIdFromUrl('https://n8n.example/')).toBeUndefined();
  });
  it('display rules compare a locator by its value (Workflow Inputs hide while no workflow is chosen)', () => {
    const hide = { hide: { workflowId: [''] } };
    expect(displayParameter(hide, { workflowId: { __rl: true, mode: 'list', value: '' } })).toBe(false);
    expect(displayParameter(hide, { workflowId: { __rl: true, mode: 'list', value: 'w1' } })).toBe(true);
  });
});
