// JavaScript evaluated inside each QuickJS context before the user's code: n8n's Code-node
// globals built on a single host bridge (`__host(op, argsJson)` returning JSON), so nothing of
// the host is reachable but the data it chooses to copy in. User code can replace any built-in
// this script uses (JSON, Array methods …) before calling it, so the host checks what arrives.
export const PRELUDE = String.raw`
(() => {
  const host = globalThis.__host;
  const hostConsole = globalThis.__console;
  delete globalThis.__host;
  delete globalThis.__console;
  const call = (op, ...args) => {
    const r = host(op, JSON.stringify(args));
    return r === undefined ? undefined : JSON.parse(r);
  };
  const ctx = globalThis.__ctx;
  delete globalThis.__ctx;
  const state = { itemIndex: 0 };
  // A per-item run gets only its own item up front (copying every item into every item's run
  // made per-item mode quadratic); the full list crosses the bridge on first use.
  let items = ctx.single ? undefined : ctx.items;
  const allItems = () => {
    if (items === undefined) {
      items = call('inputAll');
      if (ctx.single && ctx.item) items[state.itemIndex] = ctx.item;
    }
    return items;
  };
  const current = () => ctx.single ? ctx.item : items[state.itemIndex];

  const nodeApi = (name) => ({
    all: (branch, run) => call('all', name, branch, run),
    first: (branch, run) => call('first', name, branch, run),
    last: (branch, run) => call('last', name, branch, run),
    get item() { return call('item', name, state.itemIndex); },
    itemMatching: (index) => call('item', name, index),
    pairedItem: (index) => call('item', name, index === undefined ? state.itemIndex : index),
    get isExecuted() { return call('isExecuted', name); },
    get params() { return call('params', name); },
    get context() { return {}; },
  });
  const $ = (name) => {
    if (typeof name !== 'string' || name === '') throw new Error('When calling $(), please specify a node');
    call('checkNode', name);
    return nodeApi(name);
  };
  const $node = new Proxy({}, {
    get: (_t, name) => typeof name !== 'string' ? undefined : {
      get json() { return call('nodeJson', name, state.itemIndex); },
      get data() { return call('nodeJson', name, state.itemIndex); },
      get binary() { return call('nodeBinary', name, state.itemIndex); },
      get parameter() { return call('params', name); },
      get runIndex() { return call('nodeRunIndex', name); },
      get context() { return {}; },
    },
  });
  const $input = {
    all: () => allItems(),
    first: () => allItems()[0],
    last: () => { const all = allItems(); return all[all.length - 1]; },
    get item() { return current(); },
    get params() { return call('prevParams'); },
    context: {},
  };
  const define = (name, get) => Object.defineProperty(globalThis, name, { get, configurable: false, enumerable: false });
  const value = (name, v) => Object.defineProperty(globalThis, name, { value: v, writable: true, configurable: false, enumerable: false });

  value('$', $);
  value('$node', $node);
  value('$input', $input);
  value('$items', (name, output, run) => name === undefined ? allItems() : call('items', name, output, run));
  value('$evaluateExpression', (expression, itemIndex) => call('evaluate', String(expression), itemIndex === undefined ? state.itemIndex : itemIndex));
  value('$workflow', ctx.workflow);
  value('$execution', Object.assign(ctx.execution, {
    customData: {
      set: (key, value) => { call('customData', 'set', key, value); },
      setAll: (values) => { call('customData', 'setAll', values); },
      get: (key) => call('customData', 'get', key),
      getAll: () => call('customData', 'getAll'),
    },
  }));
  value('$prevNode', ctx.prevNode);
  value('$runIndex', ctx.runIndex);
  value('$mode', ctx.mode);
  value('$vars', ctx.vars);
  value('$nodeVersion', ctx.nodeVersion);
  value('$nodeId', ctx.nodeId);
  define('$itemIndex', () => state.itemIndex);
  define('$json', () => current() ? current().json : undefined);
  define('$binary', () => current() ? current().binary : undefined);
  value('$jmespath', () => { throw new Error('$jmespath is not available in this runtime'); });
  value('$if', (c, a, b) => c ? a : b);
  value('$ifEmpty', (v, d) => (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && v !== null && Object.keys(v).length === 0)) ? d : v);
  value('$min', Math.min);
  value('$max', Math.max);
  value('$not', (v) => !v);

  const staticData = ctx.staticData;
  value('$getWorkflowStaticData', (type) => {
    if (type !== 'global' && type !== 'node') throw new Error('The type "' + type + '" is not known. Valid types are "global" and "node".');
    const key = type === 'global' ? 'global' : 'node:' + ctx.nodeName;
    if (!staticData[key] || typeof staticData[key] !== 'object') staticData[key] = {};
    return staticData[key];
  });

  if (globalThis.luxon) {
    const { DateTime, Duration, Interval, Settings } = globalThis.luxon;
    Settings.defaultZone = ctx.timezone;
    if (ctx.fixedClock) Settings.now = () => ctx.now;
    // n8n's Code node lets DateTime use the expression-style format().
    if (!DateTime.prototype.format) {
      Object.defineProperty(DateTime.prototype, 'format', { value: function (fmt) { return this.toFormat(fmt); }, writable: true, configurable: true });
    }
    value('DateTime', DateTime);
    value('Duration', Duration);
    value('Interval', Interval);
    define('$now', () => DateTime.fromMillis(ctx.now, { zone: ctx.timezone }));
    define('$today', () => DateTime.fromMillis(ctx.now, { zone: ctx.timezone }).startOf('day'));
    delete globalThis.luxon;
  }

  const fmt = (args) => args.map((a) => {
    if (typeof a === 'string') return a;
    try { return JSON.stringify(a); } catch (e) { return String(a); }
  }).join(' ');
  const makeConsole = (level) => (...args) => hostConsole(level, fmt(args));
  value('console', { log: makeConsole('log'), info: makeConsole('info'), warn: makeConsole('warn'), error: makeConsole('error'), debug: makeConsole('debug') });

  // Handed to the host only (the value of this script), never left on globalThis where user
  // code could swap the static data object or move the item pointer.
  return { setItem: (i) => { state.itemIndex = i; }, staticData };
})();
`;
