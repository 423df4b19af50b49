// QuickJS has no Intl, and Luxon (DateTime in Code nodes) needs it for time zones and
// formatting. This VM-side shim forwards each formatter to a real one on the host through the
// bridge; only numbers, strings and plain options cross.
export const INTL_SHIM = String.raw`
(() => {
  if (typeof Intl !== 'undefined') return;
  const host = globalThis.__host;
  const call = (op, ...args) => {
    const r = host(op, JSON.stringify(args));
    return r === undefined ? undefined : JSON.parse(r);
  };
  const arg = (v) => v instanceof Date ? v.getTime() : v;
  const make = (kind, methods) => {
    class F {
      constructor(locales, options) {
        const made = call('intlNew', kind, locales === undefined ? null : locales, options === undefined ? null : options);
        this.__id = made.id;
        this.__resolved = made.resolved;
      }
      resolvedOptions() { return Object.assign({}, this.__resolved); }
      static supportedLocalesOf(locales) { return call('intlSupported', kind, locales === undefined ? null : locales); }
    }
    for (const m of methods) {
      F.prototype[m] = function (...args) { return call('intlCall', this.__id, m, args.map(arg)); };
    }
    return F;
  };
  class Locale {
    constructor(tag) { const info = call('intlLocale', String(tag)); Object.assign(this, info); }
    toString() { return this.baseName; }
  }
  globalThis.Intl = {
    DateTimeFormat: make('DateTimeFormat', ['format', 'formatToParts', 'formatRange']),
    NumberFormat: make('NumberFormat', ['format', 'formatToParts']),
    RelativeTimeFormat: make('RelativeTimeFormat', ['format', 'formatToParts']),
    PluralRules: make('PluralRules', ['select']),
    ListFormat: make('ListFormat', ['format']),
    Locale,
  };
})();
`;
