// The plain values a fast check tests in place (schemaFastPath.ts): a string, a boolean, a number, a safe integer, null
// or anything, each tested the same way wherever it appears.

/** The leaves an object's loop tests in place: the same tests as their `check`, written once in `isLeaf`. */
export const enum Leaf {
  String,
  Boolean,
  Number,
  SafeInt,
  Any,
  Null,
}

/** The leaves' names, as generatedObjectCheck.ts writes their tests. */
export const LEAF_NAMES = ['string', 'boolean', 'number', 'safeint', 'any', 'null'] as const;

export function isLeaf(leaf: Leaf, value: unknown): boolean {
  switch (leaf) {
    case Leaf.String:
      return typeof value === 'string';
    case Leaf.Boolean:
      return typeof value === 'boolean';
    case Leaf.Number:
      return typeof value === 'number' && Number.isFinite(value);
    case Leaf.SafeInt:
      return Number.isSafeInteger(value);
    case Leaf.Any:
      return true;
    case Leaf.Null:
      return value === null;
  }
}

/** A union of leaves (a record of plain values): one test of the value's type instead of a call per option. */
export function anyLeafOf(leaves: Leaf[]): (value: unknown) => boolean {
  if (leaves.includes(Leaf.Any)) return () => true;
  const [string, boolean, number, safeInt, nullOk] = [
    Leaf.String,
    Leaf.Boolean,
    Leaf.Number,
    Leaf.SafeInt,
    Leaf.Null,
  ].map((leaf) => leaves.includes(leaf));
  return (value) => {
    switch (typeof value) {
      case 'string':
        return string!;
      case 'boolean':
        return boolean!;
      case 'number':
        return number ? Number.isFinite(value) : safeInt! && Number.isSafeInteger(value);
      case 'object':
        return nullOk! && value === null;
      default:
        return false;
    }
  };
}
