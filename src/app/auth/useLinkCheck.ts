// The ids of an emailed link (invitation, password recovery), checked with the server when the
// page opens. A missing id or a refused check: an error toast, then sign-in.
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useStores } from '../stores/context.ts';

export interface LinkCheck<T> {
  /** The toast's title when the link does not work. */
  title: string;
  /** What is missing from the link, or undefined when all ids are there. */
  missing: string | undefined;
  resolve: () => Promise<T>;
  /** The toast's text when the server refuses the link. */
  refused: (error: unknown) => string;
  /** The link's ids: checked again when they change. */
  ids: string[];
}

/** The server's answer once the link checked out, undefined until then. */
export function useLinkCheck<T>(check: LinkCheck<T>): { answer: T } | undefined {
  const { ui } = useStores();
  const [, navigate] = useLocation();
  const [checked, setChecked] = useState<{ answer: T } | undefined>();

  useEffect(() => {
    if (check.missing !== undefined) {
      ui.toasts.error(check.title, check.missing, false);
      navigate('/signin', { replace: true });
      return;
    }
    let cancelled = false;
    check.resolve().then(
      (answer) => !cancelled && setChecked({ answer }),
      (e: unknown) => {
        if (cancelled) return;
        ui.toasts.error(check.title, check.refused(e), false);
        navigate('/signin', { replace: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, check.ids); // eslint-disable-line react-hooks/exhaustive-deps

  return checked;
}
