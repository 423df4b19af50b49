// The NDV's middle panel: node title, Parameters / Settings tabs, docs link, issues; for a type
// that is not installed, its warning and the node's fields read only (UnknownNodePanel).
import { observer } from 'mobx-react-lite';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { faArrowUpRightFromSquare, faTriangleExclamation } from '@fortawesome/free-solid-svg-icons';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { useStores } from '../../stores/context.ts';
import type { NodeModel } from '../../stores/WorkflowStore.ts';
import { Icon } from '../../ui/Icon.tsx';
import { NodeIcon } from '../../ui/NodeIcon.tsx';
import { NodeTitle } from './NodeTitle.tsx';
import { ParametersTab } from './ParametersTab.tsx';
import { NodeSettingsTab } from './NodeSettingsTab.tsx';
import { ExecuteNodeButton } from './ExecuteNodeButton.tsx';
import { UnknownNodePanel } from './UnknownNodePanel.tsx';
import { EXECUTION_ISSUE } from './triggerState.ts';

/** The banner's line for a node whose last run failed: what went wrong, not just that it did. */
export function executionIssueText(error: { message?: string; description?: string | null } | undefined): string {
  const message = error?.message?.trim();
  return message ? `Execution error: ${message}` : EXECUTION_ISSUE;
}

export const MainPanel = observer(function MainPanel({ node, onDragStart }: { node: NodeModel; onDragStart: (e: ReactPointerEvent) => void }) {
  const { nodeTypes, workflow } = useStores();
  const d = nodeTypes.get(node.type, node.typeVersion);
  // The failed run's own message in place of the bare 'Execution Error.'.
  void workflow.runDataVersion;
  const runs = workflow.runData?.[node.name];
  const runError = runs?.[runs.length - 1]?.error;
  return (
    <section className="ndv-main" aria-label="Node parameters">
      <div className="ndv-main-head" onPointerDown={onDragStart}>
        <span className="ndv-drag-grip" aria-hidden title="Drag to move" />
        <NodeIcon icon={d ? d.icon : 'fa:exclamation-triangle'} iconUrl={d?.iconUrl} color={d ? d.iconColor ?? d.defaults.color : undefined} name={d?.displayName ?? node.type} size={30} />
        <div className="ndv-title-wrap" onPointerDown={(e) => e.stopPropagation()}>
          <NodeTitle node={node} />
          <div className="ndv-subtitle">{d ? `${d.displayName} · v${node.typeVersion}` : `${node.type} · v${node.typeVersion} · not installed`}</div>
        </div>
        {d && <ExecuteNodeButton node={node} description={d} />}
        {d?.documentationUrl && (
          <a className="btn btn-ghost btn-s" href={d.documentationUrl} target="_blank" rel="noreferrer" onPointerDown={(e) => e.stopPropagation()}>
            Docs <Icon icon={faArrowUpRightFromSquare} />
          </a>
        )}
      </div>
      {node.issues.length > 0 && (
        <div className="ndv-issues" role="status" data-testid="ndv-issues">
          <Icon icon={faTriangleExclamation} />
          <ul>
            {node.issues.map((i) => (
              <li key={i}>{i === EXECUTION_ISSUE ? executionIssueText(runError) : i}</li>
            ))}
          </ul>
        </div>
      )}
      {!d ? (
        <UnknownNodePanel node={node} />
      ) : (
        <Tabs className="ndv-tabs" defaultSelectedKey="parameters">
          <TabList aria-label="Node details" className="ndv-tablist">
            <Tab id="parameters" className="ndv-tab" data-testid="ndv-tab-parameters">
              Parameters
            </Tab>
            <Tab id="settings" className="ndv-tab" data-testid="ndv-tab-settings">
              Settings
            </Tab>
          </TabList>
          <TabPanel id="parameters" className="ndv-tabpanel">
            <ParametersTab node={node} description={d} />
          </TabPanel>
          <TabPanel id="settings" className="ndv-tabpanel">
            <NodeSettingsTab node={node} />
          </TabPanel>
        </Tabs>
      )}
    </section>
  );
});
