/**
 * Freezes a value and everything it holds, in place. A kept answer frozen this way cannot be
 * changed by a caller, and the serializer validates and writes its JSON once (http/serializer.ts).
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}
