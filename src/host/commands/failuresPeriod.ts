import { CommandId } from '../../constants';
import type { Services } from '../services';
import { FailuresNode } from '../views/explorer/failuresNode';
import type { CommandDefinition } from './registry';
import { t } from '../../core/l10n';
import { nls, rowCommand } from './contribution';

type Uses = Pick<Services, 'explorer'>;

/** The Failures row's period row: 24 hours ↔ 7 days, then the row reloads (one refresh's Jobs requests). */
export const failuresPeriod: CommandDefinition<Uses> = {
  id: CommandId.failuresPeriod,
  contributes: rowCommand(nls('Switch Failures Period'), '$(calendar)', []),
  title: t('Switch Failures Period'),
  async run(_context, node) {
    if (!(node instanceof FailuresNode)) throw new Error(t('Run this from the period row under Failures.'));
    return node.switchPeriod();
  },
};
