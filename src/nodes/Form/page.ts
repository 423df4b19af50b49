// The hosted form pages: the form itself, the completion page and the error page. Plain HTML
// and CSS, no script and nothing loaded from elsewhere (CSP with a per-page nonce); labels,
// fieldsets and error messages wired for screen readers; one column that fits a phone.
import { randomBytes } from 'node:crypto';
import { load } from 'cheerio';
import { MAX_AUTHOR_HTML, type FormField } from './fields.ts';

export function escapeHtml(s: unknown): string {
  return String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const ALLOWED_TAGS = new Set(['b', 'i', 'em', 'strong', 'u', 'sub', 'sup', 'code', 'pre', 'span', 'div', 'br', 'p', 'ul', 'ol', 'li', 'a', 'img', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'blockquote', 'hr']);
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'input', 'textarea', 'select', 'button', 'form', 'link', 'meta', 'base', 'svg', 'math', 'template', 'noscript', 'title', 'head']);
const ALLOWED_ATTRS: Record<string, string[]> = { a: ['href', 'target', 'rel', 'title'], img: ['src', 'alt', 'width', 'height'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan', 'scope'] };

function safeUrl(value: string, forImage: boolean): boolean {
  const v = value.trim().toLowerCase();
  if (v.startsWith('http://') || v.startsWith('https://')) return true;
  if (!forImage && v.startsWith('mailto:')) return true;
  return forImage && /^data:image\/(png|gif|jpeg|webp);/.test(v);
}

export { MAX_AUTHOR_HTML };

export class AuthorHtmlTooLongError extends Error {}

interface DomNode {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
}

const sanitized = new Map<string, string>();
const SANITIZED_CACHE = 50;

/**
 * Author HTML (form description, Custom HTML elements, completion text) reduced to formatting
 * tags, links and images: no scripts, styles, event handlers or form controls. Parsed as a browser
 * parses (parse5), walked once; results are cached, as every page view shows the same texts.
 */
export function sanitizeHtml(html: string): string {
  if (!html) return '';
  if (html.length > MAX_AUTHOR_HTML) throw new AuthorHtmlTooLongError(`The HTML of a form page is limited to ${MAX_AUTHOR_HTML.toLocaleString('en')} characters (this one has ${html.length.toLocaleString('en')})`);
  const hit = sanitized.get(html);
  if (hit !== undefined) return hit;
  const $ = load(html, null, false);
  const walk = (parent: DomNode) => {
    for (const child of [...(parent.children ?? [])]) {
      if (child.type === 'text') continue;
      if (child.type !== 'tag' && child.type !== 'script' && child.type !== 'style') {
        // Comments, directives, CDATA.
        $(child as never).remove();
        continue;
      }
      const tag = (child.name ?? '').toLowerCase();
      if (DROPPED_WITH_CONTENT.has(tag)) {
        $(child as never).remove();
        continue;
      }
      walk(child);
      if (!ALLOWED_TAGS.has(tag)) {
        $(child as never).replaceWith($(child as never).contents());
        continue;
      }
      const attribs = child.attribs ?? {};
      const allowed = ALLOWED_ATTRS[tag] ?? [];
      for (const name of Object.keys(attribs)) {
        const value = attribs[name];
        if (!allowed.includes(name) || ((name === 'href' || name === 'src') && !safeUrl(value, name === 'src'))) delete attribs[name];
      }
      if (tag === 'a') attribs.rel = 'noopener noreferrer';
    }
  };
  walk($.root().get(0) as unknown as DomNode);
  const out = $.html();
  if (sanitized.size >= SANITIZED_CACHE) sanitized.delete(sanitized.keys().next().value as string);
  sanitized.set(html, out);
  return out;
}

/** Custom CSS kept inside its style element: no '<' (no way to close the element). */
export function sanitizeCss(css: string | undefined): string {
  return String(css ?? '').replace(/</g, '');
}

/** Text with n8n's literal "\n" as line breaks. */
export function withNewlines(text: string): string {
  return text.replace(/\\n|\\\\n/g, (m) => (m === '\\\\n' ? '\\n' : '\n'));
}

export interface PageHeaders {
  'content-type': string;
  'content-security-policy': string;
  'x-content-type-options': string;
  'referrer-policy': string;
  'cache-control': string;
  'x-frame-options': string;
}

export function pageHeaders(nonce: string): PageHeaders {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none'; style-src 'nonce-${nonce}'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'cache-control': 'no-store',
    'x-frame-options': 'DENY',
  };
}

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

const STYLES = `
:root{--font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;--color-background:#f3f4f7;--color-card-bg:#fff;--color-card-border:#e2e4ea;--color-card-shadow:0 1px 2px rgba(16,24,40,.06),0 8px 24px rgba(16,24,40,.06);--color-header:#1d2233;--color-label:#2f3547;--color-text:#4a5165;--color-text-muted:#6b7285;--color-input-bg:#fff;--color-input-border:#c9cdd8;--color-input-text:#1d2233;--color-focus-border:#4c5fd5;--color-focus-ring:rgba(76,95,213,.25);--color-submit-btn-bg:#4c5fd5;--color-submit-btn-hover:#3d4fc0;--color-submit-btn-text:#fff;--color-error:#c4262e;--color-error-bg:#fdf0f0;--color-test-bg:#fff6e0;--color-test-border:#f1d38a;--border-radius-card:14px;--border-radius-input:8px;--container-width:560px}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;background:var(--color-background);color:var(--color-text);font-family:var(--font-family);font-size:16px;line-height:1.5;display:flex;flex-direction:column;align-items:center;padding:32px 16px}
main{width:100%;max-width:var(--container-width)}
.card{background:var(--color-card-bg);border:1px solid var(--color-card-border);border-radius:var(--border-radius-card);box-shadow:var(--color-card-shadow);padding:32px}
.test-banner{background:var(--color-test-bg);border:1px solid var(--color-test-border);border-radius:var(--border-radius-input);padding:10px 14px;margin-bottom:20px;font-size:14px;color:#6d5200}
h1{margin:0 0 8px;color:var(--color-header);font-size:1.6rem;line-height:1.25;font-weight:650;overflow-wrap:anywhere}
.description{margin:0 0 24px;color:var(--color-text-muted);overflow-wrap:anywhere}
.description p{margin:0 0 8px}
form{margin:0}
.field{margin:0 0 20px;padding:0;border:0;min-width:0}
.field>label:not(.choice),.field>legend{display:block;margin-bottom:6px;color:var(--color-label);font-weight:600;font-size:15px;padding:0}
.req{color:var(--color-error);margin-left:2px}
input[type=text],input[type=email],input[type=number],input[type=password],input[type=date],textarea,select{display:block;width:100%;min-height:44px;padding:10px 12px;border:1px solid var(--color-input-border);border-radius:var(--border-radius-input);background:var(--color-input-bg);color:var(--color-input-text);font:inherit}
textarea{min-height:112px;resize:vertical}
input[type=file]{display:block;width:100%;padding:10px;border:1px dashed var(--color-input-border);border-radius:var(--border-radius-input);background:var(--color-input-bg);font:inherit;font-size:15px}
input:focus-visible,textarea:focus-visible,select:focus-visible,button:focus-visible,.choice input:focus-visible{outline:none;border-color:var(--color-focus-border);box-shadow:0 0 0 3px var(--color-focus-ring)}
.choice{display:flex;align-items:flex-start;gap:10px;padding:6px 0;color:var(--color-input-text);cursor:pointer}
.choice input{width:18px;height:18px;margin:3px 0 0;flex:none;accent-color:var(--color-submit-btn-bg)}
.hint{margin:6px 0 0;font-size:13px;color:var(--color-text-muted)}
[aria-invalid=true]{border-color:var(--color-error)!important}
.field-error{margin:6px 0 0;color:var(--color-error);font-size:14px;font-weight:500}
.error-summary{background:var(--color-error-bg);border:1px solid var(--color-error);border-radius:var(--border-radius-input);padding:12px 16px;margin-bottom:24px;color:var(--color-error)}
.error-summary h2{font-size:16px;margin:0 0 4px}
.error-summary ul{margin:0;padding-left:20px}
.error-summary a{color:var(--color-error)}
.html-element{margin:0 0 20px;overflow-wrap:anywhere}
.html-element img{max-width:100%;height:auto}
button{display:block;width:100%;min-height:48px;margin-top:8px;border:0;border-radius:var(--border-radius-input);background:var(--color-submit-btn-bg);color:var(--color-submit-btn-text);font:inherit;font-weight:600;font-size:16px;cursor:pointer}
button:hover{background:var(--color-submit-btn-hover)}
.completion{text-align:center;padding:48px 32px}
.completion .icon{width:56px;height:56px;margin:0 auto 16px;border-radius:50%;background:#e6f6ec;color:#18794e;display:flex;align-items:center;justify-content:center;font-size:30px;line-height:1}
.completion.failed .icon{background:var(--color-error-bg);color:var(--color-error)}
.completion p{margin:0;color:var(--color-text-muted);overflow-wrap:anywhere}
footer{margin-top:20px;text-align:center;font-size:13px;color:var(--color-text-muted)}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
@media (max-width:480px){body{padding:16px 10px}.card{padding:22px 18px}h1{font-size:1.35rem}}
@media (prefers-color-scheme:dark){:root{--color-background:#14161c;--color-card-bg:#1d2029;--color-card-border:#2c303c;--color-header:#f1f2f6;--color-label:#dfe1e8;--color-text:#c3c7d2;--color-text-muted:#9aa0b0;--color-input-bg:#14161c;--color-input-border:#3a3f4d;--color-input-text:#f1f2f6;--color-test-bg:#3a3118;--color-test-border:#6b5a22;--color-error-bg:#3a1d20}.test-banner{color:#f1d38a}}
`;

function document(title: string, description: string, body: string, nonce: string, customCss: string, extraHead = ''): string {
  const meta = description.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim().slice(0, 150);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title || 'Form')}</title>
