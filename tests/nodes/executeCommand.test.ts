// Execute Command (n8n-nodes-base.executeCommand 1): off unless the run allows it; real shell
// commands in a child process with a time limit and an output limit; the server's event loop
// keeps turning while a command runs.
import { describe, expect, it } from 'vitest';
import type { ExecuteCommandSettings } from '../../src/nodes/types.ts';
import { errorOf, jsonOf, output, runChain } from './helpers.ts';

const on: ExecuteCommandSettings = { enabled: true, timeoutMs: 10_000, maxOutputBytes: 64 * 1024 };
const cmd = (parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ name: 'Cmd', type: 'n8n-nodes-base.executeCommand', typeVersion: 1, parameters, ...extra });
const allow = (settings: ExecuteCommandSettings = on) => ({ runOptions: { executeCommand: settings } });

describe('Execute Command', () => {
  it('is refused with a clear error when the instance has not enabled it', async () => {
    const run = await runChain([{}], [cmd({ command: 'echo hi' })]);
    const error = errorOf(run, 'Cmd') as { message: string; description?: string };
    expect(error.message).toBe('Execute Command is disabled on this instance');
    expect(error.description).toContain('SWITCHYARD_EXECUTE_COMMAND_ENABLED=true');
    const off = await runChain([{}], [cmd({ command: 'echo hi' })], allow({ ...on, enabled: false }));
    expect(errorOf(off, 'Cmd')?.message).toBe('Execute Command is disabled on this instance');
  });

  it('runs once by default: stdout and stderr trimmed, exit code 0', async () => {
    const run = await runChain([{ n: 1 }, { n: 2 }], [cmd({ command: 'echo "out $((40+2))"; echo "warn" >&2' })], allow());
    expect(jsonOf(run, 'Cmd')).toEqual([{ exitCode: 0, stderr: 'warn', stdout: 'out 42' }]);
  });

  it('with Execute Once off runs per item, with expressions', async () => {
    const run = await runChain([{ n: 1 }, { n: 2 }], [cmd({ executeOnce: false, command: '=printf "%s" {{ $json.n * 10 }}' })], allow());
    expect(output(run, 'Cmd').map((i) => i.json.stdout)).toEqual(['10', '20']);
    expect(run.data.resultData.runData.Cmd[0].data!.main[0]!.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
  });

  it('a non-zero exit fails the item with the command and its stderr (continue on fail keeps going)', async () => {
    const run = await runChain([{}], [cmd({ command: 'echo nope >&2; exit 3' })], allow());
    expect(errorOf(run, 'Cmd')?.message).toBe('Command failed: echo nope >&2; exit 3\nnope');
    const cont = await runChain([{ c: 'exit 1' }, { c: 'echo ok' }], [cmd({ executeOnce: false, command: '={{ $json.c }}' }, { continueOnFail: true })], allow());
    expect(output(cont, 'Cmd').map((i) => i.json)).toEqual([{ error: 'Command failed: exit 1' }, { exitCode: 0, stderr: '', stdout: 'ok' }]);
  });

  it('an empty command is refused', async () => {
    expect(errorOf(await runChain([{}], [cmd({ command: '  ' })], allow()), 'Cmd')?.message).toBe('The parameter "Command" is empty');
  });

  it('stops a command past the time limit, killing its whole process group, while the event loop keeps turning', async () => {
    const marker = `sy-cmd-${process.pid}-${Date.now()}`;
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const t0 = Date.now();
    const run = await runChain([{}], [cmd({ command: `sleep 30 & echo ${marker} >/dev/null; sleep 30` })], allow({ ...on, timeoutMs: 500 }));
    clearInterval(timer);
    expect(errorOf(run, 'Cmd')?.message).toBe('The command did not finish within 0.5 s and was stopped (SWITCHYARD_EXECUTE_COMMAND_TIMEOUT)');
    expect(Date.now() - t0).toBeLessThan(5_000);
    // A synchronous run would give none; 500 ms at 10 ms is ~50 on a quiet machine.
    expect(ticks).toBeGreaterThan(5);
    // The background sleep of the same group is gone too.
    await new Promise((r) => setTimeout(r, 100));
    const { execFileSync } = await import('node:child_process');
    const ps = execFileSync('ps', ['-eo', 'args']).toString();
    expect(ps).not.toContain(`echo ${marker}`);
  });

  it('stops a command that writes more than the output limit', async () => {
    const run = await runChain([{}], [cmd({ command: 'yes' })], allow({ ...on, maxOutputBytes: 10_000 }));
    expect(errorOf(run, 'Cmd')?.message).toBe('The command wrote more than 10000 bytes to stdout and was stopped (SWITCHYARD_EXECUTE_COMMAND_OUTPUT_MAX)');
    const err = await runChain([{}], [cmd({ command: 'yes >&2' })], allow({ ...on, maxOutputBytes: 10_000 }));
    expect(errorOf(err, 'Cmd')?.message).toContain('bytes to stderr');
  });

  it('stops the command when the execution is cancelled', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const t0 = Date.now();
    const run = await runChain([{}], [cmd({ command: 'sleep 20' })], { runOptions: { executeCommand: on, signal: controller.signal } as never });
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(run.status).toBe('canceled');
    expect(run.data.resultData.error?.message).toBe('The execution was canceled');
  });
});
