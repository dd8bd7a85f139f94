import { formatNumber, t } from '../l10n';

/**
 * The longest address (scheme, host, path and query) the transport sends. Servers and proxies bound the request
 * line: nginx's default buffer is 8 KB, Apache refuses lines over 8,190 bytes, IIS's URL limit is configurable and
 * Node (the sandbox) refuses from 16 KB of headers — each answers 431 or 414 without saying which text was too long.
 * 8,192 characters of address leave the method and protocol within nginx's 8 KB line. User-typed texts are bounded
 * at their input first (FILTER_TEXT_MAX, 2,000 characters); this is the backstop for whatever else grows a query.
 */
export const MAX_ADDRESS_LENGTH = 8_192;

/** Why `url` is too long to send, naming its longest query parameter (in the user's words where it is their text). */
export function addressTooLong(url: string): string | undefined {
  if (url.length <= MAX_ADDRESS_LENGTH) return undefined;
  const [path = '', query = ''] = url.split('?', 2);
  let name = t('path');
  let length = path.length;
  for (const pair of query.split('&')) {
    const [key = ''] = pair.split('=', 1);
    if (pair.length - key.length > length) [name, length] = [key, pair.length - key.length - 1];
  }
  return t(
    'The request is too long for a web address ({0} characters, at most {1}): the {2} holds {3} of them. Shorten it.',
    formatNumber(url.length),
    formatNumber(MAX_ADDRESS_LENGTH),
    name === '$filter' ? t('filter') : name === 'search' ? t('search text') : name,
    formatNumber(length),
  );
}
