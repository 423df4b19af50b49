// The downloaded workflow file (spec 001 §3 "Exported file"): the saved payload's fields, the
// workflow id, meta.instanceId of this instance and the tags as objects without usageCount, in
// the key order n8n writes them. File name: the workflow name with every character that is not
// a-z, A-Z or 0-9 replaced by '_', or 'unsaved_workflow', plus '.json'.
//
// The id: the spec says "id as a number". That was n8n 0.x, whose ids were database integers it
// wrote with parseInt. n8n 1.x ids are strings (nanoids) and its download writes them as they
// are; ours are strings of the same kind, which parseInt would turn into NaN (null in JSON). So
// the id goes out as the string it is, as n8n 1.x does, and importers ignore it either way.
import type { WorkflowSavePayload } from './api.ts';
import type { ITag, IWorkflowBase } from './workflow.ts';

export const UNSAVED_WORKFLOW_FILE_NAME = 'unsaved_workflow';

export function exportFileName(workflowName: string): string {
  return `${(workflowName || UNSAVED_WORKFLOW_FILE_NAME).replace(/[^a-z0-9]/gi, '_')}.json`;
}

/** A tag as it is exported: everything the editor holds but the list's usage count. */
export function exportTag(tag: ITag & { usageCount?: number }): ITag & Record<string, unknown> {
  const { usageCount: _usage, ...rest } = tag;
  return rest;
}

export interface WorkflowExportFile {
  name: string;
  nodes: WorkflowSavePayload['nodes'];
  pinData: NonNullable<WorkflowSavePayload['pinData']>;
  connections: WorkflowSavePayload['connections'];
  active: boolean;
  settings: NonNullable<WorkflowSavePayload['settings']>;
  versionId?: string;
  meta: NonNullable<IWorkflowBase['meta']>;
  id?: string;
  tags: Array<ITag & Record<string, unknown>>;
}

export interface ExportContext {
  /** The stored workflow's id; undefined while unsaved. */
  id?: string;
  /** The workflow's tags as objects (the save payload holds only their ids). */
  tags: ITag[];
  /** This instance's id (settings.instanceId); meta.instanceId says where the file came from. */
  instanceId?: string;
}

/** The file's content for the save payload of the open workflow, keys in n8n's order. */
export function workflowExportData(payload: WorkflowSavePayload, context: ExportContext): WorkflowExportFile {
  const meta: WorkflowExportFile['meta'] = { ...(payload.meta ?? {}) };
  if (context.instanceId) meta.instanceId = context.instanceId;
  const file: WorkflowExportFile = {
    name: payload.name,
    nodes: payload.nodes,
    pinData: payload.pinData ?? {},
    connections: payload.connections,
    active: payload.active ?? false,
    settings: payload.settings ?? {},
    ...(payload.versionId ? { versionId: payload.versionId } : {}),
    meta,
    ...(context.id ? { id: context.id } : {}),
    tags: context.tags.map(exportTag),
  };
  return file;
}
