// Runs an extension-host suite (an `extensionTestsPath` bundle) in a new workbench page of a running code-server and
// settles with its exit code. Each page is a new window with its own extension host, so each run activates afresh.
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { ROOT, type RunningEditor } from './editor';
import { SUITE_LINE_PREFIX } from './suiteLine';

// A bound on one whole suite: the integration suite runs about 6 minutes (2 of them the export of 10,000 items at the
// default budget of 50 Jobs/QueueItems reads a minute).
const SUITE_TIMEOUT_MS = 10 * 60_000;

/** The suite's lines reach the page console as `%c INFO color: … [suite] <text>`; keep the text. */
function suiteLine(text: string): string | undefined {
  const at = text.indexOf(SUITE_LINE_PREFIX);
  return at < 0 ? undefined : text.slice(at + SUITE_LINE_PREFIX.length);
}

export interface SuiteRun {
  /** The folder with the suite's index.js. */
  suiteDir: string;
  /** The extension to develop (default: this repository, which holds the dev build in dist/). */
  extensionPath?: string;
  /** Each line the suite prints with the prefix, without it. */
  onLine?: (line: string) => void;
}

export async function runSuite(context: BrowserContext, editor: RunningEditor, run: SuiteRun): Promise<number> {
  const page = await context.newPage();
  try {
    const exit = new Promise<number>(
      (resolve) => void page.exposeFunction('codeAutomationExit', (code: number) => resolve(code)),
    );
    page.on('console', (message) => {
      const line = suiteLine(message.text());
      if (line !== undefined) run.onLine?.(line);
    });
    const remote = (path: string) => `vscode-remote://127.0.0.1:${editor.port}${path}`;
    await page.goto(
      editor.workbenchUrl([
        ['extensionDevelopmentPath', remote(run.extensionPath ?? ROOT)],
        ['extensionTestsPath', remote(join(run.suiteDir, 'index.js'))],
      ]),
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<number>((resolve) => {
      timer = setTimeout(() => {
        console.error(`the suite did not finish within ${SUITE_TIMEOUT_MS / 1000} s`);
        resolve(3);
      }, SUITE_TIMEOUT_MS);
    });
    const code = await Promise.race([exit, timeout]);
    clearTimeout(timer);
    return code;
  } finally {
    await page.close().catch(() => undefined);
  }
}
