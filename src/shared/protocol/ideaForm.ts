import * as z from 'zod/mini';
import { connectionId, list, nonEmptyText, parseMessage, positiveId, readyMessage, requestId, text } from './common';

// Host ⇄ webview messages of the idea form panel (Submit Idea… and Show Idea).

/** The panel's identity (setState, serializer): a connection, and the automation when it shows an existing idea. */
export const ideaFormIdentity = z.strictObject({ connectionId, automationId: z.optional(positiveId) });
export type IdeaFormIdentity = z.infer<typeof ideaFormIdentity>;

/** What the user typed, per field key: text (numbers and ids as text, yes/no as 'true'/'false'/'') or a choice list. */
export const rawValue = z.union([text(100_000), list(text(1_000), 1_000)]);
export const rawValues = z.record(text(200), rawValue).check(z.refine((values) => Object.keys(values).length <= 500, 'too many fields'));
export type RawValues = z.infer<typeof rawValues>;

const fieldType = z.enum(['text', 'longText', 'number', 'singleChoice', 'multipleChoice', 'yesNo', 'date', 'category', 'user']);
export const choice = z.strictObject({ value: text(1_000), label: text(1_000) });
export type Choice = z.infer<typeof choice>;

export const formField = z.strictObject({
  key: nonEmptyText(200),
  label: text(1_000),
  type: fieldType,
  required: z.boolean(),
  helpText: z.optional(text(5_000)),
  maxLength: z.optional(z.int().check(z.positive())),
  min: z.optional(z.number()),
  max: z.optional(z.number()),
  options: z.optional(list(choice, 1_000)),
  maxSelections: z.optional(z.int().check(z.positive())),
});
export type FormField = z.infer<typeof formField>;

/** The categories and users a category or user field offers; missing when the service would not list them. */
export const formLookups = z.strictObject({ categories: z.optional(list(choice, 10_000)), users: z.optional(list(choice, 10_000)) });
export type FormLookups = z.infer<typeof formLookups>;

/** The idea a panel shows: where it is in the workflow and its tags (the commands of its row change them). */
export const ideaSummary = z.strictObject({ id: positiveId, name: text(1_000), phase: text(200), status: text(200), tags: z.optional(list(text(200), 500)) });
export type IdeaSummary = z.infer<typeof ideaSummary>;

export const fieldError = z.strictObject({ field: text(200), message: text(2_000) });

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
    title: text(1_000),
    fields: list(formField, 500),
    lookups: formLookups,
    values: rawValues,
    /** The values come from a saved draft rather than from the service. */
    draftRestored: z.boolean(),
    /** The idea shown (Show Idea); absent for a new one. */
    idea: z.optional(ideaSummary),
    readOnly: z.boolean(),
  }),
  z.strictObject({ type: z.literal('failed'), identity: ideaFormIdentity, message: text(5_000) }),
  z.strictObject({ type: z.literal('reply'), id: requestId, ok: z.boolean(), message: z.optional(text(5_000)), fieldErrors: z.optional(list(fieldError, 500)) }),
  z.strictObject({ type: z.literal('submitted'), idea: ideaSummary, created: z.boolean() }),
]);
export type IdeaFormToWebview = z.infer<typeof ideaFormToWebview>;

export const parseIdeaFormFromWebview = (raw: unknown) => parseMessage(ideaFormFromWebview, raw);
export const parseIdeaFormToWebview = (raw: unknown) => parseMessage(ideaFormToWebview, raw);
