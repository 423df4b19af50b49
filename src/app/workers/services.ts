// The editor's workers beyond the canvas's own: layout (tidy up) and pin-data validation. Each
// starts on first use; without workers the same kernels run on the main thread (ELK then loads
// as a separate chunk, so it never weighs on the editor's first load).
import type { LayoutApi } from '../../../workers/layout.worker.ts';
import type { LayoutInput, LayoutResult } from '../../../workers/layout/kernel.ts';
import type { PinDataApi } from '../../../workers/pinData.worker.ts';
import { checkPinDataTotal, pinDataBytes, validatePinDataText } from '../../../workers/pinData/kernel.ts';
import { WorkerClient } from './WorkerClient.ts';

export interface LayoutService {
  layout(input: LayoutInput): Promise<LayoutResult>;
}

async function layoutOnMainThread(input: LayoutInput): Promise<LayoutResult> {
  const [{ createElk }, { layoutWorkflow }] = await Promise.all([import('../../../workers/layout/elk.ts'), import('../../../workers/layout/kernel.ts')]);
  return layoutWorkflow(input, createElk());
}

export function createLayoutService(onFailure: (message: string) => void): LayoutService {
  let client: WorkerClient<LayoutApi> | undefined;
  return {
    layout(input) {
      client ??= new WorkerClient<LayoutApi>('layout', { layout: layoutOnMainThread }, onFailure);
      return client.call('layout', input);
    },
  };
}

export function createPinDataService(onFailure: (message: string) => void): () => WorkerClient<PinDataApi> {
  let client: WorkerClient<PinDataApi> | undefined;
  return () => (client ??= new WorkerClient<PinDataApi>('pinData', { validatePinDataText, pinDataBytes, checkPinDataTotal }, onFailure));
}
