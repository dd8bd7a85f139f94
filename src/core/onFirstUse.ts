import { t } from './l10n';

/**
 * Code that waits for its first use behind a dynamic import (a command, a panel, the browser sign-in, the log tail
 * engine, the documents' checks), loaded once and shared. Only a damaged installation fails here (a chunk missing
 * from the extension's files): the error then says what to do and keeps the loader's own error as its cause, for the
 * log. A failed load is tried again the next time.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw new Error(t('Part of the extension could not be loaded. Reinstall the Orchestrator Workbench extension.'), {
        cause: error,
      });
    }));
}
