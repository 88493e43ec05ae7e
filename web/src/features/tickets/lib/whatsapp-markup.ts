/**
 * WhatsApp's inline markup (*bold*, _italic_, ~strike~, ```mono```), so a signed reply shows the
 * operator's name in bold as the customer sees it instead of the raw asterisks. One level, no nesting.
 */
export type MarkupStyle = 'bold' | 'italic' | 'strike' | 'mono';
export interface MarkupSegment {
  text: string;
  style?: MarkupStyle;
}

const TOKEN = /(```[^`]+```|\*[^*\n]+\*|_[^_\n]+_|~[^~\n]+~)/g;
const STYLES: Record<string, MarkupStyle> = { '*': 'bold', _: 'italic', '~': 'strike', '`': 'mono' };

export function parseWhatsappMarkup(text: string): MarkupSegment[] {
  const segments: MarkupSegment[] = [];
  for (const part of text.split(TOKEN)) {
    if (!part) continue;
    const mark = part[0]!;
    const fence = mark === '`' ? 3 : 1;
    const isToken =
      part.length > 2 * fence && mark in STYLES && part.endsWith(mark.repeat(fence)) && part.startsWith(mark.repeat(fence));
    segments.push(isToken ? { text: part.slice(fence, -fence), style: STYLES[mark] } : { text: part });
  }
  return segments;
}

/** The text without its marks, for one-line previews (list rows, notifications). */
export const plainText = (text: string): string =>
  parseWhatsappMarkup(text)
    .map((segment) => segment.text)
    .join('');
