import { t } from '../l10n';

/**
 * The longest address (scheme, host, path and query) the transport sends. Servers and proxies bound the request
 * line: nginx's default buffer is 8 KB, Apache refuses lines over 8,190 bytes, IIS's URL limit is configurable and
 * Node (the sandbox) refuses from 16 KB of headers — each answers 431 or 414 without saying which text was too long.
 * 8,192 characters of address leave the method and protocol within nginx's 8 KB line. User-typed texts are bounded
 * at their input first (FILTER_TEXT_MAX, 2,000 characters); this is the backstop for whatever else grows a query.
 */
export const MAX_ADDRESS_LENGTH = 8_192;

/** A query parameter in the user's words, where it carries text they typed. */
const PARAMETER_NAMES: Record<string, () => string> = {
  $filter: () => t('filter'),
  search: () => t('search text'),
};

/** Why `url` is too long to send, naming its longest query parameter; undefined when it fits. */
export function addressTooLong(url: string): string | undefined {
  if (url.length <= MAX_ADDRESS_LENGTH) return undefined;
  const query = url.split('?')[1] ?? '';
  const longest = query
    .split('&')
    .map((pair) => ({ name: pair.split('=')[0] ?? '', length: pair.length - (pair.split('=')[0] ?? '').length - 1 }))
    .reduce((a, b) => (b.length > a.length ? b : a), { name: '', length: -1 });
  const total = url.length.toLocaleString('en');
  const max = MAX_ADDRESS_LENGTH.toLocaleString('en');
  return longest.length > 0
    ? t(
        'The request is too long for a web address ({0} characters, at most {1}): the {2} holds {3} of them. Shorten it.',
        total,
        max,
        PARAMETER_NAMES[longest.name]?.() ?? longest.name,
        longest.length.toLocaleString('en'),
      )
    : t('The request is too long for a web address ({0} characters, at most {1}).', total, max);
}
