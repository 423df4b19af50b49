// The session cookie: httpOnly (no script reads it), SameSite=Lax (not sent on cross-site
// subrequests), Secure when the editor is served over https, scoped to the base path.
export const AUTH_COOKIE = 'switchyard-auth';

/** The value of one cookie from a Cookie header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export interface CookieOptions {
  path: string;
  secure: boolean;
}

export function sessionCookie(token: string, maxAgeSeconds: number, o: CookieOptions): string {
  return `${AUTH_COOKIE}=${encodeURIComponent(token)}; Path=${o.path}; Max-Age=${Math.floor(maxAgeSeconds)}; HttpOnly; SameSite=Lax${o.secure ? '; Secure' : ''}`;
}

export function clearedCookie(o: CookieOptions): string {
  return `${AUTH_COOKIE}=; Path=${o.path}; Max-Age=0; HttpOnly; SameSite=Lax${o.secure ? '; Secure' : ''}`;
}
