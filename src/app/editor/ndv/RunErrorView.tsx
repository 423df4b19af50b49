// A node's run error (spec 001 §2.7, n8n's NodeErrorView): the message, the description, and a
// collapsible 'Error details' section with the HTTP code, the cause (its JSON opened to depth 3,
// not shown when too large), time, item and run index, the parameter ('Could not find parameter'
// when the node type has none by that name) and the stack, with a copy button. ExecutionNotice
// says what the execution itself did: 'Failed execution' when it failed without a node error, and
// the warning of an execution that waits (waitTill) with refresh and more-info links.
import { observer } from 'mobx-react-lite';
import { useState, type ReactNode } from 'react';
import { faChevronDown, faChevronRight, faCopy, faTriangleExclamation } from '@fortawesome/free-solid-svg-icons';
import { ERROR_CAUSE_DEPTH } from '../../../model/constants.ts';
import type { ExecutionError } from '../../../model/execution.ts';
import { getExecution } from '../../api/executions.ts';
import { errorMessage } from '../../api/errors.ts';
import { useStores } from '../../stores/context.ts';
import type { NodeModel } from '../../stores/WorkflowStore.ts';
import { Icon } from '../../ui/Icon.tsx';
import { causeJson, errorCopyText, errorRows, parameterLabel } from './errorDetails.ts';
import { copyText } from './WebhookUrls.tsx';

/** The Wait node's documentation: what a waiting execution is. */
export const WAIT_DOCS_URL = 'https://docs.n8n.io/integrations/builtin/core-nodes/n8n-nodes-base.wait/';

function JsonTree({ value, depth, name }: { value: unknown; depth: number; name?: string }): ReactNode {
  const label = name !== undefined ? <span className="error-json-key">{name}: </span> : null;
  if (value === null || typeof value !== 'object') {
    return (
      <div className="error-json-leaf">
        {label}
        <span className={`error-json-${value === null ? 'null' : typeof value}`}>{typeof value === 'string' ? JSON.stringify(value) : String(value)}</span>
      </div>
    );
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value as Record<string, unknown>);
  const brackets = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) {
    return (
      <div className="error-json-leaf">
        {label}
        {brackets.join('')}
      </div>
    );
  }
  return (
    <details className="error-json-node" open={depth < ERROR_CAUSE_DEPTH}>
      <summary>
        {label}
        {brackets[0]}
        <span className="error-json-count"> {entries.length} {Array.isArray(value) ? 'items' : 'keys'} </span>
      </summary>
      <div className="error-json-children">
        {entries.map(([k, v]) => (
          <JsonTree key={k} name={k} value={v} depth={depth + 1} />
        ))}
      </div>
      <div>{brackets[1]}</div>
    </details>
  );
}

