// Rows of the Ideas view: ideas, categories, store reviews, components and applications.
import { t } from '../../core/l10n';
import type { Category, Idea } from '../../core/ideas/schemas';
import { ContextValue } from '../../core/rows/contextValues';
import { childId } from '../../core/rows/rowIds';
import { md, relativeTime, row, table, type ItemData } from './items';
import { localTime } from '../../core/presentation/times';

/** Names the ideas tree resolves ids to; missing ones fall back to the id. */
export interface IdeaLookups {
  users: ReadonlyMap<number, string>;
  categories: ReadonlyMap<number, string>;
}

export function ideaItem(
  scope: string,
  idea: Idea,
  lookups: IdeaLookups,
  now: number,
  collapsible: ItemData['collapsible'] = 'none',
): ItemData {
  const submitter =
    idea.submitterId != null ? (lookups.users.get(idea.submitterId) ?? t('user {0}', idea.submitterId)) : undefined;
  const category =
    idea.categoryId != null
      ? (lookups.categories.get(idea.categoryId) ?? t('category {0}', idea.categoryId))
      : undefined;
  return {
    id: childId(scope, 'idea', idea.id),
    label: idea.name,
    description: `${idea.phase} · ${idea.status} · ${relativeTime(idea.createdAt, now)}`,
    tooltip: table(idea.name, [
      row(t('Submitter'), submitter),
      row(t('Phase'), idea.phase),
      row(t('Status'), idea.status),
      row(t('Category'), category),
      row(t('Tags'), idea.tags?.join(', ')),
      row(t('Created'), localTime(idea.createdAt, now)),
      row(t('Id'), idea.id),
      row(t('Description'), idea.description?.slice(0, 300)),
    ]),
    icon: { id: 'lightbulb' },
    contextValue: ContextValue.idea,
    collapsible,
  };
}

export function categoryItem(scope: string, category: Category, childCount: number): ItemData {
  return {
    id: childId(scope, 'category', category.id),
    label: category.name,
    description: childCount ? (childCount === 1 ? t('1 subcategory') : t('{0} subcategories', childCount)) : undefined,
    icon: { id: 'symbol-namespace' },
    contextValue: ContextValue.category,
    collapsible: childCount ? 'collapsed' : 'none',
  };
}

export function reviewItem(
  scope: string,
  review: { id: number; rating: number; comment?: string; userId: number },
  lookups: IdeaLookups,
): ItemData {
  const stars = Math.max(0, Math.min(5, Math.round(review.rating)));
  return {
    id: childId(scope, 'review', review.id),
    label: `${'★'.repeat(stars)}${'☆'.repeat(5 - stars)}`,
    description: `${review.comment ?? ''}${review.comment ? ' — ' : ''}${lookups.users.get(review.userId) ?? t('user {0}', review.userId)}`,
    tooltip: review.comment ? md(review.comment) : undefined,
    icon: { id: 'comment' },
    contextValue: ContextValue.review,
    collapsible: 'none',
  };
}

/** A plain named leaf: components and applications of the inventory. */
export function namedItem(
  scope: string,
  kind: 'component' | 'application',
  entry: { id: number; name: string; version?: string; type?: string; vendor?: string },
): ItemData {
  return {
    id: childId(scope, kind, entry.id),
    label: entry.name,
    description: [entry.type, entry.vendor, entry.version].filter(Boolean).join(' · ') || undefined,
    icon: { id: kind === 'component' ? 'extensions' : 'window' },
    contextValue: kind === 'component' ? ContextValue.component : ContextValue.application,
    collapsible: 'none',
  };
}
