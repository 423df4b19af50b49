// The shape of n8n's extension methods ('x'.isEmail(), [1,2].sum(), $now.plus(1, 'day') …):
// one table per value kind, each a name → function(value, args, context) map. Register new
// ones with registerExtension (dispatch.ts).

export interface ExtensionContext {
  /** IANA zone for DateTimes the extension creates; undefined: luxon's default zone. */
  timezone: string | undefined;
}

export type ExtensionFn = (value: never, args: unknown[], ctx: ExtensionContext) => unknown;

export type ExtensionKind = 'string' | 'number' | 'array' | 'object' | 'date' | 'boolean';

export interface ExtensionTable {
  /** The type name n8n shows in "… is only callable on type "String"". */
  typeName: string;
  functions: Record<string, ExtensionFn>;
}

export function table(typeName: string, functions: Record<string, ExtensionFn>): ExtensionTable {
  return { typeName, functions: Object.assign(Object.create(null) as Record<string, ExtensionFn>, functions) };
}
