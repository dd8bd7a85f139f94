import { CommandId } from '../../constants';
import type { Connection } from '../../core/connections';
import type { Tenant } from '../../core/orchestrator/schemas';
import { abortSignalOf } from './abortSignal';
import { guardChange } from './guardChange';
import type { CommandDefinition } from './registry';

const tenantOf = (node: unknown) => {
  const value = (node as { value?: { connection?: Connection; tenant?: Tenant } } | undefined)?.value;
  if (!value?.connection || !value.tenant) throw new Error('Choose a tenant under Tenant › Tenants in the Orchestrator view (host administrators only).');
  return { connection: value.connection, tenant: value.tenant };
};

/** Activate or Deactivate a host tenant (SetActive), always confirmed; the Tenants row is reloaded after. */
const setTenantActive = (active: boolean): CommandDefinition => ({
  id: active ? CommandId.activateTenant : CommandId.deactivateTenant,
  title: active ? 'Activate Tenant' : 'Deactivate Tenant',
  asksFirst: true,
  async run({ ctx, token, progressTitle }, node) {
    const { connection, tenant } = tenantOf(node);
    await guardChange(ctx, connection, {
      what: `${active ? 'Activate' : 'Deactivate'} tenant ${tenant.Name}`,
      detail: active ? 'Its users can sign in and its robots run again.' : 'Its users cannot sign in and its robots stop receiving jobs until it is activated again.',
      action: active ? 'Activate' : 'Deactivate',
      alwaysConfirm: true,
    });
    progressTitle(`${active ? 'Activating' : 'Deactivating'} tenant ${tenant.Name}…`);
    await ctx.clientFor(connection).tenant.setActive([tenant.Id], active, { signal: abortSignalOf(token) });
    ctx.explorer.refreshWhere((n) => n.id === `conn/${connection.id}/tenant/tenants`);
    return tenant.Name;
  },
});

export const activateTenant = setTenantActive(true);
export const deactivateTenant = setTenantActive(false);
