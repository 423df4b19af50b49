// The package host: a child process of the server that loads community node packages and runs
// their code (src/server/community/PackageHost.ts starts it under Node's permission model, able
// to read only the packages' folder and this source tree). `require('n8n-workflow')` from a
// package resolves to our own module (src/community/n8n-workflow).
import Module from 'node:module';
import { fileURLToPath } from 'node:url';
import type { FromHost, ToHost } from '../protocol.ts';
import { loadedTypes, loadPackage, unloadPackage, type PackageNodeType } from './load.ts';
import { createExecuteThis, serializeError, type HostChannel } from './execute.ts';
import { callHostFunction } from './functions.ts';

const N8N_WORKFLOW = fileURLToPath(new URL('../n8n-workflow/index.ts', import.meta.url));
type Resolve = (request: string, ...rest: unknown[]) => string;
const moduleInternals = Module as unknown as { _resolveFilename: Resolve };
const resolveFilename = moduleInternals._resolveFilename;
moduleInternals._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]) {
  if (request === 'n8n-workflow' || request.startsWith('n8n-workflow/')) return N8N_WORKFLOW;
  return resolveFilename.call(this, request, ...rest);
};

const send = (message: FromHost) => process.send!(message);
let nextCallId = 1;
const pendingCalls = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
const runs = new Map<number, AbortController>();

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

process.on('message', (message: ToHost) => {
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
  handle(message).then(
    (value) => send({ kind: 'result', id: message.id, value }),
    (error: unknown) => send({ kind: 'error', id: message.id, error: serializeError(error) }),
  );
});

send({ kind: 'ready' });
