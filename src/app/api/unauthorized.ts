// The one hook for a lost session: the REST client calls it when a call answers 401 (except the
// sign-in pages' own calls); the root store installs it. Its own module so that tests which
// replace the client keep it.
let handler: (() => void) | undefined;

/** The root store installs this once; the editor then goes to sign-in. */
export function setUnauthorizedHandler(h: (() => void) | undefined): void {
  handler = h;
}

export function notifyUnauthorized(): void {
  handler?.();
}
