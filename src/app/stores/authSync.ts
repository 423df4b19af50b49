// What follows the signed-in user (spec 000 §2 startup: node types only once signed in): the
// push stream and node types while someone is signed in; on a change of user, nothing of the
// previous one stays open (dialogs, the credentials list).
import { reaction } from 'mobx';
import { errorMessage } from '../api/errors.ts';
import type { RootStore } from './RootStore.ts';

export function startAuthSync(root: RootStore): () => void {
  return reaction(
    () => root.users.currentUser?.id,
    (id, previous) => {
      if (previous !== undefined && id !== previous) {
        root.ui.modals.closeAll();
        root.ui.answerUnsaved('cancel');
        root.ui.answerUrlImport(false);
        root.credentials.reset();
      }
      if (id === undefined) {
        if (previous !== undefined) root.push.disconnect();
        return;
      }
      root.push.connect();
      if (!root.nodeTypes.loaded) {
        root.nodeTypes.load().catch((e: unknown) => root.ui.toasts.error('Problem loading node types', errorMessage(e)));
      }
    },
    { fireImmediately: true },
  );
}
