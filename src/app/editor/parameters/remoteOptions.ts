// Remote options (spec 001 §4.2, §5, §7): a parameter whose typeOptions name a loadOptionsMethod
// gets its choices from the server. It is 'loading' (the input disabled), 'loaded', or 'issue'
// (loaded with an issue: the spec's message under the input). It loads when shown, and again —
// debounced — when a parameter named in loadOptionsDependsOn changes, or any parameter of the
// node with typeOptions.reloadOnChange, or the node's credentials.
import { useEffect, useRef, useState } from 'react';
import type { INodeProperties, INodePropertyOption } from '../../../model/nodeTypes.ts';
import { getPath } from '../../../model/parameters.ts';
import { getNodeParameterOptions } from '../../api/nodeParameterOptions.ts';
import { errorMessage } from '../../api/errors.ts';
import type { ParameterContext } from './types.ts';

/** Wait after a depended-on value changes before asking again (typing in a rule's output name). */
export const RELOAD_DEBOUNCE_MS = 500;
/**
 * The first load waits this long: inputs that complete their value when they mount (the filter
 * writes its version) change a depended-on value in the same moment, and ask once, not twice.
 */
export const FIRST_LOAD_DELAY_MS = 30;

export function remoteOptionsError(reason: string): string {
  return `There was a problem loading the parameter options from server: "${reason}"`;
}

export function loadOptionsMethod(property: INodeProperties): string | undefined {
  const m = property.typeOptions?.loadOptionsMethod;
  return typeof m === 'string' && m !== '' ? m : undefined;
}

/**
 * Where a loadOptionsDependsOn entry points in the node's parameters: '/x' and 'x' from the
 * top, '&x' next to the asking parameter (n8n's relative form).
 */
export function dependencyPath(parameterPath: string, entry: string): string {
  if (entry.startsWith('&')) return [...parameterPath.split('.').slice(0, -1), entry.slice(1)].filter(Boolean).join('.');
  return entry.startsWith('/') ? entry.slice(1) : entry;
}

/** The values the options depend on, as one string: a change of it means a reload. */
export function dependencyKey(property: INodeProperties, parameterPath: string, root: Record<string, unknown>, nodeProperties: INodeProperties[] = []): string {
  const deps = (property.typeOptions?.loadOptionsDependsOn ?? []).map((e) => getPath(root, dependencyPath(parameterPath, e)));
  const reload = nodeProperties.filter((p) => p.typeOptions?.reloadOnChange && p.name !== parameterPath).map((p) => root[p.name]);
  return JSON.stringify([deps, reload]) ?? '';
}

/** The node's chosen credentials (type and id) and when they were saved, as one string: a change of it means a reload. */
export function credentialsKey(credentials: Record<string, { id?: string | null; name: string }> | undefined, stamp = ''): string {
  return JSON.stringify([Object.entries(credentials ?? {}).map(([type, c]) => [type, c.id ?? null, c.name]).sort(), stamp]);
}

export type RemoteOptionsState =
  | { status: 'loading'; options: INodePropertyOption[] }
  | { status: 'loaded'; options: INodePropertyOption[] }
  | { status: 'issue'; options: INodePropertyOption[]; error: string };

/**
 * The options of an options / multiOptions parameter: the static ones, or for a remote parameter
 * inside a node the server's. `reload` asks again at once (the Retry).
 */
export function useParameterOptions(property: INodeProperties, path: string, ctx: ParameterContext): RemoteOptionsState & { remote: boolean; reload: () => void } {
  const method = loadOptionsMethod(property);
  const node = ctx.node;
  const remote = !!method && !!node;
  const key = remote ? dependencyKey(property, path, ctx.root, node!.properties) : '';
  // As n8n: another credential chosen (or the first one) asks again — the options often come
  // from the service the credential reaches; so does saving the chosen one (its key fixed).
  const credentials = remote ? credentialsKey(node!.credentials, node!.credentialsStamp) : '';
  const staticOptions = (property.options ?? []) as INodePropertyOption[];
  const [state, setState] = useState<RemoteOptionsState>(remote ? { status: 'loading', options: [] } : { status: 'loaded', options: staticOptions });
  const [attempt, setAttempt] = useState(0);
  // The latest parameters when the request leaves (the key only decides when).
  const latest = useRef(ctx);
  latest.current = ctx;
  const loadedOnce = useRef(false);
  const lastAttempt = useRef(attempt);

  useEffect(() => {
    if (!remote) return;
    const controller = new AbortController();
    setState((s) => ({ status: 'loading', options: s.options }));
    const retry = attempt !== lastAttempt.current;
    lastAttempt.current = attempt;
    const delay = retry ? 0 : loadedOnce.current ? RELOAD_DEBOUNCE_MS : FIRST_LOAD_DELAY_MS;
    const timer = setTimeout(() => {
      const c = latest.current;
      getNodeParameterOptions(
        {
          nodeTypeAndVersion: { name: c.node!.type, version: c.typeVersion },
          path,
          methodName: method!,
          currentNodeParameters: c.root,
          credentials: c.node!.credentials,
        },
        controller.signal,
      ).then(
        (options) => {
          loadedOnce.current = true;
          if (!controller.signal.aborted) setState({ status: 'loaded', options: Array.isArray(options) ? options : [] });
        },
        (e: unknown) => {
          loadedOnce.current = true;
          if (!controller.signal.aborted) setState({ status: 'issue', options: [], error: remoteOptionsError(errorMessage(e)) });
        },
      );
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // node.type and typeVersion: another node type or version is another method.
  }, [remote, method, key, credentials, path, node?.type, ctx.typeVersion, attempt]);

  if (!remote) return { status: 'loaded', options: staticOptions, remote: false, reload: () => undefined };
  return { ...state, remote: true, reload: () => setAttempt((a) => a + 1) };
}
