// Set / Edit Fields: n8n-nodes-base.set, versions 1–2 (Set) and 3–3.4 (Edit Fields).
export { setV1 } from './v1/SetV1.node.ts';
export { setV3 } from './v3/SetV3.node.ts';
