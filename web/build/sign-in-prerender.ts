/**
 * The sign-in page as static HTML and critical CSS, made at build time (decisions.md "Sign-in first
 * paint (Lighthouse)"): src/app/sign-in-prerender.tsx renders the real LoginPage in each language with
 * react-dom/server (loaded through a throwaway Vite server in SSR mode, so aliases, JSON and TSX work
 * as in the app). The result goes into index.html (first-paint.ts): /login paints from it before the
 * app's JavaScript has run, and the app's first render replaces it with the same markup.
 */
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import postcss, { type Declaration } from 'postcss';
import { createServer } from 'vite';

/** The console's languages (`LANGUAGES` of @atende/shared, handed over by the SSR module: the config cannot import TS packages). */
type Language = string;

const webRoot = fileURLToPath(new URL('..', import.meta.url));

export interface PrerenderedSignIn {
  /** `<style>` tags for the head: Chakra's global CSS (trimmed) and the page's emotion classes. */
  styles: string;
  /** One `<div data-prerender="lang">` per prerendered language, for #root. */
  markup: string;
  /** Every language of the console, and those prerendered. */
  languages: readonly Language[];
  prerendered: readonly Language[];
}

const STYLE_TAG = /<style data-emotion="([^"]*)"[^>]*>([\s\S]*?)<\/style>/g;
const VAR_USE = /var\(\s*(--(?:[\w-]|\\.)+)/g;

/**
 * Chakra's global CSS is mostly token custom properties (~50 KB, 7 KB gzip) and keyframes; the page
 * paints with a few dozen of them. Keeps the declarations the page's rules reach (transitively
 * through other tokens), drops keyframes and empty rules. The app inserts the full global CSS
 * itself when it starts (this copy is a plain style tag, not one emotion would adopt).
 */
export function trimGlobalCss(globalCss: string, usedBy: string): string {
  const root = postcss.parse(globalCss);
  root.walkAtRules(/keyframes$/, (rule) => void rule.remove());
  const values = new Map<string, string[]>();
  root.walkDecls(/^--/, (decl) => {
    values.set(decl.prop, [...(values.get(decl.prop) ?? []), decl.value]);
  });
  const used = new Set<string>();
  const reach = (css: string) => {
    for (const [, name] of css.matchAll(VAR_USE)) {
      if (used.has(name!)) continue;
      used.add(name!);
      for (const value of values.get(name!) ?? []) reach(value);
    }
  };
  reach(usedBy);
  root.walkDecls((decl: Declaration) => {
    if (!decl.prop.startsWith('--')) reach(decl.value);
  });
  root.walkDecls(/^--/, (decl) => {
    if (!used.has(decl.prop)) decl.remove();
  });
  let emptied = true;
  while (emptied) {
    emptied = false;
    root.walk((node) => {
      if ((node.type === 'rule' || node.type === 'atrule') && node.nodes?.length === 0) {
        node.remove();
        emptied = true;
      }
    });
  }
  return root.toString();
}

/** Pseudo-classes and pseudo-elements, but not the selector functions that hold other selectors. */
const PSEUDO = /::?(?!where\(|is\(|not\()[-\w]+(\([^)]*\))?/g;

/** `::-webkit-search-decoration`, `*:-ms-input-placeholder`, …: other engines' or other inputs' pseudo-elements. */
const VENDOR_PSEUDO = /::?-(webkit|moz|ms)-/;

/**
 * Drops the reset layer's selectors that match no element of the prerendered page (`table`, `sub`,
 * `input[type='search']`, …), judged on the markup without pseudo-classes (a selector that cannot be
 * judged stays), and vendor-prefixed pseudo selectors in the reset and base layers (the standard
 * `::placeholder` stays). The tokens layer (`.dark` and `:root` scopes) is kept whole.
 */
export function dropUnusedSelectors(css: string, markup: string): string {
  const { document } = new JSDOM(`<!doctype html><html><head></head><body><div id="root">${markup}</div></body></html>`)
    .window;
  const matches = (selector: string) => {
    const plain = selector.replace(PSEUDO, '').trim();
    if (!plain) return true;
    try {
      return document.querySelector(plain) !== null;
    } catch {
      return true;
    }
  };
  const root = postcss.parse(css);
  root.walkAtRules('layer', (layer) => {
    if (layer.params !== 'reset' && layer.params !== 'base') return;
    const keep = (selector: string) => !VENDOR_PSEUDO.test(selector) && (layer.params !== 'reset' || matches(selector));
    layer.walkRules((rule) => {
      if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as { name: string }).name)) return;
      const kept = rule.selectors.filter(keep);
      if (kept.length === 0) rule.remove();
      else rule.selectors = kept;
    });
  });
  return root.toString();
}

