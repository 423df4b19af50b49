// Editor entry: stores, startup loads (spec 000 §2: settings, then the cookie login), render.
import '@fontsource-variable/inter';
import './styles/tokens.css';
import './styles/base.css';
import { createRoot } from 'react-dom/client';
import { configure, when } from 'mobx';
import { RootStore } from './stores/RootStore.ts';
import { StoresContext } from './stores/context.ts';
import { startIssuesSync } from './stores/issuesSync.ts';
import { startTitleSync } from './stores/titleSync.ts';
import { startRunRecovery } from './push/runRecovery.ts';
import { startAuthSync } from './stores/authSync.ts';
import { errorMessage } from './api/errors.ts';
import { App } from './App.tsx';
import { routerBase } from './basePath.ts';
import { preloadEditorWhenIdle, preloadViewFor } from './views/lazyViews.ts';
import { prefetchWorkflow } from './commands/openWorkflow.ts';
import { startGallery } from './templates/galleryStart.ts';
import { setupPending } from './routes/access.ts';

configure({ enforceActions: 'observed' });

const root = new RootStore();

/** How long the gallery's first view waits for its data before it shows a skeleton. */
const GALLERY_WAIT_MS = 300;

// Settings first, then the cookie login (a failure only means signed out). Node types and the
// push stream follow the signed-in user (authSync); the routes wait for users.initialized.
// Both requests leave at once (the sign-in answer is applied after the settings), and the
// workflow the address names is asked for beside them (openWorkflow.ts takes the answer).
async function startup(): Promise<void> {
  const signIn = root.users.checkCookie();
  try {
    await root.settings.load();
  } catch (e) {
    root.ui.toasts.show({ kind: 'error', title: 'startup error', message: errorMessage(e), persistent: true });
  }
  void root.templates.checkHealth(root.settings.settings);
  // On a gallery page, its first loads start now (index.html asked them already) and a signed-in
  // user's first view waits for them a little: one render with the categories and cards, not three
  // commits filling in a skeleton.
  const gallery = /^\/templates\/?$/.test(path) ? startGallery(root.templates, root.settings.settings, location.search) : undefined;
  if (gallery && (await signIn.then(() => true, () => false))) await Promise.race([gallery, new Promise((r) => setTimeout(r, GALLERY_WAIT_MS))]);
  await root.users.loginWithCookie(signIn);
}

/** The version feed, asked once (errors ignored); this version's security issue stays on screen until closed. */
async function loadVersions(store: RootStore, settings: NonNullable<RootStore['settings']['settings']>): Promise<void> {
  if (!(await store.versions.load(settings))) return;
  const warning = store.versions.securityWarning;
  if (warning) store.ui.toasts.show({ kind: 'warning', title: 'Critical update available', message: `${warning} The updates are listed under the gift icon in the sidebar.`, persistent: true });
}

// The canvas view this address shows loads beside the startup requests; any other page loads the
// editor once the browser is idle, so the first click into it does not wait either.
const path = location.pathname.startsWith(routerBase) ? location.pathname.slice(routerBase.length) || '/' : location.pathname;
preloadViewFor(path);
preloadEditorWhenIdle();
const named = /^\/workflow\/([^/?#]+)$/.exec(path);
if (named) prefetchWorkflow(decodeURIComponent(named[1]!));

// Version notices once someone is signed in and the owner is set up (n8n checks them with the
// signed-in features): the pages before have no sidebar to point to (before setup the server
// answers with a placeholder owner), and the demo view and a wall have none either.
if (!/^\/(workflows\/demo|wall)(\/|$)/.test(path)) {
  when(
    () => !!root.users.currentUser && !!root.settings.settings && !setupPending(root.settings.settings),
    () => void loadVersions(root, root.settings.settings!),
  );
}
startIssuesSync(root);
startTitleSync(root);
startRunRecovery(root);
startAuthSync(root);
void startup();

// Tests and the canvas bench reach the stores through this handle.
(window as unknown as { __switchyard?: RootStore }).__switchyard = root;

createRoot(document.getElementById('app')!).render(
  <StoresContext.Provider value={root}>
    <App />
  </StoresContext.Provider>,
);
