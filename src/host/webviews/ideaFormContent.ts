// What the idea form shows, built from the idea service's answers: pure, so it is bounded and tested apart from the
// panel (ideaFormPanel.ts).
import type { Category, Idea, IdeaSchema } from '../../core/ideas/schemas';
import { IDEA_FORM_LIMITS, type Choice, type FormField, type IdeaSummary } from '../../shared/protocol/ideaForm';

const tagsOf = (tags: string[] | undefined) =>
  tags?.length ? tags.slice(0, 100).map((t) => t.slice(0, 200)) : undefined;
export const summaryOf = (idea: Idea): IdeaSummary => ({
  id: idea.id,
  name: idea.name.slice(0, IDEA_FORM_LIMITS.label),
  phase: idea.phase,
  status: idea.status,
  tags: tagsOf(idea.tags),
});

/** Text cut to a protocol bound, marked as cut: beyond the (generous) bounds the form still shows. */
export const within = (value: string, max: number) => (value.length <= max ? value : `${value.slice(0, max - 1)}…`);

/**
 * The form's fields as the protocol carries them: only the properties the panel knows, nothing else the service sent,
 * and nothing beyond the protocol's bounds (IDEA_FORM_LIMITS), so a schema the service accepts never leaves the panel
 * on "Loading…". Keys are not cut (a cut key would send a value to another field): a longer one fails the form openly.
 */
export function fieldsOf(schema: IdeaSchema): FormField[] {
  return schema.fields.slice(0, IDEA_FORM_LIMITS.fields).map((f) => ({
    key: f.key,
    label: within(f.label, IDEA_FORM_LIMITS.label),
    type: f.type,
    required: f.required,
    helpText: f.helpText === undefined ? undefined : within(f.helpText, IDEA_FORM_LIMITS.helpText),
    maxLength: f.maxLength,
    min: f.min,
    max: f.max,
    options: f.options
      ?.slice(0, IDEA_FORM_LIMITS.choices)
      .map((o) => ({ value: o.value, label: within(o.label, IDEA_FORM_LIMITS.label) })),
    maxSelections: f.maxSelections,
  }));
}

/** Category choices labelled with their path ("Finance › Accounts Payable"), in hierarchy order. */
export function categoryChoices(categories: Category[]): Choice[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const path = (c: Category): string => {
    const names = [c.name];
    const seen = new Set([c.id]);
    for (
      let parent = c.parentId != null ? byId.get(c.parentId) : undefined;
      parent && !seen.has(parent.id);
      parent = parent.parentId != null ? byId.get(parent.parentId) : undefined
    ) {
      seen.add(parent.id);
      names.unshift(parent.name);
    }
    return names.join(' › ');
  };
  return categories
    .map((c) => ({ value: String(c.id), label: path(c) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
