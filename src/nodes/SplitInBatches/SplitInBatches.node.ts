// Split In Batches v1 and v2, Loop Over Items v3: n8n-nodes-base.splitInBatches. The engine
// re-runs the node each time the loop comes back; its node context carries the state.
import type { NodeType } from '../types.ts';
import { nextBatch } from './batches.ts';
import { splitInBatchesV1Description, splitInBatchesV2Description, splitInBatchesV3Description } from './description.ts';

export const splitInBatchesV1: NodeType = {
  kind: 'regular',
  description: splitInBatchesV1Description,
  async execute(ctx) {
    const { batch } = nextBatch(ctx, false);
    // No data left: the branch ends here.
    return batch.length ? [batch] : null;
  },
};

export const splitInBatchesV2: NodeType = {
  kind: 'regular',
  description: splitInBatchesV2Description,
  async execute(ctx) {
    const { batch, processed } = nextBatch(ctx, true);
    return batch.length ? [batch, []] : [[], processed];
  },
};

export const splitInBatchesV3: NodeType = {
  kind: 'regular',
  description: splitInBatchesV3Description,
  async execute(ctx) {
    const { batch, processed } = nextBatch(ctx, true, true);
    return batch.length ? [[], batch] : [processed, []];
  },
};
