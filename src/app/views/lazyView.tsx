// A view whose module loads on first use, without React.lazy: a lazy component suspends, and
// React 19 holds back revealing a Suspense boundary until 300 ms after its fallback showed
// (FALLBACK_THROTTLE_MS). A template page's preview frame sat idle ~150 ms on that timer, with
// its module long loaded. Here the placeholder is ordinary state, swapped as soon as the module
// is in; one already loaded (preloadViewFor) renders at once.
import { createElement, useEffect, useState, type ComponentType } from 'react';

export interface LazyView<P extends object> {
  View: ComponentType<P>;
  /** Starts loading (once); resolves to the module's view. */
  load(): Promise<ComponentType<P>>;
}

export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>): LazyView<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const start = () =>
    (pending ??= load().then(
      (view) => (loaded = view),
      (e: unknown) => {
        pending = undefined; // a later visit tries again
        throw e;
      },
    ));

  function View(props: P) {
    const [failed, setFailed] = useState<string>();
    const [, setLoaded] = useState(false);
    useEffect(() => {
      if (loaded) return;
      let live = true;
      start().then(
        () => live && setLoaded(true),
        (e: unknown) => live && setFailed(e instanceof Error ? e.message : String(e)),
      );
      return () => {
        live = false;
      };
    }, []);
    if (loaded) return createElement(loaded, props);
    if (failed) {
      return (
        <div className="view-loading" role="alert" data-testid="view-load-error">
          <p>
            This page could not be loaded ({failed}).{' '}
            <button type="button" className="btn btn-secondary" onClick={() => location.reload()}>
              Reload
            </button>
          </p>
        </div>
      );
    }
    return <div className="view-loading" data-testid="view-loading" />;
  }
  return { View, load: start };
}
