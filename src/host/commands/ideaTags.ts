import { t } from '../../core/l10n';

/** Tags as typed: comma-separated, trimmed, each 1 to 50 characters (the service's limit), no repeats. */
export function parseTags(text: string): { tags: string[] } | { problem: string } {
  const tags = text.split(',').map((t) => t.trim());
  if (tags.every((t) => t === '')) return { problem: t('Type at least one tag.') };
  if (tags.some((t) => t === '')) return { problem: t('A tag is empty: remove the extra comma.') };
  const long = tags.find((t) => t.length > 50);
  if (long) return { problem: t("'{0}…' is longer than 50 characters.", long.slice(0, 20)) };
  if (new Set(tags).size !== tags.length) return { problem: t('A tag is listed twice.') };
  return { tags };
}
