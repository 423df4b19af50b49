// The Webhook URLs section at the top of a Webhook node's parameters (spec 001 §2.7, n8n's
// NodeWebhooks): collapsed by default, a Test URL / Production URL toggle, one row per HTTP method
// with the URL the server answers at (GET /rest/settings' urlBaseWebhook and endpoints); a click
// copies it (toast 2000 ms).
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { faChevronDown, faChevronRight, faCopy } from '@fortawesome/free-solid-svg-icons';
import { COPY_TOAST_MS } from '../../../model/constants.ts';
import { useStores } from '../../stores/context.ts';
import type { NodeModel } from '../../stores/WorkflowStore.ts';
import type { ToastStore } from '../../stores/ToastStore.ts';
import { Icon } from '../../ui/Icon.tsx';
import { FORM_TRIGGER_TYPE, runButtonLabel, webhookMethods, webhookUrl, type WebhookBase, type WebhookMode } from './triggerState.ts';
import type { INodeTypeDescription } from '../../../model/nodeTypes.ts';

/** The settings' webhook base, or undefined until GET /rest/settings has answered. */
export function useWebhookBase(): WebhookBase | undefined {
  const { settings } = useStores();
  const s = settings.settings;
  return s ? { urlBaseWebhook: s.urlBaseWebhook, endpointWebhook: s.endpointWebhook, endpointWebhookTest: s.endpointWebhookTest } : undefined;
}

export async function copyText(toasts: ToastStore, text: string, title: string, message?: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toasts.show({ kind: 'success', title, message, duration: COPY_TOAST_MS });
  } catch (e) {
    toasts.error('Could not copy', e instanceof Error ? e.message : String(e));
  }
}

export const WebhookUrls = observer(function WebhookUrls({ node, description }: { node: NodeModel; description?: INodeTypeDescription }) {
  const { ui } = useStores();
  const base = useWebhookBase();
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<WebhookMode>('test');
  if (!base) return null;
  const n = { name: node.name, type: node.type, typeVersion: node.typeVersion, webhookId: node.settings.webhookId, parameters: node.parameters as Record<string, unknown> };
  const url = webhookUrl(base, n, mode, description);
  // A Form Trigger has one address (its page, GET; submissions POST to the same URL).
  const form = node.type === FORM_TRIGGER_TYPE;
  const methods = form ? [''] : webhookMethods(n, description);
  const label = form ? 'Form URLs' : 'Webhook URLs';
  return (
    <div className="webhook-urls" data-testid="webhook-urls">
      <button type="button" className="webhook-urls-toggle" aria-expanded={open} onClick={() => setOpen(!open)} title={open ? `Click to hide ${label.toLowerCase()}` : `Click to display ${label.toLowerCase()}`} data-testid="webhook-urls-toggle">
        <Icon icon={open ? faChevronDown : faChevronRight} />
        {label}
      </button>
      {open && (
        <div className="webhook-urls-body">
          <div className="segmented" role="radiogroup" aria-label={form ? 'Form URL' : 'Webhook URL'}>
            {(['test', 'production'] as const).map((m) => (
              <button
                key={m}
                type="button"
                role="radio"
                aria-checked={mode === m}
                className={mode === m ? 'segmented-item segmented-item-on' : 'segmented-item'}
                onClick={() => setMode(m)}
                data-testid={`webhook-urls-${m}`}
              >
                {m === 'test' ? 'Test URL' : 'Production URL'}
              </button>
            ))}
          </div>
          {methods.map((method) => (
            <button
              key={method}
              type="button"
              className="webhook-url"
              title="Click to copy webhook URLs"
              onClick={() => void copyText(ui.toasts, url, 'URL copied', form ? 'The form URL was successfully copied!' : 'The webhook URL was successfully copied!')}
              data-testid="webhook-url"
            >
              {method && <span className="webhook-url-method">{method}</span>}
              <span className="webhook-url-text">{url}</span>
              <Icon icon={faCopy} />
            </button>
          ))}
          <div className="hint">
            {mode === 'test'
              ? form
                ? 'The test form answers while the editor listens (Execute workflow); the submission shows up here.'
                : `The test URL answers while the editor listens for a test event (${description ? runButtonLabel(description, { listening: false, disabled: false }) : 'Listen for test event'}); the call shows up here.`
              : node.disabled
                ? 'The node is deactivated: its production URL does not answer.'
                : 'The production URL answers while the workflow is active; those executions do not show up in the editor.'}
          </div>
        </div>
      )}
    </div>
  );
});
