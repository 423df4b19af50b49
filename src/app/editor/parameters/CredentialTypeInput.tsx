// credentialsSelect (HTTP Request's Generic Auth Type): a select of the credential types the
// parameter's filters allow ('has:genericAuth' …), from GET /credential-types.
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { credentialTypesForSelect } from '../../../model/nodeCredentials.ts';
import { errorMessage } from '../../api/errors.ts';
import { useStores } from '../../stores/context.ts';
import type { InputProps } from './types.ts';
import { inputId } from './types.ts';

export const CredentialTypeInput = observer(function CredentialTypeInput({ property, value, onChange, path, ctx }: InputProps) {
  const { credentials, ui } = useStores();
  useEffect(() => {
    credentials.load().catch((e: unknown) => ui.toasts.error('Could not load credentials', errorMessage(e), false));
  }, [credentials, ui]);
  const types = credentialTypesForSelect(property, credentials.types);
  const current = typeof value === 'string' ? value : '';
  const known = types.some((t) => t.name === current);
  return (
    <select id={inputId(path)} className="select" value={current} disabled={ctx.readOnly} onChange={(e) => onChange(e.target.value)} data-testid={`parameter-input-${path}`}>
      {!known && <option value={current}>{current === '' ? 'Select…' : credentials.typesLoaded ? `${current} (not supported)` : current}</option>}
      {types.map((t) => (
        <option key={t.name} value={t.name}>
          {t.displayName}
        </option>
      ))}
    </select>
  );
});
