// json: stored as text (as n8n does), edited in the code editor with JSON highlighting; where it
// stops being JSON is marked in the editor and said under it (line and column).
import type { InputProps } from './types.ts';
import { CodeInput } from './code/CodeInput.tsx';

export function JsonInput(props: InputProps) {
  const { value } = props;
  const text = typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value, null, 2);
  return <CodeInput {...props} value={text} language="json" />;
}
