// The footer of a form dialog: Cancel and the form's submit button, both disabled while the form
// is busy (the submit button then says what is happening). Shared by the workflow settings and
// duplicate workflow dialogs.

export function FormDialogActions({
  onCancel,
  busy,
  label,
  busyLabel,
  submitTestId,
  className,
}: {
  onCancel: () => void;
  busy: boolean;
  /** The submit button's text ('Save', 'Duplicate'). */
  label: string;
  /** Its text while busy ('Saving…'). */
  busyLabel: string;
  submitTestId?: string;
  /** Extra class names for the footer, after 'dialog-actions'. */
  className?: string;
}) {
  return (
    <div className={className ? `dialog-actions ${className}` : 'dialog-actions'}>
      <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <button type="submit" className="btn btn-primary" disabled={busy} data-testid={submitTestId}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
