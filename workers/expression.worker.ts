// The expression worker: the NDV's expression previews evaluated off the main thread, so typing
// stays smooth however large the input (10,000 items) or slow the expression. The editor sends
// the workflow's data once per change (setWorkflow), then one small request per preview.
import { expose } from 'comlink';
import { computeExpressionValue, previewExpression, previewWorkflowKey, setPreviewWorkflow } from './expression/previewKernel.ts';
import { extensionCatalog } from './expression/catalog.ts';

export const expressionApi = {
  setWorkflow: setPreviewWorkflow,
  workflowKey: previewWorkflowKey,
  preview: previewExpression,
  computeValue: computeExpressionValue,
  catalog: extensionCatalog,
};

export type ExpressionApi = typeof expressionApi;

// Exposed only inside a worker, so tests can import the API.
if (typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== 'undefined') expose(expressionApi);
