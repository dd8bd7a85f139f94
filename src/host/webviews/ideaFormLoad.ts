// What the idea form loads from the idea service before it can show: the form (and the idea's values), the categories
// and the first 100 users, in parallel. Apart from the panel (ideaFormPanel.ts), which owns drafts and sending.
import type { IdeaClient } from '../../core/ideas/client';
import type { Idea, IdeaSchema } from '../../core/ideas/schemas';
import { t } from '../../core/l10n';
import { ideaNameFallback } from '../../shared/ideaFormModel';
import type { FormField, FormLookups, IdeaSummary } from '../../shared/protocol/ideaForm';
import { categoryChoices, fieldsOf, summaryOf } from './ideaFormContent';

/** Bounded as the protocol bounds it: a service with more or longer tags must not stop the panel from showing. */
export interface LoadedIdeaForm {
  schema: IdeaSchema;
  fields: FormField[];
  lookups: FormLookups;
  /** The idea's values on the service (Show Idea), for what changed. */
  baseline: Record<string, unknown>;
  idea?: IdeaSummary;
}

/**
 * The form of a new idea (`id` undefined) or of automation `id`. Categories and users are lookups only: a failure of
 * either leaves its field free-typed rather than failing the form. `hint` is the idea a command already holds.
 */
export async function loadIdeaForm(client: IdeaClient, id: number | undefined, hint?: Idea): Promise<LoadedIdeaForm> {
  const [form, categories, users] = await Promise.all([
    id === undefined
      ? client.schema().then((schema) => ({ schema, values: {} as Record<string, unknown> }))
      : client.ideaForm(id),
    client.categories().then(
      (r) => categoryChoices(r.data),
      () => undefined,
    ),
    client.users({ page: 1, pageSize: 100 }).then(
      (r) =>
        r.data.map((u) => ({
          value: String(u.id),
          label: `${`${u.firstName} ${u.lastName}`.trim() || u.email} (${u.email})`,
        })),
      () => undefined,
    ),
  ]);
  const idea =
    id === undefined ? undefined : hint?.id === id ? summaryOf(hint) : await findIdea(client, id, form.values);
  return {
    schema: form.schema,
    fields: fieldsOf(form.schema),
    lookups: { categories, users },
    baseline: form.values,
    idea,
  };
}

/** The spec has no GET of one automation: the list, searched by the idea's name, gives its phase and status. */
async function findIdea(client: IdeaClient, id: number, values: Record<string, unknown>): Promise<IdeaSummary> {
  const name = typeof values.name === 'string' ? values.name : '';
  const found = name
    ? (await client.ideas({ search: name, pageSize: 100 }).catch(() => undefined))?.data.find((i) => i.id === id)
    : undefined;
  return found
    ? summaryOf(found)
    : { id, name: name || ideaNameFallback(id), phase: t('unknown phase'), status: t('unknown status') };
}
