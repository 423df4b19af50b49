// Filter kernel version 3 (n8n's IF 2.3, Filter 2.3, Switch 3.4): a blank string or an empty
// array given to a number comparison is an empty value (null) instead of 0 (loose) or a type
// error (strict). Everything else compares as version 2.
import { describe, expect, it } from 'vitest';
import { runWorkflow } from '../../src/engine/index.ts';
import type { IRun } from '../../src/engine/index.ts';
import type { IWorkflowBase } from '../../src/model/workflow.ts';
import { resolveFilterOptions } from '../../src/app/editor/parameters/filterOptions.ts';
import { executeFilterCondition, FilterError, type FilterConditionValue, type FilterOptionsValue } from '../../src/nodes/shared/filter/index.ts';
import { errorOf, jsonOf, registry, runChain } from './helpers.ts';

type Op = FilterConditionValue['operator'];
const cond = (leftValue: unknown, operator: Op, rightValue: unknown = ''): FilterConditionValue => ({ leftValue, rightValue, operator });
const opts = (version: 2 | 3, typeValidation: 'strict' | 'loose'): FilterOptionsValue => ({ caseSensitive: true, leftValue: '', typeValidation, version });
const both = (c: FilterConditionValue, typeValidation: 'strict' | 'loose') => {
  const evaluate = (version: 2 | 3) => {
    try {
      return executeFilterCondition(c, opts(version, typeValidation));
    } catch (e) {
      return e instanceof FilterError ? `error: ${e.message}` : e;
    }
  };
  return { v2: evaluate(2), v3: evaluate(3) };
};

const num = (operation: string, singleValue?: boolean): Op => ({ type: 'number', operation, ...(singleValue ? { singleValue } : {}) });

describe('filter kernel version 3 vs 2', () => {
  it('loose: a blank string is no longer 0', () => {
    expect(both(cond('', num('equals'), 0), 'loose')).toEqual({ v2: true, v3: false });
    expect(both(cond('', num('lte'), 0), 'loose')).toEqual({ v2: true, v3: true }); // null <= 0 in JavaScript
    expect(both(cond('', num('empty', true)), 'loose')).toEqual({ v2: false, v3: true });
    expect(both(cond('', num('notEmpty', true)), 'loose')).toEqual({ v2: true, v3: false });
    expect(both(cond('', num('exists', true)), 'loose')).toEqual({ v2: true, v3: false });
    expect(both(cond('', num('notExists', true)), 'loose')).toEqual({ v2: false, v3: true });
  });
  it('whitespace-only strings and empty arrays count as blank too', () => {
    expect(both(cond('   ', num('equals'), 0), 'loose')).toEqual({ v2: true, v3: false });
    expect(both(cond('  \n', num('empty', true)), 'loose')).toEqual({ v2: false, v3: true });
    expect(both(cond([], num('equals'), 0), 'loose')).toEqual({ v2: true, v3: false });
    expect(both(cond([], num('notExists', true)), 'loose')).toEqual({ v2: false, v3: true });
  });
  it('strict: a blank string is an empty number instead of a type error', () => {
    expect(both(cond('', num('gt'), 5), 'strict')).toEqual({
      v2: "error: Wrong type: '' is a string but was expecting a number [condition 0, item 0]",
      v3: false,
    });
    // n8n compares null with JavaScript's operators, so null < 5.
    expect(both(cond('', num('lt'), 5), 'strict')).toEqual({ v2: "error: Wrong type: '' is a string but was expecting a number [condition 0, item 0]", v3: true });
    expect(both(cond('', num('empty', true)), 'strict')).toEqual({ v2: "error: Wrong type: '' is a string but was expecting a number [condition 0, item 0]", v3: true });
    expect(both(cond([], num('empty', true)), 'strict')).toEqual({ v2: "error: Wrong type: '' is an object but was expecting a number [condition 0, item 0]", v3: true });
  });
  it('the right value is read the same way (array length against a blank number)', () => {
    const lengthEquals: Op = { type: 'array', operation: 'lengthEquals', rightType: 'number' };
    expect(both(cond([], lengthEquals, ''), 'loose')).toEqual({ v2: true, v3: false });
    expect(both(cond([1], num('gt'), ''), 'loose')).toEqual({ v2: true, v3: true }); // 1 > 0, 1 > null
    // Both sides blank under strict: version 2 names both, version 3 compares null with null.
    expect(both(cond('', num('equals'), ''), 'strict')).toEqual({ v2: 'error: Comparison type expects a number but both fields are a string', v3: true });
  });
  it('leaves every other value and type as version 2 had it', () => {
    for (const tv of ['strict', 'loose'] as const) {
      expect(both(cond(0, num('equals'), 0), tv)).toEqual({ v2: true, v3: true });
      expect(both(cond(null, num('empty', true)), tv)).toEqual({ v2: true, v3: true });
      expect(both(cond('', { type: 'string', operation: 'empty', singleValue: true }), tv)).toEqual({ v2: true, v3: true });
      expect(both(cond([], { type: 'array', operation: 'empty', singleValue: true }), tv)).toEqual({ v2: true, v3: true });
      expect(both(cond('false', { type: 'boolean', operation: 'false', singleValue: true }), 'loose')).toEqual({ v2: true, v3: true });
    }
    expect(both(cond('12', num('gt'), 10), 'loose')).toEqual({ v2: true, v3: true });
    expect(both(cond('abc', num('gt'), 10), 'loose')).toEqual({
      v2: "error: Conversion error: the string 'abc' can't be converted to a number [condition 0, item 0]",
      v3: "error: Conversion error: the string 'abc' can't be converted to a number [condition 0, item 0]",
    });
    expect(both(cond('12', num('gt'), 10), 'strict')).toEqual({
      v2: "error: Wrong type: '12' is a string but was expecting a number [condition 0, item 0]",
      v3: "error: Wrong type: '12' is a string but was expecting a number [condition 0, item 0]",
    });
  });
});

