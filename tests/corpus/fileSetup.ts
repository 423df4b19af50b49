// What some corpus files need that their JSON does not carry, and files we cannot run here —
// each with the reason printed by the runner.

export interface FileSetup {
  /** Fixed clock (ISO instant) for files whose expectations were recorded at a moment in time. */
  now?: string;
  /** Time zone when the workflow settings do not give one. */
  timezone?: string;
  /**
   * The recording machine's own time zone (process TZ) where a node read dates in the server's
   * local zone, as Date & Time v1 does through moment.
   */
  systemTimezone?: string;
  /** Execution order when the recording predates the workflow setting that now expresses it. */
  executionOrder?: 'v0' | 'v1';
}

// Date & Time v1 reads dates without a zone in the server's own zone; these recordings came
// from machines set to Central European time and to UTC (see the pinned instants).
const CET_MACHINE: FileSetup = { systemTimezone: 'Europe/Berlin' };
const UTC_MACHINE: FileSetup = { systemTimezone: 'UTC' };

export const FILE_SETUP: Record<string, FileSetup> = {
  // "08/01/2022" + 10 days recorded as 2022-08-10T22:00:00.000Z: local midnight at UTC+2.
  'DateTime/DateTimeFormatCalculate.workflow.json': CET_MACHINE,
  'DateTime/DateTimeTimezone3.json': CET_MACHINE,
  'DateTime/DateTimeTimezoneWithConsole.json': CET_MACHINE,
  // The same sum recorded as 2022-08-11T00:00:00.000Z.
  'DateTime/DateTimeWorkflow.test.json': UTC_MACHINE,
  'DateTime/DateTimeWorklfow.test.json': UTC_MACHINE,
  // Pinned "2026-02-26 15:59:14" is the recording's local time in the default zone (New York).
  'Code/workflow.datetime_format_fails.json': { now: '2026-02-26T20:59:14.000Z', timezone: 'America/New_York' },
  // Recorded when Merge 2.1 itself opted out of forcing unexecuted parents to run (the node
  // flag n8n had before 1.0); current n8n expresses that only as executionOrder 'v1'.
  'Merge/workflow.mixed.not.forceInputNodeExecution.json': { executionOrder: 'v1' },
};

const NOCK = "HTTP responses come from nock mocks kept in n8n's .test.ts, not in the JSON";

// n8n's Crypto test mocks fs so Read Binary Files finds "/test/binary.data"; the fixture is not in
// the corpus (tests/nodes/crypto.test.ts runs this workflow with such a file and compares).
const CRYPTO_FIXTURE = 'Read Binary Files reads /test/binary.data, a file n8n\'s Crypto test supplies by mocking fs; it is not in the corpus (tests/nodes/crypto.test.ts runs the file with it)';

export const SKIP_REASONS: Record<string, string> = {
  // Two Wait nodes resume on a webhook call limited to 7 s and 67 s, then IF nodes check that the
  // clock moved on by that much. The pinned single item means only one check passed in n8n's run,
  // which depends on how its .test.ts drives the timers; the JSON cannot tell us. When both waits
  // time out here (tested in tests/server waiting-execution tests), both branches reach Merge.
  'Wait/Wait.webhook.workflow.json': "depends on the timer handling in n8n's .test.ts (two parked webhook waits), not carried by the JSON",
  'Crypto/v1__CryptoTest.workflow.json': CRYPTO_FIXTURE,
  'Crypto/test__CryptoTest.workflow.json': `${CRYPTO_FIXTURE}; it also signs with RSA-MD4, which OpenSSL 3 (Node 17 and later) no longer provides, so n8n lists it as unsupported`,
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
  'HttpRequest/node__workflow.pagination.json': `${NOCK} (tests/nodes/httpRequestPagination.test.ts runs it against a local server answering as they do)`,
  'SplitInBatches/SplitInBatches.workflow_v2.1.json':
    'uses splitInBatches typeVersion 2.1, a pre-release version n8n no longer has (n8n cannot load it either); the same workflow at version 2, SplitInBatches.workflow_v2_done_variable.json, passes',
};

/**
 * Nodes whose pinned output differs from what current n8n produces, for a stated reason: the
 * runner does not compare them (the rest of the file still must pass) and prints the reason.
 */
export interface KnownDifference {
  nodes: string[];
  reason: string;
}

export const KNOWN_DIFFERENCES: Record<string, KnownDifference> = {
  // Recorded before n8n changed "Enrich Input 2" clash handling: current n8n (and n8n's own
  // later copy of this file) keeps input 1's values on clashes by default (preferInput1), so
  // Merge4 gives data 'a'/'b', not 'c'/'d'.
  'Merge/workflow.combine.mergeByFields.json': {
    nodes: ['Merge4'],
    reason: "recorded with an older n8n: enrichInput2 now prefers input 1's values on clashes (n8n's current copy of this file expects data 'a', 'b')",
  },
  'DateTime/DateTimeWorklfow.test.json': {
    nodes: ['Fixed Value', 'parseInt on fixed', 'Without toString()', 'With toString'],
    reason:
      "recorded with an older Date & Time v1 that showed 'x' timestamps in a zone ahead of UTC while its date sums ran in UTC; n8n's current copy of this test (DateTimeWorkflow.test.json) expects these dates and passes",
  },
  'DateTime/node_360_quick_overhaul_of_date_and_time_node_(5).json': {
    nodes: ['Add to date', 'Subtract date', 'Format Date', 'Round Date', 'Get between date'],
    reason:
      "recorded with a pre-release Date & Time v2 whose date parameters were named addToDate/subtractFromDate; released v2 reads 'magnitude', so these nodes start from an empty date (DateTimeWorkflowV2.json is the same test with 'magnitude' and passes)",
  },
};
