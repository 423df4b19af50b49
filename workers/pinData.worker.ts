// The pin-data worker: parsing and checking pinned JSON (up to 12 MB) off the main thread. The
// editor's edit-output save sends the text here in 1 MB parts (beginPinText, addPinText,
// checkHeldPinText) and takes the items back in parts (takePinChunk), so the main thread never
// copies, parses or rebuilds 10 MB in one task.
import { expose } from 'comlink';
import { addPinText, beginPinText, checkHeldPinText, checkPinDataText, checkPinDataTotal, pinDataBytes, releasePinItems, takePinChunk, validatePinDataText } from './pinData/kernel.ts';

export const pinDataApi = { validatePinDataText, checkPinDataText, beginPinText, addPinText, checkHeldPinText, takePinChunk, releasePinItems, pinDataBytes, checkPinDataTotal };

export type PinDataApi = typeof pinDataApi;

// Exposed only inside a worker, so tests can import the API.
if (typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== 'undefined') expose(pinDataApi);
