// The one guard every route goes through: waits for the startup login check, then renders the
// view or redirects as routes/access.ts decides. It re-decides whenever the user changes, so a
// sign-in, a sign-out or a lost session (a 401 anywhere) moves the page without more code.
import { observer } from 'mobx-react-lite';
import { useLayoutEffect, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useStores } from '../stores/context.ts';
import { routeAccess, type RouteName } from './access.ts';

export const RouteGuard = observer(function RouteGuard({ name, children }: { name: RouteName; children?: ReactNode }) {
  const { users, settings } = useStores();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const access = users.initialized ? routeAccess(name, { user: users.currentUser, settings: settings.settings, path, search, signedOut: users.signedOut }) : undefined;
  const redirect = access && !access.allow ? access.redirect : undefined;
  // Not wouter's <Redirect>: its effect runs once per instance, and wouter's Switch reuses the
  // element tree from one route to the next, so a second redirect would be lost.
  useLayoutEffect(() => {
    if (redirect !== undefined) navigate(redirect, { replace: true });
  }, [redirect, path, search, navigate]);
  // Decided: the view paints itself now (index.html's booting strip goes).
  const decided = access !== undefined;
  useLayoutEffect(() => {
    if (decided) document.documentElement.classList.remove('booting');
  }, [decided]);
  if (!access) {
    return (
      <div className="view-loading" role="status" data-testid="route-loading">
        Loading…
      </div>
    );
  }
  if (!access.allow) return null;
  return <>{children}</>;
});
