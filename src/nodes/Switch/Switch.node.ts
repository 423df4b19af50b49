// Switch: n8n-nodes-base.switch, versions 1, 2 and 3–3.4.
export { switchV1 } from './v1/SwitchV1.node.ts';
export { switchV2 } from './v2/SwitchV2.node.ts';
export { switchV3 } from './v3/SwitchV3.node.ts';
