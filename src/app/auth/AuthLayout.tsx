// The signed-out pages' frame (sign-in, sign-up, setup, forgot/change password): the mark and a
// centred card with the page's title, its form and the links below it.
import type { ReactNode } from 'react';
import { Logo } from '../shell/Logo.tsx';
import '../ui/forms.css';
import './auth.css';

export function AuthLayout({ title, subtitle, children, footer, testId, wide }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode; testId: string; wide?: boolean }) {
  return (
    <div className="auth-page">
      <main className={wide ? 'auth-main auth-main-wide' : 'auth-main'}>
        <div className="auth-brand">
          <Logo size={32} />
          <span className="auth-brand-name">Switchyard</span>
        </div>
        <section className="auth-card" data-testid={testId} aria-labelledby={`${testId}-title`}>
          <h1 className="auth-title" id={`${testId}-title`}>
            {title}
          </h1>
          {subtitle && <div className="auth-subtitle">{subtitle}</div>}
          {children}
        </section>
        {footer && <div className="auth-footer">{footer}</div>}
      </main>
    </div>
  );
}

/** A notice inside a card or page: info, warning or error, with an optional title. */
export function Notice({ kind, title, children, testId }: { kind: 'info' | 'warning' | 'error' | 'success'; title?: string; children?: ReactNode; testId?: string }) {
  return (
    <div className={`notice notice-${kind}`} role={kind === 'error' || kind === 'warning' ? 'alert' : 'status'} data-testid={testId}>
      {title && <div className="notice-title">{title}</div>}
      {children && <div className="notice-body">{children}</div>}
    </div>
  );
}
