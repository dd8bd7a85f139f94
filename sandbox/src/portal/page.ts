import { createHash } from 'node:crypto';
import type { Reply } from '../server/http';

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}' +
  'dt{font-weight:600;margin-top:.5rem}dd{margin:0;white-space:pre-wrap;word-break:break-word}nav{margin-bottom:1rem}';

/**
 * No scripts, nothing from elsewhere, not framed: the page's one inline style is allowed by its hash. Service text on
 * it (names, references, specific content) is escaped, so a name with markup shows as text.
 */
const CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** A link on a page: a path on the sandbox and its text. */
export interface Link {
  href: string;
  text: string;
}

export interface PortalPage {
  /** What the page shows, e.g. `Job`, `Queue item`. */
  kind: string;
  /** The entity's name, the page's heading. */
  name: string;
  /** Where it sits (tenant, folder, queue), as links. */
  trail?: Link[];
  fields?: [string, unknown][];
  links?: Link[];
}

const text = (value: unknown) =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value, null, 2)
      : String(value);

function document(title: string, body: string, status: number): Reply {
  return {
    kind: 'raw',
    status,
    contentType: 'text/html; charset=utf-8',
    headers: { 'content-security-policy': CSP, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' },
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`,
  };
}

const linkList = (links: Link[]) =>
  links.map((l) => `<li><a href="${escapeHtml(l.href)}">${escapeHtml(l.text)}</a></li>`).join('');

/** One entity's page of the sandbox's web portal. */
export function portalPage(page: PortalPage): Reply {
  const trail = page.trail?.length
    ? `<nav>${page.trail.map((l) => `<a href="${escapeHtml(l.href)}">${escapeHtml(l.text)}</a>`).join(' › ')}</nav>`
    : '';
  const fields = page.fields?.length
    ? `<dl>${page.fields.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(text(v))}</dd>`).join('')}</dl>`
    : '';
  const links = page.links?.length ? `<ul>${linkList(page.links)}</ul>` : '';
  return document(
    `${page.kind}: ${page.name} — Sandbox portal`,
    `${trail}<p>${escapeHtml(page.kind)}</p><h1 id="name">${escapeHtml(page.name)}</h1>${fields}${links}`,
    200,
  );
}

/** The portal's answer for an entity that does not exist (or not where the path puts it). */
export function portalNotFound(message: string): Reply {
  return document(
    'Not found — Sandbox portal',
    `<h1>Not found</h1><p id="error">${escapeHtml(message)}</p><p>The page's address names an entity the sandbox does not have: it may have been deleted, or the address is for another service.</p>`,
    404,
  );
}
