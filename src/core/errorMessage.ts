/**
 * The message of something thrown: an Error's own, anything else as text. Code catches `unknown`; this is the one
 * place that reads it, instead of a cast to Error at each catch (which reads `undefined` for a thrown string).
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
