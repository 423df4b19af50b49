// The live result under an expression (spec 001 §4.2, §9): computed in the expression worker
// 500 ms after the last keystroke (at once when the editor opens), and again when the run data
// or pinned data it reads changes. Only the newest answer is shown.
import { useEffect, useMemo, useRef, useState } from 'react';
import { DEBOUNCE_EXPRESSION_MS } from '../../../../model/constants.ts';
import { buildGraph, parentNodes } from '../../../../model/graph.ts';
import type { RootStore } from '../../../stores/RootStore.ts';
import type { CompletionData, ValueKind } from './completions.ts';
import { nodeInput } from '../../../../../workers/expression/nodeInput.ts';
import { extensionNames, previewKey, requestPreview } from './previewClient.ts';
import type { PreviewResult } from '../../../../../workers/expression/previewKernel.ts';

export interface ShownPreview {
  /** The expression text (without '=') the result is for. */
  text: string;
  /** The input item it was computed for (0-based). */
  itemIndex: number;
  result: PreviewResult;
}

export function useExpressionPreview(root: RootStore, value: string, nodeName: string | undefined, parameters: unknown, enabled: boolean, itemIndex = 0): ShownPreview | undefined {
  const [shown, setShown] = useState<ShownPreview | undefined>();
  const seq = useRef(0);
  const opened = useRef(false);
  const key = nodeName ? previewKey(root, nodeName) : '';
  const lastItem = useRef(itemIndex);
  const paramsRef = useRef(parameters);
  paramsRef.current = parameters;
  useEffect(() => {
    if (!enabled || !nodeName) {
      opened.current = false;
      return;
    }
    const mine = ++seq.current;
    // Typing waits for a pause; opening the editor or choosing another item does not.
    const delay = opened.current && lastItem.current === itemIndex ? DEBOUNCE_EXPRESSION_MS : 0;
    lastItem.current = itemIndex;
    opened.current = true;
    const timer = setTimeout(() => {
      const params = JSON.parse(JSON.stringify(paramsRef.current ?? {})) as Record<string, unknown>;
      requestPreview(root, { expression: value, nodeName, parameters: params as never, itemIndex, now: Date.now() }).then(
        (result) => {
          if (mine === seq.current) setShown({ text: value.slice(1), itemIndex, result });
        },
        (e: unknown) => {
          if (mine !== seq.current) return;
          const message = e instanceof Error ? e.message : String(e);
          setShown({ text: value.slice(1), itemIndex, result: { text: `[invalid (${message})]`, state: 'invalid', segments: [], inputItems: 0 } });
        },
      );
    }, delay);
    return () => clearTimeout(timer);
  }, [root, value, nodeName, enabled, key, itemIndex]);
  return enabled ? shown : undefined;
}

const NO_EXTENSIONS: Partial<Record<ValueKind, string[]>> = {};

/** Node names (ancestors nearest first, then the rest), the first input item, extension names. */
export function useCompletionData(root: RootStore | null, nodeName: string | undefined): CompletionData {
  const key = root && nodeName ? previewKey(root, nodeName) : '';
  const [extensions, setExtensions] = useState(NO_EXTENSIONS);
  useEffect(() => {
    if (!root) return;
    let live = true;
    extensionNames(root).then(
      (e) => live && setExtensions(e),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [root]);
  const base = useMemo(() => {
    if (!root || !nodeName) return { nodeNames: [], sample: undefined, parameterNames: [] };
    const { workflow } = root;
    const wf = workflow.toWorkflow();
    const graph = buildGraph(wf.nodes, wf.connections);
    const ancestors = parentNodes(graph, nodeName);
    const others = wf.nodes.map((n) => n.name).filter((n) => n !== nodeName && !ancestors.includes(n));
    const input = nodeInput({ runData: workflow.runData ?? {}, pinData: workflow.pinData }, graph, nodeName);
    const parameterNames = Object.keys(workflow.nodeByName(nodeName)?.parameters ?? {});
    return { nodeNames: [...ancestors, ...others], sample: input.items[0]?.json, parameterNames };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [root, nodeName, key]);
  return useMemo(() => ({ ...base, extensions }), [base, extensions]);
}
