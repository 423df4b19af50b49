// The credentials list's rows (spec 002 §2, §9): sortable by name, type (its display name),
// created and updated; name ascending by default. A header pressed again turns its order. Also
// the type picker's search and the docs link rule (spec 002 §5). Pure.
import type { ICredentialType } from '../../model/credentialTypes.ts';
import type { CredentialListItem } from '../api/credentials.ts';

export type CredentialSortKey = 'name' | 'type' | 'createdAt' | 'updatedAt';
export interface CredentialSort {
  key: CredentialSortKey;
  descending: boolean;
}

export const DEFAULT_CREDENTIAL_SORT: CredentialSort = { key: 'name', descending: false };

export function nextCredentialSort(current: CredentialSort, key: CredentialSortKey): CredentialSort {
  if (current.key === key) return { key, descending: !current.descending };
  // Dates start newest first, texts A to Z.
  return { key, descending: key === 'createdAt' || key === 'updatedAt' };
}

export interface CredentialRow extends CredentialListItem {
  typeName: string;
}

const text = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });

export function sortCredentialRows(rows: readonly CredentialRow[], sort: CredentialSort): CredentialRow[] {
  const cmp = (a: CredentialRow, b: CredentialRow): number => {
    switch (sort.key) {
      case 'name':
        return text(a.name, b.name);
      case 'type':
        return text(a.typeName, b.typeName) || text(a.name, b.name);
      case 'createdAt':
      case 'updatedAt':
        return Date.parse(a[sort.key]) - Date.parse(b[sort.key]) || text(a.name, b.name);
    }
  };
  const dir = sort.descending ? -1 : 1;
  return [...rows].sort((a, b) => dir * cmp(a, b) || a.id.localeCompare(b.id));
}

let dateFormat: Intl.DateTimeFormat | undefined;
export function formatCredentialDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return dateFormat.format(d);
}

/** The type picker's list: by display name, filtered by display or type name (case-insensitive). */
export function filterCredentialTypes(types: readonly ICredentialType[], search: string): ICredentialType[] {
  const q = search.trim().toLowerCase();
  const sorted = [...types].sort((a, b) => a.displayName.localeCompare(b.displayName));
  if (!q) return sorted;
  // The best match comes first, since Enter takes the first: 'oauth2 api' is OAuth2 API, not
  // GitHub OAuth2 API. Exact name, then name starting with the search, then the rest (A to Z each).
  const rank = (t: ICredentialType) => {
    const display = t.displayName.toLowerCase();
    const name = t.name.toLowerCase();
    if (display === q || name === q) return 0;
    if (display.startsWith(q) || name.startsWith(q)) return 1;
    return 2;
  };
  return sorted
    .filter((t) => t.displayName.toLowerCase().includes(q) || t.name.toLowerCase().includes(q))
    .map((t) => ({ t, r: rank(t) }))
    .sort((a, b) => a.r - b.r)
    .map(({ t }) => t);
}

const DOCS_BASE = 'https://docs.n8n.io/integrations/builtin/credentials/';

/** Spec 002 §5: a relative documentation path is prefixed with the docs site; an absolute URL is used as is. */
export function documentationUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  return /^https?:\/\//i.test(url) ? url : `${DOCS_BASE}${url.replace(/^\/+|\/+$/g, '')}/`;
}
