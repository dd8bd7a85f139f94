import { CommandId } from '../../constants';
import {
  validateClientId,
  validateHeaderPrefix,
  validateLogicalName,
  validateNamespace,
  validateServiceSegment,
  validateUrl,
  type ConnectionSetting,
} from '../../core/connections';
import { pickConnection } from './pickConnection';
import type { CommandDefinition } from './registry';
import { plainText } from '../../core/presentation/plainText';

type Field = {
  key: keyof ConnectionSetting;
  label: string;
  validate: (value: string) => string | undefined;
  cloudOnly?: boolean;
  /** An empty answer removes the field. */
  optional?: boolean;
};

const optionalUrl = (what: string) => (v: string) => (v.trim() === '' ? undefined : validateUrl(v, what));

const FIELDS: Field[] = [
  { key: 'label', label: 'Name', validate: (v) => (v.trim() ? undefined : 'Enter a name.') },
  { key: 'serviceUrl', label: 'Service URL', validate: (v) => validateUrl(v, 'service URL') },
  { key: 'identityUrl', label: 'Identity URL', validate: (v) => validateUrl(v, 'identity URL'), cloudOnly: true },
  { key: 'account', label: 'Account', validate: (v) => validateLogicalName(v, 'account'), cloudOnly: true },
  { key: 'tenant', label: 'Tenant', validate: (v) => validateLogicalName(v, 'tenant'), cloudOnly: true },
  {
    key: 'serviceSegment',
    label: 'Service segment',
    validate: validateServiceSegment,
    cloudOnly: true,
    optional: true,
  },
  { key: 'clientId', label: 'Client id', validate: validateClientId, cloudOnly: true },
  { key: 'ideasUrl', label: 'Idea-service URL', validate: optionalUrl('idea-service URL'), optional: true },
  { key: 'portalUrl', label: 'Web portal URL', validate: optionalUrl('web portal URL'), optional: true },
  // The service's names, read from its API definition unless set here.
  { key: 'namespace', label: 'Operation namespace', validate: validateNamespace, optional: true },
  { key: 'queueNamespace', label: 'Queue operation namespace', validate: validateNamespace, optional: true },
  { key: 'headerPrefix', label: 'Folder header prefix', validate: validateHeaderPrefix, optional: true },
];

/** Edit one field of a connection (validated as typed), or its protection level. */
export const editConnection: CommandDefinition = {
  id: CommandId.editConnection,
  asksFirst: true,
  title: 'Edit Connection',
  async run({ ctx }, arg) {
    const connection = await pickConnection(ctx, arg, 'Edit which connection?');
    if (!connection) return;
    const raw = ctx.connections.raw();
    const index = raw.findIndex((c) => c.label === connection.label);
    if (index < 0)
      throw new Error(`'${connection.label}' is not in your user settings (it may come from workspace settings).`);
    const entry = raw[index]!;
    const fields = FIELDS.filter((f) => !f.cloudOnly || connection.kind === 'cloud');
    const pick = await ctx.input.pick(
      [
        ...fields.map((f) => ({
          label: f.label,
          description: plainText(String(entry[f.key] ?? '')),
          field: f as Field | undefined,
        })),
        { label: 'Protection', description: connection.protection, field: undefined },
      ],
      { title: plainText(`Edit ${connection.label}`) },
    );
    if (!pick) return;
    let updated: ConnectionSetting;
    if (!pick.field) {
      const level = await ctx.input.pick(
        ['normal', 'confirm', 'readOnly'].map((label) => ({ label })),
        { title: plainText(`Protection of ${connection.label}`) },
      );
      if (!level) return;
      updated = { ...entry, protection: level.label as 'normal' };
    } else {
      const field = pick.field;
      const value = await ctx.input.input({
        title: plainText(`${connection.label}: ${field.label}`),
        value: String(entry[field.key] ?? ''),
        validateInput: field.validate,
        ignoreFocusOut: true,
      });
      if (value === undefined) return;
      updated = { ...entry, [field.key]: value.trim() === '' && field.optional ? undefined : value.trim() };
    }
    await ctx.connections.save(raw.map((c, i) => (i === index ? updated : c)));
    ctx.log.info(`Edited connection ${updated.label}.`);
  },
};
