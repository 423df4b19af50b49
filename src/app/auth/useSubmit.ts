// The submit state of the signed-out forms. Field errors show once a submit was tried; nothing is
// sent while busy or invalid; a failure is shown in the form and frees it. Success leaves the
// form busy: the page moves on next (the guard or a navigate), so it cannot be sent twice.
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../api/errors.ts';

export function useSubmit() {
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();

  /** The start of onSubmit: true when the form may be sent now. */
  const tried = (e: FormEvent, ready: boolean): boolean => {
    e.preventDefault();
    setAttempted(true);
    return !busy && ready;
  };

  /** Sends while busy, the last problem cleared. */
  const run = async (send: () => Promise<unknown>): Promise<void> => {
    setBusy(true);
    setProblem(undefined);
    try {
      await send();
    } catch (err) {
      setProblem(errorMessage(err));
      setBusy(false);
    }
  };

  /** onSubmit of a form that sends as soon as it is ready. */
  const submit = (ready: boolean, send: () => Promise<unknown>) => async (e: FormEvent) => {
    if (tried(e, ready)) await run(send);
  };

  return { attempted, busy, problem, setBusy, tried, run, submit };
}
