import * as vscode from 'vscode';
import { deriveConnection, type DerivedConnection } from '../../../core/connectionAddress';
import { connectionId, type Connection } from '../../../core/connections';
import { plainText } from '../../../core/presentation/plainText';
import type { PickItem, Step } from '../../ui/multiStep';
import { emptyDraft, type Draft } from './draft';
import { chooseSignIn, useAsApplicationRow } from './signInSteps';
import type { SandboxOffer } from '../../sandboxOffer';

/**
 * The first step: the address the user copied (web portal or API page), read by deriveConnection as it is typed.
 * An empty answer is the way to the fields one by one (cloud, on-premises, local sandbox), so a user without an
 * address in the clipboard presses Enter and goes on as before.
 */
export function addressStep(existing: () => readonly Connection[], sandbox: SandboxOffer): Step<Draft> {
  return {
    kind: 'input',
    title: 'Add Connection: paste the address of your tenant, or press Enter to choose how to enter it',
    prompt: `Paste the address from the browser's address bar (web portal) or from the API page. Leave it empty and press Enter to enter the fields one by one (${sandbox.available ? 'cloud, on-premises or local sandbox' : 'cloud or on-premises'}).`,
    value: (d) => d.address,
    validate: (value) => {
      if (!value.trim()) return undefined;
      const derived = deriveConnection(value);
      if (derived.kind === 'refused') return derived.refusal;
      const id = connectionId({ label: '', ...derived });
      const same = existing().find((c) => c.id === id);
      return same ? plainText(`The connection '${same.label}' already points at this tenant.`) : undefined;
    },
    apply: (d, value) => {
      d.address = value;
      const derived = value ? deriveConnection(value) : undefined;
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

/** A fresh draft from what the address says: nothing of an earlier answer stays (Back, then another address). */
function fillFromAddress(d: Draft, derived: DerivedConnection): void {
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
    title: 'Add Connection: read from the address',
    placeholder: 'Check what was read from the address: use it, or edit each field',
    skip: (d) => d.source !== 'pasted',
    items: (d) => [
      { label: '$(check) Use these', description: 'then name the connection', value: 'use' },
      ...(d.derived!.kind === 'cloud' ? [useAsApplicationRow] : []),
      { label: '$(edit) Edit each field', description: 'every field filled in from the address', value: 'edit' },
      { label: 'Read from the address', kind: vscode.QuickPickItemKind.Separator, value: '' },
      ...derivedRows(d.derived!),
    ],
    inertRefusal: 'This row shows what was read from the address. Choose Use these or Edit each field, or go Back.',
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
          row('Kind', 'cloud tenant (sign-in in the browser)'),
          row('Service URL', derived.serviceUrl),
          row('Account', derived.account),
          row('Tenant', derived.tenant),
          row('Service segment', derived.serviceSegment ?? 'none: the API is right under the tenant'),
          row('Identity URL', derived.identityUrl),
        ]
      : [
          row('Kind', 'on-premises (sign-in with an access token)'),
          row('Service URL', derived.serviceUrl),
          row('Identity URL', 'not needed on-premises'),
        ];
  rows.push(row('Web portal', derived.portalUrl));
  for (const note of derived.notes) rows.push({ ...row('$(info) Note', ''), detail: plainText(note) });
  return rows;
}
