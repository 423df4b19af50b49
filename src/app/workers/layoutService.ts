// The layout worker (tidy up) as the editor uses it: started on first use; without workers the
// same kernel runs on the main thread, ELK then loading as a separate chunk so it never weighs
// on the editor's first load. (The issue worker is started by issuesSync.ts.)
import type { LayoutApi } from '../../../workers/layout.worker.ts';
import type { LayoutInput, LayoutResult } from '../../../workers/layout/kernel.ts';
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
