// The expression preview kernel (NDV expression editor): the engine's evaluator over the
// engine's data proxy, fed the editor's run and pinned data.
import { describe, expect, it } from 'vitest';
import {
  computeExpressionValue,
  DATA_TOO_LARGE,
  EXPRESSION_RESULT_MAX,
  FILLED_AT_EXECUTION_TIME,
  NOT_FOUND,
  previewExpression,
  setPreviewWorkflow,
  type PreviewWorkflow,
} from '../../workers/expression/previewKernel.ts';
import { expressionApi } from '../../workers/expression.worker.ts';
import type { INode } from '../../src/model/workflow.ts';

const node = (name: string, parameters: Record<string, unknown> = {}): INode => ({ id: name, name, type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [0, 0], parameters: parameters as INode['parameters'] });

function workflow(extra: Partial<PreviewWorkflow> = {}): PreviewWorkflow {
  return {
    key: 'k',
    id: 'wf1',
    name: 'My flow',
    active: false,
    nodes: [node('Source'), node('Middle'), node('Target', { text: '={{ $json.name }}' }), node('Lonely')],
    connections: {
      Source: { main: [[{ node: 'Middle', type: 'main', index: 0 }]] },
      Middle: { main: [[{ node: 'Target', type: 'main', index: 0 }]] },
    },
    runData: {},
    pinData: {},
    timezone: 'Europe/Berlin',
    ...extra,
  };
}

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ json: { name: `user ${i}`, n: i, nested: { city: 'Oslo' }, list: [1, 2, 3] }, pairedItem: { item: i } }));
const task = (data: unknown[]) => ({ startTime: 0, executionTime: 1, source: [], data: { main: [data] } });
const req = (expression: string, nodeName = 'Target') => ({ expression, nodeName, parameters: { text: expression }, itemIndex: 0, now: Date.UTC(2026, 0, 15, 12) });

describe('previewExpression', () => {
  it('evaluates against the parent’s pinned data, as a run would', () => {
    setPreviewWorkflow(workflow({ pinData: { Middle: items(3) as never } }));
    const r = previewExpression(req('=Hello {{ $json.name }}!'));
    expect(r).toMatchObject({ text: 'Hello user 0!', state: 'valid', inputItems: 3 });
    expect(r.segments).toEqual([{ from: 6, to: 22, state: 'valid' }]);
    expect(previewExpression(req('={{ $json.nested }}')).text).toBe('[Object: {"city": "Oslo"}]');
    expect(previewExpression(req('={{ $json.list.sum() }}')).text).toBe('6');
    expect(previewExpression(req('={{ $input.all().length }}')).text).toBe('3');
    expect(previewExpression(req("={{ $('Middle').last().json.n }}")).text).toBe('2');
    expect(previewExpression(req('={{ $workflow.name }}')).text).toBe('My flow');
    expect(previewExpression(req("={{ $now.toFormat('yyyy-MM-dd HH:mm') }}")).text).toBe('2026-01-15 13:00');
  });

  it('reads the last run of the parent when nothing is pinned', () => {
    setPreviewWorkflow(workflow({ runData: { Middle: [task(items(1)), task([{ json: { name: 'second run' } }])] as never } }));
    expect(previewExpression(req('={{ $json.name }}')).text).toBe('second run');
  });

  it("says '[filled at execution time]' when the data is not there yet", () => {
    setPreviewWorkflow(workflow());
    const r = previewExpression(req('={{ $json.name }}'));
    expect(r).toMatchObject({ text: FILLED_AT_EXECUTION_TIME, state: 'pending', inputItems: 0 });
    expect(r.segments[0].state).toBe('pending');
    expect(previewExpression(req("={{ $('Source').first().json.x }}")).text).toBe(FILLED_AT_EXECUTION_TIME);
    expect(previewExpression(req('={{ $execution.id }}')).state).toBe('pending');
  });

  it("says '[invalid (message)]' for errors, '[not found]' for undefined", () => {
    setPreviewWorkflow(workflow({ pinData: { Middle: items(1) as never } }));
    expect(previewExpression(req('={{ nothing }}'))).toMatchObject({ text: '[invalid (nothing is not defined)]', state: 'invalid' });
    expect(previewExpression(req('={{ $json.name. }}')).state).toBe('invalid');
    expect(previewExpression(req("={{ $('Nope').item.json }}")).text).toBe("[invalid (Referenced node doesn't exist)]");
    const missing = previewExpression(req('={{ $json.missing }}'));
    expect(missing).toMatchObject({ text: NOT_FOUND, state: 'not-found' });
    expect(missing.segments[0].state).toBe('invalid');
    // Mixed text: each segment coloured on its own.
    const mixed = previewExpression(req('=a {{ $json.n }} b {{ nope }}'));
    expect(mixed.state).toBe('invalid');
    expect(mixed.segments.map((s) => s.state)).toEqual(['valid', 'invalid']);
  });

  it("says 'Data to large' over 102,400 characters", () => {
    setPreviewWorkflow(workflow({ pinData: { Middle: items(1) as never } }));
    expect(previewExpression(req(`={{ 'x'.repeat(${EXPRESSION_RESULT_MAX}) }}`)).state).toBe('valid');
    expect(previewExpression(req(`={{ 'x'.repeat(${EXPRESSION_RESULT_MAX + 1}) }}`))).toMatchObject({ text: DATA_TOO_LARGE, state: 'too-large' });
    expect(previewExpression(req(`={{ $input.all().concat(Array(5000).fill({ json: { a: 'yyyyyyyyyyyyyyyyyyyyyyyyy' } })) }}`)).text).toBe(DATA_TOO_LARGE);
  });

  it('sees the parameters as typed now ($parameter)', () => {
    setPreviewWorkflow(workflow({ pinData: { Middle: items(1) as never } }));
    const r = previewExpression({ ...req('={{ $parameter.other }}'), parameters: { other: 'typed just now' } });
    expect(r.text).toBe('typed just now');
  });

  it('stays fast over 10,000 input items', () => {
    setPreviewWorkflow(workflow({ pinData: { Middle: items(10_000) as never } }));
    const t0 = performance.now();
    for (let i = 0; i < 20; i++) previewExpression(req(`={{ $json.name }} {{ $input.all().length + ${i} }}`));
    expect((performance.now() - t0) / 20).toBeLessThan(50);
    expect(previewExpression(req('={{ $input.all().length }}')).text).toBe('10000');
  });

  it('computes plain values for switching back to fixed', () => {
    setPreviewWorkflow(workflow({ pinData: { Middle: items(1) as never } }));
    expect(computeExpressionValue(req('={{ $json.n + 41 }}'))).toEqual({ ok: true, value: 41 });
    expect(computeExpressionValue(req('={{ $json.nested }}'))).toEqual({ ok: true, value: { city: 'Oslo' } });
    expect(computeExpressionValue(req('={{ DateTime.fromISO("2026-01-01T00:00:00Z", { zone: "utc" }) }}'))).toEqual({ ok: true, value: '2026-01-01T00:00:00.000Z' });
    expect(computeExpressionValue(req('={{ nope }}'))).toEqual({ ok: false });
    expect(computeExpressionValue(req('={{ $json.missing }}'))).toEqual({ ok: false });
    expect(computeExpressionValue(req('=run {{ $execution.id }}'))).toEqual({ ok: false });
  });

  it('is what the worker exposes, with the extension catalog', () => {
    expect(expressionApi.preview).toBe(previewExpression);
    const catalog = expressionApi.catalog();
    expect(catalog.string).toContain('toTitleCase');
    expect(catalog.array).toContain('sum');
    expect(catalog.date).toContain('format');
  });
});
