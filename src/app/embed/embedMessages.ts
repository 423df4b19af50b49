// The embedded demo view's message protocol (spec 001 §2.4, spec 000 template preview), in
// n8n's form: messages are JSON strings with a "command". The parent sends
//   { "command": "openWorkflow", "workflow": { nodes, connections, … } }
// and the view answers
//   { "command": "n8nReady", "version": "<versionCli>" }   once it is up, and after each load
//   { "command": "error", "message": "…" }                  when a message could not be used
//   { "command": "openNDV" } / { "command": "closeNDV" }    when its node details view opens/closes
// Only the parent window may send, from this origin or the templates host; a bad payload is
// answered with an error and changes nothing.
import { MAX_WORKFLOW_PAYLOAD_BYTES } from '../../model/constants.ts';
import { checkWorkflowPayloadSize } from '../../model/validateWorkflow.ts';

export type ParentMessage = { command: 'n8nReady'; version: string } | { command: 'error'; message: string } | { command: 'openNDV' } | { command: 'closeNDV' };

export type EmbedRequest =
  | { kind: 'openWorkflow'; workflow: Record<string, unknown> }
  /** A message for us that cannot be used: answer with this error. */
  | { kind: 'invalid'; error: string }
  /** Not a message of this protocol (other scripts post messages too): ignore it. */
  | { kind: 'ignore' };

export const INVALID_WORKFLOW = 'Invalid workflow object';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The origins a parent may post from: our own, and the templates host's when set. */
export function allowedOrigins(ownOrigin: string, templatesHost: string | undefined): Set<string> {
  const origins = new Set([ownOrigin]);
  if (templatesHost) {
    try {
      origins.add(new URL(templatesHost).origin);
    } catch {
      // A malformed setting adds nothing.
    }
  }
  return origins;
}

export function parseEmbedMessage(data: unknown, limit = MAX_WORKFLOW_PAYLOAD_BYTES): EmbedRequest {
  let message: unknown = data;
  if (typeof data === 'string') {
    if (!data.includes('"command"')) return { kind: 'ignore' };
    const tooLarge = checkWorkflowPayloadSize(data, limit);
    if (tooLarge) return { kind: 'invalid', error: tooLarge };
    try {
      message = JSON.parse(data);
    } catch {
      return { kind: 'invalid', error: 'The message is not valid JSON' };
    }
  }
  if (!isObject(message) || typeof message.command !== 'string') return { kind: 'ignore' };
  if (message.command !== 'openWorkflow') return { kind: 'ignore' };
  const wf = message.workflow;
  if (!isObject(wf) || !Array.isArray(wf.nodes) || !isObject(wf.connections)) return { kind: 'invalid', error: `${INVALID_WORKFLOW}: it needs a "nodes" array and a "connections" object` };
  if (typeof data !== 'string') {
    // Objects arrive already cloned; their size still matters for what the canvas must hold.
    const tooLarge = checkWorkflowPayloadSize(JSON.stringify(wf), limit);
    if (tooLarge) return { kind: 'invalid', error: tooLarge };
  }
  return { kind: 'openWorkflow', workflow: wf };
}

export function encodeParentMessage(m: ParentMessage): string {
  return JSON.stringify(m);
}
