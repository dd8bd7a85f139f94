import type { Connection } from '../../../core/connections';
import { plainText } from '../../../core/presentation/plainText';
import type { Step } from '../../ui/multiStep';
import { existingFor, fillFromAddress } from './address';
import type { Draft } from './draft';
import { t } from '../../../core/l10n';

/**
 * After an address that reads more than one way (`/acme/home`: a tenant named home, or an on-premises page; a segment
 * nobody listed): the user chooses the reading, asked here rather than guessed. A reading that is already a
 * connection is shown, but cannot be chosen. Made afresh for each step (runSteps' steps of the draft): the question
 * is the placeholder.
 */
export function readingStep(existing: () => readonly Connection[], draft: Draft): Step<Draft> {
  return {
    kind: 'pick',
    title: t('Add Connection: how to read the address'),
    placeholder: draft.ambiguous ? plainText(draft.ambiguous.question) : '',
    skip: (d) => d.ambiguous === undefined,
    items: (d) =>
      d.ambiguous!.readings.map((reading, i) => {
        const taken = existingFor(existing(), reading.derived);
        return {
          label: reading.label,
          description: taken ? plainText(t("already the connection '{0}'", taken.label)) : undefined,
          detail: plainText(reading.detail),
          value: String(i),
          inert: taken !== undefined,
        };
      }),
    inertRefusal: t('A connection already points there: choose the other reading, or go Back.'),
    apply: (d, value) => fillFromAddress(d, d.ambiguous!.readings[Number(value)]!.derived),
  };
}
