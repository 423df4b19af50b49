// The spec's constants, each named once (spec 000 §9, 001 §9, 002).

// Canvas (001 §9)
export const GRID_SIZE = 20;
export const ZOOM_STEP = 1.25;
export const NODE_SIZE = 100;
export const DEFAULT_START_POSITION: [number, number] = [240, 300];
export const DEFAULT_CLICK_POSITION: [number, number] = [450, 450];
export const DUPLICATE_OFFSET_Y = 140;
export const STICKY_DEFAULT_HEIGHT = 300;
export const STICKY_DEFAULT_WIDTH = 380;
export const STICKY_ACTIVE_Z_INDEX = 9999999;
export const STICKY_DUPLICATE_OFFSET: [number, number] = [40, 40];
/** Insertion offsets (y) for nodes added after a multi-output node, by output count. */
export const MULTI_OUTPUT_OFFSETS: Record<number, number[]> = {
  2: [-100, 100],
  3: [-140, 0, 140],
  4: [-240, -100, 100, 240],
};
/**
 * Horizontal distance from a node to one added after it (plus button, creator with a source):
 * two node boxes and a grid step, n8n's PUSH_NODES_OFFSET. The spec gives NODE_SIZE and
 * GRID_SIZE (§9) and only the vertical per-output offsets (§4.1); this is the one x gap used
 * by both the canvas (src/canvas/interaction/states.ts) and the model (src/model/placement.ts).
 */
export const PUSH_NODES_OFFSET = NODE_SIZE * 2 + GRID_SIZE;
export const CONNECTION_LABEL_MIN_WIDTH = 90;
export const CONNECTION_LABEL_MIN_HEIGHT = 100;
export const ENDPOINT_HOVER_DELAY_MS = 150;
export const ENDPOINT_HIDE_DELAY_MS = 500;
export const RECONNECT_ON_DELETE_DELAY_MS = 100;
export const ENDPOINT_PLUS_HINT = 'Click to add node or drag to connect';

// Debounces (001 §9)
export const DEBOUNCE_EXPRESSION_MS = 500;
export const DEBOUNCE_DISABLE_MS = 350;
export const DEBOUNCE_DELETE_MS = 500;
export const DEBOUNCE_SELECT_ALL_MS = 1000;
export const DEBOUNCE_COPY_MS = 1000;
export const DEBOUNCE_SAVE_MS = 1000;
export const DEBOUNCE_RENAME_MS = 1500;
export const DEBOUNCE_PASTE_MS = 1000;
export const DROP_DELAY_MS = 200;
export const HINT_TOOLTIP_DELAY_MS = 1000;
export const EXPRESSION_EDITOR_OPEN_DELAY_MS = 375;

// Workflow (001 §9)
export const MAX_WORKFLOW_PAYLOAD_BYTES = 12582912;
export const MAX_PINNED_DATA_BYTES = 12 * 1024 * 1024;
export const PIN_DATA_SIZE_CONSTANT = 204800;
export const DEFAULT_WORKFLOW_NAME = 'My workflow';
export const COPY_SUFFIX = ' copy';
export const MAX_WORKFLOW_NAME_LENGTH = 128;
export const PLACEHOLDER_EMPTY_WORKFLOW_ID = '__EMPTY__';
export const IN_PROGRESS_EXECUTION_ID = '__IN_PROGRESS__';
export const EXPRESSION_RESULT_MAX_CHARS = 102400;
export const RUN_TIME_PLACEHOLDER = '[filled at execution time]';
/** waitTill at or after this date means "waiting indefinitely" (n8n uses 3000-01-01). */
export const WAIT_INDEFINITELY = new Date('3000-01-01T00:00:00.000Z');

// Output panel (001 §9)
export const PAGINATION_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const JSON_VIEW_DEPTH = 10;
export const ERROR_CAUSE_DEPTH = 3;
export const COPY_TOAST_MS = 2000;
export const MAPPING_HINT_MS = 6000;
export const INPUT_NODE_NAME_MAX = 30;

// Node details view panel sizes (001 §9)
export const NDV_MAIN_PANEL_WIDTH = 360;
export const NDV_MARGIN = 24;
export const NDV_FIXED_SIDE = 320;
export const NDV_FIXED_SIDE_WIDE = 420;
export const NDV_WIDE_WINDOW = 1700;
export const NDV_MIN_INPUT = 320;
export const NDV_MIN_OUTPUT = 320;
export const BREAKPOINTS = { sm: 768, md: 992, lg: 1200, xl: 1920 } as const;

// Executions and push (001 §9)
export const EXECUTIONS_AUTO_REFRESH_MS = 4000;
export const EXECUTIONS_TIMER_MS = 1000;
export const PUSH_RECONNECT_MS = 3000;
export const PUSH_QUEUED_RETRIES = 5;
export const EXECUTIONS_PAGE_SIZE = 10;
export const EXECUTIONS_AUTO_REFRESH_SIZE = 30;

// Node settings (001 §5)
export const MAX_TRIES_MIN = 2;
export const MAX_TRIES_MAX = 5;
export const MAX_TRIES_DEFAULT = 3;
export const WAIT_BETWEEN_TRIES_MIN = 0;
export const WAIT_BETWEEN_TRIES_MAX = 5000;
export const WAIT_BETWEEN_TRIES_DEFAULT = 1000;

// Server defaults (000 §9, 001 §9)
/** The spec's fallback (editor until settings load, engine without a zone); the server's default is the machine's zone (config.ts). */
export const DEFAULT_TIMEZONE = 'America/New_York';
export const DEFAULT_EXECUTION_TIMEOUT = -1;
export const DEFAULT_SAVE_DATA = 'all';
export const WEBHOOK_ENDPOINT = 'webhook';
export const WEBHOOK_TEST_ENDPOINT = 'webhook-test';
export const WEBHOOK_WAITING_ENDPOINT = 'webhook-waiting';
export const DEFAULT_LOCALE = 'en';
export const REST_ENDPOINT = 'rest';
export const DEFAULT_PORT = 5678;
export const DEFAULT_HOST = '127.0.0.1';

// Node types the product treats specially.
export const STICKY_NODE_TYPE = 'n8n-nodes-base.stickyNote';
export const MANUAL_TRIGGER_NODE_TYPE = 'n8n-nodes-base.manualTrigger';
export const START_NODE_TYPE = 'n8n-nodes-base.start';
export const WEBHOOK_NODE_TYPE = 'n8n-nodes-base.webhook';
export const HTTP_REQUEST_NODE_TYPE = 'n8n-nodes-base.httpRequest';
export const NO_OP_NODE_TYPE = 'n8n-nodes-base.noOp';
export const IF_NODE_TYPE = 'n8n-nodes-base.if';
export const SWITCH_NODE_TYPE = 'n8n-nodes-base.switch';
export const SPLIT_IN_BATCHES_NODE_TYPE = 'n8n-nodes-base.splitInBatches';
export const FLOW_NODE_TYPES = [IF_NODE_TYPE, SWITCH_NODE_TYPE, SPLIT_IN_BATCHES_NODE_TYPE];
/** Node types a run may start from, in n8n's order of preference. */
export const STARTING_NODE_TYPES = [
  MANUAL_TRIGGER_NODE_TYPE,
  'n8n-nodes-base.executeWorkflowTrigger',
  'n8n-nodes-base.errorTrigger',
  START_NODE_TYPE,
];
