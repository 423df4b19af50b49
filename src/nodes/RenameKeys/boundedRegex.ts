// Key-renaming regexes that cannot hang the server. Patterns with the shapes n8n warns about
// (nested or repeated quantifiers, quantified alternations, long runs before a quantifier) are
// refused up front, as n8n does; the renaming itself runs in a vm context with a time budget,
// because a native RegExp cannot be interrupted once it starts backtracking. Starting a timed
// vm call costs a few hundred microseconds, so all items go through one call.
import { createContext, Script, type Context } from 'node:vm';

/** Budget for renaming all items, plus a millisecond per item: far above linear patterns' needs. */
export const REGEX_BUDGET_MS = 1000;

// The shapes n8n's Rename Keys flags as likely to backtrack badly (same list as its warning).
const RISKY = /(\.\*\+|\)\*\+|\+\*|\*.*\*|\+.*\+|\?.*\?|\{[0-9]+,\}|\*{2,}|\+{2,}|\?{2,}|[a-zA-Z0-9]{4,}[*+]|\([^)]*\|[^)]*\)[*+])/;

export function isRiskyPattern(source: string): boolean {
  return RISKY.test(source);
}

export class RegexBudgetError extends Error {
  constructor(pattern: string) {
    super(`Regex pattern "${pattern}" may cause performance issues. Please try a simpler pattern like "[a-z]+" or "\\w+". `);
    this.name = 'RegexBudgetError';
  }
}

export interface KeyRegex {
  source: string;
  regex: RegExp;
  replacement: string;
  /** -1 for every level, 0 for the top level only. */
  depth: number;
}

export function keyRegex(source: string, replacement: string, depth: number, caseInsensitive: boolean): KeyRegex {
  if (isRiskyPattern(source)) throw new RegexBudgetError(source);
  return { source, regex: new RegExp(source, caseInsensitive ? 'i' : undefined), replacement, depth };
}

export interface RenameJob {
  json: Record<string, unknown>;
  regexes: KeyRegex[];
}

// Renames keys in place, children first, leaving array positions alone (n8n's order of work).
const WALK = new Script(`
(() => {
  const walk = (obj, job, depth) => {
    if (obj === null || typeof obj !== 'object') return;
    if (Array.isArray(obj)) {
      if (depth !== 0) for (const entry of obj) walk(entry, job, depth - 1);
      return;
    }
    for (const key of Object.keys(obj)) {
      if (typeof obj[key] === 'object' && depth !== 0) walk(obj[key], job, depth - 1);
      job.regex.lastIndex = 0;
      if (job.regex.test(key)) {
        job.regex.lastIndex = 0;
        const newKey = key.replace(job.regex, job.replacement);
        if (newKey !== key) {
          // An own "__proto__" stays data: assigning it would replace the item's prototype.
          if (newKey === '__proto__') Object.defineProperty(obj, newKey, { value: obj[key], enumerable: true, writable: true, configurable: true });
          else obj[newKey] = obj[key];
          delete obj[key];
        }
      }
    }
  };
  for (const job of jobs) for (const r of job.regexes) walk(job.json, r, r.depth);
})()
`);

let shared: Context | undefined;

/**
 * Applies each job's regexes to its JSON within `timeoutMs` (the call holds the event loop that
 * long at most); throws RegexBudgetError (naming the first regex of the batch) when out of time.
 */
export function renameByRegex(jobs: RenameJob[], timeoutMs = REGEX_BUDGET_MS + jobs.length): void {
  if (!jobs.some((j) => j.regexes.length)) return;
  const context = (shared ??= createContext({}));
  context.jobs = jobs;
  try {
    WALK.runInContext(context, { timeout: Math.max(1, Math.round(timeoutMs)) });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
      throw new RegexBudgetError(jobs.flatMap((j) => j.regexes)[0]?.source ?? '');
    }
    throw error;
  } finally {
    context.jobs = undefined;
  }
}
