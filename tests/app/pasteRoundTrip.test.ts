// Issue 10's round trip through the editor's own code, without a browser, over every file of the
// real-workflow corpus (../shared/corpus/real-workflows when it is beside the checkout, else the
// committed sample): the file's text read as a paste reads it, inserted into a new workflow
// (repairWorkflow, planPaste, the store), saved (the save payload as JSON, which the server
// stores as it is sent), reopened into a fresh editor and downloaded. The downloaded file must
// equal the original but for what paste changes by design (tests/app/pasteRoundTripRules.ts).
// tests/e2e/import-roundtrip.spec.ts does the same for a sample in Chromium, by real paste,
// Ctrl+S, reload and the Workflows menu's Download.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInAction } from 'mobx';
import { readClipboardText } from '../../src/model/clipboard.ts';
import { RootStore } from '../../src/app/stores/RootStore.ts';
import { insertWorkflow } from '../../src/app/commands/insertWorkflow.ts';
import { savePayload } from '../../src/app/commands/savePayload.ts';
import { workflowExport } from '../../src/app/commands/downloadWorkflow.ts';
import { builtinNodeTypes } from '../../src/nodes/registry.ts';
import type { FrontendSettings } from '../../src/model/api.ts';
import type { IWorkflowBase } from '../../src/model/workflow.ts';
import { pasteRoundTripDifferences, type WorkflowFile } from './pasteRoundTripRules.ts';

function newEditor(): RootStore {
  const root = new RootStore();
  runInAction(() => {
    root.nodeTypes.set(builtinNodeTypes.descriptions());
    root.settings.set({ instanceId: 'this-instance', templates: { enabled: false, host: '' } } as unknown as FrontendSettings);
    root.workflow.load({ name: 'My workflow', active: false, nodes: [], connections: {}, settings: { executionOrder: 'v1' } });
  });
  return root;
}

function corpusFiles(): { dir: string; whole: boolean; files: string[] } {
  const corpus = resolve(import.meta.dirname, '..', '..', '..', 'shared', 'corpus', 'real-workflows');
  const whole = existsSync(corpus);
  const dir = whole ? corpus : resolve(import.meta.dirname, '..', 'fixtures', 'real-workflows');
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d).sort()) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (e.endsWith('.json')) files.push(p);
    }
  };
  walk(dir);
  return { dir, whole, files };
}

describe('paste → save → reopen → download over the real-workflow corpus', () => {
  it('every file that pastes comes back as it came, but for what paste changes by design', () => {
    const { dir, whole, files } = corpusFiles();
    const failures: string[] = [];
    let checked = 0;
    for (const path of files) {
      const text = readFileSync(path, 'utf8');
      const read = readClipboardText(text);
      if (read.kind !== 'workflow') continue; // the corpus's few files that are not JSON
      const original = JSON.parse(text) as WorkflowFile;
      const name = path.slice(dir.length + 1);

      const editor = newEditor();
      const ids = runInAction(() => insertWorkflow(editor, read.data, { label: 'Paste' }));
      if (ids.length !== original.nodes.length) {
        failures.push(`${name}: ${original.nodes.length} nodes pasted as ${ids.length} (${editor.ui.toasts.toasts.map((t) => t.message).join(' ')})`);
        continue;
      }
      // Saved as the server stores it, reopened in a fresh editor, downloaded.
      const stored = JSON.parse(JSON.stringify(savePayload(editor.workflow))) as IWorkflowBase;
      const reopened = newEditor();
      runInAction(() => reopened.workflow.load({ ...stored, id: 'saved-1', tags: [] }));
      const { data } = workflowExport(reopened);
      const file = JSON.parse(JSON.stringify(data)) as WorkflowFile;
      for (const d of pasteRoundTripDifferences(original, file)) failures.push(`${name}: ${d}`);
      // Workflow-level fields are the new workflow's own (paste adds to the open workflow).
      expect(file).toMatchObject({ name: 'My workflow', settings: { executionOrder: 'v1' }, meta: { instanceId: 'this-instance' }, id: 'saved-1' });
      checked++;
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(whole ? 300 : 25);
  });
});
