import * as z from 'zod/mini';
import {
  connectionId,
  list,
  nonEmptyText,
  parseMessage,
  positiveId,
  readyMessage,
  requestId,
  SERVICE_TEXT_MAX,
  text,
} from './common';
import { t } from '../../core/l10n';

// Host ⇄ webview messages of the idea form panel (Submit Idea… and Show Idea).

/** The panel's identity (setState, serializer): a connection, and the automation when it shows an existing idea. */
export const ideaFormIdentity = z.strictObject({ connectionId, automationId: z.optional(positiveId) });
export type IdeaFormIdentity = z.infer<typeof ideaFormIdentity>;

/**
 * The idea service's spec shows no size limits (Limits: "not shown"), so the bounds are generous: ten times anything
 * a form could sensibly hold, well above the sandbox's schema. What the host gets beyond them it cuts (ideaFormPanel)
 * rather than drop the message and leave the panel loading.
 */
export const IDEA_FORM_LIMITS = {
  fields: 5_000,
  key: 1_000,
  label: 10_000,
  helpText: 100_000,
  choices: 10_000,
  lookupChoices: 100_000,
  value: SERVICE_TEXT_MAX,
} as const;
const L = IDEA_FORM_LIMITS;

/** What the user typed, per field key: text (numbers and ids as text, yes/no as 'true'/'false'/'') or a choice list. */
export const rawValue = z.union([text(L.value), list(text(L.label), L.choices)]);
export const rawValues = z
  .record(text(L.key), rawValue)
  .check(z.refine((values) => Object.keys(values).length <= L.fields, t('too many fields')));
export type RawValues = z.infer<typeof rawValues>;

const fieldType = z.enum([
  'text',
  'longText',
  'number',
  'singleChoice',
  'multipleChoice',
  'yesNo',
  'date',
  'category',
  'user',
]);
export const choice = z.strictObject({ value: text(L.label), label: text(L.label) });
export type Choice = z.infer<typeof choice>;

export const formField = z.strictObject({
  key: nonEmptyText(L.key),
  label: text(L.label),
  type: fieldType,
  required: z.boolean(),
  helpText: z.optional(text(L.helpText)),
  maxLength: z.optional(z.int().check(z.positive())),
  min: z.optional(z.number()),
  max: z.optional(z.number()),
  options: z.optional(list(choice, L.choices)),
  maxSelections: z.optional(z.int().check(z.positive())),
});
export type FormField = z.infer<typeof formField>;

/** The categories and users a category or user field offers; missing when the service would not list them. */
export const formLookups = z.strictObject({
  categories: z.optional(list(choice, L.lookupChoices)),
  users: z.optional(list(choice, L.lookupChoices)),
});
export type FormLookups = z.infer<typeof formLookups>;

/** The idea a panel shows: where it is in the workflow and its tags (the commands of its row change them). */
export const ideaSummary = z.strictObject({
  id: positiveId,
  name: text(L.label),
  phase: text(1_000),
  status: text(1_000),
  tags: z.optional(list(text(200), 500)),
});
export type IdeaSummary = z.infer<typeof ideaSummary>;

export const fieldError = z.strictObject({ field: text(L.key), message: text(10_000) });

/** The actions the panel may ask for besides submitting: an allow-list, never a command id. */
export const ideaFormActions = ['reload', 'discardDraft', 'revealInTree'] as const;
export type IdeaFormAction = (typeof ideaFormActions)[number];

export const ideaFormFromWebview = z.discriminatedUnion('type', [
  readyMessage,
  /** The draft changed (sent after a pause in typing): the host keeps it so nothing typed is lost on reload. */
  z.strictObject({ type: z.literal('draft'), values: rawValues }),
  z.strictObject({ type: z.literal('submit'), id: requestId, values: rawValues }),
  z.strictObject({ type: z.literal('request'), id: requestId, action: z.enum(ideaFormActions) }),
]);
export type IdeaFormFromWebview = z.infer<typeof ideaFormFromWebview>;

export const ideaFormToWebview = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('loading') }),
  z.strictObject({
    type: z.literal('form'),
    identity: ideaFormIdentity,
    title: text(L.label),
    fields: list(formField, L.fields),
    lookups: formLookups,
    values: rawValues,
    /** The values come from a saved draft rather than from the service. */
    draftRestored: z.boolean(),
    /** The idea shown (Show Idea); absent for a new one. */
    idea: z.optional(ideaSummary),
    readOnly: z.boolean(),
  }),
  z.strictObject({ type: z.literal('failed'), identity: ideaFormIdentity, message: text() }),
  z.strictObject({
    type: z.literal('reply'),
    id: requestId,
    ok: z.boolean(),
    message: z.optional(text()),
    fieldErrors: z.optional(list(fieldError, L.fields)),
  }),
  z.strictObject({ type: z.literal('submitted'), idea: ideaSummary, created: z.boolean() }),
]);
export type IdeaFormToWebview = z.infer<typeof ideaFormToWebview>;

export const parseIdeaFormFromWebview = (raw: unknown) => parseMessage(ideaFormFromWebview, raw);
export const parseIdeaFormToWebview = (raw: unknown) => parseMessage(ideaFormToWebview, raw);
