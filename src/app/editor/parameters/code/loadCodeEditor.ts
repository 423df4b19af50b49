// Loads the code-editor bundle once, by URL, so none of monaco reaches the main bundle.
import { basePath } from '../../../basePath.ts';
import type { CodeEditorModule } from './codeEditorApi.ts';

let loading: Promise<CodeEditorModule> | undefined;

export function loadCodeEditor(): Promise<CodeEditorModule> {
  if (!loading) {
    const css = document.createElement('link');
    css.rel = 'stylesheet';
    css.href = `${basePath}assets/monaco/code-editor.css`;
    document.head.appendChild(css);
    const url = `${basePath}assets/monaco/code-editor.js`;
    loading = (import(/* webpackIgnore: true */ url) as Promise<CodeEditorModule>).catch((e: unknown) => {
      loading = undefined;
      css.remove();
      throw e;
    });
  }
  return loading;
}
