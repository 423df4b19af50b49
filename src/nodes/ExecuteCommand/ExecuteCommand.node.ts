// Execute Command: n8n-nodes-base.executeCommand 1. Runs a shell command on the server (/bin/sh -c)
// with stdout, stderr and the exit code as the item. Off unless the instance enables it
// (SWITCHYARD_EXECUTE_COMMAND_ENABLED; n8n 2 blocks the node by default too). The command runs
// in a child process (never on the server's thread), in its own process group that is killed as
// a whole on the time limit, on too much output, or when the execution is stopped.
import { spawn } from 'node:child_process';
import type { INodeExecutionData } from '../../model/execution.ts';
import type { INodeTypeDescription } from '../../model/nodeTypes.ts';
import { NodeOperationError, type ExecuteCommandSettings, type NodeType } from '../types.ts';

const description: INodeTypeDescription = {
  displayName: 'Execute Command',
  name: 'n8n-nodes-base.executeCommand',
  icon: 'fa:terminal',
  group: ['transform'],
  version: 1,
  description: 'Executes a command on the host',
  defaults: { name: 'Execute Command', color: '#886644' },
  inputs: ['main'],
  outputs: ['main'],
  properties: [
    { displayName: 'Execute Once', name: 'executeOnce', type: 'boolean', default: true, description: 'Whether to execute only once instead of once for each entry' },
    { displayName: 'Command', name: 'command', typeOptions: { rows: 5 }, type: 'string', default: '', placeholder: 'echo "test"', description: 'The command to execute', required: true },
  ],
};

export interface CommandResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export class CommandError extends Error {}

/** Runs `command` with /bin/sh in its own process group; the group is killed on timeout, overflow or abort. */
export function runCommand(command: string, settings: ExecuteCommandSettings, signal: AbortSignal): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command], { cwd: process.cwd(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    let errBytes = 0;
    let failure: Error | undefined;
    const killGroup = (why: Error) => {
      failure ??= why;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(() => killGroup(new CommandError(`The command did not finish within ${settings.timeoutMs / 1000} s and was stopped (SWITCHYARD_EXECUTE_COMMAND_TIMEOUT)`)), settings.timeoutMs);
    const onAbort = () => killGroup(new CommandError('The execution was stopped, and the command with it'));
    signal.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (c: Buffer) => {
      outBytes += c.length;
      if (outBytes > settings.maxOutputBytes) return killGroup(new CommandError(`The command wrote more than ${settings.maxOutputBytes} bytes to stdout and was stopped (SWITCHYARD_EXECUTE_COMMAND_OUTPUT_MAX)`));
      out.push(c);
    });
    child.stderr.on('data', (c: Buffer) => {
      errBytes += c.length;
      if (errBytes > settings.maxOutputBytes) return killGroup(new CommandError(`The command wrote more than ${settings.maxOutputBytes} bytes to stderr and was stopped (SWITCHYARD_EXECUTE_COMMAND_OUTPUT_MAX)`));
      err.push(c);
    });
    child.once('error', (e) => killGroup(new CommandError(`The command could not be started: ${e.message}`)));
    child.once('close', (code, sig) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      if (failure) return reject(failure);
      const stdout = Buffer.concat(out).toString('utf8').trim();
      const stderr = Buffer.concat(err).toString('utf8').trim();
      if (code === null) return reject(new CommandError(`Command failed: ${command}\n${stderr}`.trim() + (sig ? ` (killed by ${sig})` : '')));
      if (code !== 0) {
        // n8n (child_process.exec) fails the item on a non-zero exit with exec's message.
        return reject(new CommandError(`Command failed: ${command}\n${stderr}`.trimEnd()));
      }
      resolve({ exitCode: code, stdout, stderr });
    });
  });
}

export const executeCommand: NodeType = {
  kind: 'regular',
  description,
  async execute(ctx) {
    const settings = ctx.executeCommandSettings?.();
    if (!settings?.enabled) {
      throw new NodeOperationError(ctx.getNode(), 'Execute Command is disabled on this instance', {
        description: 'Running shell commands on the server is off by default. An administrator can allow it with SWITCHYARD_EXECUTE_COMMAND_ENABLED=true.',
      });
    }
    let items = ctx.getInputData();
    const executeOnce = ctx.getNodeParameter('executeOnce', 0, true) as boolean;
    if (executeOnce) items = items.slice(0, 1);
    const out: INodeExecutionData[] = [];
    for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
      try {
        const command = ctx.getNodeParameter('command', itemIndex, '') as string;
        if (typeof command !== 'string' || command.trim() === '') throw new NodeOperationError(ctx.getNode(), 'The parameter "Command" is empty', { itemIndex });
        const { exitCode, stdout, stderr } = await runCommand(command, settings, ctx.signal);
        out.push({ json: { exitCode, stderr, stdout }, pairedItem: { item: itemIndex } });
      } catch (error) {
        if (ctx.continueOnFail()) {
          out.push({ json: { error: (error as Error).message }, pairedItem: { item: itemIndex } });
          continue;
        }
        throw error instanceof NodeOperationError ? error : new NodeOperationError(ctx.getNode(), (error as Error).message, { itemIndex });
      }
    }
    return [out];
  },
};
