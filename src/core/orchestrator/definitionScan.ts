import { MAX_HEADER_PREFIX_LENGTH, MAX_NAMESPACE_LENGTH } from './dialect';
import { t } from '../l10n';

// The three names a dialect needs, found in an API definition's text as it arrives, without parsing it: a real
// definition runs to several megabytes, and JSON.parse of one (plus a walk over every path and parameter) held the
// extension host for seconds. Each name is found by a literal that ends it, then read backwards, so the work is one
// pass over the text in slices the size of the network's chunks, and reading stops once all three are found.

const DOTTED = /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/;
const HEADER_TOKEN = /^[A-Za-z][A-Za-z0-9-]*$/;

interface Needle {
  /** The literal that ends the name (the closing quote included), found case-insensitively for the header. */
  end: RegExp;
  /** Characters a name may hold (read backwards from the literal). */
  char: RegExp;
  /** What must stand right before the name. */
  before: RegExp;
  /** What must follow the literal (a path is an object key). */
  after?: RegExp;
  valid: RegExp;
  bound: number;
}

type Kind = 'namespace' | 'queueNamespace' | 'headerPrefix';

const NEEDLES: Record<Kind, Needle> = {
  namespace: {
    end: /\.StartJobs"/g,
    char: /[\w.]/,
    before: /"\/odata\/Jobs\/$/,
    after: /^\s*:/,
    valid: DOTTED,
    bound: MAX_NAMESPACE_LENGTH,
  },
  queueNamespace: {
    end: /\.AddQueueItem"/g,
    char: /[\w.]/,
    before: /"\/odata\/Queues\/$/,
    after: /^\s*:/,
    valid: DOTTED,
    bound: MAX_NAMESPACE_LENGTH,
  },
  headerPrefix: {
    end: /-OrganizationUnitId"/gi,
    char: /[A-Za-z0-9-]/,
    before: /"name"\s*:\s*"$/,
    valid: HEADER_TOKEN,
    bound: MAX_HEADER_PREFIX_LENGTH,
  },
};

/** Text kept from one slice to the next: the longest name with what stands before it. */
const LOOKBACK = 256;
/** Text after a literal needed to tell a key (`"…": {`) from a mention: the next slice decides a literal this close. */
const LOOKAHEAD = 64;

export type ScanResult =
  | { names: { namespace: string; queueNamespace: string; headerPrefix: string } }
  | { problem: string; notJson?: boolean };

/**
 * Reads a definition's text slice by slice (`push`, then `finish`) and says its names, or what is missing or unusable
 * in the words the user reads. `complete` turns true once all three are found: the rest need not be read.
 */
export class DialectScanner {
  private pending = '';
  /** Where in `pending` literals not yet looked at begin. */
  private from = 0;
  private started = false;
  private notJson = false;
  private sawPaths = false;
  private readonly found: Partial<Record<Kind, string>> = {};
  private readonly tooLong = new Set<Kind>();

  get complete(): boolean {
    return this.found.namespace !== undefined && this.found.queueNamespace !== undefined && !!this.found.headerPrefix;
  }

  push(text: string): void {
    if (this.notJson || this.complete) return;
    if (!this.started) {
      const trimmed = text.replace(/^[\ufeff\s]+/, '');
      if (trimmed === '') return;
      this.started = true;
      if (!trimmed.startsWith('{')) {
        this.notJson = true;
        return;
      }
    }
    this.pending += text;
    this.scan(this.pending.length - LOOKAHEAD);
  }

  finish(): ScanResult {
    if (!this.notJson && !this.complete) this.scan(this.pending.length);
    if (this.notJson || !this.started) return { problem: t('it is not JSON'), notJson: true };
    const { namespace, queueNamespace, headerPrefix } = this.found;
    if (namespace && queueNamespace && headerPrefix) return { names: { namespace, queueNamespace, headerPrefix } };
    if (!this.sawPaths) return { problem: t('it is not an OpenAPI document (it has no paths)') };
    const long = (kind: Kind, what: string, bound: number) =>
      this.found[kind] === undefined && this.tooLong.has(kind)
        ? t('its {0} is longer than {1} characters', what, bound)
        : undefined;
    const problem =
      long('namespace', t('operation namespace'), MAX_NAMESPACE_LENGTH) ??
      long('queueNamespace', t('queue operation namespace'), MAX_NAMESPACE_LENGTH) ??
      long('headerPrefix', t('folder header prefix'), MAX_HEADER_PREFIX_LENGTH);
    if (problem) return { problem };
    if (!namespace) return { problem: t('it lists no StartJobs operation of Jobs') };
    if (!queueNamespace) return { problem: t('it lists no AddQueueItem operation of Queues') };
    return { problem: t('it names no folder header (…-OrganizationUnitId)') };
  }

  /** Looks at every literal that ends before `limit`, then keeps only what the next slice may need. */
  private scan(limit: number): void {
    const text = this.pending;
    if (!this.sawPaths) this.sawPaths = /"paths"\s*:\s*\{/.test(text);
    for (const kind of Object.keys(NEEDLES) as Kind[]) {
      if (this.found[kind] !== undefined) continue;
      const needle = NEEDLES[kind];
      needle.end.lastIndex = this.from;
      for (let hit = needle.end.exec(text); hit && hit.index < limit; hit = needle.end.exec(text)) {
        const name = this.nameAt(text, hit.index, hit[0].length, needle, kind);
        if (name !== undefined) {
          this.found[kind] = name;
          break;
        }
      }
    }
    const keep = Math.max(0, Math.max(this.from, limit) - LOOKBACK);
    this.pending = text.slice(keep);
    this.from = Math.max(0, Math.max(this.from, limit) - keep);
  }

  /** The name that ends at `end`, if it stands where the needle wants it; a run longer than allowed is noted. */
  private nameAt(text: string, end: number, length: number, needle: Needle, kind: Kind): string | undefined {
    let start = end;
    while (start > 0 && end - start <= needle.bound && needle.char.test(text[start - 1]!)) start--;
    if (end - start > needle.bound) {
      this.tooLong.add(kind);
      return undefined;
    }
    const name = text.slice(start, end);
    if (!needle.valid.test(name) || !needle.before.test(text.slice(Math.max(0, start - 32), start))) return undefined;
    if (needle.after && !needle.after.test(text.slice(end + length, end + length + LOOKAHEAD))) return undefined;
    return name;
  }
}

/** The names in a whole definition's text (tests, and definitions small enough to hold). */
export function scanDefinition(text: string): ScanResult {
  const scanner = new DialectScanner();
  scanner.push(text);
  return scanner.finish();
}
