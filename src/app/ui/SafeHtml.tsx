// HTML from outside (a version feed's release notes) drawn as React elements: a small set of
// text tags kept, links only to http(s) and opened in a new tab, everything else (scripts,
// styles, attributes, images, forms) dropped — its text kept where it is text.
import { createElement, Fragment, type ReactNode } from 'react';

const KEPT = new Set(['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'code', 'pre', 'h3', 'h4', 'a']);
const DROPPED_WITH_TEXT = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'svg', 'math']);
const MAX_NODES = 2000;

function convert(node: Node, budget: { left: number }, key: string): ReactNode {
  if (--budget.left < 0) return null;
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (DROPPED_WITH_TEXT.has(tag)) return null;
  const children = Array.from(el.childNodes, (c, i) => convert(c, budget, `${key}.${i}`));
  if (!KEPT.has(tag)) return createElement(Fragment, { key }, ...children);
  if (tag === 'a') {
    const href = el.getAttribute('href') ?? '';
    if (!/^https?:\/\//i.test(href)) return createElement(Fragment, { key }, ...children);
    return createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer' }, ...children);
  }
  return createElement(tag, { key }, ...(tag === 'br' ? [] : children));
}

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const budget = { left: MAX_NODES };
  return <div className={className}>{Array.from(doc.body.childNodes, (c, i) => convert(c, budget, String(i)))}</div>;
}
