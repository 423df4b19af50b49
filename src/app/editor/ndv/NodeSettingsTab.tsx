// Node settings (spec 001 §2.7, §5): retry (maxTries 2–5, waitBetweenTries 0–5000 ms, shown
// only with retryOnFail), alwaysOutputData, executeOnce, on error, notes, color. The color is the
// node's `color` field, edited as n8n's 'Node Color' setting was; the save payload drops it
// (spec 001 §3), and the canvas does not draw it (n8n 1.x draws no node colours either).
import { observer } from 'mobx-react-lite';
import { Switch } from 'react-aria-components';
import type { ReactNode } from 'react';
import {
  MAX_TRIES_DEFAULT,
  MAX_TRIES_MAX,
  MAX_TRIES_MIN,
  WAIT_BETWEEN_TRIES_DEFAULT,
  WAIT_BETWEEN_TRIES_MAX,
  WAIT_BETWEEN_TRIES_MIN,
} from '../../../model/constants.ts';
import type { INodeProperties } from '../../../model/nodeTypes.ts';
import type { OnError } from '../../../model/workflow.ts';
import { useStores } from '../../stores/context.ts';
import type { NodeModel } from '../../stores/WorkflowStore.ts';
import { NumberInput } from '../parameters/NumberInput.tsx';
import { ColorInput } from '../parameters/ColorInput.tsx';
import type { ParameterContext } from '../parameters/types.ts';

function Toggle({ label, hint, value, onChange, readOnly, testId }: { label: string; hint: string; value: boolean; onChange: (v: boolean) => void; readOnly: boolean; testId: string }) {
  return (
    <div className="param">
      <Switch className="switch setting-switch" isSelected={value} onChange={onChange} isReadOnly={readOnly} data-testid={testId}>
        <span className="switch-track" />
        <span className="setting-label">{label}</span>
      </Switch>
      <div className="hint param-hint">{hint}</div>
    </div>
  );
}

function Field({ label, children, hint, htmlFor }: { label: string; children: ReactNode; hint?: string; htmlFor?: string }) {
  return (
    <div className="param">
      <div className="param-label-row">
        <label className="param-label" htmlFor={htmlFor}>
          {label}
        </label>
      </div>
      {children}
      {hint && <div className="hint param-hint">{hint}</div>}
    </div>
  );
}

const numberProp = (name: string, displayName: string, min: number, max: number, def: number): INodeProperties => ({
  name,
  displayName,
  type: 'number',
  default: def,
  typeOptions: { minValue: min, maxValue: max, numberPrecision: 0 },
});
const MAX_TRIES = numberProp('maxTries', 'Max. Tries', MAX_TRIES_MIN, MAX_TRIES_MAX, MAX_TRIES_DEFAULT);
const COLOR: INodeProperties = { name: 'color', displayName: 'Node Color', type: 'color', default: '#ff0000', description: 'The color of the node in the flow' };
const WAIT = numberProp('waitBetweenTries', 'Wait Between Tries (ms)', WAIT_BETWEEN_TRIES_MIN, WAIT_BETWEEN_TRIES_MAX, WAIT_BETWEEN_TRIES_DEFAULT);

export const NodeSettingsTab = observer(function NodeSettingsTab({ node }: { node: NodeModel }) {
  const { workflow, ui } = useStores();
  const s = node.settings;
  const readOnly = ui.readOnly;
  const set = (patch: Partial<NodeModel['settings']>) => {
    const next: Record<string, unknown> = { ...s, ...patch };
    for (const k of Object.keys(next)) if (next[k] === undefined) delete next[k];
    workflow.setNodeSettings(node.id, next as NodeModel['settings']);
  };
  const ctx: ParameterContext = { root: {}, typeVersion: 1, readOnly, issues: {} };
  const onError: OnError = s.onError ?? (s.continueOnFail ? 'continueRegularOutput' : 'stopWorkflow');

  return (
    <div className="params-form" data-testid="ndv-settings">
      <Toggle
        label="Always Output Data"
        hint="Outputs an empty item when the node returns nothing, so the workflow goes on."
        value={!!s.alwaysOutputData}
        onChange={(v) => set({ alwaysOutputData: v || undefined })}
        readOnly={readOnly}
        testId="setting-alwaysOutputData"
      />
      <Toggle
        label="Execute Once"
        hint="Runs the node only once, with the first incoming item."
        value={!!s.executeOnce}
        onChange={(v) => set({ executeOnce: v || undefined })}
        readOnly={readOnly}
        testId="setting-executeOnce"
      />
      <Toggle
        label="Retry On Fail"
        hint="Runs the node again when it fails."
        value={!!s.retryOnFail}
        onChange={(v) => set({ retryOnFail: v || undefined })}
        readOnly={readOnly}
        testId="setting-retryOnFail"
      />
      {s.retryOnFail && (
        <div className="settings-nested">
          <Field label={MAX_TRIES.displayName} hint={`Between ${MAX_TRIES_MIN} and ${MAX_TRIES_MAX}.`} htmlFor="param-maxTries">
            <NumberInput property={MAX_TRIES} value={s.maxTries ?? MAX_TRIES_DEFAULT} onChange={(v) => set({ maxTries: v as number })} path="maxTries" ctx={ctx} />
          </Field>
          <Field label={WAIT.displayName} hint={`Between ${WAIT_BETWEEN_TRIES_MIN} and ${WAIT_BETWEEN_TRIES_MAX} ms.`} htmlFor="param-waitBetweenTries">
            <NumberInput property={WAIT} value={s.waitBetweenTries ?? WAIT_BETWEEN_TRIES_DEFAULT} onChange={(v) => set({ waitBetweenTries: v as number })} path="waitBetweenTries" ctx={ctx} />
          </Field>
        </div>
      )}
      <Field label="On Error" htmlFor="setting-onError">
        <select
          id="setting-onError"
          className="select"
          value={onError}
          disabled={readOnly}
          onChange={(e) => {
            const v = e.target.value as OnError;
            // continueOnFail is the older spelling of "continue"; keep both consistent.
            set({ onError: v === 'stopWorkflow' ? undefined : v, continueOnFail: v === 'stopWorkflow' ? undefined : true });
          }}
          data-testid="setting-onError"
        >
          <option value="stopWorkflow">Stop Workflow</option>
          <option value="continueRegularOutput">Continue</option>
          <option value="continueErrorOutput">Continue (using error output)</option>
        </select>
      </Field>
      <Field label="Notes" htmlFor="setting-notes">
        <textarea id="setting-notes" className="textarea" rows={3} value={s.notes ?? ''} readOnly={readOnly} onChange={(e) => set({ notes: e.target.value || undefined })} placeholder="Optional note about this node" />
      </Field>
      <Toggle
        label="Display Note in Flow"
        hint="Shows the note as a subtitle on the canvas."
        value={!!s.notesInFlow}
        onChange={(v) => set({ notesInFlow: v || undefined })}
        readOnly={readOnly}
        testId="setting-notesInFlow"
      />
      <Field label={COLOR.displayName} hint="Not saved with the workflow, and not drawn on the canvas." htmlFor="param-color">
        <ColorInput property={COLOR} value={s.color ?? ''} onChange={(v) => set({ color: typeof v === 'string' && v ? v : undefined })} path="color" ctx={ctx} />
      </Field>
    </div>
  );
});
