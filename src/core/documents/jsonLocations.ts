import { findNodeAtLocation, parse, parseTree, type ParseError } from 'jsonc-parser';

// Where a problem stands in a JSON document, so the editor marks the property, not line 1. Strict JSON: comments and
// trailing commas count as errors, as they do for the service.

const STRICT = { disallowComments: true, allowTrailingComma: false } as const;

/** The offset of the first syntax error (undefined when the text parses). */
export function firstSyntaxError(text: string): number | undefined {
  const errors: ParseError[] = [];
  parse(text, errors, STRICT);
  return errors[0]?.offset;
}

/**
 * The span of the value at a path, including its property name when it is a property (so `"Amount": "x"` is marked
 * whole); undefined when the path is not in the document.
 */
export function spanOf(
  text: string,
  path: readonly (string | number)[],
): { offset: number; length: number } | undefined {
  const root = parseTree(text, [], STRICT);
  if (!root) return undefined;
  // Property names are matched as the service matches them: ignoring case.
  const resolved: (string | number)[] = [];
  let node = root;
  for (const segment of path) {
    const key =
      typeof segment === 'string' && node.type === 'object'
        ? (node.children?.find(
            (p) =>
              typeof p.children?.[0]?.value === 'string' &&
              (p.children[0].value as string).toLowerCase() === segment.toLowerCase(),
          )?.children?.[0]?.value as string | undefined)
        : segment;
    if (key === undefined) break;
    const next = findNodeAtLocation(node, [key]);
    if (!next) break;
    resolved.push(key);
    node = next;
  }
  if (resolved.length === 0 && path.length > 0) return undefined;
  const property = node.parent?.type === 'property' ? node.parent : undefined;
  const start = property ? property.offset : node.offset;
  return { offset: start, length: node.offset + node.length - start };
}
