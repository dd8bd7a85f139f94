import { formatNumber, t } from '../l10n';

// The spec's limits and the checks of them the API calls make before sending. The checks of argument values,
// declarations and queue items (validation.ts) load with the first call that needs them, not at activation.

export const LIMITS = {
  releaseInputChars: 10_000,
  queueItemsTop: 100,
  progressChars: 104_857,
  outputChars: 51_200,
  specificContentChars: 256_000,
  exceptionReasonChars: 102_400,
  exceptionDetailsChars: 102_400,
  textAssetChars: 1_000_000,
} as const;

/** Characters as the service counts them: UTF-16 code units, which is JavaScript's string length. */
export const utf16Length = (text: string) => text.length;

export function checkInputArgumentsText(text: string): string | undefined {
  if (utf16Length(text) > LIMITS.releaseInputChars)
    return t(
      'Input arguments are {0} characters; the limit is {1}.',
      formatNumber(text.length),
      formatNumber(LIMITS.releaseInputChars),
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return t('Input arguments are not valid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return t('Input arguments must be a JSON object of argument name to value.');
  return undefined;
}

export function checkTextLimit(field: string, text: string | null | undefined, limit: number): string | undefined {
  if (!text) return undefined;
  return utf16Length(text) > limit
    ? t('{0} is {1} characters; the limit is {2}.', field, formatNumber(text.length), formatNumber(limit))
    : undefined;
}
