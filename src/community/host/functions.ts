// Functions of a package's descriptions, called by the server by id (protocol 'function'):
// declarative routing's preSend, postReceive and pagination functions run with `this` as n8n's
// IExecuteSingleFunctions for one item; a credential type's authenticate and preAuthentication
// with a credential's helpers (httpRequest through the server). Also `evaluateExpression` for
// package code: the engine's expression language over the item, its parameters and the run.
import type { ExecutePayload } from '../protocol.ts';
import { NodeOperationError } from '../n8n-workflow/errors.ts';
import { LoggerProxy } from '../n8n-workflow/logger.ts';
import { createExecuteThis, type HostChannel } from './execute.ts';
import { hostFunctions } from './load.ts';
import { evaluateForItem } from './expression.ts';

/** `this` of a routing function: n8n's IExecuteSingleFunctions for item `itemIndex`. */
function executeSingleThis(payload: ExecutePayload, channel: HostChannel, signal: AbortSignal, itemIndex: number): Record<string, unknown> {
  const base = createExecuteThis(payload, channel, signal);
  const baseGet = base.getNodeParameter as (...args: unknown[]) => unknown;
  const helpers = base.helpers as Record<string, (...args: unknown[]) => unknown>;
  return {
    ...base,
    getNodeParameter(name: string, ...rest: unknown[]) {
      return baseGet(name, itemIndex, ...rest);
    },
    getItemIndex: () => itemIndex,
    // n8n's IExecutePaginationFunctions: one page of a custom pagination, sent by the server.
    makeRoutingRequest: (resultOptions: unknown) => channel.call('makeRoutingRequest', [resultOptions]),
    getInputData: (inputIndex = 0) => payload.inputs[inputIndex]?.[itemIndex] ?? { json: {} },
    evaluateExpression: (expression: string, index = itemIndex) => evaluateForItem(payload, expression, index),
    helpers: {
      ...helpers,
      getBinaryDataBuffer: (propertyName: string) => helpers.getBinaryDataBuffer(itemIndex, propertyName),
      assertBinaryData: (propertyName: string) => helpers.assertBinaryData(itemIndex, propertyName),
    },
  };
}

/** `this` of a credential type's preAuthentication / authenticate function. */
function credentialThis(channel: HostChannel): Record<string, unknown> {
  return {
    helpers: {
      httpRequest: (o: unknown) => channel.call('httpRequest', [o]),
      request: (o: unknown) => channel.call('request', [o]),
    },
    logger: LoggerProxy,
  };
}

export async function callHostFunction(message: { fn: number; payload?: ExecutePayload; itemIndex?: number; args: unknown[] }, channel: HostChannel, signal: AbortSignal): Promise<unknown> {
  const fn = hostFunctions.get(message.fn);
  if (typeof fn !== 'function') throw new Error(`The package function #${message.fn} is not loaded in the package host (the package was updated or removed)`);
  const self = message.payload ? executeSingleThis(message.payload, channel, signal, message.itemIndex ?? 0) : credentialThis(channel);
  try {
    return await fn.apply(self, message.args);
  } catch (e) {
    if (e instanceof Error) throw e;
    throw new NodeOperationError(message.payload?.node, String(e));
  }
}
