// The one guard every route goes through: waits for the startup login check, then renders the
// view or redirects as routes/access.ts decides. It re-decides whenever the user changes, so a
// sign-in, a sign-out or a lost session (a 401 anywhere) moves the page without more code.
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useStores } from '../stores/context.ts';
import { routeAccess, type RouteName } from './access.ts';

export const RouteGuard = observer(function RouteGuard({ name, children }: { name: RouteName; children?: ReactNode }) {
  const { users, settings } = useStores();
  const [path] = useLocation();
  const search = useSearch();
  if (!users.initialized) {
    return (
      <div className="view-loading" role="status" data-testid="route-loading">
        Loading…
      </div>
    );
  }
  const access = routeAccess(name, { user: users.currentUser, settings: settings.settings, path, search, signedOut: users.signedOut });
  if (!access.allow) return <Redirect to={access.redirect} replace />;
  return <>{children}</>;
});
