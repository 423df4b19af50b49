// The page title follows the run state (spec 001 §4.4): idle, executing, error.
import { autorun } from 'mobx';
import type { RootStore } from './RootStore.ts';

const PREFIX = { idle: '', executing: '▶ Executing · ', error: '⚠ ' } as const;

export function startTitleSync(root: RootStore): () => void {
  return autorun(() => {
    const name = root.workflow.name;
    const state = root.run.titleState;
    document.title = name ? `${PREFIX[state]}${name} – Switchyard` : 'Switchyard';
  });
}
