// The package host: a child process of the server that loads community node packages and runs
// their code (src/server/community/PackageHost.ts starts it under Node's permission model, able
// to read only the packages' folder and this source tree). `require('n8n-workflow')` from a
// package resolves to our own module (src/community/n8n-workflow).
import Module from 'node:module';
import { fileURLToPath } from 'node:url';
import type { FromHost, ToHost } from '../protocol.ts';
import { PartsAssembler, splitMessage } from '../messageParts.ts';
import { loadedTypes, loadPackage, unloadPackage, type PackageNodeType } from './load.ts';
import { createExecuteThis, serializeError, type HostChannel } from './execute.ts';
import { callHostFunction } from './functions.ts';
import { createHookThis, createPollThis, createTriggerThis, createWebhookThis, recordingResponse, type OpenTrigger } from './trigger.ts';

const N8N_WORKFLOW = fileURLToPath(new URL('../n8n-workflow/index.ts', import.meta.url));
type Resolve = (request: string, ...rest: unknown[]) => string;
const moduleInternals = Module as unknown as { _resolveFilename: Resolve };
const resolveFilename = moduleInternals._resolveFilename;
moduleInternals._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]) {
  if (request === 'n8n-workflow' || request.startsWith('n8n-workflow/')) return N8N_WORKFLOW;
  return resolveFilename.call(this, request, ...rest);
};

let nextParts = 1;
/** Long item lists go first, in parts (messageParts.ts): the server's loop deserialises each on its own. */
const send = (message: FromHost) => {
  const split = splitMessage(message, () => nextParts++);
  for (const part of split.parts) process.send!(part);
  process.send!(split.message);
};
const assembler = new PartsAssembler();
let nextCallId = 1;
const pendingCalls = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
const runs = new Map<number, AbortController>();
/** Open triggers (trigger() returned) by the id of the request that started them. */
const triggers = new Map<number, OpenTrigger>();

type HookMethod = (this: unknown) => Promise<unknown>;
type TriggerNodeType = PackageNodeType & { webhookMethods?: Record<string, Partial<Record<'checkExists' | 'create' | 'delete', HookMethod>>> };
type TriggerResponse = { closeFunction?: () => unknown; manualTriggerFunction?: () => unknown } | undefined;

/** Runs package code that the server did not ask for (a cron a trigger registered). */
function runDetached(trigger: number, fn: () => unknown): void {
  try {
    Promise.resolve(fn()).catch((e: unknown) => send({ kind: 'notify', run: trigger, method: 'emitError', args: [serializeError(e)] }));
  } catch (e) {
    send({ kind: 'notify', run: trigger, method: 'emitError', args: [serializeError(e)] });
  }
}

// Package code that throws from a timer or leaves a promise rejected must not stop the host (and
// with it every other package's triggers): it is reported on stderr, which the server logs.
process.on('uncaughtException', (e) => process.stderr.write(`uncaught error in package code: ${(e as Error)?.stack ?? String(e)}\n`));
process.on('unhandledRejection', (e) => process.stderr.write(`unhandled rejection in package code: ${(e as Error)?.stack ?? String(e)}\n`));

function channelFor(run: number): HostChannel {
  return {
    call(method, args) {
      const id = nextCallId++;
      return new Promise((resolve, reject) => {
        pendingCalls.set(id, { resolve, reject });
        send({ kind: 'call', id, run, method, args });
      });
    },
    notify(method, args) {
      send({ kind: 'notify', run, method, args });
    },
  };
}

function nodeTypeOf(type: string, version: number): PackageNodeType {
  const versions = loadedTypes.get(type);
  const found = versions?.get(version) ?? (versions ? [...versions.entries()].sort((a, b) => b[0] - a[0])[0]?.[1] : undefined);
  if (!found) throw new Error(`Node type "${type}" is not loaded in the package host`);
  return found;
}

