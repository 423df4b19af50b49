// Editor entry: stores, startup loads (spec 000 §2: settings first), push, render.
import '@fontsource-variable/inter';
import './styles/tokens.css';
import './styles/base.css';
import { createRoot } from 'react-dom/client';
import { configure } from 'mobx';
import { RootStore } from './stores/RootStore.ts';
import { StoresContext } from './stores/context.ts';
import { startIssuesSync } from './stores/issuesSync.ts';
import { startTitleSync } from './stores/titleSync.ts';
import { startRunRecovery } from './push/runRecovery.ts';
import { errorMessage } from './api/errors.ts';
import { App } from './App.tsx';

configure({ enforceActions: 'observed' });

const root = new RootStore();

async function startup(): Promise<void> {
  try {
    await root.settings.load();
  } catch (e) {
    root.ui.toasts.show({ kind: 'error', title: 'startup error', message: errorMessage(e), persistent: true });
  }
  try {
    await root.nodeTypes.load();
  } catch (e) {
    root.ui.toasts.show({ kind: 'error', title: 'Problem loading node types', message: errorMessage(e), persistent: true });
  }
}

startIssuesSync(root);
startTitleSync(root);
startRunRecovery(root);
root.push.connect();
void startup();

// Tests and the canvas bench reach the stores through this handle.
(window as unknown as { __switchyard?: RootStore }).__switchyard = root;

createRoot(document.getElementById('app')!).render(
  <StoresContext.Provider value={root}>
    <App />
  </StoresContext.Provider>,
);