export const RunErrorView = observer(function RunErrorView({ error, runIndex }: { error: ExecutionError; runIndex: number }) {
  const { nodeTypes, workflow, ui } = useStores();
  const [open, setOpen] = useState(false);
  // The node the error is from (engine errors name it), else the open node.
  const from = error.node ? workflow.nodeByName(error.node.name) : ui.ndvNode;
  const d = from ? nodeTypes.get(from.type, from.typeVersion) : error.node ? nodeTypes.get(error.node.type, error.node.typeVersion) : undefined;
  const param = typeof error.context?.parameter === 'string' && error.context.parameter ? error.context.parameter : undefined;
  const parameter = param ? (d ? parameterLabel(d.properties, param) : `Could not find parameter "${param}"`) : undefined;
  // Local time, as the run info above the data says it.
  const rows = errorRows(error, { runIndex, parameter });
  const cause = causeJson(error.cause);
  const description = error.description ?? (typeof error.context?.descriptionTemplate === 'string' ? error.context.descriptionTemplate : undefined);
  return (
    <div className="run-error" role="alert" data-testid="run-error">
      <div className="run-error-title" data-testid="run-error-message">
        {error.message || 'The node failed'}
      </div>
      {description && (
        <div className="run-error-desc" data-testid="run-error-description">
          {description}
        </div>
      )}
      {parameter?.startsWith('Could not find parameter') && (
        <div className="run-error-param" data-testid="run-error-parameter-missing">
          {parameter}
        </div>
      )}
      <div className="error-details">
        <div className="error-details-head">
          <button type="button" className="run-error-toggle" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="run-error-details-toggle">
            <Icon icon={open ? faChevronDown : faChevronRight} />
            Error details
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-s"
            onClick={() => void copyText(ui.toasts, errorCopyText(error, rows), 'Copied to clipboard')}
            data-testid="run-error-copy"
          >
            <Icon icon={faCopy} /> Copy
          </button>
        </div>
        {open && (
          <div className="error-details-body" data-testid="run-error-details">
            <dl className="error-rows">
              {rows.map((r) => (
                <div key={r.label}>
                  <dt>{r.label}</dt>
                  <dd data-testid={`run-error-row-${r.label.toLowerCase().replace(/ /g, '-')}`}>{r.value}</dd>
                </div>
              ))}
            </dl>
            {typeof error.context?.causeDetailed === 'string' && (
              <section>
                <h4>Full message</h4>
                <pre>{error.context.causeDetailed}</pre>
              </section>
            )}
            {cause && (
              <section data-testid="run-error-cause">
                <h4>Error cause</h4>
                {cause.tooLarge ? <div className="hint">The cause is too large to display.</div> : <JsonTree value={cause.value} depth={0} />}
              </section>
            )}
            {error.stack && (
              <section>
                <h4>Stack trace</h4>
                <pre className="run-error-stack" data-testid="run-error-stack">
                  {error.stack}
                </pre>
              </section>
            )}
          </div>
        )}
      </div>
    </div>
  );
});

/** A run the user stopped did not fail (the engine's cancel error without the time-out). */
function stoppedByUser(e: ExecutionError): boolean {
  return e.name === 'ExecutionCancelledError' && !/timed out/.test(e.message);
}

/** The execution's own outcome over the output panel: 'Failed execution', or still waiting. */
export const ExecutionNotice = observer(function ExecutionNotice(_props: { node: NodeModel }) {
  const root = useStores();
  const { workflow, run, ui } = root;
  const [refreshing, setRefreshing] = useState(false);
  const outcome = workflow.executionOutcome;
  void workflow.runDataVersion;
  if (!outcome || run.running) return null;
  const id = workflow.executionId;
  if (outcome.waitTill) {
    const refresh = async () => {
      if (!id) return;
      setRefreshing(true);
      try {
        const x = await getExecution(id);
        if (workflow.executionId !== id) return;
        workflow.setRunData(x.data?.resultData.runData ?? {}, x.id, {
          waitTill: x.waitTill ?? x.data?.waitTill,
          lastNode: x.data?.resultData.lastNodeExecuted,
          error: x.data?.resultData.error,
        });
      } catch (e) {
        ui.toasts.error('Problem loading execution', errorMessage(e));
      } finally {
        setRefreshing(false);
      }
    };
    return (
      <div className="run-notice run-notice-warning execution-notice" role="status" data-testid="execution-waiting">
        <Icon icon={faTriangleExclamation} />
        <span>
          This execution hasn't finished yet.{' '}
          {id && (
            <button type="button" className="link-button" disabled={refreshing} onClick={() => void refresh()} data-testid="execution-waiting-refresh">
              Refresh
            </button>
          )}{' '}
          to see the latest status.{' '}
          <a href={WAIT_DOCS_URL} target="_blank" rel="noreferrer">
            More info
          </a>
        </span>
      </div>
    );
  }
  const nodeErrors = Object.values(workflow.runData ?? {}).some((runs) => runs.some((r) => r.error));
  if (!outcome.error || nodeErrors || stoppedByUser(outcome.error)) return null;
  return (
    <div className="run-notice run-notice-error execution-notice" role="alert" data-testid="execution-failed">
      <Icon icon={faTriangleExclamation} />
      <span>
        <b>Failed execution</b>: {outcome.error.message}
        {outcome.error.description ? <span className="execution-notice-desc"> {outcome.error.description}</span> : null}
      </span>
    </div>
  );
});
