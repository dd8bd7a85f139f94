import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { toolPaths, toolsDir } from './provision';

/**
 * Debian's Chromium, headless, with a fresh profile and the flags this closed network needs. With `proxy`, as a
 * user's browser behind that proxy (loopback stays direct), taking any certificate: the browser's trust is not tested.
 */
export async function launchBrowser(
  options: { proxy?: string } = {},
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(toolsDir, 'chromium-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...(options.proxy
      ? { proxy: { server: options.proxy, bypass: '127.0.0.1,localhost' }, ignoreHTTPSErrors: true }
      : {}),
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
