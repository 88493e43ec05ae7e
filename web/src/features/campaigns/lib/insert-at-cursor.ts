/**
 * Puts `token` where the caret is (replacing a selection), as the editor's variable chips do; the
 * caret lands after the token. Positions out of range (a field never focused) append at the end.
 */
export function insertAtCursor(
  text: string,
  token: string,
  selectionStart: number | null | undefined,
  selectionEnd: number | null | undefined = selectionStart,
): { text: string; caret: number } {
  const start = clamp(selectionStart ?? text.length, text.length);
  const end = Math.max(start, clamp(selectionEnd ?? start, text.length));
  return { text: text.slice(0, start) + token + text.slice(end), caret: start + token.length };
}

const clamp = (n: number, max: number) => Math.min(Math.max(0, n), max);
