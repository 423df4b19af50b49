// Search of the own templates host (issue 17): every word of the query must start a word of the
// template's name, its description or the display name of an app it shows (node types on its card
// and page), so each result has a reason a user can see. Name matches rank first, then apps, then
// the description: "github" lists the GitHub templates before one that mentions GitHub in passing.

/** What a template is searched by. */
export interface Searchable {
  name: string;
  description: string;
  /** Display names of the node types the template shows ('GitHub', 'HTTP Request'). */
  apps: string[];
}

const WEIGHT = { name: 4, app: 2, description: 1 } as const;

/** Lower-case words of a text: letters and digits, anything else separates them. */
export function words(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

function startsAWord(fieldWords: readonly string[], word: string): boolean {
  return fieldWords.some((w) => w.startsWith(word));
}

/** A template's words, worked out once. */
export class SearchIndex {
  readonly #name: string[];
  readonly #description: string[];
  constructor(item: Pick<Searchable, 'name' | 'description'>) {
    this.#name = words(item.name);
    this.#description = words(item.description);
  }

  /**
   * 0 when a query word is found nowhere; otherwise the higher, the more relevant. Without the
   * description only the name and apps count (what a collection's card lets one see of it).
   */
  relevance(query: readonly string[], apps: readonly string[], description = true): number {
    let score = 0;
    let appWords: string[] | undefined;
    for (const q of query) {
      if (startsAWord(this.#name, q)) score += WEIGHT.name;
      else if (startsAWord((appWords ??= apps.flatMap(words)), q)) score += WEIGHT.app;
      else if (description && startsAWord(this.#description, q)) score += WEIGHT.description;
      else return 0;
    }
    return score;
  }
}

/** The query's words; a query of no words (only punctuation) matches nothing. */
export function queryWords(search: string): string[] | undefined {
  return search.trim() === '' ? undefined : words(search);
}

/** Relevance of an item with its own index (tests, collections). */
export function relevance(item: Searchable, query: readonly string[]): number {
  return query.length === 0 ? 0 : new SearchIndex(item).relevance(query, item.apps);
}
