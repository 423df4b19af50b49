// What every signed-out form shows: the problem of its last submit and its submit button.
import { Notice } from './AuthLayout.tsx';

export function FormProblem({ title, problem, testId }: { title: string; problem: string | undefined; testId: string }) {
  if (!problem) return null;
  return (
    <Notice kind="error" title={title} testId={testId}>
      {problem}
    </Notice>
  );
}

export function AuthSubmit({ busy, label, busyLabel, testId }: { busy: boolean; label: string; busyLabel: string; testId: string }) {
  return (
    <button type="submit" className="btn btn-primary btn-large auth-submit" disabled={busy} data-testid={testId}>
      {busy ? busyLabel : label}
    </button>
  );
}
