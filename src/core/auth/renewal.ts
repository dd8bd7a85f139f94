import type { FetchLike } from '../http/transport';
import {
  applicationSecretKey,
  isWrongSecret,
  requestApplicationToken,
  usableApplicationSecret,
} from './applicationGrant';
import { sameOrigin } from './discovery';
import type { SecretStore, StoredAccount } from './sessions';
import { refreshTokens, TokenError, type TokenResponse } from './tokens';
import { t } from '../l10n';
import { errorMessage } from '../errorMessage';

/**
 * How a sign-in gets its next access token before the current one expires: a browser sign-in with its refresh token,
 * an application by asking the client-credentials grant again with its stored secret (it has no refresh token). A
 * pasted access token cannot be renewed. The session manager schedules and serialises renewals the same way for both.
 */
export function renewable(account: StoredAccount): boolean {
  if (account.kind === 'application') return true;
  return account.kind === 'oauth' && Boolean(account.refreshToken);
}

export interface RenewalDeps {
  fetch: FetchLike;
  secrets: SecretStore;
  /** Told every secret read, so the log can redact it. */
  reveal: (value: string, user?: string) => void;
}

/**
 * The next tokens of a stored sign-in. An error of kind invalid_grant means the sign-in is over (the caller removes
 * it and asks the user to sign in again); anything else (network, server) leaves it for the next attempt.
 */
export async function renewTokens(deps: RenewalDeps, account: StoredAccount): Promise<TokenResponse> {
  if (account.kind === 'application') return renewApplication(deps, account);
  if (!account.refreshToken || !account.identityUrl || !account.clientId)
    throw new TokenError('invalid_grant', t('This sign-in cannot be renewed. Sign in again.'));
  return refreshTokens(deps.fetch, account.identityUrl, {
    refreshToken: account.refreshToken,
    clientId: account.clientId,
  });
}

async function renewApplication(deps: RenewalDeps, account: StoredAccount): Promise<TokenResponse> {
  const over = (why: string) => new TokenError('invalid_grant', t("{0} Sign in to '{1}' again.", why, account.label));
  if (!account.clientId || !account.identityOrigin || !account.tokenEndpoint)
    throw over(t('This application sign-in does not record where it was made.'));
  // The token endpoint was read from the discovery document at sign-in; it must still be the sign-in's own origin.
  if (!sameOrigin(account.tokenEndpoint, account.identityOrigin))
    throw over(t('The recorded token endpoint is not on the identity provider of the sign-in.'));
  const stored = await deps.secrets.get(applicationSecretKey(account.connectionId));
  const usable = usableApplicationSecret(stored, {
    clientId: account.clientId,
    identityUrl: account.identityOrigin,
  });
  if ('problem' in usable) throw over(usable.problem);
  deps.reveal(usable.secret, account.clientId);
  try {
    return await requestApplicationToken(deps.fetch, {
      tokenEndpoint: account.tokenEndpoint,
      clientId: account.clientId,
      secret: usable.secret,
      scopes: account.scopes,
      tenant: account.tenant,
    });
  } catch (error) {
    if (!isWrongSecret(error)) throw error;
    // Revoked or rotated by an administrator: the stored secret is of no use any more, so it is not kept.
    await deps.secrets.delete(applicationSecretKey(account.connectionId));
    throw new TokenError('invalid_grant', errorMessage(error), 'invalid_client');
  }
}