describe('node versions using filter version 3', () => {
  it('are registered with n8n\'s defaults and filter version expressions', () => {
    const cases = [
      ['n8n-nodes-base.if', 2.3, [2, 2.1, 2.2, 2.3]],
      ['n8n-nodes-base.filter', 2.3, [2, 2.1, 2.2, 2.3]],
      ['n8n-nodes-base.switch', 3.4, [3, 3.1, 3.2, 3.3, 3.4]],
    ] as const;
    for (const [type, latest, versions] of cases) {
      const d = registry.get(type, latest)!.description;
      expect(d.version).toEqual(versions);
      expect(d.defaultVersion).toBe(latest);
    }
    expect(registry.get('n8n-nodes-base.if', 2.4)).toBeUndefined();
  });
  it('the editor resolves the filter version from the node version', async () => {
    const check = async (type: string, version: number, find: (d: ReturnType<typeof registry.get>) => unknown) => {
      const spec = find(registry.get(type, version));
      return (await resolveFilterOptions(spec, { options: {} }, version)).version;
    };
    const ifSpec = (d: ReturnType<typeof registry.get>) => d!.description.properties.find((p) => p.name === 'conditions')!.typeOptions!.filter;
    const switchSpec = (d: ReturnType<typeof registry.get>) => {
      const rules = d!.description.properties.find((p) => p.name === 'rules')! as unknown as { options: { values: { name: string; typeOptions?: { filter?: unknown } }[] }[] };
      return rules.options[0]!.values.find((v) => v.name === 'conditions')!.typeOptions!.filter;
    };
    expect(await check('n8n-nodes-base.if', 2.2, ifSpec)).toBe(2);
    expect(await check('n8n-nodes-base.if', 2.3, ifSpec)).toBe(3);
    expect(await check('n8n-nodes-base.filter', 2.2, ifSpec)).toBe(2);
    expect(await check('n8n-nodes-base.filter', 2.3, ifSpec)).toBe(3);
    expect(await check('n8n-nodes-base.switch', 3.3, switchSpec)).toBe(2);
    expect(await check('n8n-nodes-base.switch', 3.4, switchSpec)).toBe(3);
  });
});

