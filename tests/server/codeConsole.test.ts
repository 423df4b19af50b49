// A Code node's console output reaches the editor that ran the workflow (n8n's push message
// 'sendConsoleMessage', shown in the browser's developer console), capped per execution.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, live, node, openPush, workflow, type Live } from './triggerHelpers.ts';

let t: Live;
beforeAll(async () => {
  t = await live({});
});
afterAll(async () => {
  await t?.dispose();
});

const code = (jsCode: string) => node('Code', 'n8n-nodes-base.code', 2, { jsCode, mode: 'runOnceForAllItems' });

describe('Code console output in a manual run', () => {
  it('is pushed to the editor that ran it, with its node and level', async () => {
    const trigger = node('Trigger', 'n8n-nodes-base.manualTrigger', 1);
    const logs = code(`console.log('hello from code', { a: 1 }); console.warn('careful'); return [{ json: { ok: true } }];`);
    const push = await openPush(t.url, 'console-editor');
    try {
      const run = await t.api('POST', '/workflows/run', { workflowData: workflow('Logs', [trigger, logs], chain(trigger, logs)) }, { 'push-ref': 'console-editor' });
      expect(run.status).toBe(200);
      const hello = (await push.until((m) => m.type === 'sendConsoleMessage' && JSON.stringify(m.data).includes('hello from code'))) as { data: { source: string; messages: string[]; level: string } };
      expect(hello.data.source).toBe('[Node: "Code"]');
      expect(hello.data.level).toBe('log');
      expect(hello.data.messages.join(' ')).toContain('"a":1');
      const warn = (await push.until((m) => m.type === 'sendConsoleMessage' && JSON.stringify(m.data).includes('careful'))) as { data: { level: string } };
      expect(warn.data.level).toBe('warn');
    } finally {
      push.close();
    }
  });

  it('stops at the per-execution cap with a line saying so', async () => {
    const trigger = node('Trigger', 'n8n-nodes-base.manualTrigger', 1);
    const flood = code(`const line = 'x'.repeat(100000); for (let i = 0; i < 80; i++) console.log(line); return [];`);
    const push = await openPush(t.url, 'console-flood');
    try {
      const run = await t.api('POST', '/workflows/run', { workflowData: workflow('Flood', [trigger, flood], chain(trigger, flood)) }, { 'push-ref': 'console-flood' });
      expect(run.status).toBe(200);
      // The sandbox's own cap per run or the execution's 5 MB cap, whichever comes first.
      await push.until((m) => m.type === 'sendConsoleMessage' && /console output truncated|Console output stopped/.test(JSON.stringify(m.data)), 20_000);
      const lines = push.messages.filter((m) => m.type === 'sendConsoleMessage');
      // 5 MB of 100,000-character lines: about 50 lines, then the notice, then nothing.
      expect(lines.length).toBeGreaterThan(10);
      expect(lines.length).toBeLessThan(80);
    } finally {
      push.close();
    }
  }, 30_000);
});
