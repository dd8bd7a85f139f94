// Where an activity is in a workflow file: the element whose DisplayName is the fault's Source. Read as text, not as
// XML: a workflow may be half-edited in the workspace, and the line of the element's `<` is all a diagnostic needs.

const DISPLAY_NAME = /\bDisplayName\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#x([0-9a-fA-F]{1,6}));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** An attribute's value as written in XML (`Throw &apos;Total missing&apos;`) → as shown (`Throw 'Total missing'`). */
export function xmlUnescape(value: string): string {
  return value.replace(ENTITY, (whole, name?: string, decimal?: string, hex?: string) => {
    if (name) return NAMED[name] ?? whole;
    const code = decimal !== undefined ? Number(decimal) : parseInt(hex ?? '', 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

export interface TextPosition {
  /** 1-based, as people count lines. */
  readonly line: number;
  /** 1-based. */
  readonly column: number;
}

/** The position of the first element whose DisplayName equals `displayName`, or undefined. */
export function displayNamePosition(xaml: string, displayName: string): TextPosition | undefined {
  const wanted = displayName.trim();
  if (wanted === '') return undefined;
  for (const match of xaml.matchAll(DISPLAY_NAME)) {
    if (xmlUnescape(match[1] ?? match[2] ?? '').trim() !== wanted) continue;
    const start = Math.max(0, xaml.lastIndexOf('<', match.index));
    const before = xaml.slice(0, start);
    const lineStart = before.lastIndexOf('\n') + 1;
    return { line: before.split('\n').length, column: start - lineStart + 1 };
  }
  return undefined;
}
