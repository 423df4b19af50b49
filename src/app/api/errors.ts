// Typed errors of the REST client: the server's `{ code, message, hint }` or a network failure.
export const NETWORK_ERROR_MESSAGE = 'API-Server can not be reached. It is probably down.';

export class ApiError extends Error {
  readonly status: number;
  readonly code: number | undefined;
  readonly hint: string | undefined;
  constructor(message: string, status: number, code?: number, hint?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.hint = hint;
  }
}

/** The server could not be reached at all (connection refused, DNS, offline). */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super(NETWORK_ERROR_MESSAGE, { cause });
    this.name = 'NetworkError';
  }
}

export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}

/** A 401: the session is gone and the editor is already on its way to sign-in (no extra error toast). */
export function isSessionEnded(e: unknown): boolean {
  return e instanceof ApiError && e.status === 401;
}
