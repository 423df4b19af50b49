// n8n Form (n8n-nodes-base.form 1, 2.3–2.5): a further page of a form started by a Form Trigger
// ('page'), or the page that ends it ('completion'). Like the Wait node it parks the run
// (status waiting); the server shows the page at /form-waiting/<executionId> and resumes the run
// when it is submitted (a page's output is the submitted item) or, for an ending, when it is shown.
// What the page shows is resolved here, with the run's data, and kept in the node's context.
import { DateTime } from 'luxon';
import type { IDataObject } from '../../model/workflow.ts';
import { WAIT_INDEFINITELY } from '../../model/constants.ts';
import { buildGraph, childNodes, parentNodes } from '../../model/graph.ts';
import type { ExecuteFunctions, NodeType } from '../types.ts';
import { NodeOperationError } from '../types.ts';
import { formProperties } from './description.ts';
import { FormDefinitionError, MAX_AUTHOR_HTML, fieldsFromJson, normalizeFields } from './fields.ts';
import { FORM_NODE_TYPE, FORM_TRIGGER_NODE_TYPE } from './FormTrigger.node.ts';

/** What the server needs to show a waiting Form node's page (kept in its node context). */
export interface WaitingFormPage {
  operation: 'page' | 'completion';
  trigger: string;
  // page
  fields?: unknown[];
  title?: string;
  description?: string;
  buttonLabel?: string;
  customCss?: string;
  // completion
  respondWith?: 'text' | 'redirect' | 'showText' | 'returnBinary';
  redirectUrl?: string;
  completionTitle?: string;
  completionMessage?: string;
  responseText?: string;
  inputDataFieldName?: string;
}

export const FORM_CONTEXT_KEY = 'formPage';

const UNIT_MS: Record<string, number> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000, seconds: 1000 };

function waitTill(ctx: ExecuteFunctions): Date {
  if (ctx.getNodeParameter('limitWaitTime', 0, false) !== true) return WAIT_INDEFINITELY;
  if (ctx.getNodeParameter('limitType', 0, 'afterTimeInterval') === 'afterTimeInterval') {
    const amount = Number(ctx.getNodeParameter('resumeAmount', 0, 1));
    if (!Number.isFinite(amount) || amount < 0) throw new NodeOperationError(ctx.getNode(), `The wait amount must be a number of at least 0 (got ${String(amount)})`);
    return new Date(Date.now() + amount * (UNIT_MS[String(ctx.getNodeParameter('resumeUnit', 0, 'hours'))] ?? 3_600_000));
  }
  const raw = ctx.getNodeParameter('maxDateAndTime', 0, '') as unknown;
  const d = raw instanceof Date ? raw : typeof raw === 'string' && raw ? DateTime.fromISO(raw, { zone: ctx.getTimezone() }).toJSDate() : new Date(NaN);
  if (Number.isNaN(d.getTime())) throw new NodeOperationError(ctx.getNode(), 'The "Max Date and Time" is not a valid date');
  return d;
}

