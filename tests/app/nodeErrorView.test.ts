// The node error view's details (spec 001 §2.7, §9) and the execution outcome the NDV reads
// ('Failed execution', the waitTill warning).
import { describe, expect, it } from 'vitest';
import { builtinNodeTypes } from '../../src/nodes/registry.ts';
import { causeJson, errorCopyText, errorRows, MAX_CAUSE_CHARS, parameterLabel } from '../../src/app/editor/ndv/errorDetails.ts';
import { RootStore } from '../../src/app/stores/RootStore.ts';
import type { ExecutionError } from '../../src/model/execution.ts';

const http = builtinNodeTypes.get('n8n-nodes-base.httpRequest', 4.2)!.description;

describe('the parameter an error names', () => {
  it("is shown by its display names, nested ones with ' > '", () => {
    expect(parameterLabel(http.properties, 'url')).toBe('URL');
    expect(parameterLabel(http.properties, 'options.timeout')).toBe('Options > Timeout');
    expect(parameterLabel(http.properties, 'headerParameters.parameters[0].name')).toBe('Header Parameters > Parameter > Name');
  });

  it("is 'Could not find parameter' with its name when the node type has none", () => {
    expect(parameterLabel(http.properties, 'nope')).toBe('Could not find parameter "nope"');
    expect(parameterLabel(http.properties, 'options.nope')).toBe('Could not find parameter "options.nope"');
  });
});

describe('the cause', () => {
  it('is shown when its JSON fits, and not when it is too large', () => {
    expect(causeJson(undefined)).toBeUndefined();
    expect(causeJson({ code: 'ECONNREFUSED', nested: { a: { b: { c: 1 } } } })).toEqual({ value: { code: 'ECONNREFUSED', nested: { a: { b: { c: 1 } } } }, tooLarge: false });
    expect(causeJson({ big: 'x'.repeat(MAX_CAUSE_CHARS) })).toEqual({ tooLarge: true });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(causeJson(cyclic)).toEqual({ tooLarge: true });
  });
});

describe('the detail rows and the copied text', () => {
  const error: ExecutionError = {
    name: 'NodeApiError',
    message: 'The resource you are requesting could not be found',
    description: 'Not here',
    httpCode: '404',
    timestamp: Date.UTC(2026, 0, 2, 3, 4, 5),
    stack: 'NodeApiError: …\n    at x',
    context: { itemIndex: 2, runIndex: 1 },
    cause: { status: 404 },
    node: { name: 'HTTP Request', type: 'n8n-nodes-base.httpRequest', typeVersion: 4.2 },
  };

  it('list the HTTP code, time, item index, run index, parameter and node type', () => {
    const rows = errorRows(error, { runIndex: 0, parameter: 'URL', timeZone: 'UTC' });
    expect(rows.map((r) => r.label)).toEqual(['HTTP code', 'Time', 'Item index', 'Run index', 'Parameter', 'Node type']);
    expect(rows.find((r) => r.label === 'Run index')!.value).toBe('1');
    expect(rows.find((r) => r.label === 'Time')!.value).toContain('2026');
    expect(rows.find((r) => r.label === 'Node type')!.value).toBe('n8n-nodes-base.httpRequest (version 4.2)');
    // Without a run index in the context, the shown run's.
    expect(errorRows({ message: 'x' }, { runIndex: 3 })).toEqual([{ label: 'Run index', value: '3' }]);
  });

  it('copy as JSON with the message, description, code, cause, details and stack', () => {
    const text = errorCopyText(error, errorRows(error, { runIndex: 0, timeZone: 'UTC' }));
    const json = JSON.parse(text);
    expect(json.errorMessage).toBe(error.message);
    expect(json.errorDescription).toBe('Not here');
    expect(json.httpCode).toBe('404');
    expect(json.cause).toEqual({ status: 404 });
    expect(json.details['Item index']).toBe('2');
    expect(json.stackTrace[0]).toBe('NodeApiError: …');
  });
});

describe('the execution outcome', () => {
  function root(): RootStore {
    const r = new RootStore();
    r.workflow.load({ name: 'wf', active: false, nodes: [{ id: 'a', name: 'A', type: 't', typeVersion: 1, position: [0, 0], parameters: {} }], connections: {} });
    return r;
  }

  it('keeps the error of an execution that failed, and the waitTill of one that waits', () => {
    const r = root();
    r.workflow.setRunData({}, '5', { error: { message: 'The execution was canceled because it timed out' } });
    expect(r.workflow.executionOutcome).toEqual({ error: { message: 'The execution was canceled because it timed out' }, waitTill: undefined });
    r.workflow.setRunData({}, '6', { waitTill: '2030-01-01T00:00:00.000Z', lastNode: 'A' });
    expect(r.workflow.executionOutcome?.waitTill).toBe('2030-01-01T00:00:00.000Z');
    r.workflow.setRunData({}, '7', {});
    expect(r.workflow.executionOutcome).toBeUndefined();
    r.workflow.setRunData({}, '8', { error: { message: 'x' } });
    r.workflow.clearExecution();
    expect(r.workflow.executionOutcome).toBeUndefined();
  });

  it('is set from the executionFinished push message', async () => {
    const r = root();
    r.run.start();
    r.run.setExecutionId('9');
    r.pushHandler.receive({
      type: 'executionFinished',
      data: { executionId: '9', status: 'error', data: { resultData: { runData: {}, error: { message: 'Workflow did not finish, possible out-of-memory issue' } } } },
    });
    await new Promise((res) => setTimeout(res, 0));
    expect(r.workflow.executionOutcome?.error?.message).toBe('Workflow did not finish, possible out-of-memory issue');
  });
});
