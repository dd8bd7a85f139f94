// The tail tests' seeded generator (a linear congruential one): a fault mix is the same on every run, so a failure
// names the seed that reproduces it.
export function seeded(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}