export const form: NodeType = {
  kind: 'regular',
  description: {
    name: FORM_NODE_TYPE,
    displayName: 'n8n Form',
    description: 'Generate webforms in n8n and pass their responses to the workflow',
    icon: 'fa:tasks',
    group: ['input'],
    version: [1, 2.3, 2.4, 2.5],
    defaults: { name: 'Form', color: '#e06c75' },
    inputs: ['main'],
    outputs: ['main'],
    codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Helpers'] }, alias: ['form', 'page', 'step', 'multi'] },
    properties: formProperties,
  },
  async execute(ctx) {
    const node = ctx.getNode();
    const workflow = ctx.getWorkflowData();
    const graph = buildGraph(workflow.nodes, workflow.connections ?? {});
    const byName = new Map(workflow.nodes.map((n) => [n.name, n]));
    const trigger = parentNodes(graph, node.name)
      .map((n) => byName.get(n))
      .find((n) => n?.type === FORM_TRIGGER_NODE_TYPE);
    if (!trigger) throw new NodeOperationError(node, 'Form Trigger node must be set before this node', { description: 'A Form node shows a further page of a form that an n8n Form Trigger started.' });
    const operation = String(ctx.getNodeParameter('operation', 0, 'page'));
    if (operation !== 'page' && operation !== 'completion') throw new NodeOperationError(node, `The page type "${operation}" is not known: use "page" or "completion"`);
    const hasNextPage = childNodes(graph, node.name).some((n) => byName.get(n)?.type === FORM_NODE_TYPE);
    if (operation === 'completion' && hasNextPage) throw new NodeOperationError(node, 'Completion has to be the last Form node in the workflow');

    let page: WaitingFormPage;
    if (operation === 'page') {
      const defineForm = String(ctx.getNodeParameter('defineForm', 0, 'fields'));
      let fields: unknown[];
      try {
        fields = defineForm === 'json' ? fieldsFromJson(ctx.getNodeParameter('jsonOutput', 0, '[]')) : ((ctx.getNodeParameter('formFields.values', 0, []) as unknown[]) ?? []);
        normalizeFields(fields, node.typeVersion);
      } catch (e) {
        if (e instanceof FormDefinitionError) throw new NodeOperationError(node, e.message, { itemIndex: 0 });
        throw e;
      }
      const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
      page = {
        operation,
        trigger: trigger.name,
        fields,
        title: String(options.formTitle ?? ''),
        description: String(options.formDescription ?? ''),
        buttonLabel: String(options.buttonLabel || 'Submit'),
        customCss: options.customCss ? String(options.customCss) : undefined,
      };
    } else {
      const respondWith = String(ctx.getNodeParameter('respondWith', 0, 'text')) as WaitingFormPage['respondWith'];
      if (!['text', 'redirect', 'showText', 'returnBinary'].includes(respondWith!)) throw new NodeOperationError(node, `"On n8n Form Submission" must be text, redirect, showText or returnBinary (got "${respondWith}")`);
      const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
      page = { operation, trigger: trigger.name, respondWith, customCss: options.customCss ? String(options.customCss) : undefined, title: options.formTitle ? String(options.formTitle) : undefined };
      if (respondWith === 'redirect') {
        page.redirectUrl = String(ctx.getNodeParameter('redirectUrl', 0, ''));
        try {
          const u = new URL(page.redirectUrl);
          if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('scheme');
        } catch {
          throw new NodeOperationError(node, `The redirect URL "${page.redirectUrl}" is not a valid http(s) URL`, { itemIndex: 0 });
        }
      } else if (respondWith === 'showText') {
        page.responseText = String(ctx.getNodeParameter('responseText', 0, ''));
      } else {
        page.completionTitle = String(ctx.getNodeParameter('completionTitle', 0, ''));
        page.completionMessage = String(ctx.getNodeParameter('completionMessage', 0, ''));
        if (respondWith === 'returnBinary') {
          page.inputDataFieldName = String(ctx.getNodeParameter('inputDataFieldName', 0, 'data'));
          if (!ctx.getInputData()[0]?.binary?.[page.inputDataFieldName]) {
            throw new NodeOperationError(node, `No binary data "${page.inputDataFieldName}" on the first input item to return`, { itemIndex: 0 });
          }
        }
      }
    }
    // HTML the page shows is sanitized per view: bounded here, where the error can name the node.
    const htmls = [page.description, page.responseText, ...((page.fields ?? []) as Array<{ html?: unknown }>).map((f) => f?.html)];
    const long = htmls.find((h) => typeof h === 'string' && h.length > MAX_AUTHOR_HTML) as string | undefined;
    if (long) throw new NodeOperationError(node, `The HTML of a form page is limited to ${MAX_AUTHOR_HTML.toLocaleString('en')} characters (this one has ${long.length.toLocaleString('en')})`, { itemIndex: 0 });
    ctx.getContext('node')[FORM_CONTEXT_KEY] = page as unknown as IDataObject;
    await ctx.putExecutionToWait(waitTill(ctx));
    return [ctx.getInputData()];
  },
};
