// Import from file (spec 001 §5): the file must be JSON holding a workflow, and at most the
// workflow payload limit (12582912 bytes, §9). The size is checked on the file's byte size
// before anything is read, so a 100 MB file is refused without being loaded.
import { MAX_WORKFLOW_PAYLOAD_BYTES } from './constants.ts';
import { parseWorkflowJson, type ClipboardContent } from './clipboard.ts';

export const IMPORT_ERROR_TITLE = 'Could not import workflow';

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The size error for a file of `bytes`, or undefined when it may be read. */
export function workflowFileSizeError(bytes: number, limit = MAX_WORKFLOW_PAYLOAD_BYTES): string | undefined {
  if (bytes <= limit) return undefined;
  return `The file is too large: ${mb(bytes)} (${bytes} bytes); a workflow may be at most ${mb(limit)} (${limit} bytes).`;
}

/** A read file's text as a workflow, or the reason it is not one. */
export function readWorkflowFile(text: string): Extract<ClipboardContent, { kind: 'workflow' | 'error' }> {
  // Editors on Windows like to start UTF-8 files with a byte-order mark, which JSON.parse refuses.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') return { kind: 'error', message: 'The file is empty.' };
  // Parsed untrimmed, so the line and column of an error are those of the file.
  return parseWorkflowJson(body, 'file');
}
