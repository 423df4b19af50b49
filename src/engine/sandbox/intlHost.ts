// Host half of the Intl shim: real Intl formatters, created and called on behalf of the VM.
const KINDS = {
  DateTimeFormat: ['format', 'formatToParts', 'formatRange'],
  NumberFormat: ['format', 'formatToParts'],
  RelativeTimeFormat: ['format', 'formatToParts'],
  PluralRules: ['select'],
  ListFormat: ['format'],
} as const;
type Kind = keyof typeof KINDS;
const MAX_INSTANCES = 2000;

interface Instance {
  kind: Kind;
  value: Record<string, (...args: unknown[]) => unknown> & { resolvedOptions(): unknown };
}

function isKind(k: unknown): k is Kind {
  return typeof k === 'string' && Object.hasOwn(KINDS, k);
}

function plainOptions(o: unknown): Record<string, unknown> | undefined {
  if (o === null || o === undefined || typeof o !== 'object' || Array.isArray(o)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  return out;
}

function locales(l: unknown): string | string[] | undefined {
  if (typeof l === 'string') return l;
  if (Array.isArray(l)) return l.filter((x): x is string => typeof x === 'string');
  return undefined;
}

export function intlOp(store: Map<number, unknown>, op: string, args: unknown[]): unknown {
  switch (op) {
    case 'intlNew': {
      const [kind, loc, options] = args;
      if (!isKind(kind)) throw new Error(`Intl.${String(kind)} is not available`);
      if (store.size >= MAX_INSTANCES) throw new Error('Too many Intl formatters');
      const Ctor = Intl[kind] as unknown as new (l?: string | string[], o?: Record<string, unknown>) => Instance['value'];
      const value = new Ctor(locales(loc), plainOptions(options));
      const id = store.size + 1;
      store.set(id, { kind, value } satisfies Instance);
      return { id, resolved: value.resolvedOptions() };
    }
    case 'intlCall': {
      const [id, method, callArgs] = args as [number, string, unknown[]];
      const inst = store.get(id) as Instance | undefined;
      if (!inst) throw new Error('Unknown Intl formatter');
      if (!(KINDS[inst.kind] as readonly string[]).includes(method)) throw new Error(`Intl.${inst.kind}.${method} is not available`);
      const safe = (callArgs ?? []).map((a) => (typeof a === 'number' || typeof a === 'string' ? a : Array.isArray(a) ? a.map(String) : a === null ? undefined : String(a)));
      return inst.value[method](...safe);
    }
    case 'intlSupported': {
      const [kind, loc] = args;
      if (!isKind(kind)) return [];
      return (Intl[kind] as unknown as { supportedLocalesOf(l?: string | string[]): string[] }).supportedLocalesOf(locales(loc));
    }
    case 'intlLocale': {
      const loc = new Intl.Locale(String(args[0]));
      const info = loc as unknown as { getWeekInfo?: () => unknown; weekInfo?: unknown };
      return {
        baseName: loc.baseName,
        language: loc.language,
        region: loc.region,
        script: loc.script,
        calendar: loc.calendar,
        numberingSystem: loc.numberingSystem,
        hourCycle: loc.hourCycle,
        weekInfo: info.getWeekInfo?.() ?? info.weekInfo,
      };
    }
    default:
      throw new Error(`Unknown sandbox operation ${op}`);
  }
}
