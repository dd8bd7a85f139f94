import * as vscode from 'vscode';
import { deriveConnection, type DerivedConnection } from '../../../core/connectionAddress';
import { connectionId, type Connection } from '../../../core/connections';
import { plainText } from '../../../core/presentation/plainText';
import type { PickItem, Step } from '../../ui/multiStep';
import { emptyDraft, type Draft } from './draft';
import { chooseSignIn, useAsApplicationRow } from './signInSteps';
import type { SandboxOffer } from '../../sandboxOffer';
import { t } from '../../../core/l10n';

/**
 * The first step: the address the user copied (web portal or API page), read by deriveConnection as it is typed.
 * An empty answer is the way to the fields one by one (cloud, on-premises, local sandbox), so a user without an
 * address in the clipboard presses Enter and goes on as before.
 */
export function addressStep(existing: () => readonly Connection[], sandbox: SandboxOffer): Step<Draft> {
  return {
    kind: 'input',
    title: t('Add Connection: paste the address of your tenant, or press Enter to choose how to enter it'),
    prompt: t(
      "Paste the address from the browser's address bar (web portal) or from the API page. Leave it empty and press Enter to enter the fields one by one ({0}).",
      sandbox.available ? t('cloud, on-premises or local sandbox') : t('cloud or on-premises'),
    ),
    value: (d) => d.address,
    validate: (value) => {
      if (!value.trim()) return undefined;
      const derived = deriveConnection(value);
      if (derived.kind === 'refused') return derived.refusal;
      // An address read two ways is refused only when both readings are connections already.
      const readings = derived.kind === 'ambiguous' ? derived.readings.map((r) => r.derived) : [derived];
      const same = readings.map((r) => existingFor(existing(), r));
      return same.every((c) => c !== undefined)
        ? plainText(t("The connection '{0}' already points at this tenant.", same[0]!.label))
        : undefined;
    },
    apply: (d, value) => {
      d.address = value;
      const derived = value ? deriveConnection(value) : undefined;
      d.ambiguous = undefined;
      if (derived?.kind === 'ambiguous') {
        // The reading step asks which reading; nothing of an earlier answer stays meanwhile.
        Object.assign(d, {
          source: 'pasted',
          derived: undefined,
          ambiguous: derived,
          editEach: false,
          setting: emptyDraft().setting,
        });
        return;
      }
      if (!derived || derived.kind === 'refused') {
        // Back from a pasted address to the fields one by one: nothing read from it stays.
        if (d.derived) Object.assign(d, { setting: emptyDraft().setting, preset: 'cloud', editEach: false });
        d.source = 'manual';
        d.derived = undefined;
        return;
      }
      fillFromAddress(d, derived);
    },
  };
}

/** The connection that already points where this reading does, if any. */
export function existingFor(existing: readonly Connection[], derived: DerivedConnection): Connection | undefined {
  const id = connectionId({ label: '', ...derived });
  return existing.find((c) => c.id === id);
}

/** A fresh draft from what the address says: nothing of an earlier answer stays (Back, then another address). */
export function fillFromAddress(d: Draft, derived: DerivedConnection): void {
  d.source = 'pasted';
  d.derived = derived;
  d.preset = derived.kind;
  const { notes: _notes, ...fields } = derived;
  d.setting = { label: '', ...fields };
}

/** The second step of a pasted address: what was read from it, to use as it is or to go through field by field. */
export function confirmStep(): Step<Draft> {
  return {
    kind: 'pick',
    title: t('Add Connection: read from the address'),
    placeholder: t('Check what was read from the address: use it, or edit each field'),
    skip: (d) => d.source !== 'pasted',
    items: (d) => [
      { label: t('$(check) Use these'), description: t('then name the connection'), value: 'use' },
      ...(d.derived!.kind === 'cloud' ? [useAsApplicationRow] : []),
      { label: t('$(edit) Edit each field'), description: t('every field filled in from the address'), value: 'edit' },
      { label: t('Read from the address'), kind: vscode.QuickPickItemKind.Separator, value: '' },
      ...derivedRows(d.derived!),
    ],
    inertRefusal: t('This row shows what was read from the address. Choose Use these or Edit each field, or go Back.'),
    apply: (d, value) => {
      d.editEach = value === 'edit';
      // Editing each field asks how to sign in among them; the other two rows settle it here.
      if (value !== 'edit') chooseSignIn(d, value === 'application' ? 'application' : 'browser');
    },
  };
}

/** One inert row per field read (values through plainText: the address is the user's, but shown back as text). */
export function derivedRows(derived: DerivedConnection): PickItem[] {
  const row = (label: string, value: string): PickItem => ({
    label,
    description: plainText(value),
    value: 'summary',
    inert: true,
  });
  const rows =
    derived.kind === 'cloud'
      ? [
          row(t('Kind'), t('cloud tenant (sign-in in the browser)')),
          row(t('Service URL'), derived.serviceUrl),
          row(t('Account'), derived.account),
          row(t('Tenant'), derived.tenant),
          row(t('Service segment'), derived.serviceSegment ?? t('none: the API is right under the tenant')),
          row(t('Identity URL'), derived.identityUrl),
        ]
      : [
          row(t('Kind'), t('on-premises (sign-in with an access token)')),
          row(t('Service URL'), derived.serviceUrl),
          row(t('Identity URL'), t('not needed on-premises')),
        ];
  rows.push(row(t('Web portal'), derived.portalUrl));
  for (const note of derived.notes) rows.push({ ...row(t('$(info) Note'), ''), detail: plainText(note) });
  return rows;
}
