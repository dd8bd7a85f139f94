import type { Step } from '../../ui/multiStep';
import { asksEachField, type Draft } from './draft';
import { t } from '../../../core/l10n';

type TextField =
  'serviceUrl' | 'identityUrl' | 'account' | 'tenant' | 'serviceSegment' | 'clientId' | 'scopes' | 'portalUrl';

/** One field of the setting as an input step: shown filled in, checked as typed, kept trimmed. */
export function fieldStep(field: {
  key: TextField;
  title: string;
  prompt: string;
  validate: (value: string) => string | undefined;
  /** Asked only when this holds (besides the fields being asked one by one at all). */
  when?: (d: Draft) => boolean;
  /** What the box shows when the field is still empty. */
  initial?: (d: Draft) => string;
  /** A URL: trailing slashes dropped. */
  url?: boolean;
  /** An empty answer leaves the field out. */
  optional?: boolean;
  /** Asked on every path when `when` holds, also for a pasted address used as read (what it cannot say). */
  everyPath?: boolean;
}): Step<Draft> {
  return {
    kind: 'input',
    title: t('Add Connection: {0}', field.title),
    prompt: field.prompt,
    skip: (d) => (!field.everyPath && !asksEachField(d)) || !(field.when?.(d) ?? true),
    value: (d) => d.setting[field.key] ?? field.initial?.(d) ?? '',
    validate: field.validate,
    apply: (d, value) => {
      const text = field.url ? value.replace(/\/+$/, '') : value;
      if (field.optional && !text) delete d.setting[field.key];
      else d.setting[field.key] = text;
    },
  };
}
