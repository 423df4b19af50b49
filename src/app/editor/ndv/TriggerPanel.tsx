// The trigger panel, shown instead of the input panel for trigger nodes (spec 001 §2.7, n8n's
// TriggerPanel): while the run waits for a test call, a webhook node's listening state with its
// test URL to copy; a polling node's spinner while it fetches; otherwise the node type's
// triggerPanel texts (header, activation hint, executions help) and the run button. Links in
// those texts act only where the product has the target: 'activate' activates the workflow
// (1 s after the view closes, as in n8n); 'executions' closes the view and opens the executions
// dialog; workflow settings do not exist yet, so their words stay plain text.
import { observer } from 'mobx-react-lite';
import { Fragment, useState } from 'react';
import { useLocation } from 'wouter';
import { faChevronDown, faChevronRight, faCopy } from '@fortawesome/free-solid-svg-icons';
import type { INodeTypeDescription } from '../../../model/nodeTypes.ts';
import { useStores } from '../../stores/context.ts';
import type { RootStore } from '../../stores/RootStore.ts';
import type { NodeModel } from '../../stores/WorkflowStore.ts';
import { Icon } from '../../ui/Icon.tsx';
import { NodeIcon } from '../../ui/NodeIcon.tsx';
import { updateWorkflowActivation } from '../header/activation.ts';
import { ExecuteNodeButton } from './ExecuteNodeButton.tsx';
import { copyText, useWebhookBase } from './WebhookUrls.tsx';
import { EXECUTION_ISSUE, FORM_TRIGGER_TYPE, helpSegments, isListening, isPolling, ownWebhookOf, triggerTexts, webhookMethods, webhookUrl, type HelpLink } from './triggerState.ts';

/** Spec 001 §2.7: activation after the node view closes runs with a 1 s delay. */
export const ACTIVATE_AFTER_CLOSE_MS = 1000;

/** The link targets this product has; others render as their text. */
const LIVE_LINKS: ReadonlySet<HelpLink> = new Set(['activate', 'executions']);

function HelpText({ html, onLink, testId, readOnly }: { html: string; onLink: (key: HelpLink) => void; testId: string; readOnly: boolean }) {
  const segments = helpSegments(html);
  return (
    <span data-testid={testId}>
      {segments.map((s, i) => {
        if (s.kind === 'break') return <br key={i} />;
        const text = s.bold ? <b>{s.text}</b> : s.text;
        // A past execution or the demo cannot activate anything: the link is its words there.
        if (s.kind === 'link' && (!readOnly || s.key === 'executions') && LIVE_LINKS.has(s.key as HelpLink)) {
          return (
            <button key={i} type="button" className="link-button" onClick={() => onLink(s.key as HelpLink)} data-testid={`trigger-link-${s.key}`}>
              {text}
            </button>
          );
        }
        return <Fragment key={i}>{text}</Fragment>;
      })}
    </span>
  );
}

function activateLater(root: RootStore, navigate: (to: string) => void): void {
  root.ui.closeNdv();
  setTimeout(() => void updateWorkflowActivation(root, true, { onCreated: (id) => navigate(`/workflow/${id}`) }), ACTIVATE_AFTER_CLOSE_MS);
}

