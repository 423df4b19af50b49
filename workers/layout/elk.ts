// ELK's bundled build (layout code and its fake worker in one file) is CommonJS whose
// module.exports is the constructor; its typings describe an ES default export. One typed
// entry point for the worker and the main-thread fallback.
import ElkBundled from 'elkjs/lib/elk.bundled.js';
import type { ELK, ELKConstructorArguments } from 'elkjs/lib/elk-api.js';

const ElkConstructor = ElkBundled as unknown as new (args?: ELKConstructorArguments) => ELK;

export function createElk(): ELK {
  return new ElkConstructor();
}
