// Trial finding (issue 11): a Code node syntax error reads the same in the run error as in the
// code editor's lint (text, line, column), and places in the stack are the user's own lines,
// not the sandbox wrapper's.
import { describe, expect, it } from 'vitest';
import { runWorkflow } from '../../src/engine/index.ts';
import { lintJavaScript } from '../../src/app/editor/parameters/code/codeLint.ts';
import { registry, n, wire, wf, trigger } from './testNodes.ts';

async function runCode(jsCode: string) {
  return runWorkflow({
    nodeTypes: registry,
    mode: 'manual',
    executionId: 'e1',
    workflow: wf([trigger(), n('Code', 'n8n-nodes-base.code', { jsCode }, { typeVersion: 2 })], wire(['Trigger', 'Code'])),
  });
}

describe('Code node errors say what and where, in the editor lines', () => {
  it('a syntax error: the editor lint text, line and column', async () => {
    const code = ['const out = [];', 'for (let i = 0; i < 3; i++) {', "  out.push({ json: { a: { b: 1 } } } });", '}', 'return out;'].join('\n');
    const [lint] = lintJavaScript(code);
    expect(lint).toMatchObject({ line: 3 });
    const r = await runCode(code);
    expect(r.status).toBe('error');
    const error = r.data.resultData.error as { message: string; stack?: string; name?: string; context?: { lineNumber?: number } };
    expect(error.message).toBe(`Syntax error: ${lint!.message} (line 3, column ${lint!.column})`);
    expect(error.stack).toContain(`at Code:3:${lint!.column}`);
    expect(r.data.resultData.runData.Code[0].error?.message).toBe(error.message);
  });

  it('a runtime error: the stack names the user line', async () => {
    const r = await runCode(['const a = 1;', "throw new Error('boom');"].join('\n'));
    const error = r.data.resultData.error as { message: string; stack?: string; context?: { lineNumber?: number } };
    expect(error.message).toBe('boom');
    // The user's frame only, in the user's line numbers (the wrapper's frames are dropped).
    expect(error.stack?.trim()).toBe('at <anonymous> (Code:2:16)');
  });
});
