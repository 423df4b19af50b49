// Expression evaluator: n8n-compatible `={{ … }}` templates, compiled once to closures and
// evaluated against the engine's variables without reaching the host.
//
// Scope contract: an identifier resolves to scope[name] when `name in scope` (getters and
// prototype-held variables are fine), else to a whitelisted global (globals.ts), else it is
// "<name> is not defined" (undefined in n8n mode). `this` at top level is undefined.
export { isExpression, evaluateExpression, evaluateTemplate, createContext, type EvaluateOptions } from './evaluate.ts';
export { splitTemplate, type Segment, type TextSegment, type CodeSegment } from './template/split.ts';
export { compileTemplate, clearTemplateCache, type CompiledTemplate, type TemplateKind } from './template/compile.ts';
export { stringifyValue } from './template/render.ts';
export { ExpressionError, type ExpressionErrorContext, type ExpressionErrorType, type ExpressionPosition } from './errors.ts';
export { registerExtension, EXTENSION_NAMES } from './extensions/dispatch.ts';
export type { ExtensionFn, ExtensionKind, ExtensionContext } from './extensions/types.ts';
export { createRegExp, configureRegex, GuardedRegExp, type RegexRunner, type RegexRequest, type RegexResponse } from './regex.ts';
export { MAX_STRING_LENGTH, MAX_ARRAY_LENGTH, DEFAULT_MAX_STEPS } from './limits.ts';
