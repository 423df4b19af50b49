// The pin-data worker: parsing and checking pinned JSON (up to 12 MB) off the main thread.
import { expose } from 'comlink';
import { checkPinDataTotal, pinDataBytes, validatePinDataText } from './pinData/kernel.ts';

export const pinDataApi = { validatePinDataText, pinDataBytes, checkPinDataTotal };

export type PinDataApi = typeof pinDataApi;

// Exposed only inside a worker, so tests can import the API.
if (typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== 'undefined') expose(pinDataApi);
