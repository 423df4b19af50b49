// A check box with its label (react-aria Checkbox): the agree boxes of setup and sign-up.
import type { ReactNode } from 'react';
import { Checkbox } from 'react-aria-components';
import { faCheck } from '@fortawesome/free-solid-svg-icons';
import { Icon } from './Icon.tsx';
import './forms.css';

export function CheckboxField({ isSelected, onChange, children, testId, isDisabled }: { isSelected: boolean; onChange: (v: boolean) => void; children: ReactNode; testId?: string; isDisabled?: boolean }) {
  return (
    <Checkbox className="form-check" isSelected={isSelected} onChange={onChange} data-testid={testId} isDisabled={isDisabled}>
      {({ isSelected: selected }) => (
        <>
          <span className="form-check-box" aria-hidden>
            {selected && <Icon icon={faCheck} />}
          </span>
          <span>{children}</span>
        </>
      )}
    </Checkbox>
  );
}
