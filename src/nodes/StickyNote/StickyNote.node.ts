// Sticky Note: a canvas annotation; never runs.
import type { NodeType } from '../types.ts';
import { STICKY_DEFAULT_HEIGHT, STICKY_DEFAULT_WIDTH } from '../../model/constants.ts';

export const stickyNote: NodeType = {
  kind: 'regular',
  description: {
    name: 'n8n-nodes-base.stickyNote',
    displayName: 'Sticky Note',
    description: 'Make your workflow easier to understand',
    icon: 'fa:sticky-note',
    group: ['input'],
    version: 1,
    defaults: { name: 'Sticky Note', color: '#FFD233' },
    inputs: [],
    outputs: [],
    codex: { categories: ['Core Nodes'], alias: ['Comments', 'Notes', 'Sticky'] },
    properties: [
      {
        displayName: 'Content',
        name: 'content',
        type: 'string',
        default: "## I'm a note \n**Double click** to edit me. [Guide](https://docs.n8n.io/workflows/sticky-notes/)",
      },
      { displayName: 'Height', name: 'height', type: 'number', required: true, default: STICKY_DEFAULT_HEIGHT },
      { displayName: 'Width', name: 'width', type: 'number', required: true, default: STICKY_DEFAULT_WIDTH },
      { displayName: 'Color', name: 'color', type: 'number', required: true, default: 1 },
    ],
  },
};
