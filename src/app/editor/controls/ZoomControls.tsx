// Zoom to fit / in / out / reset (reset hidden at scale 1; spec 001 §2.4), then the view's
// other control groups (undo, redo, tidy up).
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { faExpand, faMagnifyingGlassMinus, faMagnifyingGlassPlus, faArrowRotateLeft } from '@fortawesome/free-solid-svg-icons';
import type { CanvasHandle } from '../../../canvas/types.ts';
import { Icon } from '../../ui/Icon.tsx';

export const ZoomControls = observer(function ZoomControls({ canvas, children }: { canvas: CanvasHandle | undefined; children?: ReactNode }) {
  const scale = canvas?.zoom.scale ?? 1;
  return (
    <div className="canvas-overlay canvas-controls" data-fit-avoid>
      <div className="control-group" role="toolbar" aria-label="Zoom">
        <button type="button" className="btn" onClick={() => canvas?.zoomToFit()} disabled={!canvas} title="Zoom to fit (1)" aria-label="Zoom to fit" data-testid="zoom-to-fit">
          <Icon icon={faExpand} />
        </button>
        <button type="button" className="btn" onClick={() => canvas?.zoomIn()} disabled={!canvas} title="Zoom in (+)" aria-label="Zoom in" data-testid="zoom-in">
          <Icon icon={faMagnifyingGlassPlus} />
        </button>
        <button type="button" className="btn" onClick={() => canvas?.zoomOut()} disabled={!canvas} title="Zoom out (-)" aria-label="Zoom out" data-testid="zoom-out">
          <Icon icon={faMagnifyingGlassMinus} />
        </button>
        {Math.abs(scale - 1) > 1e-6 && (
          <button type="button" className="btn" onClick={() => canvas?.resetZoom()} title="Reset zoom (0)" aria-label="Reset zoom" data-testid="zoom-reset">
            <Icon icon={faArrowRotateLeft} />
          </button>
        )}
      </div>
      {children}
    </div>
  );
});
