import { escapeString, path, type Filter } from './filter';
import { t } from '../l10n';

export interface ODataQuery {
  top?: number;
  skip?: number;
  filter?: Filter;
  orderBy?: { path: string; desc?: boolean }[];
  select?: string[];
  expand?: string[];
  count?: boolean;
}

/** Builds the query string (with its leading `?`, or '' when empty); `maxTop` is the endpoint's cap. */
export function buildQuery(query: ODataQuery, maxTop?: number): string {
  const params: string[] = [];
  const add = (name: string, value: string) => params.push(`${name}=${encodeURIComponent(value)}`);
  if (query.top !== undefined) {
    if (!Number.isInteger(query.top) || query.top < 0)
      throw new Error(t('$top must be a non-negative integer, got {0}.', query.top));
    if (maxTop !== undefined && query.top > maxTop)
      throw new Error(t('$top is at most {0} on this endpoint, got {1}.', maxTop, query.top));
    add('$top', String(query.top));
  }
  if (query.skip !== undefined && query.skip !== 0) {
    if (!Number.isInteger(query.skip) || query.skip < 0)
      throw new Error(t('$skip must be a non-negative integer, got {0}.', query.skip));
    add('$skip', String(query.skip));
  }
  if (query.filter) add('$filter', query.filter);
  if (query.orderBy?.length)
    add('$orderby', query.orderBy.map((o) => `${path(o.path)}${o.desc ? ' desc' : ''}`).join(','));
  if (query.select?.length) add('$select', query.select.map(path).join(','));
  if (query.expand?.length) add('$expand', query.expand.map(path).join(','));
  if (query.count) add('$count', 'true');
  return params.length ? `?${params.join('&')}` : '';
}

/** A value inside an operation's parentheses: `key='a:1.0'`, `robotId=5`. */
export function operationParams(params: Record<string, string | number | boolean>): string {
  return Object.entries(params)
    .map(([name, value]) => {
      if (!/^[A-Za-z_]\w*$/.test(name)) throw new Error(t("'{0}' is not a parameter name.", name));
      if (typeof value === 'string') return `${name}=${encodeURIComponent(escapeString(value, name))}`;
      if (typeof value === 'number' && !Number.isFinite(value))
        throw new Error(t('{0} must be a finite number.', name));
      return `${name}=${String(value)}`;
    })
    .join(',');
}
