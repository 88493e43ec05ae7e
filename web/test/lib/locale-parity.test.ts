/**
 * Every namespace's English and Spanish texts have exactly the keys of its Portuguese ones, none empty,
 * with the same {{placeholders}}: a text added in one language only shows its key (or Portuguese) to
 * the others, and a placeholder named differently shows raw. Found by reading the files, kept here.
 */
import { describe, expect, it } from 'vitest';

type Bundle = { [key: string]: string | Bundle };
const bundles = import.meta.glob<Bundle>('/src/**/locales/**/*.json', { eager: true, import: 'default' });

const flatten = (bundle: Bundle, prefix = ''): [string, string][] =>
  Object.entries(bundle).flatMap(([key, value]) =>
    typeof value === 'object' ? flatten(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value] as [string, string]],
  );
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

const namespaces = Object.keys(bundles)
  .filter((path) => path.endsWith('/pt-BR.json'))
  .map((path) => path.slice(0, -'pt-BR.json'.length));

describe('locale files', () => {
  it('are found for every namespace (the glob still matches the layout)', () => {
    expect(namespaces.length).toBeGreaterThan(20);
  });

  describe.each(namespaces)('%s', (dir) => {
    const portuguese = new Map(flatten(bundles[`${dir}pt-BR.json`]!));
    it.each(['en', 'es'])('%s has the same keys, none empty, with the same placeholders', (language) => {
      const other = bundles[`${dir}${language}.json`];
      expect(other, `${dir}${language}.json`).toBeDefined();
      const texts = new Map(flatten(other!));
      expect([...texts.keys()].sort()).toEqual([...portuguese.keys()].sort());
      for (const [key, text] of texts) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(portuguese.get(key) ?? ''));
      }
    });
  });
});
