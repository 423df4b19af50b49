// Fuzzy name matching for "find node" (ctrl+f): the query's characters must appear in order;
// exact, prefix and substring matches rank first, then matches on word starts and runs of
// consecutive characters. Linear in the name length, so 10,000 names answer in milliseconds.

export interface FuzzyMatch {
  score: number;
  /** Indexes of the matched characters in the name, for highlighting. */
  positions: number[];
}

function isWordStart(text: string, i: number): boolean {
  if (i === 0) return true;
  const prev = text[i - 1];
  const cur = text[i];
  if (/[\s_\-.:/()[\]'"]/.test(prev)) return true;
  // camelCase and letter→digit boundaries
  return (prev === prev.toLowerCase() && cur !== cur.toLowerCase()) || (/\D/.test(prev) && /\d/.test(cur));
}

function restMatches(lower: string, chars: string[], k: number, from: number): boolean {
  for (; k < chars.length; k++) {
    const at = lower.indexOf(chars[k], from);
    if (at < 0) return false;
    from = at + 1;
  }
  return true;
}

/** undefined when `query` does not match `name`; `lowerName` may be passed when already known. */
export function fuzzyMatch(query: string, name: string, lowerName = name.toLowerCase()): FuzzyMatch | undefined {
  const q = query.trim().toLowerCase();
  if (q === '') return { score: 0, positions: [] };
  const at = lowerName.indexOf(q);
  if (at >= 0) {
    const positions = Array.from({ length: q.length }, (_, i) => at + i);
    const score = (lowerName.length === q.length ? 3000 : at === 0 ? 2000 : isWordStart(name, at) ? 1500 : 1000) - at - lowerName.length / 100;
    return { score, positions };
  }
  // Subsequence, preferring word starts: greedy from the left, but a later word-start match of
  // the same character beats an earlier mid-word one.
  const positions: number[] = [];
  let score = 0;
  let from = 0;
  let last = -2;
  const chars = [...q].filter((c) => c !== ' ');
  for (let k = 0; k < chars.length; k++) {
    const ch = chars[k];
    let found = lowerName.indexOf(ch, from);
    if (found < 0) return undefined;
    for (let j = found; j >= 0 && j !== last + 1; j = lowerName.indexOf(ch, j + 1)) {
      if (isWordStart(name, j) && restMatches(lowerName, chars, k + 1, j + 1)) {
        found = j;
        break;
      }
    }
    score += found === last + 1 ? 15 : isWordStart(name, found) ? 10 : 1;
    score -= Math.min(found - last - 1, 10) * 0.5;
    positions.push(found);
    last = found;
    from = found + 1;
  }
  return { score: score - lowerName.length / 100, positions };
}

export interface Searchable {
  name: string;
  lower: string;
}

/** Best `limit` matches, best first; ties keep the input order. */
export function fuzzySearch<T extends Searchable>(items: readonly T[], query: string, limit = 50): Array<{ item: T; match: FuzzyMatch }> {
  const results: Array<{ item: T; match: FuzzyMatch; index: number }> = [];
  items.forEach((item, index) => {
    const match = fuzzyMatch(query, item.name, item.lower);
    if (match) results.push({ item, match, index });
  });
  results.sort((a, b) => b.match.score - a.match.score || a.index - b.index);
  return results.slice(0, limit).map(({ item, match }) => ({ item, match }));
}
