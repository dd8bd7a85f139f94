import type { Connection } from '../connections';
import { signInOrigins } from './boundSecrets';
import type { StoredAccount } from './sessions';

export function accountIdOf(connectionId: string, userName: string): string {
  return `${connectionId}|${userName}`;
}

/** What a sign-in records besides who and where: its kind, scopes and the details its kind needs. */
export type AccountDetails = Omit<
  StoredAccount,
  'id' | 'connectionId' | 'userName' | 'label' | 'serviceOrigin' | 'identityOrigin'
>;

/** The account a new sign-in to this connection records: who, on which connection, and the origins it was made for. */
export function newAccount(
  connection: Pick<Connection, 'id' | 'label' | 'serviceUrl' | 'identityUrl'>,
  userName: string,
  details: AccountDetails,
): StoredAccount {
  return {
    id: accountIdOf(connection.id, userName),
    connectionId: connection.id,
    userName,
    label: `${userName} (${connection.label})`,
    ...details,
    ...signInOrigins(connection),
  };
}