<meta name="description" content="${escapeHtml(meta || 'Form')}">
${extraHead}<style nonce="${nonce}">${STYLES}${customCss ? `\n/* custom */\n${sanitizeCss(customCss)}` : ''}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

export interface FormPage {
  title: string;
  /** Already sanitized HTML. */
  descriptionHtml: string;
  fields: FormField[];
  buttonLabel: string;
  action: string;
  csrfToken: string;
  testRun: boolean;
  appendAttribution: boolean;
  customCss: string;
  errors?: Record<string, string>;
  values?: Record<string, string[]>;
  /** An error about the whole submission (e.g. the session expired). */
  formError?: string;
}

function fieldHtml(f: FormField, p: FormPage): string {
  const error = p.errors?.[f.key];
  const sent = p.values?.[f.key];
  const errId = `error-${f.key}`;
  const describedBy = error ? ` aria-describedby="${errId}"` : '';
  const invalid = error ? ' aria-invalid="true"' : '';
  const req = f.required ? '<span class="req" aria-hidden="true">*</span>' : '';
  const requiredAttr = f.required ? ' required aria-required="true"' : '';
  const errorHtml = error ? `<p class="field-error" id="${errId}">${escapeHtml(error)}</p>` : '';
  const value = sent?.[0] ?? f.value;
  const placeholder = f.placeholder ? ` placeholder="${escapeHtml(f.placeholder)}"` : '';
  switch (f.type) {
    case 'html':
      return f.html ? `<div class="html-element">${f.html}</div>` : '';
    case 'hiddenField':
      return `<input type="hidden" name="${f.key}" value="${escapeHtml(value)}">`;
    case 'checkbox':
    case 'radio':
    case 'dropdown': {
      if (f.type === 'dropdown' && !f.multiple) {
        const opts = f.options.map((o) => `<option value="${escapeHtml(o)}"${o === value ? ' selected' : ''}>${escapeHtml(o)}</option>`).join('');
        return `<div class="field"><label for="${f.key}">${escapeHtml(f.label)}${req}</label><select id="${f.key}" name="${f.key}"${requiredAttr}${invalid}${describedBy}><option value="">Select an option…</option>${opts}</select>${errorHtml}</div>`;
      }
      const type = f.type === 'radio' ? 'radio' : 'checkbox';
      const picked = new Set(sent ?? (f.value ? [f.value] : []));
      const rule = f.exact !== undefined ? `Choose ${f.exact}.` : f.min !== undefined && f.max !== undefined ? `Choose ${f.min} to ${f.max}.` : '';
      const hintId = `hint-${f.key}`;
      const describe = [rule ? hintId : '', error ? errId : ''].filter(Boolean).join(' ');
      const items = f.options
        .map((o, i) => `<label class="choice" for="option${i}_${f.key}"><input type="${type}" id="option${i}_${f.key}" name="${f.key}" value="${escapeHtml(o)}"${picked.has(o) ? ' checked' : ''}${type === 'radio' && f.required && i === 0 ? ' required' : ''}><span>${escapeHtml(o)}</span></label>`)
        .join('');
      return `<fieldset class="field"${describe ? ` aria-describedby="${describe}"` : ''}${invalid}><legend>${escapeHtml(f.label)}${req}${f.required ? '<span class="visually-hidden"> (required)</span>' : ''}</legend>${items}${rule ? `<p class="hint" id="${hintId}">${rule}</p>` : ''}${errorHtml}</fieldset>`;
    }
    case 'file': {
      const accept = f.accept.length ? ` accept="${escapeHtml(f.accept.join(','))}"` : '';
      const hint = f.accept.length ? `<p class="hint" id="hint-${f.key}">Accepted: ${escapeHtml(f.accept.join(', '))}</p>` : '';
      const describe = [f.accept.length ? `hint-${f.key}` : '', error ? errId : ''].filter(Boolean).join(' ');
      return `<div class="field"><label for="${f.key}">${escapeHtml(f.label)}${req}</label><input type="file" id="${f.key}" name="${f.key}"${f.multiple ? ' multiple' : ''}${accept}${requiredAttr}${invalid}${describe ? ` aria-describedby="${describe}"` : ''}>${hint}${errorHtml}</div>`;
    }
    case 'textarea':
      return `<div class="field"><label for="${f.key}">${escapeHtml(f.label)}${req}</label><textarea id="${f.key}" name="${f.key}"${placeholder}${requiredAttr}${invalid}${describedBy}>${escapeHtml(value)}</textarea>${errorHtml}</div>`;
    default: {
      const type = f.type === 'number' ? 'number' : f.type === 'email' ? 'email' : f.type === 'password' ? 'password' : f.type === 'date' ? 'date' : 'text';
      const extra = type === 'number' ? ' step="any" inputmode="decimal"' : type === 'email' ? ' autocomplete="email"' : type === 'password' ? ' autocomplete="off"' : '';
      const shown = type === 'password' ? '' : value;
      return `<div class="field"><label for="${f.key}">${escapeHtml(f.label)}${req}</label><input type="${type}" id="${f.key}" name="${f.key}" value="${escapeHtml(shown)}"${placeholder}${extra}${requiredAttr}${invalid}${describedBy}>${errorHtml}</div>`;
    }
  }
}

