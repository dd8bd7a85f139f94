import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { toolPaths, toolsDir } from './provision';

/**
 * Debian's Chromium, headless, with a fresh profile and the flags this closed network needs. With `resolve`, those
 * names lead to 127.0.0.1 and any certificate is taken: a user's browser reaching the sign-in page on a network the
 * test makes up (its own trust and proxy are not tested, and its traffic stays out of the test's proxy).
 */
export async function launchBrowser(
  options: { resolve?: string[] } = {},
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(toolsDir, 'chromium-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...(options.resolve ? { ignoreHTTPSErrors: true } : {}),
    executablePath: toolPaths().chromium,
    headless: true,
    viewport: { width: 1400, height: 900 },
    // Popups stay allowed: openExternal (the sign-in page) may run seconds after the click that asked for it, when a
    // cold editor is slow, and Chromium's blocker would then swallow the tab.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-popup-blocking',
      ...(options.resolve
        ? [`--host-resolver-rules=${options.resolve.map((name) => `MAP ${name} 127.0.0.1`).join(', ')}`]
        : []),
    ],
  });
  return {
    context,
    close: async () => {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
