// Cheap observable fields for objects created by the ten thousand (NodeModel on load).
//
// makeObservable defines a property on every instance and creates an ObservableValue per field
// up front: ~40 µs per node with eleven fields, ~0.5 s for a 10,000-node workflow. MobX 7's
// `@observable accessor` instead puts one getter/setter pair on the prototype and creates a
// field's ObservableValue the first time it is read or written; until then the value waits in
// the object's administration. Nodes off screen are never read, so most fields never pay.
//
// The decorator is applied here as a plain function call (decorator syntax does not survive
// Node's type stripping). Objects stay ordinary MobX observable objects: `observe(node, …)`
// reports each field by name (the canvas relies on it), reactions track fields as usual.
//
// Classes using this must declare the fields with `declare` (no initialiser): a class field
// would be an own property hiding the prototype accessor.
//
// Reading a field creates its ObservableValue too, even where nothing can track the read (the
// canvas colouring 10,000 boxes at open read ~5 fields per node: 50,000 observables and their
// garbage). Until a field is first written its value is the constructor's, so a read outside
// any derivation answers from a plain copy; reads inside reactions, computeds and observer
// components still go through MobX and are tracked as before.
import { _isComputingDerivation, observableRef } from 'mobx';

const INITIAL = Symbol('lazyObservableFields.initial');
const WRITTEN = Symbol('lazyObservableFields.written');

interface Shadowed {
  [INITIAL]: unknown[];
  [WRITTEN]: number;
}

interface LazyAccessor {
  get(this: object): unknown;
  set(this: object, value: unknown): void;
  init(this: object, value: unknown): unknown;
}

type DecoratorFn = (value: { get(): unknown; set(v: unknown): void }, context: Record<string, unknown>) => LazyAccessor;

/**
 * Defines `fields` as lazy observable references on `cls.prototype` and returns the function
 * a constructor calls with the initial values, in the same order.
 */
export function lazyObservableFields<T extends object, const K extends ReadonlyArray<keyof T & string>>(
  cls: { prototype: T },
  fields: K,
): (self: T, values: { [I in keyof K]: T[K[I] & keyof T] }) => void {
  if (fields.length > 30) throw new Error('lazyObservableFields: at most 30 fields (one bit each)');
  const accessors = fields.map((name, index) => {
    const storage = {
      get(): unknown {
        throw new Error(`lazyObservableFields: ${name} read before its constructor initialised it`);
      },
      set(): void {
        throw new Error(`lazyObservableFields: ${name} written before its constructor initialised it`);
      },
    };
    const accessor = (observableRef as unknown as DecoratorFn)(storage, {
      kind: 'accessor',
      name,
      static: false,
      private: false,
      metadata: {},
      addInitializer() {},
      access: { has: (o: object) => name in o, get: (o: Record<string, unknown>) => o[name], set: (o: Record<string, unknown>, v: unknown) => (o[name] = v) },
    });
    const bit = 2 ** index;
    Object.defineProperty(cls.prototype, name, {
      get(this: Shadowed) {
        if (!(this[WRITTEN] & bit) && !_isComputingDerivation()) return this[INITIAL][index];
        return accessor.get.call(this);
      },
      set(this: Shadowed, value: unknown) {
        this[WRITTEN] |= bit;
        accessor.set.call(this, value);
      },
      enumerable: true,
      configurable: true,
    });
    return accessor;
  });
  return (self, values) => {
    const s = self as unknown as Shadowed;
    s[INITIAL] = values as unknown as unknown[];
    s[WRITTEN] = 0;
    for (let i = 0; i < accessors.length; i++) accessors[i].init.call(self, values[i]);
  };
}
