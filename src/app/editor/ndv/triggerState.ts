// What the trigger panel, the Webhook URLs section and the node's run button show (spec 001
// §2.7), as pure functions of the node, its type and the run state, so they can be tested
// without a browser. Texts are n8n's (TriggerPanel, NodeWebhooks, NodeExecuteButton).
import { MANUAL_TRIGGER_NODE_TYPE, WEBHOOK_NODE_TYPE } from '../../../model/constants.ts';
import { isTriggerType, type INodeTypeDescription } from '../../../model/nodeTypes.ts';
import { firstOwnWebhook } from '../../../model/ownWebhooks.ts';

/** The execution-issue line a node gets after a failed run: not a reason to block a run. */
export const EXECUTION_ISSUE = 'Execution Error.';

// ---- webhook URLs ----

export type WebhookMode = 'test' | 'production';

export interface WebhookBase {
  /** GET /rest/settings urlBaseWebhook (ends with '/', the base path included). */
  urlBaseWebhook: string;
  endpointWebhook: string;
  endpointWebhookTest: string;
}

/** n8n Form Trigger: its URLs are /form/<path> and /form-test/<path> (src/server/forms). */
export const FORM_TRIGGER_TYPE = 'n8n-nodes-base.formTrigger';

interface WebhookNodeLike {
  name: string;
  /** The node type; Form Triggers have form URLs. */
  type?: string;
  typeVersion: number;
  webhookId?: string;
  parameters: Record<string, unknown>;
}

/** A stored parameter as a plain value: '=literal' without {{ }} is the literal. */
function plainValue(v: unknown): unknown {
  if (typeof v === 'string' && v.startsWith('=') && !v.includes('{{')) return v.slice(1);
  return v;
}

/**
 * A node whose type describes its own webhook (a community package's webhook node), with that
 * webhook's path and method as the server registers them; undefined for Webhook and Form Trigger
 * nodes, for webhooks n8n hides in the editor (ndvHideUrl) and without a webhook id.
 */
export function ownWebhookOf(node: WebhookNodeLike, d: INodeTypeDescription | undefined): { path: string; method: string } | undefined {
  if (!d?.webhooks?.length || node.type === WEBHOOK_NODE_TYPE || node.type === FORM_TRIGGER_TYPE || !node.webhookId) return undefined;
  if ((d.webhooks[0] as { ndvHideUrl?: unknown }).ndvHideUrl === true) return undefined;
  return firstOwnWebhook({ name: node.name, parameters: node.parameters as never, webhookId: node.webhookId }, d);
}

/** The HTTP methods a Webhook node listens to (v2 with multipleMethods: several); a described webhook's one method. */
export function webhookMethods(node: WebhookNodeLike, d?: INodeTypeDescription): string[] {
  const own = ownWebhookOf(node, d);
  if (own) return [own.method];
  const p = node.parameters;
  const raw = plainValue(p.httpMethod ?? (node.typeVersion >= 2 && p.multipleMethods === true ? ['GET', 'POST'] : 'GET'));
  const list = Array.isArray(raw) ? raw : [raw];
  return [...new Set(list.map((m) => String(m).toUpperCase()))];
}

/**
 * The node's path as the server registers it (src/server/webhooks/workflowWebhooks.ts, n8n's
 * getNodeWebhookPath): the path without outer slashes; the webhook id when it is empty; the id in
 * front of a path with ':params'. An expression path is shown as typed (it is resolved at run time).
 */
