import type { AmbiguousAddress, DerivedConnection } from '../../../core/connectionAddress';
import type { ConnectionSetting } from '../../../core/connections';

/** What Add Connection has gathered so far. */
export interface Draft {
  /** The fields come from a pasted address (used as read, or edited one by one), or are entered one by one. */
  source: 'pasted' | 'manual';
  /** A pasted address whose fields the user goes through ("Edit each field"). */
  editEach: boolean;
  /** The address as pasted (shown again after Back). */
  address: string;
  derived: DerivedConnection | undefined;
  /** A pasted address that reads more than one way: the user chooses the reading (address.ts, readingStep). */
  ambiguous: AmbiguousAddress | undefined;
  preset: 'cloud' | 'onPremises' | 'sandbox';
  setting: ConnectionSetting;
}

/** Before the first answer the short way is assumed, so the step counter starts at what a pasted address asks. */
export const emptyDraft = (): Draft => ({
  source: 'pasted',
  editEach: false,
  address: '',
  derived: undefined,
  ambiguous: undefined,
  preset: 'cloud',
  setting: { label: '', kind: 'cloud', serviceUrl: '' },
});

/** The fields are asked one by one: entered by hand, or a pasted address the user chose to edit. */
export const asksEachField = (d: Draft) => d.source === 'manual' || d.editEach;
export const isCloud = (d: Draft) => d.setting.kind === 'cloud';
