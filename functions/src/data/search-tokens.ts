/**
 * Words as the search indexes store them: lower-case, no accents, letters and digits only.
 * Bounds that keep the write cost of indexing fixed (docs/data-model.md, "Search"):
 * tokens of 3 to 20 characters (longer ones are cut, so a prefix of a long word still matches),
 * at most MAX_TOKENS_PER_TEXT distinct tokens per text. A message's text is indexed without the
 * stop words of the console's languages ("que", "para", "você", "the"…: the `stopword` package's
 * Portuguese, Spanish and English lists), which every chat repeats and nobody searches by alone.
 */
import { eng, por, spa } from 'stopword';

export const MIN_TOKEN = 3;
export const MAX_TOKEN = 20;
export const MAX_TOKENS_PER_TEXT = 12;
/** Items of one index partition: the first three characters of the token. */
export const bucketOf = (token: string) => token.slice(0, MIN_TOKEN);

export const normaliseForSearch = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Stop words as tokens are stored (no accents, lower case), of 3 letters or more. */
const STOP_WORDS: ReadonlySet<string> = new Set(
  [...por, ...spa, ...eng].map(normaliseForSearch).filter((word) => word.length >= MIN_TOKEN),
);

/** Distinct tokens of a text, first occurrences first, at most `max`; `skip` leaves some out. */
export function tokensOf(text: string, max = MAX_TOKENS_PER_TEXT, skip?: ReadonlySet<string>): string[] {
  const out = new Set<string>();
  for (const word of normaliseForSearch(text).split(/[^a-z0-9]+/)) {
    if (word.length < MIN_TOKEN) continue;
    const token = word.slice(0, MAX_TOKEN);
    if (skip?.has(token)) continue;
    out.add(token);
    if (out.size >= max) break;
  }
  return [...out];
}

/** The tokens a message's text is indexed by (the ticket search): without stop words. */
export const messageTokensOf = (text: string): string[] => tokensOf(text, MAX_TOKENS_PER_TEXT, STOP_WORDS);

/**
 * Every token a message's text may have been indexed by, before round 19 (stop words included) or
 * since (`messageTokensOf`): what deleting a ticket's or a company's search entries must look for.
 */
export const messageTokensEverIndexed = (text: string): string[] => [
  ...new Set([...tokensOf(text), ...messageTokensOf(text)]),
];

/**
 * A phone number is found by its full digits, without the country code (two digits, when the rest
 * is a national number) and by its last 8 digits (how people type a local number).
 */
export function numberTokens(number: string): string[] {
  const digits = number.replace(/\D/g, '');
  if (digits.length < MIN_TOKEN) return [];
  const out = new Set([digits.slice(0, MAX_TOKEN)]);
  if (digits.length >= 12) out.add(digits.slice(2, 2 + MAX_TOKEN));
  if (digits.length > 8) out.add(digits.slice(-8));
  if (digits.length > 9) out.add(digits.slice(-9));
  return [...out];
}

/**
 * Tokens of what a person typed in a search box; empty when nothing is long enough to search. Stop
 * words are left out ("pedido de troca" looks for "pedido" and "troca") unless they are all there is.
 */
export function searchTerms(searchParam: string): string[] {
  const words = normaliseForSearch(searchParam)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= MIN_TOKEN)
    .map((w) => w.slice(0, MAX_TOKEN));
  const meaningful = words.filter((w) => !STOP_WORDS.has(w));
  return [...new Set(meaningful.length ? meaningful : words)].sort((a, b) => b.length - a.length).slice(0, 4);
}
