import { formatBytes, readCapped } from '../http/responseBody';
import type { FetchLike } from '../http/transport';
import { definitionsNamedBy, onOrigin } from './apiPage';
import { DialectScanner, type ScanResult } from './definitionScan';
import { t } from '../l10n';
import { errorMessage } from '../errorMessage';

/**
 * Every request one reading of a service's definition may send, same-origin redirects included. The plan
 * (dialect.ts) needs two when the API page names its definition, and is cut here when nothing answers.
 */
export const MAX_DEFINITION_REQUESTS = 6;
/** Real definitions run to 2–6 MB; a larger body is not read past this. */
export const API_DEFINITION_MAX_BYTES = 8 * 1024 * 1024;
/** An API page or its configuration script: a few kilobytes (the sandbox's page lists every operation). */
const PAGE_MAX_BYTES = 512 * 1024;
/** Bytes decoded and scanned at a time: a body that arrives in one large chunk is still read in short steps. */
const SLICE_BYTES = 256 * 1024;

const yieldToHost = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export type DefinitionScan = ScanResult | { problem: string; tooLarge: true };

/**
 * The requests of one reading: each a GET without a token, bounded by the reading's signal, its count by
 * MAX_DEFINITION_REQUESTS, its body by a cap. A redirect is followed only on the service's origin (another origin
 * is not asked: a page or a proxy must not send the extension elsewhere). What each address answered is noted for
 * the problem the user reads when none served a definition.
 */
export class DefinitionReader {
  requests = 0;
  readonly notes: string[] = [];
  /** Some address failed for a passing reason (no answer, 5xx, 429): worth reading again later. */
  transient = false;
  private readonly origin: string;

  constructor(
    private readonly fetch: FetchLike,
    private readonly baseUrl: string,
    private readonly signal: AbortSignal,
  ) {
    this.origin = new URL(baseUrl).origin;
  }

  /** The address as the user reads it: below the service URL when it is. */
  label(url: string): string {
    return url.startsWith(`${this.baseUrl}/`) ? url.slice(this.baseUrl.length + 1) : new URL(url).pathname.slice(1);
  }

  /** The answer at `url` (after same-origin redirects) and where it came from, or undefined with a note. */
  async get(url: string, accept: string): Promise<{ response: Response; url: string } | undefined> {
    let current = url;
    for (;;) {
      if (this.requests >= MAX_DEFINITION_REQUESTS) return undefined;
      this.requests++;
      let response: Response;
      try {
        response = await this.fetch(current, {
          method: 'GET',
          headers: { accept },
          redirect: 'manual',
          signal: this.signal,
        });
      } catch (error) {
        if (this.signal.aborted) throw error;
        this.transient = true;
        this.notes.push(`${this.label(url)} (${errorMessage(error)})`);
        return undefined;
      }
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
        await response.body?.cancel().catch(() => undefined);
        const next = onOrigin(response.headers.get('location') ?? '', current, this.origin);
        if (next) {
          current = next;
          continue;
        }
        this.notes.push(t('{0} (redirected to another origin, not followed)', this.label(url)));
        return undefined;
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        if (response.status >= 500 || response.status === 429) this.transient = true;
        this.notes.push(`${this.label(url)} (${response.status})`);
        return undefined;
      }
      return { response, url: current };
    }
  }

  /** The definitions an API page names (following its configuration script if the page itself names none). */
  async namedBy(pageUrl: string): Promise<string[]> {
    const page = await this.text(pageUrl, 'text/html');
    if (!page) return [];
    const named = definitionsNamedBy(page.text, page.url, this.baseUrl);
    for (const script of named.scripts.slice(0, 1)) {
      if (named.definitions.length > 0) break;
      const config = await this.text(script, 'application/javascript');
      if (config) named.definitions.push(...definitionsNamedBy(config.text, config.url, this.baseUrl).definitions);
    }
    if (named.definitions.length === 0) this.notes.push(t('{0} (names no definition)', this.label(pageUrl)));
    return named.definitions;
  }

  /** The names in the definition at `url`, read as a stream, or undefined (noted) when nothing is there. */
  async definition(url: string): Promise<{ scan: DefinitionScan; url: string } | undefined> {
    const answer = await this.get(url, 'application/json');
    if (!answer) return undefined;
    const scan = await this.scan(answer.response);
    if ('notJson' in scan) {
      this.notes.push(t('{0} (not JSON)', this.label(url)));
      return undefined;
    }
    return { scan, url: answer.url };
  }

  private async text(url: string, accept: string): Promise<{ text: string; url: string } | undefined> {
    const answer = await this.get(url, accept);
    if (!answer) return undefined;
    // Only the start of an oversized page is read: its configuration is there.
    return { text: new TextDecoder().decode(await readCapped(answer.response, PAGE_MAX_BYTES, true)), url: answer.url };
  }

  /** Reads the body slice by slice into the scanner and stops once the names are found or the cap is passed. */
  private async scan(response: Response): Promise<DefinitionScan> {
    const tooLarge = {
      problem: t('the API definition is larger than {0}', formatBytes(API_DEFINITION_MAX_BYTES)),
      tooLarge: true as const,
    };
    if (Number(response.headers.get('content-length') ?? NaN) > API_DEFINITION_MAX_BYTES) {
      await response.body?.cancel().catch(() => undefined);
      return tooLarge;
    }
    const scanner = new DialectScanner();
    const decoder = new TextDecoder();
    const reader = response.body?.getReader();
    let total = 0;
    try {
      while (reader && !scanner.complete) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        if (total > API_DEFINITION_MAX_BYTES) return tooLarge;
        for (let at = 0; at < value.byteLength && !scanner.complete; at += SLICE_BYTES) {
          if (at > 0) await yieldToHost();
          scanner.push(decoder.decode(value.subarray(at, at + SLICE_BYTES), { stream: true }));
        }
      }
    } finally {
      await reader?.cancel().catch(() => undefined);
    }
    scanner.push(decoder.decode());
    return scanner.finish();
  }
}
