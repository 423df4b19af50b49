// Opening big workflows (DESIGN budgets: response → first full frame ≤ 0.5 s at 1,000 nodes and
// ≤ 1.5 s at 10,000): the store's share of it, WorkflowStore.load plus the canvas's document
// subscriptions (one change listener per node). `npx vitest bench tests/app/workflowStoreLoad.bench.ts`
import { bench, describe } from 'vitest';
import { runInAction } from 'mobx';
import { WorkflowStore } from '../../src/app/stores/WorkflowStore.ts';
import { syncDocument, type SyncListener } from '../../src/canvas/doc/DocumentSync.ts';
import { generateWorkflow } from '../../bench/generateWorkflow.ts';

const noop = () => {};
const listener: SyncListener = {
  nodeAdded: noop,
  nodeRemoved: noop,
  nodeChanged: noop,
  connectionAdded: noop,
  connectionRemoved: noop,
  nodeSelectionChanged: noop,
  connectionSelectionChanged: noop,
  pinDataChanged: noop,
};

for (const size of [1000, 10000]) {
  const workflow = generateWorkflow(size);
  describe(`${size} nodes`, () => {
    bench(
      'load',
      () => {
        const store = new WorkflowStore();
        runInAction(() => store.load(workflow));
      },
      { iterations: 5, warmupIterations: 1 },
    );
    bench(
      'load + canvas subscriptions',
      () => {
        const store = new WorkflowStore();
        runInAction(() => store.load(workflow));
        syncDocument(store, listener)();
      },
      { iterations: 5, warmupIterations: 1 },
    );
  });
}
