// HTTP Request: n8n-nodes-base.httpRequest, versions 1–2 and 3–4.4.
export { httpRequestV1 } from './legacy/HttpRequestV1.node.ts';
export { httpRequestV3 } from './v3/HttpRequestV3.node.ts';
