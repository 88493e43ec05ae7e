/**
 * Avatar initials: the first grapheme of the first and last words, so an emoji, a flag or an accented
 * letter written with a combining mark is never cut in half (Chakra's fallback takes UTF-16 units:
 * 'O\uD83D' for 'Olá 😀'; issue 8 item 17).
 */
const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

function firstGrapheme(word: string): string {
  if (!segmenter) return Array.from(word)[0] ?? ''; // code points: no surrogate halves at least
  for (const { segment } of segmenter.segment(word)) return segment;
  return '';
}

export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = firstGrapheme(words[0]!);
  const last = words.length > 1 ? firstGrapheme(words[words.length - 1]!) : '';
  return (first + last).toLocaleUpperCase();
}
