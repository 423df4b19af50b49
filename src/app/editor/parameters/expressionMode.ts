// Fixed ⇄ expression switching (spec 001 §4.2). A value starting with '=' is an expression.
import type { INodeProperties, INodePropertyOption } from '../../../model/nodeTypes.ts';

export function isExpression(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('=');
}

/** Numbers and booleans become '={{value}}', everything else '=' + value. */
export function toExpression(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return `={{${value}}}`;
  if (value === undefined || value === null) return '=';
  if (typeof value === 'object') return `=${JSON.stringify(value)}`;
  return `=${value}`;
}

/**
 * Back to a fixed value. Without running the expression, the value is what the expression
 * plainly says: a lone literal inside {{ }}, or text without {{ }}; anything computed falls
 * back to the parameter's default. multiOptions split on commas and keep known options.
 */
export function toFixed(expression: string, property: INodeProperties): unknown {
  const body = expression.slice(1);
  const single = /^\{\{\s*([\s\S]*?)\s*\}\}$/.exec(body.trim());
  let text: string | undefined;
  let literal: unknown = undefined;
  if (single) {
    try {
      literal = JSON.parse(single[1]);
    } catch {
      const q = /^'([^']*)'$/.exec(single[1]);
      if (q) literal = q[1];
    }
  } else if (!body.includes('{{')) {
    text = body;
  }
  switch (property.type) {
    case 'number': {
      const n = typeof literal === 'number' ? literal : text !== undefined && text.trim() !== '' ? Number(text) : NaN;
      return Number.isFinite(n) ? n : property.default;
    }
    case 'boolean':
      if (typeof literal === 'boolean') return literal;
      if (text === 'true' || text === 'false') return text === 'true';
      return property.default;
    case 'options': {
      const options = (property.options ?? []) as INodePropertyOption[];
      const v = literal ?? text;
      return options.some((o) => o.value === v) ? v : property.default;
    }
    case 'multiOptions': {
      const options = (property.options ?? []) as INodePropertyOption[];
      const raw = typeof literal === 'string' ? literal : (text ?? '');
      return raw
        .split(',')
        .map((s) => s.trim())
        .filter((s) => options.some((o) => o.value === s));
    }
    default:
      if (text !== undefined) return text;
      if (literal !== undefined && literal !== null) return typeof literal === 'string' ? literal : JSON.stringify(literal);
      return property.default ?? '';
  }
}

/**
 * Back to a fixed value from the expression's computed value (spec 001 §4.2; n8n's
 * 'removeExpression'): numbers, booleans and options take it when it fits the type, multiOptions
 * split a text on commas and keep known options, strings take it as text (objects as JSON).
 * Anything that does not fit gives the parameter's default.
 */
export function fixedFromComputed(computed: unknown, property: INodeProperties): unknown {
  switch (property.type) {
    case 'number': {
      const n = typeof computed === 'number' ? computed : typeof computed === 'string' && computed.trim() !== '' ? Number(computed) : NaN;
      return Number.isFinite(n) ? n : property.default;
    }
    case 'boolean':
      if (typeof computed === 'boolean') return computed;
      if (computed === 'true' || computed === 'false') return computed === 'true';
      return property.default;
    case 'options': {
      const options = (property.options ?? []) as INodePropertyOption[];
      return options.some((o) => o.value === computed) ? computed : property.default;
    }
    case 'multiOptions': {
      const options = (property.options ?? []) as INodePropertyOption[];
      const list = Array.isArray(computed) ? computed.map(String) : typeof computed === 'string' ? computed.split(',') : [];
      return list.map((s) => s.trim()).filter((s) => options.some((o) => o.value === s));
    }
    case 'json':
      return typeof computed === 'string' ? computed : JSON.stringify(computed, null, 2);
    default:
      if (computed === null || computed === undefined) return property.default ?? '';
      return typeof computed === 'object' ? JSON.stringify(computed) : String(computed);
  }
}
