// The trigger tooltip (spec 001 §2.7, n8n's node title tooltip): 2.5 s after a run starts, when
// the workflow has a single enabled trigger and it has no data yet, the trigger's
// eventTriggerDescription ('Waiting for you to call the Test URL') shows above it on the canvas
// until data comes or the run ends. Types whose eventTriggerDescription is '' show none.
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState } from 'react';
import { computed } from 'mobx';
import type { CanvasHandle } from '../../../canvas/types.ts';
import type { INodeTypeDescription } from '../../../model/nodeTypes.ts';
import { NODE_SIZE } from '../../../model/constants.ts';
import { useStores } from '../../stores/context.ts';
import type { RootStore } from '../../stores/RootStore.ts';
import { EXECUTION_ISSUE, triggerTooltipText } from '../ndv/triggerState.ts';

export const TRIGGER_TOOLTIP_DELAY_MS = 2500;

interface SingleTrigger {
  id: string;
  name: string;
  d: INodeTypeDescription;
}

/** The workflow's only enabled trigger, or undefined (none, or more than one). */
export function singleActiveTrigger(root: RootStore): SingleTrigger | undefined {
  const { workflow, nodeTypes } = root;
  let trigger: SingleTrigger | undefined;
  for (const n of workflow.nodes.values()) {
    if (n.disabled || !nodeTypes.isTrigger(n.type, n.typeVersion)) continue;
    if (trigger) return undefined;
    const d = nodeTypes.get(n.type, n.typeVersion);
    if (d) trigger = { id: n.id, name: n.name, d };
  }
  return trigger;
}

/**
 * The node the tooltip is for and its text, while the conditions hold (before the delay).
 * `trigger` is singleActiveTrigger's answer (the view keeps it in a computed, so a run's
 * node messages do not walk every node again).
 */
export function triggerTooltipTarget(root: RootStore, trigger: SingleTrigger | undefined): { id: string; text: string } | undefined {
  const { run, workflow } = root;
  if (!run.running || root.ui.readOnly || !trigger) return undefined;
  void workflow.runDataVersion;
  if (workflow.runData?.[trigger.name]?.length || workflow.pinData[trigger.name]) return undefined;
  const m = workflow.nodes.get(trigger.id);
  if (!m || m.issues.some((i) => i !== EXECUTION_ISSUE)) return undefined;
  const text = triggerTooltipText(trigger.d);
  return text ? { id: trigger.id, text } : undefined;
}

export const TriggerTooltip = observer(function TriggerTooltip({ canvas }: { canvas: CanvasHandle | undefined }) {
  const root = useStores();
  const single = useMemo(() => computed(() => singleActiveTrigger(root), { equals: (a, b) => a?.id === b?.id && a?.name === b?.name && a?.d === b?.d }), [root]);
  const target = root.run.running ? triggerTooltipTarget(root, single.get()) : undefined;
  const key = target ? `${target.id}\n${target.text}` : '';
  const [shownKey, setShownKey] = useState('');
  const el = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!key) return;
    const t = setTimeout(() => setShownKey(key), TRIGGER_TOOLTIP_DELAY_MS);
    return () => {
      clearTimeout(t);
      setShownKey('');
    };
  }, [key]);

  const shown = !!key && shownKey === key;
  // Follows the node while the view pans or zooms: one position per frame while shown.
  useEffect(() => {
    if (!shown || !canvas || !target) return;
    const id = target.id;
    let frame = 0;
    const place = () => {
      const n = root.workflow.nodes.get(id);
      const box = el.current;
      if (n && box) {
        const [x, y] = canvas.worldToScreen(n.x + NODE_SIZE / 2, n.y);
        box.style.transform = `translate(${Math.round(x)}px, ${Math.round(y)}px) translate(-50%, calc(-100% - 10px))`;
      }
      frame = requestAnimationFrame(place);
    };
    place();
    return () => cancelAnimationFrame(frame);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown, canvas, target?.id, root]);

  if (!shown || !target || !canvas) return null;
  return (
    <div ref={el} className="trigger-tooltip" role="status" data-testid="trigger-tooltip">
      {target.text}
    </div>
  );
});
