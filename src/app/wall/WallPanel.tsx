// One workflow on the wall: its name and figures above a read-only canvas fitted to the panel
// (again on every resize and whenever the workflow changed), and its last failure, flashing
// when new. Names are drawn at least 18 px tall wherever the layout allows: a workflow too wide
// for that is drawn wrapped into bands (wallFit.ts).
import { observer } from 'mobx-react-lite';
import { reaction } from 'mobx';
import { useEffect, useRef, useState } from 'react';
import { createCanvas } from '../../canvas/index.ts';
import type { CanvasDocument, CanvasHandle, NodeTypeLookup } from '../../canvas/types.ts';
import { basePath } from '../basePath.ts';
import { LOOK_KEY, type WallPanelState } from './WallPanelState.ts';
import { percent } from './liveState.ts';
import { bandsFor, fitPadding, wallMaxScale, WALL_NAME_PX } from './wallFit.ts';

function lookup(panel: WallPanelState): NodeTypeLookup {
  return (type, typeVersion, parameters) => {
    const own = parameters?.[LOOK_KEY];
    if (own && typeof own === 'object') return own as ReturnType<NodeTypeLookup>;
    return panel.types[`${type}@${typeVersion}`];
  };
}

function time(at: number): string {
  return new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

export const WallPanel = observer(function WallPanel({ panel, now }: { panel: WallPanelState; now: number }) {
  const host = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const pad = fitPadding(window.innerWidth);
    // Wrapped before the first frame, so that the first frame drawn is the fitted one.
    panel.wrap(bandsFor(panel.extent, el.clientWidth, el.clientHeight, pad).bands);
    const handle: CanvasHandle = createCanvas(el, {
      document: panel.doc as unknown as CanvasDocument,
      nodeTypes: lookup(panel),
      workerBaseUrl: `${basePath}workers/`,
      readOnly: true,
      minimap: false,
      minNamePx: WALL_NAME_PX,
      // A small workflow fills its panel: read from across the room (up to 4× on a 3840-px wall).
      fitMaxScale: wallMaxScale(window.innerWidth),
      // Room above and below for the failure line drawn over the canvas's top.
      fitPaddingPx: pad,
      callbacks: { openNode: () => undefined, requestAddNode: () => undefined, onError: setProblem },
    });
    let fitTimer: ReturnType<typeof setTimeout> | undefined;
    const refit = () => {
      panel.wrap(bandsFor(panel.extent, el.clientWidth, el.clientHeight, pad).bands);
      handle.zoomToFit();
    };
    const fit = () => {
      clearTimeout(fitTimer);
      fitTimer = setTimeout(refit, 50);
    };
    handle.ready.then(() => {
      refit();
      (el as HTMLElement & { wallCanvas?: CanvasHandle }).wallCanvas = handle;
    }, (e: unknown) => setProblem(e instanceof Error ? e.message : String(e)));
    const resized = new ResizeObserver(fit);
    resized.observe(el);
    const reshaped = reaction(() => panel.shape, fit);
    return () => {
      clearTimeout(fitTimer);
      resized.disconnect();
      reshaped();
      handle.destroy();
    };
  }, [panel]);

  const failure = panel.lastFailure;
  const flashing = panel.flashUntil > now;
  return (
    <section className={`wall-panel${flashing ? ' wall-panel--flash' : ''}`} data-testid="wall-panel" data-workflow-id={panel.id} aria-label={panel.name}>
      <header className="wall-panel-head">
        <h2 className="wall-panel-name">{panel.name}</h2>
        {!panel.active && <span className="wall-inactive">Inactive</span>}
        <dl className="wall-figures">
          <div data-testid="wall-per-minute">
            <dt>per minute</dt>
            <dd>{panel.perMinute}</dd>
          </div>
          <div data-testid="wall-error-rate" className={panel.errorRate > 0 ? 'wall-bad' : undefined}>
            <dt>errors</dt>
            <dd>{percent(panel.errorRate)}</dd>
          </div>
          <div data-testid="wall-running">
            <dt>running</dt>
            <dd>{panel.running}</dd>
          </div>
        </dl>
      </header>
      {/* Over the canvas, not above it: a failure must not resize (and so clear and refit) the drawing. */}
      <div className="wall-body">
        <div ref={host} className="wall-canvas" data-testid="wall-canvas" />
        {failure && (
          <p className={`wall-failure${flashing ? ' wall-failure--new' : ''}`} data-testid="wall-failure" role={flashing ? 'alert' : undefined}>
            <span className="wall-failure-when">{time(failure.at)}</span> <strong>{failure.nodeName}</strong>: {failure.message}
          </p>
        )}
        {problem && <p className="wall-problem">{problem}</p>}
      </div>
    </section>
  );
});
