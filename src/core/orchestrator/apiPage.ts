// A service's API page (its Swagger UI) names where its definition is: the page's configuration (`url: "…"`,
// `"urls":[{"url":"…"}]`), or in older versions `discoveryPaths: arrayFrom('swagger/docs/v1')` below the service's
// root. Newer pages keep the configuration in a script of their own (`index.js`, `swagger-initializer.js`). Only
// addresses on the service's own origin are taken: a page must not send the extension elsewhere.

const CONFIG_URL = /["']?\burl["']?\s*:\s*["']([^"'<>\s]{1,512})["']/g;
const DISCOVERY_PATHS = /discoveryPaths\s*:\s*arrayFrom\(\s*["']([^"'<>]{1,1024})["']/g;
const CONFIG_SCRIPT = /<script[^>]*\ssrc\s*=\s*["']([^"'<>\s]*(?:index|swagger-initializer)\.js)["']/gi;

const matches = (pattern: RegExp, text: string): string[] => [...text.matchAll(pattern)].map((match) => match[1]!);

/** `candidate` resolved against `against`, when it stays on `origin` over http(s); else undefined. */
export function onOrigin(candidate: string, against: string, origin: string): string | undefined {
  try {
    const url = new URL(candidate.replaceAll('\\u0026', '&').replaceAll('&amp;', '&'), against);
    if (url.origin !== origin || (url.protocol !== 'https:' && url.protocol !== 'http:')) return undefined;
    url.hash = '';
    return url.toString();
  } catch {
    return undefined;
  }
}

/**
 * Where a page says the definition is, first named first, and the scripts that may hold its configuration instead;
 * every address on the service's origin, relative ones resolved as a browser would (discovery paths below the
 * service's root, as that page's own script resolves them).
 */
export function definitionsNamedBy(
  page: string,
  pageUrl: string,
  baseUrl: string,
): { definitions: string[]; scripts: string[] } {
  const origin = new URL(baseUrl).origin;
  const root = `${baseUrl.replace(/\/+$/, '')}/`;
  const definitions = [
    ...matches(CONFIG_URL, page).map((url) => onOrigin(url, pageUrl, origin)),
    ...matches(DISCOVERY_PATHS, page)
      .flatMap((paths) => paths.split('|'))
      .map((path) => onOrigin(path.trim(), root, origin)),
  ];
  const scripts = matches(CONFIG_SCRIPT, page).map((src) => onOrigin(src, pageUrl, origin));
  const kept = (urls: (string | undefined)[]) =>
    [...new Set(urls.filter((url): url is string => url !== undefined))].filter(
      (url) => !/\.(js|css|html?)$/i.test(url),
    );
  return { definitions: kept(definitions), scripts: [...new Set(scripts.filter((url) => url !== undefined))] };
}
