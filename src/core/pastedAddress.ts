import { plainText } from './presentation/plainText';
import { t } from './l10n';

/**
 * The text a user pastes into Add Connection, read as a web address before anything is made of its path: the checks
 * that do not depend on the service (scheme, credentials, host, length, escapes). Pure, and run on every keystroke,
 * so the longest text is refused before any pattern runs over it.
 */

/** Far above any real address (browsers show about 2,000 characters); longer text is not an address. */
export const MAX_ADDRESS_LENGTH = 2048;

export interface PastedAddress {
  kind: 'address';
  /** Scheme, host and port as the URL normalizes them (`https://host`, no default port). */
  origin: string;
  /** The path's parts as written (percent-escapes kept), empty parts (doubled slashes) left out. */
  raw: string[];
  /** The same parts decoded. */
  names: string[];
}

export type PastedReading = PastedAddress | { kind: 'refused'; refusal: string };

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
const WITH_AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\//i;
/** A host (a dotted name, a name, or an IPv6 literal) and a port at the start, as an address bar shows it. */
const HOST_FIRST = /^(\[[0-9a-f:.]+\]|[a-z0-9-]+(?:\.[a-z0-9-]+)*)(:\d{1,5})?(?=[/?#]|$)/i;
/** A scheme without `//` (`javascript:`, `data:`, `mailto:`). */
const BARE_SCHEME = /^([a-z][a-z0-9+.-]*):/i;

const refused = (refusal: string): PastedReading => ({ kind: 'refused', refusal });
export const quoted = (text: string) => `'${plainText(text, { maxLength: 80 })}'`;

/** The address in the pasted text, or why it is none (a sentence for the user that repeats no credentials). */
export function readPastedAddress(pasted: string): PastedReading {
  if (pasted.length > MAX_ADDRESS_LENGTH)
    return refused(
      t(
        'This text is {0} characters long, too long for an address: copy the address from the address bar again.',
        pasted.length,
      ),
    );
  let text = pasted.trim();
  if (!text) return refused(t('Paste the address of your tenant, for example https://cloud.example.com/acme/main.'));
  if (/\s/.test(text)) return refused(t('An address has no spaces: paste the whole address from the address bar.'));
  // user:password@host, user@host, :password@host: refused before anything quotes the text back.
  const authority = text.replace(WITH_AUTHORITY, '').split(/[/?#]/, 1)[0]!;
  if (authority.includes('@')) return refused(t('Leave the user name and password out of the address.'));
  if (!WITH_AUTHORITY.test(text)) {
    const host = HOST_FIRST.exec(text);
    const hostName = host?.[1]?.toLowerCase();
    if (hostName && LOCAL_HOSTS.includes(hostName))
      return refused(
        t('Start the address with http:// or https:// (whichever the local service uses): {0}.', quoted(text)),
      );
    // The address bar may hide the scheme; a dotted host name or an IPv6 address with nothing before it reads as https.
    if (hostName && (hostName.includes('.') || hostName.startsWith('[')))
      // l10n: code (an address)
      text = `https://${text}`;
    else if (!host && BARE_SCHEME.test(text))
      return refused(
        t(
          'Paste an https:// address (or http:// for a local service), not one starting with {0}.',
          quoted(BARE_SCHEME.exec(text)![1]!),
        ),
      );
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refused(t('{0} is not an address: paste it whole, starting with https://.', quoted(text)));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return refused(
      t(
        'Paste an https:// address (or http:// for a local service), not one starting with {0}.',
        quoted(url.protocol.slice(0, -1)),
      ),
    );
  if (url.username || url.password) return refused(t('Leave the user name and password out of the address.'));
  if (url.protocol === 'http:' && !LOCAL_HOSTS.includes(url.hostname))
    return refused(t('Use https:// for {0}: tokens must not travel unencrypted.', quoted(url.hostname)));
  const raw = url.pathname.split('/').filter(Boolean);
  const names: string[] = [];
  for (const part of raw) {
    try {
      names.push(decodeURIComponent(part));
    } catch {
      return refused(
        t('The part {0} of the address cannot be read (a broken %-escape): copy the address again.', quoted(part)),
      );
    }
  }
  return { kind: 'address', origin: url.origin, raw, names };
}
