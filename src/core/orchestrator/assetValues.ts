import { formatNumber, t } from '../l10n';
import { LIMITS } from './limits';

/**
 * What an asset holds and the checks the service makes on it, run as the user types (Create and Edit Asset) and again
 * by the client before sending. The service's rules: a name of 1 to 128 characters, unique in its folder; a text of
 * at most 1,000,000 characters (the spec); an integer of 32 bits (the service's IntValue); a credential's user name of
 * at most 256 characters. Where the spec is silent these follow the service's published documentation
 * (sandbox/README.md).
 */
export const ASSET_VALUE_TYPES = ['Text', 'Integer', 'Bool', 'Credential'] as const;
export type AssetValueType = (typeof ASSET_VALUE_TYPES)[number];

export const ASSET_NAME_MAX = 128;
export const CREDENTIAL_USERNAME_MAX = 256;
export const INT32 = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/** One value of an asset: the asset's own, or one robot's. A credential's password is absent when it is kept. */
export type AssetValue =
  | { ValueType: 'Text'; StringValue: string }
  | { ValueType: 'Integer'; IntValue: number }
  | { ValueType: 'Bool'; BoolValue: boolean }
  | { ValueType: 'Credential'; CredentialUsername: string; CredentialPassword?: string };

export const isAssetValueType = (type: string): type is AssetValueType =>
  (ASSET_VALUE_TYPES as readonly string[]).includes(type);

export function checkAssetName(name: string): string | undefined {
  if (!name.trim()) return t('Enter a name for the asset.');
  if (name !== name.trim()) return t('The name cannot start or end with a space.');
  if (name.length > ASSET_NAME_MAX) return t('At most {0} characters (this is {1}).', ASSET_NAME_MAX, name.length);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return t('The name cannot hold line breaks or other control characters.');
  return undefined;
}

export function checkTextValue(text: string): string | undefined {
  return text.length > LIMITS.textAssetChars
    ? t(
        'A text asset holds at most {0} characters (this is {1}).',
        formatNumber(LIMITS.textAssetChars),
        formatNumber(text.length),
      )
    : undefined;
}

/** A whole number the service can hold, as typed; undefined when the text is not one. */
export function parseIntegerValue(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^[+-]?\d{1,10}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= INT32.min && value <= INT32.max ? value : undefined;
}

export function checkIntegerText(text: string): string | undefined {
  return parseIntegerValue(text) === undefined
    ? t('Enter a whole number from {0} to {1}.', formatNumber(INT32.min), formatNumber(INT32.max))
    : undefined;
}

export function checkUsername(name: string): string | undefined {
  if (!name.trim()) return t('Enter the user name.');
  if (name.length > CREDENTIAL_USERNAME_MAX)
    return t('At most {0} characters (this is {1}).', CREDENTIAL_USERNAME_MAX, name.length);
  return undefined;
}

/** A new credential needs a password; an edited one may keep its own (left empty). */
export function checkPassword(password: string, keepAllowed: boolean): string | undefined {
  return !password && !keepAllowed ? t('Enter the password.') : undefined;
}

/** Every problem of a value, for the client's last check before sending (the prompts check each field as typed). */
export function checkAssetValue(value: AssetValue): string | undefined {
  switch (value.ValueType) {
    case 'Text':
      return checkTextValue(value.StringValue);
    case 'Integer':
      return Number.isInteger(value.IntValue) && value.IntValue >= INT32.min && value.IntValue <= INT32.max
        ? undefined
        : checkIntegerText(String(value.IntValue));
    case 'Bool':
      return undefined;
    case 'Credential':
      return checkUsername(value.CredentialUsername);
  }
}

/** One robot's value of a per-robot asset (the service's RobotValues entry): its id, then the value in the asset's type. */
export type AssetRobotValueInput = AssetValue & { RobotId: number };

/**
 * The body of POST and PUT Assets: a Global asset carries its value; a PerRobot asset a value per robot (RobotValues).
 * A credential's password is sent only here, to the service, and never read back.
 */
export type AssetInput =
  | ({ Name: string; ValueScope?: 'Global' } & AssetValue)
  | {
      Name: string;
      ValueScope: 'PerRobot';
      ValueType: AssetValueType;
      RobotValues: AssetRobotValueInput[];
      /** The value a robot without one of its own reads, kept as it was by Edit. */
      StringValue?: string | null;
      IntValue?: number | null;
      BoolValue?: boolean | null;
    };

/** The first problem of an asset's body, checked before anything is sent; undefined when it may be sent. */
export function checkAssetInput(asset: AssetInput): string | undefined {
  const name = checkAssetName(asset.Name);
  if (name) return name;
  if (asset.ValueScope !== 'PerRobot') return checkAssetValue(asset);
  if (asset.RobotValues.length === 0) return t('Choose at least one robot for a per-robot asset.');
  for (const value of asset.RobotValues) {
    if (value.ValueType !== asset.ValueType) return t("Every robot value must be of the asset's type.");
    const problem = checkAssetValue(value);
    if (problem) return problem;
  }
  return undefined;
}
