// The pin-data worker: parsing and checking pinned JSON (up to 12 MB) off the main thread. The
// editor's edit-output save sends the text here (checkPinDataText) and takes the items back in
// parts (takePinChunk), so the main thread never parses or rebuilds 10 MB in one task.
import { expose } from 'comlink';
import { checkPinDataText, checkPinDataTotal, pinDataBytes, releasePinItems, takePinChunk, validatePinDataText } from './pinData/kernel.ts';

export const pinDataApi = { validatePinDataText, checkPinDataText, takePinChunk, releasePinItems, pinDataBytes, checkPinDataTotal };

export type PinDataApi = typeof pinDataApi;

// Exposed only inside a worker, so tests can import the API.
if (typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== 'undefined') expose(pinDataApi);
