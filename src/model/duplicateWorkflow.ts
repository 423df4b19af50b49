// Duplicate workflow (spec 002 §5, spec 001 §4.5 save-as-new): the copy's proposed name and the
// copy's content. As n8n's save-as-new does for a duplicate, the copy gets new node ids and new
// webhook ids, and a webhook path that is a plain value becomes the new webhook id: two
// workflows must not claim one URL (the copy could not listen or be activated beside the
// original). A path written as an expression is left alone.
import { COPY_SUFFIX, MAX_WORKFLOW_NAME_LENGTH } from './constants.ts';
import { newId } from './names.ts';
import type { INode } from './workflow.ts';

/** 'Name copy', or the name as it is when name plus suffix would reach the maximum length. */
export function duplicateWorkflowName(name: string): string {
  if (name.length + COPY_SUFFIX.length >= MAX_WORKFLOW_NAME_LENGTH) return name;
  return `${name}${COPY_SUFFIX}`;
}

/** Spec 002 §5: a trimmed name is required. Returns the error text, or undefined. */
export function duplicateNameError(name: string): string | undefined {
  const t = name.trim();
  if (t === '') return 'Please enter a name.';
  if (t.length > MAX_WORKFLOW_NAME_LENGTH) return `Workflow name cannot be longer than ${MAX_WORKFLOW_NAME_LENGTH} characters`;
  return undefined;
}

function isExpression(v: unknown): boolean {
  return typeof v === 'string' && v.startsWith('=');
}

/** The nodes of the copy: new ids and webhook ids (and plain webhook paths); nothing else changes. */
export function nodesForCopy(nodes: INode[], makeId: () => string = newId): INode[] {
  return nodes.map((node) => {
    const copy: INode = { ...node, id: makeId() };
    if (node.webhookId) {
      const webhookId = makeId();
      copy.webhookId = webhookId;
      const params = node.parameters ?? {};
      if (typeof params.path === 'string' && !isExpression(params.path)) copy.parameters = { ...params, path: webhookId };
    }
    return copy;
  });
}