// A workflow as n8n 2.x exports it: Manual Trigger → Code → If 2.3 (true → Filter 2.3) and
// Switch 3.4 in rules mode and in expression mode.
const exported = {
  name: 'Route orders',
  nodes: [
    { parameters: {}, type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], id: 'c1f1b0b2-0000-4000-8000-000000000001', name: 'When clicking ‘Execute workflow’' },
    {
      parameters: {
        jsCode:
          "return [\n  { json: { name: 'Ann', status: 'Active', total: 120, paid: true, qty: '' } },\n  { json: { name: 'Bob', status: 'active', total: 40, paid: 'false', qty: 3 } },\n  { json: { name: 'Cy', status: 'inactive', total: 300, paid: true, qty: 7 } },\n  { json: { name: 'Di', status: 'ACTIVE', total: 99.5, paid: 1, qty: [] } },\n];",
      },
      type: 'n8n-nodes-base.code',
      typeVersion: 2,
      position: [220, 0],
      id: 'c1f1b0b2-0000-4000-8000-000000000002',
      name: 'Orders',
    },
    {
      parameters: {
        conditions: {
          options: { caseSensitive: false, leftValue: '', typeValidation: 'loose', version: 3 },
          conditions: [
            { id: '6a0c6f4e-1111-4b5d-9d8e-000000000001', leftValue: '={{ $json.status }}', rightValue: 'active', operator: { type: 'string', operation: 'equals' } },
            { id: '6a0c6f4e-1111-4b5d-9d8e-000000000002', leftValue: '={{ $json.paid }}', rightValue: '', operator: { type: 'boolean', operation: 'true', singleValue: true } },
          ],
          combinator: 'and',
        },
        looseTypeValidation: true,
        options: { ignoreCase: true },
      },
      type: 'n8n-nodes-base.if',
      typeVersion: 2.3,
      position: [440, -120],
      id: 'c1f1b0b2-0000-4000-8000-000000000003',
      name: 'If',
    },
    {
      parameters: {
        conditions: {
          options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 3 },
          conditions: [{ id: '6a0c6f4e-2222-4b5d-9d8e-000000000001', leftValue: '={{ $json.total }}', rightValue: 100, operator: { type: 'number', operation: 'gte' } }],
          combinator: 'and',
        },
        options: {},
      },
      type: 'n8n-nodes-base.filter',
      typeVersion: 2.3,
      position: [660, -120],
      id: 'c1f1b0b2-0000-4000-8000-000000000004',
      name: 'Big orders',
    },
    {
      parameters: {
        rules: {
          values: [
            {
              conditions: {
                options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 3 },
                conditions: [{ leftValue: '={{ $json.qty }}', rightValue: '', operator: { type: 'number', operation: 'empty', singleValue: true }, id: '6a0c6f4e-3333-4b5d-9d8e-000000000001' }],
                combinator: 'and',
              },
              renameOutput: true,
              outputKey: 'No quantity',
            },
            {
              conditions: {
                options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 3 },
                conditions: [{ id: '6a0c6f4e-3333-4b5d-9d8e-000000000002', leftValue: '={{ $json.qty }}', rightValue: 5, operator: { type: 'number', operation: 'gt' } }],
                combinator: 'and',
              },
              renameOutput: true,
              outputKey: 'Bulk',
            },
          ],
        },
        options: { fallbackOutput: 'extra' },
      },
      type: 'n8n-nodes-base.switch',
      typeVersion: 3.4,
      position: [440, 120],
      id: 'c1f1b0b2-0000-4000-8000-000000000005',
      name: 'Switch',
    },
    {
      parameters: { mode: 'expression', numberOutputs: 2, output: "={{ $json.total > 100 ? 1 : 0 }}" },
      type: 'n8n-nodes-base.switch',
      typeVersion: 3.4,
      position: [440, 320],
      id: 'c1f1b0b2-0000-4000-8000-000000000006',
      name: 'By total',
    },
  ],
  pinData: {},
  connections: {
    'When clicking ‘Execute workflow’': { main: [[{ node: 'Orders', type: 'main', index: 0 }]] },
    Orders: {
      main: [
        [
          { node: 'If', type: 'main', index: 0 },
          { node: 'Switch', type: 'main', index: 0 },
          { node: 'By total', type: 'main', index: 0 },
        ],
      ],
    },
    If: { main: [[{ node: 'Big orders', type: 'main', index: 0 }], []] },
  },
  active: false,
  settings: { executionOrder: 'v1' },
  versionId: '0e6c2a3b-4444-4c1e-8f00-000000000000',
  meta: { templateCredsSetupCompleted: true, instanceId: '0000000000000000000000000000000000000000000000000000000000000000' },
  id: 'Xk2bq7Yt0mNw3Lr1',
  tags: [],
};

async function runExported(): Promise<IRun> {
  const workflow = JSON.parse(JSON.stringify(exported)) as IWorkflowBase;
  return runWorkflow({ workflow, nodeTypes: registry, mode: 'manual', executionId: 'v3' });
}
const names = (run: IRun, node: string, index: number) => jsonOf(run, node, index).map((j) => (j as { name: string }).name);

describe('a workflow exported from n8n 2.x', () => {
  it('runs If 2.3, Filter 2.3 and Switch 3.4 (rules and expression mode)', async () => {
    const run = await runExported();
    expect(run.status).toBe('success');
    // ignoreCase + loose booleans: 'false' is false, 1 is true.
    expect(names(run, 'If', 0)).toEqual(['Ann', 'Di']);
    expect(names(run, 'If', 1)).toEqual(['Bob', 'Cy']);
    expect(names(run, 'Big orders', 0)).toEqual(['Ann']);
    // Filter keeps the discarded items as the run's second list.
    expect(names(run, 'Big orders', 1)).toEqual(['Di']);
    // Version 3: '' and [] are empty quantities; version 2 would stop at '' (strict number).
    expect(names(run, 'Switch', 0)).toEqual(['Ann', 'Di']);
    expect(names(run, 'Switch', 1)).toEqual(['Cy']);
    expect(names(run, 'Switch', 2)).toEqual(['Bob']);
    expect(names(run, 'By total', 0)).toEqual(['Bob', 'Di']);
    expect(names(run, 'By total', 1)).toEqual(['Ann', 'Cy']);
  });
  it('the same Switch rules at 3.3 (filter version 2) fail on the blank quantity', async () => {
    const run = await runChain([{ qty: '' }], [{ name: 'Switch', type: 'n8n-nodes-base.switch', typeVersion: 3.3, parameters: downgraded() }]);
    expect(run.status).toBe('error');
    expect(errorOf(run, 'Switch')?.message).toBe("Wrong type: '' is a string but was expecting a number [condition 0, item 0]");
  });
});

function downgraded() {
  const sw = JSON.parse(JSON.stringify(exported.nodes.find((n) => n.name === 'Switch')!.parameters)) as { rules: { values: { conditions: { options: { version: number } } }[] } };
  for (const r of sw.rules.values) r.conditions.options.version = 2;
  return sw as unknown as Record<string, unknown>;
}
