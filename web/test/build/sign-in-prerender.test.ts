// @vitest-environment node
/**
 * The prerendered sign-in page's critical CSS (web/build/sign-in-prerender.ts): what is trimmed must
 * not change how the page paints before the app takes over.
 */
import { describe, expect, it } from 'vitest';
import { dropPrefixedTwins, dropUnusedSelectors, trimGlobalCss } from '../../build/sign-in-prerender';

describe('sign-in prerender CSS', () => {
  it('keeps the tokens the page reaches, through other tokens and escaped names, and drops the rest', () => {
    const global =
      ':root{--chakra-spacing-2\\.5:0.625rem;--chakra-colors-fg:var(--chakra-colors-gray-900);' +
      '--chakra-colors-gray-900:#111;--chakra-colors-pink-500:#f0f}' +
      '.dark{--chakra-colors-fg:var(--chakra-colors-gray-50);--chakra-colors-gray-50:#fafafa}' +
      'html{color:var(--chakra-colors-fg)}@keyframes spin{to{transform:rotate(1turn)}}';
    const trimmed = trimGlobalCss(global, '.css-a{gap:var(--chakra-spacing-2\\.5)}');
    expect(trimmed).toContain('--chakra-spacing-2\\.5:0.625rem');
    expect(trimmed).toContain('--chakra-colors-gray-900:#111');
    expect(trimmed).toContain('--chakra-colors-gray-50:#fafafa');
    expect(trimmed).not.toContain('pink');
    expect(trimmed).not.toContain('keyframes');
  });

  it('drops reset rules for absent elements and vendor pseudo selectors, never the token scopes', () => {
    const css =
      "@layer reset{table{border-collapse:collapse}input[type='search']{outline-offset:-2px}" +
      'button,select{text-transform:none}*::-moz-placeholder{color:gray}*::placeholder{color:gray}}' +
      '@layer tokens{.dark{--x:1}}';
    const out = dropUnusedSelectors(css, '<form><input type="email"><button>Go</button></form>');
    expect(out).not.toContain('table');
    expect(out).not.toContain('search');
    expect(out).toContain('button{text-transform:none}');
    expect(out).not.toContain('-moz-placeholder');
    expect(out).toContain('*::placeholder{color:gray}');
    expect(out).toContain('.dark{--x:1}');
  });

  it('drops only the prefixed copies that have a standard twin in their rule', () => {
    const out = dropPrefixedTwins(
      '.a{display:-webkit-box;display:flex;-webkit-box-pack:center;justify-content:center;' +
        '-webkit-tap-highlight-color:transparent;-webkit-appearance:none}',
    );
    expect(out).toBe(
      '.a{display:flex;justify-content:center;-webkit-tap-highlight-color:transparent;-webkit-appearance:none}',
    );
  });
});
