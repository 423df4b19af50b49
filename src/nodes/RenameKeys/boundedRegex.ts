// Key-renaming regexes that cannot hang the server. Patterns with the shapes n8n warns about
// (nested or repeated quantifiers, quantified alternations, long runs before a quantifier)
// are refused up front, as n8n does; anything else still runs in a vm context with a time
// budget, because a native RegExp cannot be interrupted once it starts backtracking.
import { createContext, Script, type Context } from 'node:vm';

/** Budget for one match against one key: far above what a linear pattern needs. */
export const REGEX_BUDGET_MS = 1000;

// The shapes n8n's Rename Keys flags as likely to backtrack badly (same list as its warning).
const RISKY = /(\.\*\+|\)\*\+|\+\*|\*.*\*|\+.*\+|\?.*\?|\{[0-9]+,\}|\*{2,}|\+{2,}|\?{2,}|[a-zA-Z0-9]{4,}[*+]|\([^)]*\|[^)]*\)[*+])/;

export function isRiskyPattern(source: string): boolean {
  return RISKY.test(source);
}

const TEST = new Script('pattern.test(subject)');
const REPLACE = new Script('subject.replace(pattern, replacement)');

export class RegexBudgetError extends Error {
  constructor(pattern: string) {
    super(`Regex pattern "${pattern}" may cause performance issues. Please try a simpler pattern like "[a-z]+" or "\\w+". `);
    this.name = 'RegexBudgetError';
  }
}

export class BoundedRegex {
  private readonly context: Context = createContext({});
  private readonly regex: RegExp;
  private readonly source: string;

  constructor(source: string, flags?: string) {
    this.source = source;
    if (isRiskyPattern(source)) throw new RegexBudgetError(source);
    this.regex = new RegExp(source, flags);
  }

  private run(script: Script, subject: string, replacement?: string): unknown {
    this.regex.lastIndex = 0;
    Object.assign(this.context, { pattern: this.regex, subject, replacement });
    try {
      return script.runInContext(this.context, { timeout: REGEX_BUDGET_MS });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw new RegexBudgetError(this.source);
      throw error;
    }
  }

  test(subject: string): boolean {
    return this.run(TEST, subject) as boolean;
  }

  replace(subject: string, replacement: string): string {
    return this.run(REPLACE, subject, replacement) as string;
  }
}
