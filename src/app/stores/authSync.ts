// What follows the signed-in user (spec 000 §2 startup: node types only once signed in): the
// push stream and node types while someone is signed in; on a change of user, nothing of the
// previous one stays open (dialogs, the credentials list). A lost session kept for re-sign-in
// (UsersStore.sessionLost) only closes the push stream: the page and its dialogs stay.
import { reaction } from 'mobx';
import { errorMessage, isSessionEnded } from '../api/errors.ts';
import type { RootStore } from './RootStore.ts';

export function startAuthSync(root: RootStore): () => void {
  const user = reaction(
    () => root.users.currentUser?.id,
    (id, previous) => {
      if (previous !== undefined && id !== previous) {
        root.ui.modals.closeAll();
        root.ui.answerUnsaved('cancel');
        root.ui.answerUrlImport(false);
        root.credentials.reset();
      }
      if (id !== undefined && !root.nodeTypes.loaded) {
        root.nodeTypes.load().catch((e: unknown) => !isSessionEnded(e) && root.ui.toasts.error('Problem loading node types', errorMessage(e)));
      }
    },
    { fireImmediately: true },
  );
  // The stream of the user with a live session; a new user (or the same one signed in again) reopens it.
  const push = reaction(
    () => (root.users.sessionLost ? undefined : root.users.currentUser?.id),
    (id, previous) => {
      if (id !== undefined) root.push.connect();
      else if (previous !== undefined) root.push.disconnect();
    },
    { fireImmediately: true },
  );
  return () => {
    user();
    push();
  };
}
