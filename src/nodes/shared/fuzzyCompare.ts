// n8n's fuzzyCompare (utils/utilities): with fuzzy compare off values must be deeply equal;
// on, small type differences are tolerated (3 and '3', true and 'true' or 1, null and '' …).
// Compare version 2 also treats null, 0 and '0' as the same.
import { isEqual } from './isEqual.ts';

function isFalsy(value: unknown): boolean {
  if (value === null) return true;
  if (typeof value === 'string' && value === '') return true;
  if (Array.isArray(value) && value.length === 0) return true;
  return false;
}

function parsedEquals(text: string, value: unknown): boolean {
  try {
    return isEqual(JSON.parse(text), value);
  } catch {
    return false;
  }
}

function boolMatches(b: boolean, other: unknown): boolean {
  if (typeof other === 'string') {
    const lower = other.toLocaleLowerCase();
    if (b ? lower === 'true' : lower === 'false') return true;
    return b ? other === '1' : other === '0';
  }
  if (typeof other === 'number') return b ? other === 1 : other === 0;
  return false;
}

export type CompareFunction = (a: unknown, b: unknown) => boolean;

export function fuzzyCompare(useFuzzyCompare: boolean, compareVersion = 1): CompareFunction {
  if (!useFuzzyCompare) return (a, b) => isEqual(a, b);
  return (a, b) => {
    if (a !== null && b !== null && typeof a === typeof b) return isEqual(a, b);
    if (compareVersion >= 2) {
      if (a === null && (b === null || b === 0 || b === '0')) return true;
      if (b === null && (a === null || a === 0 || a === '0')) return true;
    }
    if (isFalsy(a) && isFalsy(b)) return true;
    if (isFalsy(a) && b === undefined) return true;
    if (a === undefined && isFalsy(b)) return true;
    if (typeof a === 'number' && typeof b === 'string') return a.toString() === b;
    if (typeof a === 'string' && typeof b === 'number') return a === b.toString();
    if (a !== null && typeof a === 'object' && typeof b === 'string') return parsedEquals(b, a);
    if (b !== null && typeof a === 'string' && typeof b === 'object') return parsedEquals(a, b);
    if (typeof a === 'boolean' && boolMatches(a, b)) return true;
    if (typeof b === 'boolean' && boolMatches(b, a)) return true;
    return isEqual(a, b);
  };
}
