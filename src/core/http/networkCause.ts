// Why a request got no answer, in the user's words. Loaded on first use (errors.ts, networkCause): a failed
// request is the first to need it.
import { t } from '../l10n';

/** Node's codes for a server certificate the editor does not trust: issued by an authority it does not know. */
const UNKNOWN_AUTHORITY = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
]);

/** The code of the first error in a `cause` chain that has one (fetch wraps the socket's error, a proxy agent twice). */
function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = 'code' in current ? current.code : undefined;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
}

/**
 * Why a request got no answer, in the user's words: for a certificate the editor refused, what is wrong with it and
 * what to do (with Node's code, to search for); otherwise the network error's own message (fetch puts it in `cause`).
 */
export function causeInWords(error: unknown): string {
  const code = causeCode(error);
  if (code && UNKNOWN_AUTHORITY.has(code))
    return t(
      "the server's certificate was issued by an authority this editor does not trust ({0}), as with a company's own certificate authority or a proxy that inspects HTTPS. Add that authority to the system's trusted certificates (README: Troubleshooting).",
      code,
    );
  if (code === 'CERT_HAS_EXPIRED')
    return t("the server's certificate has expired ({0}). Its administrators must renew it.", code);
  if (code === 'CERT_NOT_YET_VALID')
    return t("the server's certificate is not valid yet ({0}). Check this computer's date and time.", code);
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return t(
      "the server's certificate is for another name ({0}). Check the address: use the name the certificate was issued for.",
      code,
    );
  if (code?.startsWith('CERT_') || code?.startsWith('ERR_TLS_'))
    return t("the server's certificate was refused ({0}).", code);
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? error.cause.message : error.message;
}