const PREFIX = /^-(webkit|moz|ms)-/;
/** Pre-standard flexbox properties emotion's prefixer adds next to the standard ones. */
const OLD_FLEXBOX = /^-(webkit-box-|ms-flex)/;

/**
 * Drops the vendor-prefixed copies emotion's prefixer writes next to a standard declaration
 * (`display:-webkit-box`, `-ms-flex-align`, …): the browsers the console supports read the standard
 * one, and this copy only paints the page until the app's own styles are in. Prefixed
 * declarations without a standard twin in their rule (`-webkit-tap-highlight-color`) stay.
 */
export function dropPrefixedTwins(css: string): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    const standard = new Set<string>();
    rule.each((node) => {
      if (node.type === 'decl' && !PREFIX.test(node.prop) && !PREFIX.test(node.value)) standard.add(node.prop);
    });
    rule.each((node) => {
      if (node.type !== 'decl') return;
      const twin = node.prop.replace(PREFIX, '');
      if (PREFIX.test(node.prop) && (standard.has(twin) || OLD_FLEXBOX.test(node.prop))) node.remove();
      else if (!PREFIX.test(node.prop) && PREFIX.test(node.value) && standard.has(node.prop)) node.remove();
    });
  });
  return root.toString();
}

export async function prerenderSignIn(): Promise<PrerenderedSignIn> {
  const vite = await createServer({
    root: webRoot,
    configFile: `${webRoot}vite.config.ts`,
    appType: 'custom',
    logLevel: 'warn',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { renderSignIn, LANGUAGES, PRERENDERED } = (await vite.ssrLoadModule('/src/app/sign-in-prerender.tsx')) as {
      renderSignIn: (language: Language) => Promise<string>;
      LANGUAGES: readonly Language[];
      PRERENDERED: readonly Language[];
    };
    const globals = new Map<string, string>();
    const classes = new Map<string, string>();
    const pages: string[] = [];
    for (const language of PRERENDERED) {
      const html = await renderSignIn(language);
      for (const [, names, css] of html.matchAll(STYLE_TAG)) {
        const [kind, ...ids] = names!.split(' ');
        (kind === 'css-global' ? globals : classes).set(ids.join(' '), css!);
      }
      pages.push(`<div data-prerender="${language}">${html.replace(STYLE_TAG, '')}</div>`);
    }
    const markup = pages.join('');
    const classCss = dropPrefixedTwins([...classes.values()].join(''));
    const globalCss = dropPrefixedTwins(
      dropUnusedSelectors(trimGlobalCss([...globals.values()].join(''), classCss), markup),
    );
    // Emotion adopts a `data-emotion="css <ids>"` tag: the app's first render does not insert these classes again.
    const styles =
      `<style data-prerender-global>${globalCss}</style>` +
      `<style data-emotion="css ${[...classes.keys()].join(' ')}">${classCss}</style>`;
    return { styles, markup, languages: LANGUAGES, prerendered: PRERENDERED };
  } finally {
    await vite.close();
  }
}