export function renderFormPage(p: FormPage, nonce: string): string {
  const hasFile = p.fields.some((f) => f.type === 'file');
  const errorList = Object.entries(p.errors ?? {});
  const labelOf = (key: string) => p.fields.find((f) => f.key === key)?.label ?? key;
  const anchorOf = (key: string) => {
    const f = p.fields.find((x) => x.key === key);
    return f && (f.type === 'checkbox' || f.type === 'radio' || (f.type === 'dropdown' && f.multiple)) ? `option0_${key}` : key;
  };
  const summary =
    errorList.length || p.formError
      ? `<div class="error-summary" role="alert" tabindex="-1" id="errors"><h2>${p.formError ? escapeHtml(p.formError) : 'Please fix the following'}</h2>${errorList.length ? `<ul>${errorList.map(([k, m]) => `<li><a href="#${anchorOf(k)}">${escapeHtml(labelOf(k))}: ${escapeHtml(m)}</a></li>`).join('')}</ul>` : ''}</div>`
      : '';
  const body = `<main>
<div class="card">
${p.testRun ? '<p class="test-banner" role="note"><strong>Test form.</strong> This is the test version of the form: a submission runs the workflow in the editor.</p>\n' : ''}<h1>${escapeHtml(p.title)}</h1>
${p.descriptionHtml ? `<div class="description">${p.descriptionHtml}</div>\n` : ''}${summary}
<form method="post" action="${escapeHtml(p.action)}" enctype="${hasFile ? 'multipart/form-data' : 'application/x-www-form-urlencoded'}" accept-charset="utf-8">
<input type="hidden" name="_csrf" value="${escapeHtml(p.csrfToken)}">
${p.fields.map((f) => fieldHtml(f, p)).join('\n')}
<button type="submit">${escapeHtml(p.buttonLabel || 'Submit')}</button>
</form>
</div>
${p.appendAttribution ? '<footer>Form automated with Switchyard</footer>\n' : ''}</main>`;
  return document(p.title, p.descriptionHtml, body, nonce, p.customCss);
}

