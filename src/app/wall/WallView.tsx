// /wall (issue 18): the operations-room screen. `?ids=a,b` shows those workflows to a signed-in
// user; `?token=…` shows a wall token's workflows on a kiosk without signing in. Panels that do
// not fit one page are shown a page at a time, turning every `interval` seconds (default 20);
// `perPage` sets how many share a page. Without ids or a token: the set-up page.
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { WallBoard, type WallLink } from './WallBoard.ts';
import { WallPanel } from './WallPanel.tsx';
import { WallSetup } from './WallSetup.tsx';
import { pageSeconds, panelsPerPage } from './liveState.ts';
import { columnsFor, fitPadding } from './wallFit.ts';
import './wall.css';

const LINK_TEXT: Record<WallLink, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  refused: 'Refused',
};

export function WallView() {
  const params = new URLSearchParams(useSearch());
  const token = params.get('token') ?? undefined;
  const ids = params.get('ids')?.split(',').map((s) => s.trim()).filter(Boolean);
  if (!token && !ids?.length) return <WallSetup />;
  return <WallScreen token={token} ids={ids} perPage={Number(params.get('perPage')) || undefined} interval={Number(params.get('interval')) || undefined} />;
}

function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}

function useScreen(): { w: number; h: number } {
  const [size, setSize] = useState(() => ({ w: window.innerWidth, h: window.innerHeight }));
  useEffect(() => {
    const on = () => setSize({ w: window.innerWidth, h: window.innerHeight });
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return size;
}

const WallScreen = observer(function WallScreen({ token, ids, perPage, interval }: { token?: string; ids?: string[]; perPage?: number; interval?: number }) {
  const key = `${token ?? ''}|${ids?.join(',') ?? ''}`;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const board = useMemo(() => new WallBoard({ token, ids }), [key]);
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    board.start();
    // End-to-end tests reach the board (its stream) through the element.
    if (el.current) (el.current as HTMLDivElement & { wallBoard?: WallBoard }).wallBoard = board;
    return () => board.stop();
  }, [board]);
  const now = useNow(1000);
  const screen = useScreen();
  const per = panelsPerPage(board.panels.length, perPage);
  const pages = Math.max(1, Math.ceil(board.panels.length / per));
  const seconds = pageSeconds(interval);
  const [start] = useState(() => Date.now());
  const page = Math.floor((now - start) / (seconds * 1000)) % pages;
  const shown = board.panels.slice(page * per, page * per + per);
  // A panel's header is about 4.4 of the wall's font size (wall.css: clamp(14px, 0.9vw, 40px)).
  const headPx = 4.4 * Math.min(40, Math.max(14, screen.w * 0.009));
  const cols = columnsFor(shown.map((p) => p.extent), screen.w, screen.h - 48, headPx, fitPadding(screen.w));

  useEffect(() => {
    const title = document.title;
    document.title = 'Wall · Switchyard';
    return () => {
      document.title = title;
    };
  }, []);

  return (
    // Reconnecting: the last state stays, dimmed, so that nobody reads it as live.
    <div className={`wall${board.link === 'reconnecting' ? ' wall--stale' : ''}`} data-testid="wall" ref={el}>
      <header className="wall-bar">
        <span className="wall-brand">Switchyard wall</span>
        {pages > 1 && (
          <span className="wall-page" data-testid="wall-page">
            Page {page + 1} of {pages}
          </span>
        )}
        <span className={`wall-link wall-link--${board.link}`} data-testid="wall-link" role="status">
          {LINK_TEXT[board.link]}
        </span>
        <time className="wall-clock">{new Date(now).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}</time>
      </header>
      {board.problem && (
        <p className="wall-refused" data-testid="wall-problem" role="alert">
          {board.problem}
        </p>
      )}
      {!board.problem && board.link !== 'connecting' && board.panels.length === 0 && <p className="wall-refused">None of the workflows of this wall exist any more.</p>}
      {/* A refused (revoked) wall shows nothing of what it showed. */}
      {board.link !== 'refused' && (
        <main className="wall-grid" style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))` }}>
          {shown.map((p) => (
            <WallPanel key={p.id} panel={p} now={now} />
          ))}
        </main>
      )}
    </div>
  );
});
