import * as z from 'zod/mini';

// The display language's messages as a panel receives them from the host (the page's `data-l10n`, JSON; absent in
// English), checked like any message from the host: JSON of text to text, bounded. Anything else: English.

const MAX_CHARS = 4_000_000;
const Messages = z
  .record(z.string().check(z.maxLength(10_000)), z.string().check(z.maxLength(100_000)))
  .check(z.refine((messages) => Object.keys(messages).length <= 20_000));

export function readDisplayLanguage(raw: string | undefined): Record<string, string> | undefined {
  if (!raw || raw.length > MAX_CHARS) return undefined;
  try {
    const parsed = Messages.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