export interface CompletionPage {
  title: string;
  /** Plain text message. */
  message?: string;
  /** Author HTML shown instead of the message (already sanitized). */
  html?: string;
  /** A page that sends the browser on (meta refresh plus a link). */
  redirectUrl?: string;
  failed?: boolean;
  appendAttribution?: boolean;
  customCss?: string;
  testRun?: boolean;
}

export function renderCompletionPage(c: CompletionPage, nonce: string): string {
  if (c.redirectUrl) {
    const url = escapeHtml(c.redirectUrl);
    const body = `<main><div class="card completion" role="status"><h1>Redirecting…</h1><p>If nothing happens, <a href="${url}">continue here</a>.</p></div></main>`;
    return document(c.title || 'Redirecting', '', body, nonce, c.customCss ?? '', `<meta http-equiv="refresh" content="0;url=${url}">\n`);
  }
  const content = c.html !== undefined ? `<div class="description">${c.html}</div>` : c.message ? `<p>${escapeHtml(c.message).replace(/\n/g, '<br>')}</p>` : '';
  const body = `<main>
<div class="card completion${c.failed ? ' failed' : ''}" role="${c.failed ? 'alert' : 'status'}">
<div class="icon" aria-hidden="true">${c.failed ? '!' : '&#10003;'}</div>
<h1>${escapeHtml(c.title)}</h1>
${content}
</div>
${c.appendAttribution ? '<footer>Form automated with Switchyard</footer>\n' : ''}</main>`;
  return document(c.title, c.message ?? '', body, nonce, c.customCss ?? '');
}

/** A URL a completion may redirect to: http(s) only. */
export function safeRedirect(url: unknown): string | undefined {
  const s = String(url ?? '').trim();
  if (!s) return undefined;
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}