export const TriggerPanel = observer(function TriggerPanel({ node, description: d }: { node: NodeModel; description: INodeTypeDescription }) {
  const root = useStores();
  const { run, workflow, ui } = root;
  const [, navigate] = useLocation();
  const [helpOpen, setHelpOpen] = useState(false);
  const base = useWebhookBase();
  const waitingForCall = run.waitingForWebhook && run.activeExecutionId === undefined;
  const listening = isListening(d, { listening: waitingForCall, disabled: node.disabled });
  const polling = isPolling(d) && run.running && !run.waitingForWebhook;
  const texts = triggerTexts(d, { active: workflow.active, polling });
  const onLink = (key: HelpLink) => {
    if (key === 'activate' && !ui.readOnly) activateLater(root, navigate);
    if (key === 'executions') {
      ui.closeNdv();
      ui.modals.open('executions');
    }
  };
  // n8n shows nothing but the panel while the node has parameter or credential issues.
  const hasIssues = node.issues.some((i) => i !== EXECUTION_ISSUE);

  if (listening) {
    const n = { name: node.name, type: node.type, typeVersion: node.typeVersion, webhookId: node.settings.webhookId, parameters: node.parameters as Record<string, unknown> };
    const isForm = d.name === FORM_TRIGGER_TYPE;
    const isWebhook = d.name === 'n8n-nodes-base.webhook' || isForm || ownWebhookOf(n, d) !== undefined;
    const url = base && isWebhook ? webhookUrl(base, n, 'test', d) : undefined;
    return (
      <section className="ndv-panel ndv-input ndv-trigger" aria-label="Trigger" data-testid="trigger-panel">
        <div className="trigger-panel trigger-listening" data-testid="trigger-listening">
          <div className="trigger-pulse">
            <NodeIcon icon={d.icon} iconUrl={d.iconUrl} color={d.iconColor ?? d.defaults.color} name={d.displayName} size={40} />
          </div>
          <div className="trigger-title">{isWebhook ? 'Listening for test event' : 'Listening for your trigger event'}</div>
          {isWebhook ? (
            <>
              <div className="trigger-shake">{isForm ? 'Open the test form and submit it:' : `Make a ${webhookMethods(n, d).join(', ')} request to:`}</div>
              {url && (
                <button type="button" className="copy-input" onClick={() => void copyText(ui.toasts, url, 'Test URL copied to clipboard')} title="Click to copy" data-testid="trigger-test-url">
                  <span className="copy-input-text">{url}</span>
                  <span className="copy-input-action">
                    <Icon icon={faCopy} /> Click to copy
                  </span>
                </button>
              )}
            </>
          ) : (
            <div className="trigger-shake">Go to {d.displayName.replace(/ Trigger$/, '')} and create an event</div>
          )}
          <ExecuteNodeButton node={node} description={d} size="m" testId="trigger-execute-button" />
        </div>
      </section>
    );
  }

  return (
    <section className="ndv-panel ndv-input ndv-trigger" aria-label="Trigger" data-testid="trigger-panel">
      <div className="trigger-panel">
        {!hasIssues && (
          <>
            {polling && <div className="spinner trigger-spinner" role="progressbar" aria-label="Fetching event" data-testid="trigger-polling" />}
            <NodeIcon icon={d.icon} iconUrl={d.iconUrl} color={d.iconColor ?? d.defaults.color} name={d.displayName} size={40} />
            {texts.header && (
              <h3 className="trigger-title" data-testid="trigger-header">
                {texts.header}
              </h3>
            )}
            {texts.subheader && <div className="hint">{texts.subheader}</div>}
          </>
        )}
        <ExecuteNodeButton node={node} description={d} size="m" testId="trigger-execute-button" />
        {!hasIssues && texts.activationHint && (
          <p className="trigger-hint">
            <HelpText html={texts.activationHint} onLink={onLink} testId="trigger-activation-hint" readOnly={ui.readOnly} />
            {texts.executionsHelp && (
              <>
                {' '}
                <button type="button" className="link-button" onClick={() => setHelpOpen(true)} data-testid="trigger-more-info">
                  More info
                </button>
              </>
            )}
          </p>
        )}
      </div>
      {!hasIssues && texts.executionsHelp && (
        <div className="trigger-accordion">
          <button type="button" className="trigger-accordion-title" aria-expanded={helpOpen} onClick={() => setHelpOpen(!helpOpen)} data-testid="trigger-help-toggle">
            <Icon icon={helpOpen ? faChevronDown : faChevronRight} />
            When will this node trigger my flow?
          </button>
          {helpOpen && (
            <div className="trigger-accordion-body">
              <HelpText html={texts.executionsHelp} onLink={onLink} testId="trigger-executions-help" readOnly={ui.readOnly} />
            </div>
          )}
        </div>
      )}
    </section>
  );
});