export function webhookPath(node: WebhookNodeLike, d?: INodeTypeDescription): string {
  const own = ownWebhookOf(node, d);
  if (own) return own.path;
  if (node.type === FORM_TRIGGER_TYPE) {
    // As src/nodes/Form/settings.ts: v1 '<webhookId>/n8n-form'; v2 the Form Path (or options.path), else the id.
    if (node.typeVersion < 2) return `${node.webhookId ?? ''}/n8n-form`;
    const options = (node.parameters.options ?? {}) as Record<string, unknown>;
    const formPath = String(plainValue(node.parameters.path || options.path || '') ?? '').trim().replace(/^\/+|\/+$/g, '');
    return formPath || (node.webhookId ?? '');
  }
  const raw = plainValue(node.parameters.path ?? '');
  const path = String(raw ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (path === '') return node.webhookId ?? '';
  if ((path.startsWith(':') || path.includes('/:')) && node.webhookId) return `${node.webhookId}/${path}`;
  return path;
}

export function webhookUrl(base: WebhookBase, node: WebhookNodeLike, mode: WebhookMode, d?: INodeTypeDescription): string {
  const root = base.urlBaseWebhook.replace(/\/+$/, '');
  const form = node.type === FORM_TRIGGER_TYPE;
  const endpoint = (form ? (mode === 'test' ? 'form-test' : 'form') : mode === 'test' ? base.endpointWebhookTest : base.endpointWebhook).replace(/^\/+|\/+$/g, '');
  return `${root}/${endpoint}/${webhookPath(node, d)}`;
}

// ---- trigger kinds ----

export function isWebhookBased(d: INodeTypeDescription | undefined): boolean {
  return !!d?.webhooks?.length;
}

export function isPolling(d: INodeTypeDescription | undefined): boolean {
  return !!d?.polling;
}

/** n8n's service name of a trigger: its display name without ' Trigger'. */
export function serviceName(d: INodeTypeDescription): string {
  return d.displayName.replace(/ Trigger$/, '');
}

/** The canvas's trigger tooltip text for a type, or '' for none (n8n's isTriggerNodeTooltipEmpty). */
export function triggerTooltipText(d: INodeTypeDescription): string {
  if (d.eventTriggerDescription === '') return '';
  if (isPolling(d) || d.eventTriggerDescription === undefined) return `Waiting for you to create an event in ${serviceName(d)}`;
  return d.eventTriggerDescription;
}

// ---- the run button ----

export interface RunButtonState {
  /** The workflow listens for a test webhook call (no execution yet). */
  listening: boolean;
  /** A run is in flight (or listening). */
  running: boolean;
  disabled: boolean;
  /** The node's own issues (parameters, credentials, unknown type; not the execution issue). */
  issues: readonly string[];
  /** Some node that runs before this one has issues. */
  parentIssues: boolean;
}

/** The node listens for its test call: it is webhook-based, enabled, and the run waits for a call. */
export function isListening(d: INodeTypeDescription | undefined, s: Pick<RunButtonState, 'listening' | 'disabled'>): boolean {
  return s.listening && !s.disabled && isWebhookBased(d);
}

/** Spec 001 §2.7: stop listening / listen for test event / fetch event / listen for event / execute node. */
export function runButtonLabel(d: INodeTypeDescription, s: Pick<RunButtonState, 'listening' | 'disabled'>): string {
  if (isListening(d, s)) return 'Stop listening';
  if (isTriggerType(d)) {
    if (d.name === WEBHOOK_NODE_TYPE) return 'Listen for test event';
    if (isPolling(d)) return 'Fetch event';
    // Schedule triggers (Schedule, Cron, Interval) and the manual trigger just run.
    if (d.name !== MANUAL_TRIGGER_NODE_TYPE && !d.group.includes('schedule')) return 'Listen for event';
  }
  return 'Execute node';
}

/** Why the button is disabled (spec 001 §2.7), or undefined when it can be clicked. */
export function runButtonBlocked(d: INodeTypeDescription, s: RunButtonState): string | undefined {
  if (isListening(d, s)) return undefined;
  if (s.disabled) return 'Enable node to execute';
  if (s.issues.some((i) => i !== EXECUTION_ISSUE)) return 'Complete required fields first';
  if (s.parentIssues) return 'Fix previous node first';
  if (s.running) return 'Workflow is already running';
  return undefined;
}

// ---- the trigger panel's texts ----

function pick(v: string | { active?: string; inactive?: string } | undefined, active: boolean): string {
  if (typeof v === 'string') return v;
  if (!v) return '';
  return (active ? v.active : v.inactive) ?? '';
}

export interface TriggerTexts {
  header: string;
  subheader: string;
  executionsHelp: string;
  activationHint: string;
}

/**
 * n8n's TriggerPanel: the node type's triggerPanel texts first; webhook-based and polling nodes
 * fall back to n8n's own texts with the service name; other triggers have none.
 */
export function triggerTexts(d: INodeTypeDescription, o: { active: boolean; polling: boolean }): TriggerTexts {
  const panel = d.triggerPanel;
  const service = serviceName(d);
  const webhook = isWebhookBased(d);
  const polling = isPolling(d);
  if (o.polling) {
    return { header: 'Fetching event', subheader: `This node is looking for an event in ${service} that is similar to the one you defined`, executionsHelp: '', activationHint: '' };
  }
  const header = panel?.header || (webhook ? `Pull in events from ${service}` : '');
  let executionsHelp = pick(panel?.executionsHelp, o.active);
  if (!executionsHelp && webhook) {
    executionsHelp = o.active
      ? `Because the workflow is activated, every time there's a matching event in ${service}, the workflow will execute. These executions will show up in the <a data-key="executions">executions list</a>, but not in the editor.`
      : `While building your workflow, click the 'listen' button, then go to ${service} and make an event happen. This will trigger an execution, which will show up in this editor.<br /> <br /> Once you're happy with your workflow, <a data-key="activate">activate</a> it. Then every time there's a matching event in ${service}, the workflow will execute. These executions will show up in the <a data-key="executions">executions list</a>, but not in the editor.`;
  }
  if (!executionsHelp && polling) {
    executionsHelp = o.active
      ? `Because the workflow is activated, n8n will regularly check ${service} for new events and will execute this workflow if it finds any. These executions will show up in the <a data-key="executions">executions list</a>, but not in the editor.`
      : `While building your workflow, click the 'fetch' button to fetch a single mock event. It will show up in this editor.<br /><br />Once you're happy with your workflow, <a data-key="activate">activate</a> it. Then n8n will regularly check ${service} for new events and will execute this workflow if it finds any. These executions will show up in the <a data-key="executions">executions list</a>, but not in the editor.`;
  }
  let activationHint = '';
  if (panel) {
    activationHint = pick(panel.activationHint, o.active);
    if (!activationHint && webhook) {
      activationHint = o.active
        ? `This node will also trigger automatically on new ${service} events (but those executions won’t show up here).`
        : `Once you’ve finished building your workflow, <a data-key="activate">activate it</a> to have it also listen continuously (you just won’t see those executions here).`;
    }
    if (!activationHint && polling) {
      activationHint = o.active
        ? `This node will also trigger automatically on new ${service} events (but those executions won’t show up here).`
        : `Once you’ve finished building your workflow, <a data-key="activate">activate it</a> to have it also check for events regularly (you just won’t see those executions here).`;
    }
  }
  if (!header && !webhook && !polling) return { ...kindTexts(d, o.active), ...(executionsHelp ? { executionsHelp } : {}), ...(activationHint ? { activationHint } : {}) };
  return { header, subheader: '', executionsHelp, activationHint };
}

/**
 * The triggers n8n leaves without a header (schedule, manual, error, sub-workflow and other
 * non-webhook triggers showed just an icon and a button): a header saying when the node runs,
 * and for schedule triggers n8n's activation wording of the polling nodes.
 */
function kindTexts(d: INodeTypeDescription, active: boolean): TriggerTexts {
  if (d.group.includes('schedule')) {
    return {
      header: 'This node will run automatically on the schedule you set',
      subheader: '',
      activationHint: active
        ? 'The workflow is active: it runs on this schedule (but those executions won’t show up here).'
        : 'Once you’ve finished building your workflow, <a data-key="activate">activate it</a> to have it run on this schedule (you just won’t see those executions here). To test it now, execute this node.',
      executionsHelp: active
        ? 'Because the workflow is activated, it runs on the schedule you set here. These executions will show up in the <a data-key="executions">executions list</a>, but not in the editor.'
        : 'While building your workflow, execute this node to run it once now: the run shows up in this editor.<br /><br />Once you’re happy with your workflow, <a data-key="activate">activate</a> it. Then it runs on the schedule you set here. These executions will show up in the <a data-key="executions">executions list</a>, but not in the editor.',
    };
  }
  const own: Record<string, [string, string]> = {
    [MANUAL_TRIGGER_NODE_TYPE]: ['This node starts the workflow when you run it', "It runs when you click 'Execute workflow' on the canvas, or execute this node here."],
    'n8n-nodes-base.errorTrigger': [
      'This node will run when another workflow fails',
      'A workflow that names this one as its error workflow (in its settings) starts it with the details of its failed execution.',
    ],
    'n8n-nodes-base.executeWorkflowTrigger': ['This node will run when another workflow calls this one', 'An Execute Workflow node in another workflow starts it and passes its items in.'],
  };
  const [header, subheader] = own[d.name] ?? ['This node starts the workflow', 'Execute it to see the data it passes on.'];
  return { header, subheader, executionsHelp: '', activationHint: '' };
}

// ---- the small HTML of those texts ----

export type HelpLink = 'activate' | 'executions' | 'settings';

export type HelpSegment =
  | { kind: 'text'; text: string; bold: boolean }
  | { kind: 'break' }
  | { kind: 'link'; text: string; key: string; bold: boolean };

const TAG = /<(\/?)([a-z]+)([^>]*)>/gi;

function decode(s: string): string {
  return s.replace(/&nbsp;/g, '\u00a0').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

/**
 * Reads the texts' HTML (n8n writes <br />, <b> and <a data-key="…">) into segments, so they
 * render as React elements: no HTML from a node description reaches the page as markup. Other
 * tags are dropped, their text kept.
 */
export function helpSegments(html: string): HelpSegment[] {
  const out: HelpSegment[] = [];
  let bold = 0;
  let link: { key: string; text: string } | undefined;
  let last = 0;
  const pushText = (raw: string) => {
    if (!raw) return;
    const text = decode(raw);
    if (link) link.text += text;
    else out.push({ kind: 'text', text, bold: bold > 0 });
  };
  for (const m of html.matchAll(TAG)) {
    pushText(html.slice(last, m.index));
    last = m.index + m[0].length;
    const closing = m[1] === '/';
    const tag = m[2].toLowerCase();
    if (tag === 'br') out.push({ kind: 'break' });
    else if (tag === 'b' || tag === 'strong') bold = Math.max(0, bold + (closing ? -1 : 1));
    else if (tag === 'a') {
      if (!closing) link = { key: /data-key="([^"]*)"/.exec(m[3])?.[1] ?? '', text: '' };
      else if (link) {
        out.push({ kind: 'link', text: link.text, key: link.key, bold: bold > 0 });
        link = undefined;
      }
    }
  }
  pushText(html.slice(last));
  if (link) out.push({ kind: 'link', text: link.text, key: link.key, bold: bold > 0 });
  return out;
}
