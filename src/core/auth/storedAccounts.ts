import * as z from 'zod/mini';

/*
 * What a sign-in keeps in the secret store and how it is read back: one key per account, and an index of the
 * accounts' ids. Apart from SessionManager (sessions.ts), which decides when they are written and keeps the tokens.
 */

/** Where secrets live (VS Code's SecretStorage in the extension; a Map in tests). */
export interface SecretStore {
  get(key: string): Promise<string | undefined>;
  store(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
}

/** What is kept per signed-in account: in the secret store only, one key per connection + account. */
export const StoredAccountSchema = z.object({
  id: z.string(),
  connectionId: z.string(),
  userName: z.string(),
  label: z.string(),
  scopes: z.string(),
  /** oauth: the browser sign-in; accessToken: a pasted token; application: client credentials (applicationGrant.ts). */
  kind: z.enum(['oauth', 'accessToken', 'application']),
  identityUrl: z.optional(z.string()),
  clientId: z.optional(z.string()),
  /** Application only: where its tokens are asked (from discovery at sign-in) and for which tenant. */
  tokenEndpoint: z.optional(z.string()),
  tenant: z.optional(z.string()),
  /** Origins of the service and identity URLs at sign-in: the tokens are sent nowhere else (see boundSecrets.ts). */
  serviceOrigin: z.optional(z.string()),
  identityOrigin: z.optional(z.string()),
  refreshToken: z.optional(z.string()),
  /** Only for on-premises accounts signed in with a pasted access token (nothing to refresh it with). */
  accessToken: z.optional(z.string()),
});
export type StoredAccount = z.infer<typeof StoredAccountSchema>;

export const INDEX_KEY = 'orchestrator.sessions';
// l10n: code (a secret's storage key)
export const accountKey = (accountId: string) => `orchestrator.session.${accountId}`;

/** The ids in the index; none when it is missing or not a list (a damaged index signs nobody in, it throws nothing). */
export async function readAccountIds(secrets: SecretStore): Promise<string[]> {
  const text = await secrets.get(INDEX_KEY);
  if (!text) return [];
  try {
    const ids: unknown = JSON.parse(text);
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The account stored under its key, or undefined when it is missing or no longer of the stored shape. */
export async function readStoredAccount(secrets: SecretStore, id: string): Promise<StoredAccount | undefined> {
  const text = await secrets.get(accountKey(id));
  if (!text) return undefined;
  try {
    const parsed = StoredAccountSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
