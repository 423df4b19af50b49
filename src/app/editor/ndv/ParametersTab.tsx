import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import type { INodeTypeDescription } from '../../../model/nodeTypes.ts';
import { resolveNodeParameters } from '../../../model/parameters.ts';
import { parameterIssues } from '../../../model/nodeIssues.ts';
import { neededCredentialTypes } from '../../../model/nodeCredentials.ts';
import { displayParameter } from '../../../model/parameters.ts';
import { NodeCredentials } from '../../credentials/NodeCredentials.tsx';
import { useStores } from '../../stores/context.ts';
import type { NodeModel } from '../../stores/WorkflowStore.ts';
import { ParameterList } from '../parameters/ParameterList.tsx';
import type { ParameterContext } from '../parameters/types.ts';
import { WEBHOOK_NODE_TYPE } from '../../../model/constants.ts';
import { WebhookUrls } from './WebhookUrls.tsx';
import { FORM_TRIGGER_TYPE, ownWebhookOf } from './triggerState.ts';

export const ParametersTab = observer(function ParametersTab({ node, description }: { node: NodeModel; description: INodeTypeDescription }) {
  const { workflow, ui, credentials } = useStores();
  const params = node.parameters;
  const resolved = useMemo(() => resolveNodeParameters(description.properties, params, node.typeVersion), [description, params, node.typeVersion]);
  const issues = useMemo(() => (node.disabled ? {} : parameterIssues(description, params, node.typeVersion)), [description, params, node.typeVersion, node.disabled]);
  // node: what remote options and the resource locator's list send to the server.
  const credentialsStamp = Object.values(node.settings.credentials ?? {})
    .map((c) => (c.id ? (credentials.byId(c.id)?.updatedAt ?? '') : ''))
    .join('|');
  const ctx: ParameterContext = { root: resolved, typeVersion: node.typeVersion, readOnly: ui.readOnly, issues, node: { type: node.type, properties: description.properties, credentials: node.settings.credentials, credentialsStamp } };
  const needed = useMemo(() => neededCredentialTypes(description, params, node.typeVersion), [description, params, node.typeVersion]);
  const visible = description.properties.filter((p) => p.type !== 'hidden');
  // The Webhook URLs section comes first, as in n8n (spec 001 §2.7).
  // Also a community node's own webhook (its description's webhooks).
  const ownWebhook = ownWebhookOf({ name: node.name, type: node.type, typeVersion: node.typeVersion, webhookId: node.settings.webhookId, parameters: params as Record<string, unknown> }, description);
  const webhookUrls = node.type === WEBHOOK_NODE_TYPE || node.type === FORM_TRIGGER_TYPE || ownWebhook ? <WebhookUrls node={node} description={description} /> : null;
  if (visible.length === 0 && needed.length === 0) {
    return <div className="ndv-empty-params">This node has no parameters.</div>;
  }
  // The selectors go right after the shown credentialsSelect parameter (HTTP Request's Generic
  // Auth Type), else on top, as in n8n.
  const typeParam = visible.filter((p) => p.type === 'credentialsSelect' && displayParameter(p.displayOptions, resolved, resolved, node.typeVersion)).pop();
  const selectors = needed.length ? <NodeCredentials node={node} needed={needed} /> : null;
  return (
    <form className="params-form" onSubmit={(e) => e.preventDefault()} data-testid="ndv-parameters">
      {webhookUrls}
      {!typeParam && selectors}
      <ParameterList
        properties={description.properties}
        values={resolved}
        onChange={(next) => workflow.setParameters(node.id, next)}
        pathPrefix=""
        ctx={ctx}
        slot={typeParam && selectors ? { after: typeParam.name, content: selectors } : undefined}
      />
    </form>
  );
});
