// The page our OAuth callbacks answer in the popup: on success it posts 'success' to the editor
// that opened it (only to the editor's origin) and closes; on failure it shows 'OAuth
// Authorization Error' and the reason, and stays open. Its one inline script runs under a
// per-answer nonce; nothing else may load.
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

export const OAUTH_ERROR_TITLE = 'OAuth Authorization Error';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;display:flex;align-items:center;justify-content:center;min-height:100vh;background:#f5f5f5;color:#333}
main{box-sizing:border-box;background:#fff;border:1px solid #ddd;border-radius:8px;padding:24px 28px;max-width:420px;margin:16px;box-shadow:0 2px 8px rgba(0,0,0,.06)}
h1{font-size:18px;margin:0 0 12px}.error h1{color:#c0392b}p{font-size:14px;line-height:1.5;margin:0 0 8px;overflow-wrap:anywhere}`;

function send(reply: FastifyReply, status: number, body: string, nonce: string): FastifyReply {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`)
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

/** Success: 'success' to the opener at `editorOrigin`, then the popup closes. */
export function successPage(reply: FastifyReply, editorOrigin: string): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Connection successful</title><style nonce="${nonce}">${STYLE}</style></head>
<body><main><h1>Got connected</h1><p>The credential is connected. This window closes by itself; close it if it does not.</p></main>
<script nonce="${nonce}">(function(){try{if(window.opener){window.opener.postMessage('success',${JSON.stringify(editorOrigin).replace(/</g, '\\u003c')});}}finally{window.close();}})();</script></body></html>`;
  return send(reply, 200, html, nonce);
}

/** Failure: the title and the reason (escaped); nothing was stored. */
export function errorPage(reply: FastifyReply, status: number, reason: string): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${OAUTH_ERROR_TITLE}</title><style nonce="${nonce}">${STYLE}</style></head>
<body class="error"><main class="error"><h1>${OAUTH_ERROR_TITLE}</h1><p class="reason">${escapeHtml(reason)}</p><p>Close this window and try connecting again from the credential.</p></main></body></html>`;
  return send(reply, status, html, nonce);
}
