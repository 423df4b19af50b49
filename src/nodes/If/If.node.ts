// IF: n8n-nodes-base.if, versions 1 and 2–2.3.
export { ifV1 } from './v1/IfV1.node.ts';
export { ifV2 } from './v2/IfV2.node.ts';
