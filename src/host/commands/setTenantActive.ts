import { CommandId } from '../../constants';
import { RowIds } from '../../core/rows/rowIds';
import { rowOf } from '../../core/rows/rowOf';
import { guardChange } from '../guards/guardChange';
import type { CommandDefinition } from './registry';
import type { RowChangeUses } from './uses';
import { t } from '../../core/l10n';
import { inExplorer, nls, rowChange } from './contribution';
import { ContextValue } from '../../core/rows/contextValues';

/** Activate or Deactivate a host tenant (SetActive), always confirmed; the Tenants row is reloaded after. */
const setTenantActive = (active: boolean): CommandDefinition<RowChangeUses> => ({
  id: active ? CommandId.activateTenant : CommandId.deactivateTenant,
  title: active ? t('Activate Tenant') : t('Deactivate Tenant'),
  contributes: active
    ? rowChange(nls('Activate Tenant…'), '$(pass)', [inExplorer([ContextValue.tenantInactive], '1_tenant')])
    : rowChange(nls('Deactivate Tenant…'), '$(circle-slash)', [inExplorer([ContextValue.tenantActive], '1_tenant')]),
  asksFirst: true,
  async run({ ctx, signal, progressTitle }, node) {
    const { connection, tenant } = rowOf(node, 'hostTenant');
    await guardChange(ctx, connection, {
      what: active ? t('Activate tenant {0}', tenant.Name) : t('Deactivate tenant {0}', tenant.Name),
      detail: active
        ? t('Its users can sign in and its robots run again.')
        : t('Its users cannot sign in and its robots stop receiving jobs until it is activated again.'),
      action: active ? t('Activate') : t('Deactivate'),
      alwaysConfirm: true,
    });
    progressTitle(active ? t('Activating tenant {0}…', tenant.Name) : t('Deactivating tenant {0}…', tenant.Name));
    await ctx.clientFor(connection).tenant.setActive([tenant.Id], active, { signal });
    ctx.explorer.refreshRows(RowIds.hostTenants(connection.id));
    return tenant.Name;
  },
});

export const activateTenant = setTenantActive(true);
export const deactivateTenant = setTenantActive(false);
