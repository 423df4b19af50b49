// The settings area (spec 000 §2 "Settings area"): a sidebar with a way back to the homepage,
// one entry per settings page the user may open, and the version link (opens 'about').
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { faArrowLeft, faCircleUser, faComments, faCube, faKey, faUsers } from '@fortawesome/free-solid-svg-icons';
import type { IconDefinition } from '@fortawesome/free-solid-svg-icons';
import { useStores } from '../stores/context.ts';
import { comingSoonPath, fakeDoorsAt } from './fakeDoors.ts';
import { mayAccess, type RouteName } from '../routes/access.ts';
import { Icon } from '../ui/Icon.tsx';
import '../ui/forms.css';
import './settings.css';

const ENTRIES: Array<{ route: RouteName; path: string; label: string; icon: IconDefinition; soon?: boolean }> = [
  { route: 'PersonalSettings', path: '/settings/personal', label: 'Personal', icon: faCircleUser },
  { route: 'UsersSettings', path: '/settings/users', label: 'Users', icon: faUsers },
  { route: 'APISettings', path: '/settings/api', label: 'API', icon: faKey },
  { route: 'CommunityNodes', path: '/settings/community-nodes', label: 'Community nodes', icon: faCube },
  { route: 'FeedbackSettings', path: '/settings/feedback', label: 'Feedback', icon: faComments },
  ...fakeDoorsAt('settings').map((f) => ({ route: 'ComingSoon' as const, path: comingSoonPath(f.id), label: f.featureName, icon: f.icon, soon: true })),
];

export const SettingsSidebar = observer(function SettingsSidebar() {
  const { users, settings, ui } = useStores();
  const [location] = useLocation();
  const entries = ENTRIES.filter((e) => mayAccess(e.route, users.currentUser, settings.settings));
  return (
    <nav className="settings-sidebar" aria-label="Settings" data-testid="settings-sidebar">
      <Link href="/" className="settings-back" data-testid="settings-back">
        <Icon icon={faArrowLeft} />
        <span>Settings</span>
      </Link>
      <ul className="settings-nav">
        {entries.map((e) => (
          <li key={e.path}>
            <Link href={e.path} className={location === e.path ? 'settings-nav-item active' : 'settings-nav-item'} aria-current={location === e.path ? 'page' : undefined} data-testid={`settings-nav-${e.label.toLowerCase().replace(/ /g, '-')}`}>
              <Icon icon={e.icon} />
              <span>{e.label}</span>
              {e.soon && <span className="settings-nav-soon">Soon</span>}
            </Link>
          </li>
        ))}
      </ul>
      <div className="settings-sidebar-spacer" />
      <button type="button" className="settings-version" onClick={() => ui.modals.open('about')} data-testid="settings-version">
        Switchyard version {settings.version || '—'}
      </button>
    </nav>
  );
});

export function SettingsLayout({ title, badge, actions, children, testId }: { title: string; badge?: string; actions?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <div className="settings-shell">
      <SettingsSidebar />
      <main className="settings-content">
        <div className="settings-page" data-testid={testId}>
          <header className="settings-header">
            <h1 className="settings-title">
              {title}
              {badge && <span className="badge badge-accent">{badge}</span>}
            </h1>
            {actions && <div className="settings-header-actions">{actions}</div>}
          </header>
          {children}
        </div>
      </main>
    </div>
  );
}

/** A titled part of a settings page; its title names it for screen readers. */
export function SettingsSection({ id, title, testId, children }: { id: string; title: string; testId?: string; children: ReactNode }) {
  return (
    <section className="settings-section" aria-labelledby={id} data-testid={testId}>
      <h2 className="settings-section-title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}
