// What POST and PUT Assets accept, checked as the service checks it (README, "Assets"): the name, the scope, the value
// of each type, and a per-robot asset's RobotValues. A credential's password is kept apart (`$secret`), never shown.
import { badRequest, ErrorCode, HttpError } from '../../server/errors';
import type { Call } from '../context';
import type { Row } from '../state';
import { bodyOf } from './body';

type Body = ReturnType<typeof bodyOf>;

const MAX_TEXT_ASSET = 1_000_000;
const MAX_NAME = 128;
const MAX_USERNAME = 256;
const INT32 = { min: -2_147_483_648, max: 2_147_483_647 };
export const VALUE_TYPES = ['Text', 'Bool', 'Integer', 'Credential'];

/** The value fields of an asset; a per-robot asset keeps one set of them per robot in `$robotValues`. */
export const VALUE_FIELDS = ['Value', 'StringValue', 'BoolValue', 'IntValue', 'CredentialUsername', '$secret'] as const;
export type RobotValue = Partial<Record<(typeof VALUE_FIELDS)[number] | 'RobotName', unknown>>;
export type RobotValues = Record<string, RobotValue>;

/** How a value is read: `optional` leaves a missing one at its type's default; `secret` is the password kept so far. */
interface ValueRules {
  optional?: boolean;
  /** The stored password, kept when the body sends none (PUT); undefined: a credential needs one (POST). */
  keptSecret?: unknown;
}

export function assetName(body: Body): string {
  const name = body.string('Name', { max: MAX_NAME });
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) throw badRequest("'Name' cannot contain control characters.");
  return name;
}

/** One value in the asset's type, as the fields of a row; a credential's password under `$secret`. */
export function valueOf(body: Body, type: string, rules: ValueRules = {}): RobotValue {
  const empty = { StringValue: null, BoolValue: false, IntValue: 0, CredentialUsername: null };
  if (type === 'Text') {
    const text = body.string('StringValue', { optional: true });
    if (text.length > MAX_TEXT_ASSET)
      throw new HttpError(
        400,
        ErrorCode.fieldTooLarge,
        `StringValue is ${text.length} characters; text assets hold at most ${MAX_TEXT_ASSET}.`,
      );
    return { ...empty, StringValue: text, Value: text };
  }
  if (type === 'Bool') {
    const value = body.bool('BoolValue', { optional: rules.optional });
    return { ...empty, BoolValue: value, Value: value ? 'True' : 'False' };
  }
  if (type === 'Integer') {
    const value = body.int('IntValue', { optional: rules.optional });
    if (value < INT32.min || value > INT32.max)
      throw badRequest(`'IntValue' must be a 32-bit integer, from ${INT32.min} to ${INT32.max}.`);
    return { ...empty, IntValue: value, Value: String(value) };
  }
  if (rules.optional && !body.has('CredentialUsername')) return { ...empty, Value: '' };
  const user = body.string('CredentialUsername', { max: MAX_USERNAME });
  const sent = body.raw.CredentialPassword;
  if (sent !== undefined && sent !== null && typeof sent !== 'string')
    throw badRequest("'CredentialPassword' must be a string.");
  // PUT without a password keeps the one stored (the portal's "leave empty to keep"); POST needs one.
  const secret = typeof sent === 'string' && sent !== '' ? sent : rules.keptSecret;
  if (typeof secret !== 'string' || secret === '')
    throw badRequest("'CredentialPassword' is required for a new credential.");
  return { ...empty, CredentialUsername: user, Value: `username: ${user}`, $secret: secret };
}

/**
 * RobotValues of a per-robot asset: `[{ RobotId, <value fields> }]`, each robot once, each value in the asset's type
 * (ValueType, when sent, must be it). A credential sent without a password keeps that robot's stored one.
 */
export function robotValuesOf(call: Call, asset: Row, body: Body, type: string): RobotValues {
  const given = body.raw.RobotValues;
  if (given === undefined || given === null) return {};
  if (!Array.isArray(given)) throw badRequest("'RobotValues' must be an array.");
  const before = (asset.$robotValues as RobotValues | undefined) ?? {};
  const values: RobotValues = {};
  given.forEach((entry: unknown, index) => {
    const where = `RobotValues[${index}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      throw badRequest(`'${where}' must be an object.`);
    const fields = entry as Record<string, unknown>;
    const robotId = fields.RobotId;
    const robot = call.tenant.robots.find((r) => r.Id === robotId);
    if (!robot) throw badRequest(`'${where}.RobotId' must name a robot (got ${JSON.stringify(robotId)}).`);
    if (values[String(robot.Id)]) throw badRequest(`Robot ${robot.Id} has two values in 'RobotValues'.`);
    if (fields.ValueType !== undefined && fields.ValueType !== type)
      throw badRequest(
        `'${where}.ValueType' is ${JSON.stringify(fields.ValueType)}, but the asset is of type ${type}.`,
      );
    try {
      const value = valueOf(bodyOf({ ...call.req, body: fields }), type, {
        keptSecret: before[String(robot.Id)]?.$secret,
      });
      values[String(robot.Id)] = { ...value, RobotName: robot.Name };
    } catch (error) {
      // The checks name bare fields; the caller sent them inside RobotValues.
      if (error instanceof Error) error.message = `${where}: ${error.message}`;
      throw error;
    }
  });
  return values;
}

/** RobotValues as `$expand=RobotValues` shows them: every robot's value, a credential's user name only. */
export function shownRobotValues(asset: Row): Record<string, unknown>[] {
  return Object.entries((asset.$robotValues as RobotValues | undefined) ?? {}).map(([id, value]) => ({
    RobotId: Number(id),
    RobotName: value.RobotName ?? null,
    ValueType: asset.ValueType,
    Value: value.Value ?? null,
    StringValue: value.StringValue ?? null,
    BoolValue: value.BoolValue ?? false,
    IntValue: value.IntValue ?? 0,
    CredentialUsername: value.CredentialUsername ?? null,
    CredentialPassword: null,
  }));
}