async function handle(message: ToHost): Promise<unknown> {
  switch (message.kind) {
    case 'load':
      return loadPackage(message.dir);
    case 'unload':
      unloadPackage(message.dir);
      return null;
    case 'execute': {
      const type = nodeTypeOf(message.type, message.version);
      if (typeof type.execute !== 'function') throw new Error(`Node type "${message.type}" has no execute method`);
      const abort = new AbortController();
      runs.set(message.id, abort);
      try {
        const self = createExecuteThis(message.payload, channelFor(message.id), abort.signal);
        const output = await type.execute.call(self);
        return { output, staticData: message.payload.staticData };
      } finally {
        runs.delete(message.id);
      }
    }
    case 'trigger': {
      const type = nodeTypeOf(message.type, message.version);
      if (typeof type.trigger !== 'function') throw new Error(`Node type "${message.type}" has no trigger method`);
      const open: OpenTrigger = { crons: new Map(), dones: new Map(), abort: new AbortController() };
      triggers.set(message.id, open);
      try {
        const self = createTriggerThis(message.payload, channelFor(message.id), open);
        const response = (await type.trigger.call(self)) as TriggerResponse;
        open.close = typeof response?.closeFunction === 'function' ? response.closeFunction : undefined;
        open.manual = typeof response?.manualTriggerFunction === 'function' ? response.manualTriggerFunction : undefined;
        return { manual: open.manual !== undefined };
      } catch (e) {
        triggers.delete(message.id);
        open.abort.abort();
        throw e;
      }
    }
    case 'closeTrigger': {
      const open = triggers.get(message.trigger);
      if (!open) return null;
      triggers.delete(message.trigger);
      open.abort.abort();
      open.crons.clear();
      await open.close?.();
      return null;
    }
    case 'manualTrigger': {
      const open = triggers.get(message.trigger);
      if (!open?.manual) throw new Error('The trigger has no manual trigger function');
      await open.manual();
      return null;
    }
    case 'poll': {
      const type = nodeTypeOf(message.type, message.version);
      if (typeof type.poll !== 'function') throw new Error(`Node type "${message.type}" has no poll method`);
      const abort = new AbortController();
      runs.set(message.id, abort);
      try {
        const output = await type.poll.call(createPollThis(message.payload, channelFor(message.id), abort.signal));
        return { output: output ?? null, staticData: message.payload.staticData };
      } finally {
        runs.delete(message.id);
      }
    }
    case 'webhook': {
      const type = nodeTypeOf(message.type, message.version);
      if (typeof type.webhook !== 'function') throw new Error(`Node type "${message.type}" has no webhook method`);
      const abort = new AbortController();
      runs.set(message.id, abort);
      try {
        const { response, recorded } = recordingResponse();
        const result = (await type.webhook.call(createWebhookThis(message.payload, channelFor(message.id), abort.signal, response))) as Record<string, unknown> | undefined;
        return { result: { workflowData: result?.workflowData, webhookResponse: result?.webhookResponse, noWebhookResponse: result?.noWebhookResponse === true }, response: recorded, staticData: message.payload.staticData };
      } finally {
        runs.delete(message.id);
      }
    }
    case 'webhookMethod': {
      const type = nodeTypeOf(message.type, message.version) as TriggerNodeType;
      const method = type.webhookMethods?.[message.payload.webhookName ?? 'default']?.[message.method];
      // A webhook without setup methods exists as soon as it is registered (n8n's default).
      if (typeof method !== 'function') return { value: message.method === 'checkExists' ? false : true, staticData: message.payload.staticData, missing: true };
      const abort = new AbortController();
      runs.set(message.id, abort);
      try {
        const value = await method.call(createHookThis(message.payload, channelFor(message.id), abort.signal));
        return { value, staticData: message.payload.staticData };
      } finally {
        runs.delete(message.id);
      }
    }
    case 'function': {
      const abort = new AbortController();
      runs.set(message.id, abort);
      try {
        return await callHostFunction(message, channelFor(message.id), abort.signal);
      } finally {
        runs.delete(message.id);
      }
    }
    case 'loadOptions': {
      const type = nodeTypeOf(message.type, message.version);
      const method = (message.search ? type.methods?.listSearch : type.methods?.loadOptions)?.[message.method];
      if (typeof method !== 'function') throw new Error(`Node type "${message.type}" has no ${message.search ? 'listSearch' : 'loadOptions'} method "${message.method}"`);
      const channel = channelFor(message.id);
      const parameters = message.parameters;
      const self = {
        getNodeParameter: (name: string, fallback?: unknown) => (name in parameters ? parameters[name] : fallback),
        getCurrentNodeParameter: (name: string) => parameters[name],
        getCurrentNodeParameters: () => parameters,
        getCredentials: (credentialType: string) => channel.call('getCredentials', [credentialType]),
        getNode: () => ({ name: 'node', type: message.type, typeVersion: message.version, parameters }),
        helpers: {
          httpRequest: (o: unknown) => channel.call('httpRequest', [o]),
          httpRequestWithAuthentication: (t: string, o: unknown) => channel.call('httpRequestWithAuthentication', [t, o]),
          requestWithAuthentication: (t: string, o: unknown) => channel.call('requestWithAuthentication', [t, o]),
          request: (o: unknown) => channel.call('request', [o]),
        },
      };
      return message.search ? method.call(self, message.filter, message.paginationToken) : method.call(self);
    }
    case 'ping':
      send({ kind: 'pong', id: message.id });
      return undefined;
    default:
      return undefined;
  }
}

process.on('message', (received: ToHost) => {
  if (received.kind === 'part') {
    assembler.add(received);
    return;
  }
  const message = assembler.complete(received);
  if (message.kind === 'reply') {
    const pending = pendingCalls.get(message.id);
    if (!pending) return;
    pendingCalls.delete(message.id);
    if (message.error) pending.reject(Object.assign(new Error(message.error.message), message.error));
    else pending.resolve(message.value);
    return;
  }
  if (message.kind === 'abort') {
    runs.get(message.run)?.abort();
    return;
  }
  if (message.kind === 'ping') {
    send({ kind: 'pong', id: message.id });
    return;
  }
  if (message.kind === 'emitDone') {
    const open = triggers.get(message.trigger);
    const deferred = open?.dones.get(message.done);
    if (!open || !deferred) return;
    open.dones.delete(message.done);
    if (message.error) deferred.reject(Object.assign(new Error(message.error.message), message.error));
    else deferred.resolve(message.run);
    return;
  }
  if (message.kind === 'cronTick') {
    const onTick = triggers.get(message.trigger)?.crons.get(message.cron);
    if (onTick) runDetached(message.trigger, onTick);
    return;
  }
  handle(message).then(
    (value) => {
      try {
        send({ kind: 'result', id: message.id, value });
      } catch (e) {
        // A value that cannot cross (functions, symbols …).
        send({ kind: 'error', id: message.id, error: { name: 'Error', message: `The node returned a value that cannot be sent to the server: ${(e as Error).message}` } });
      }
    },
    (error: unknown) => send({ kind: 'error', id: message.id, error: serializeError(error) }),
  );
});

send({ kind: 'ready' });
