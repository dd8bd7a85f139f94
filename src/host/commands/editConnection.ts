import { CommandId } from '../../constants';
import type { Services } from '../services';
import {
  validateClientId,
  validateHeaderPrefix,
  validateScopes,
  type Authentication,
  type Connection,
  validateLogicalName,
  validateNamespace,
  validateServiceSegment,
  validateUrl,
  type ConnectionSetting,
} from '../../core/connections';
import { pickConnection } from './pickConnection';
import type { CommandDefinition } from './registry';
import { plainText } from '../../core/presentation/plainText';
import { t } from '../../core/l10n';
import { connectionCommand, nls } from './contribution';

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
  { key: 'label', label: t('Name'), validate: (v) => (v.trim() ? undefined : t('Enter a name.')) },
  { key: 'serviceUrl', label: t('Service URL'), validate: (v) => validateUrl(v, t('service URL')) },
  { key: 'identityUrl', label: t('Identity URL'), validate: (v) => validateUrl(v, t('identity URL')), cloudOnly: true },
  { key: 'account', label: t('Account'), validate: (v) => validateLogicalName(v, 'account'), cloudOnly: true },
  { key: 'tenant', label: t('Tenant'), validate: (v) => validateLogicalName(v, 'tenant'), cloudOnly: true },
  {
    key: 'serviceSegment',
    label: t('Service segment'),
    validate: validateServiceSegment,
    cloudOnly: true,
    optional: true,
  },
  { key: 'clientId', label: t('Client id'), validate: validateClientId, cloudOnly: true },
  { key: 'ideasUrl', label: t('Idea-service URL'), validate: optionalUrl(t('idea-service URL')), optional: true },
  { key: 'portalUrl', label: t('Web portal URL'), validate: optionalUrl(t('web portal URL')), optional: true },
  // The service's names, read from its API definition unless set here.
  { key: 'namespace', label: t('Operation namespace'), validate: validateNamespace, optional: true },
  { key: 'queueNamespace', label: t('Queue operation namespace'), validate: validateNamespace, optional: true },
  { key: 'headerPrefix', label: t('Folder header prefix'), validate: validateHeaderPrefix, optional: true },
];

const SIGN_IN = 'Sign-in';
const SIGN_IN_WAYS: Record<Authentication, string> = {
  browser: t('in the browser'),
  application: t('as an application (client credentials)'),
  accessToken: t('with an access token'),
};

/**
 * How a cloud connection signs in: in the browser, or as an application with its id and scopes (its secret is asked
 * at Sign In, never here). What belonged to the other way is dropped, so a browser sign-in never uses an application id.
 */
async function editSignIn(
  ctx: Pick<Services, 'input'>,
  connection: Connection,
  entry: ConnectionSetting,
): Promise<ConnectionSetting | undefined> {
  const way = await ctx.input.pick(
    [
      {
        label: t('In the browser'),
        description: t('you sign in as yourself (authorization code + PKCE)'),
        way: 'browser',
      },
      {
        label: t('Application (client credentials)'),
        description: t("an application id and secret issued by your tenant's administrator"),
        way: 'application',
      },
    ] as const,
    { title: plainText(t('How does {0} sign in?', connection.label)) },
  );
  if (!way) return undefined;
  const { authentication: _way, ...anyWay } = entry;
  const { clientId: _id, scopes: _scopes, ...rest } = anyWay;
  if (way.way === 'browser') return connection.authentication === 'application' ? rest : anyWay;
  const clientId = await ctx.input.input({
    title: plainText(t('{0}: application id', connection.label)),
    prompt: t("The application id (client id) your tenant's administrator registered."),
    value: connection.authentication === 'application' ? connection.clientId : '',
    validateInput: validateClientId,
    ignoreFocusOut: true,
  });
  if (clientId === undefined) return undefined;
  const scopes = await ctx.input.input({
    title: plainText(t('{0}: application scopes', connection.label)),
    prompt: t(
      'The scopes to ask for, separated by spaces. Leave it empty to get every scope the application was granted.',
    ),
    value: connection.authentication === 'application' ? connection.scopes : '',
    validateInput: validateScopes,
    ignoreFocusOut: true,
  });
  if (scopes === undefined) return undefined;
  return {
    ...rest,
    authentication: 'application',
    clientId: clientId.trim(),
    ...(scopes.trim() ? { scopes: scopes.trim().replace(/\s+/g, ' ') } : {}),
  };
}

type Uses = Pick<Services, 'accountFor' | 'commands' | 'connections' | 'input' | 'log'>;

/** Edit one field of a connection (validated as typed), how it signs in, or its protection level. */
export const editConnection: CommandDefinition<Uses> = {
  id: CommandId.editConnection,
  contributes: connectionCommand(nls('Edit Connection…'), '$(edit)', 1),
  asksFirst: true,
  title: t('Edit Connection'),
  async run({ ctx }, arg) {
    const connection = await pickConnection(ctx, arg, t('Edit which connection?'));
    if (!connection) return;
    const raw = ctx.connections.raw();
    const index = raw.findIndex((c) => c.label === connection.label);
    if (index < 0)
      throw new Error(t("'{0}' is not in your user settings (it may come from workspace settings).", connection.label));
    const entry = raw[index]!;
    const fields = FIELDS.filter((f) => !f.cloudOnly || connection.kind === 'cloud');
    const pick = await ctx.input.pick(
      [
        ...fields.map((f) => ({
          label: f.label,
          description: plainText(String(entry[f.key] ?? '')),
          field: f as Field | undefined,
        })),
        ...(connection.kind === 'cloud'
          ? [{ label: SIGN_IN, description: SIGN_IN_WAYS[connection.authentication], field: undefined }]
          : []),
        { label: t('Protection'), description: connection.protection, field: undefined },
      ],
      { title: plainText(t('Edit {0}', connection.label)) },
    );
    if (!pick) return;
    let updated: ConnectionSetting | undefined;
    if (pick.label === SIGN_IN) {
      updated = await editSignIn(ctx, connection, entry);
      if (!updated) return;
    } else if (!pick.field) {
      const level = await ctx.input.pick(
        ['normal', 'confirm', 'readOnly'].map((label) => ({ label })),
        { title: plainText(t('Protection of {0}', connection.label)) },
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
