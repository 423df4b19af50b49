// What some corpus files need that their JSON does not carry, and files we cannot run here —
// each with the reason printed by the runner.

export interface FileSetup {
  /** Fixed clock (ISO instant) for files whose expectations were recorded at a moment in time. */
  now?: string;
  /** Time zone when the workflow settings do not give one. */
  timezone?: string;
}

export const FILE_SETUP: Record<string, FileSetup> = {
  // Pinned "2026-02-26 15:59:14" is the recording's local time in the default zone (New York).
  'Code/workflow.datetime_format_fails.json': { now: '2026-02-26T20:59:14.000Z', timezone: 'America/New_York' },
};

const NOCK = "HTTP responses come from nock mocks kept in n8n's .test.ts, not in the JSON";

export const SKIP_REASONS: Record<string, string> = {
  'Code/Code.python.json': 'needs the Python code runner (Switchyard runs JavaScript only)',
  'HttpRequest/binaryData__binaryData.test.json': NOCK,
  'HttpRequest/encoding__encoding.test.json': NOCK,
  'HttpRequest/encodingQuoted__encodingQuoted.test.json': NOCK,
  'HttpRequest/node__workflow.delete.json': NOCK,
  'HttpRequest/node__workflow.deleteWithBody.json': NOCK,
  'HttpRequest/node__workflow.get.json': NOCK,
  'HttpRequest/node__workflow.patch.json': NOCK,
  'HttpRequest/node__workflow.post.json': NOCK,
  'HttpRequest/node__workflow.put.json': NOCK,
  'HttpRequest/node__workflow.use_error_output.json': NOCK,
  'HttpRequest/node__workflow.userAgent.json': NOCK,
  'HttpRequest/node__workflow.pagination.json': NOCK,
};
