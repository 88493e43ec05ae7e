/** Issue 28 §1: a message's text is indexed without stop words; searches and deletions follow. */
import { describe, expect, it } from 'vitest';
import { messageTokensEverIndexed, messageTokensOf, searchTerms, tokensOf } from '../src/data/search-tokens';

describe('message tokens', () => {
  it("leave out the stop words of the console's languages, accents and case ignored", () => {
    const tokens = messageTokensOf('Você pode ver isso para mim? Quando chega o pedido? The order is late');
    expect(tokens).toEqual(expect.arrayContaining(['pode', 'ver', 'chega', 'pedido', 'order', 'late']));
    for (const stop of ['voce', 'isso', 'para', 'quando', 'the']) expect(tokens).not.toContain(stop);
  });

  it('still take up to twelve words, so a long message keeps more of its meaning', () => {
    const text = 'para que isso ' + Array.from({ length: 14 }, (_, i) => `palavra${i}`).join(' ');
    expect(messageTokensOf(text)).toHaveLength(12);
    expect(messageTokensOf(text)[0]).toBe('palavra0');
  });

  it('everything ever indexed covers the stop words indexed before and the words indexed now', () => {
    const text = 'para que isso ' + Array.from({ length: 12 }, (_, i) => `palavra${i}`).join(' ');
    const ever = messageTokensEverIndexed(text);
    expect(ever).toEqual(expect.arrayContaining([...tokensOf(text), ...messageTokensOf(text)]));
    expect(ever).toContain('para');
    expect(ever).toContain('palavra11');
  });
});

describe('search terms', () => {
  it('look for the words that mean something', () => {
    expect(searchTerms('pedido de troca para amanhã')).toEqual(['pedido', 'amanha', 'troca']);
  });

  it('keep the stop words when nothing else was typed', () => {
    expect(searchTerms('para')).toEqual(['para']);
  });
});
