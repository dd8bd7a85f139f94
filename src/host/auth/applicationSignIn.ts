import {
  applicationSecretKey,
  applicationSecretValue,
  applicationTokenEndpoint,
  isWrongSecret,
  requestApplicationToken,
  usableApplicationSecret,
} from '../../core/auth/applicationGrant';
import { readDiscovery } from '../../core/auth/discovery';
import type { SecretStore, StoredAccount } from '../../core/auth/sessions';
import type { TokenResponse } from '../../core/auth/tokens';
import type { Connection } from '../../core/connections';
import type { FetchLike } from '../../core/http/transport';
import { plainText } from '../../core/presentation/plainText';
import type { UserInput } from '../ui/userInput';
import { newAccount } from '../../core/auth/accounts';
import { t } from '../../core/l10n';

/** What the application sign-in needs from the extension (the Ctx passes its own). */
export interface ApplicationSignInDeps {
  secrets: SecretStore;
  fetch: FetchLike;
  /** Asks the user for the application secret (through the input seam); undefined when dismissed. */
  askSecret(connection: Connection): Promise<string | undefined>;
  /** Registers a secret (sent with `user` as HTTP Basic) with the log, which then never writes or shows it. */
  redact(value: string, user?: string): void;
  log(message: string): void;
}

/** The prompt for an application secret: a password box naming the connection and the application. */
export function askApplicationSecret(input: UserInput, connection: Connection): Promise<string | undefined> {
  return input.input({
    title: plainText(t('Sign in to {0} as application {1}', connection.label, connection.clientId)),
    prompt: t(
      "Enter the application secret (client secret) your tenant's administrator issued for this application. It is kept in VS Code's secret storage and sent only to this connection's identity provider.",
    ),
    password: true,
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() ? undefined : t('Enter the application secret.')),
  });
}

export interface ApplicationSecret {
  secret: string;
  /** Entered now: stored only once the identity provider accepted it. */
  entered: boolean;
}

/**
 * The secret to sign in with: the stored one when it was entered for this application at this identity provider,
 * else asked once. A stored secret bound elsewhere is not sent (the log says why; the answer replaces it).
 */
export async function applicationSecretFor(
  deps: ApplicationSignInDeps,
  connection: Connection,
): Promise<ApplicationSecret | undefined> {
  const stored = await deps.secrets.get(applicationSecretKey(connection.id));
  const usable = usableApplicationSecret(stored, connection);
  if ('secret' in usable) {
    deps.redact(usable.secret, connection.clientId);
    return { secret: usable.secret, entered: false };
  }
  if (stored) deps.log(`${usable.problem} It was not sent; asking for the secret of '${connection.label}' again.`);
  const answer = (await deps.askSecret(connection))?.trim();
  if (!answer) return undefined;
  deps.redact(answer, connection.clientId);
  return { secret: answer, entered: true };
}

/**
 * Asks the identity provider for the application's token (the endpoint from its discovery document, every wait
 * bounded), stores an entered secret once it was accepted, and says who the sign-in is. A refused secret is not
 * kept: a stored one is deleted, an entered one never stored.
 */
export async function signInAsApplication(
  deps: ApplicationSignInDeps,
  connection: Connection,
  given: ApplicationSecret,
  signal?: AbortSignal,
): Promise<{ account: StoredAccount; tokens: TokenResponse }> {
  const identityUrl = connection.identityUrl;
  if (!identityUrl) throw new Error(t("Connection '{0}' has no identity URL.", connection.label));
  const tokenEndpoint = applicationTokenEndpoint(await readDiscovery(deps.fetch, identityUrl), identityUrl);
  deps.log(`Signing in to ${connection.label} as application ${connection.clientId} (client credentials).`);
  let tokens: TokenResponse;
  try {
    tokens = await requestApplicationToken(
      deps.fetch,
      {
        tokenEndpoint,
        clientId: connection.clientId,
        secret: given.secret,
        scopes: connection.scopes,
        tenant: connection.tenant,
      },
      signal,
    );
  } catch (error) {
    if (isWrongSecret(error) && !given.entered) await deps.secrets.delete(applicationSecretKey(connection.id));
    throw error;
  }
  if (given.entered)
    await deps.secrets.store(
      applicationSecretKey(connection.id),
      applicationSecretValue(given.secret, { clientId: connection.clientId, identityUrl }),
    );
  const userName = connection.clientId;
  const account = newAccount(connection, userName, {
    scopes: tokens.scope ?? connection.scopes,
    kind: 'application',
    identityUrl,
    clientId: connection.clientId,
    tokenEndpoint,
    ...(connection.tenant ? { tenant: connection.tenant } : {}),
  });
  return { account, tokens };
}
