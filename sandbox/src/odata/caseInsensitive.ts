/**
 * Real services bind JSON bodies to their models case-insensitively (`{ "startinfo": { "releasekey": … } }` starts a
 * job), and clients rely on it. The sandbox's handlers read bodies by their declared names, so a body is wrapped in a
 * view whose property reads fall back to a case-insensitive match when the exact name misses. Enumeration keeps the
 * sender's names: data whose keys are the caller's own (SpecificContent, Output, input arguments) is stored as sent.
 */
export function caseInsensitive<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  return new Proxy(value as object, HANDLER) as T;
}

const HANDLER: ProxyHandler<object> = {
  get(target, property, receiver) {
    const record = target as Record<string | symbol, unknown>;
    if (typeof property === 'symbol' || property in target || Array.isArray(target))
      return wrap(Reflect.get(target, property, receiver));
    const lower = property.toLowerCase();
    for (const key of Object.keys(record)) if (key.toLowerCase() === lower) return wrap(record[key]);
    return undefined;
  },
};

function wrap(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? caseInsensitive(value) : value;
}
