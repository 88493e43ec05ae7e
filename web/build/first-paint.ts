/**
 * Build-time help for the sign-in page's first paint (decisions.md "First load and phone polish",
 * "Sign-in first paint (Lighthouse)"), applied to the built index.html only:
 *  - the entry's stylesheet (the Inter @font-face rules, under 1 KB) is inlined: no render-blocking request;
 *  - the sign-in page prerendered (sign-in-prerender.ts) goes into #root with its critical CSS, shown
 *    only on /login (in the visitor's language);
 *  - an inline script starts the app instead of the entry's tags: on /login it shows that copy,
 *    requests the app's code once the page has painted, and preloads the sign-in route's chunk and
 *    its imports, which the router would otherwise ask for only after the entry has run (signed-in
 *    screens do not pay for them).
 */
import type { OutputAsset, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { prerenderSignIn } from './sign-in-prerender.ts';

/** The sign-in page's source module, as the router imports it lazily (src/app/router.tsx). */
const SIGN_IN_MODULE = /src\/features\/auth\/components\/login-page\.tsx$/;

/** The chunk of the sign-in page and every chunk it imports statically, minus what the entry already loads. */
function signInChunks(bundle: Record<string, OutputChunk | OutputAsset>, entry: OutputChunk): string[] {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const page = chunks.find((chunk) => chunk.facadeModuleId && SIGN_IN_MODULE.test(chunk.facadeModuleId));
  if (!page) throw new Error('first-paint: the sign-in page is not a chunk of its own (is its route lazy?)');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const loadedByEntry = new Set<string>();
  const closure = (name: string, into: Set<string>) => {
    if (into.has(name)) return;
    into.add(name);
    for (const imported of byName.get(name)?.imports ?? []) closure(imported, into);
  };
  closure(entry.fileName, loadedByEntry);
  const wanted = new Set<string>();
  closure(page.fileName, wanted);
  return [...wanted].filter((name) => !loadedByEntry.has(name));
}

/**
 * Inter's latin subset, the one the sign-in page's texts use: preloaded, so that it is usually in
 * before the prerendered page's first paint and the texts are not laid out again in it (a shift).
 */
const LATIN_FONT = /inter-latin-wght-normal-[\w-]+\.woff2$/;

const ROOT_OPEN = '<div id="root">';

/** The entry's `<script type="module">` and Vite's `<link rel="modulepreload">` tags for its imports. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

interface Loader {
  entry: string;
  entryPreloads: string[];
  signInPreloads: string[];
  languages: readonly string[];
}

/**
 * The inline script that starts the app (it replaces the entry's script and preload tags):
 *  - on /login it marks the visitor's language (the stored choice, else pt-BR, as lib/i18n.ts
 *    decides), so the prerendered copy of that language shows, if there is one; keeps that copy's
 *    form from being sent natively before the app has taken over (a GET would put the password in
 *    the address); and requests the app's code once the page has painted (the frame after the body
 *    is parsed), so the first paint does not share the connection with 200 KB of JavaScript. The
 *    sign-in route's chunks are preloaded with the entry's (the router would ask for them only after
 *    the entry has run);
 *  - elsewhere it requests the entry and its imports at once.
 */
function loaderScript({ entry, entryPreloads, signInPreloads, languages }: Loader): string {
  return (
    `<script>(function(){var d=document,l,login=/^\\/login\\/?$/.test(location.pathname);` +
    `function load(){${JSON.stringify(entryPreloads)}.concat(login?${JSON.stringify(signInPreloads)}:[]).forEach(function(h){` +
    `var k=d.createElement('link');k.rel='modulepreload';k.crossOrigin='';k.href=h;d.head.appendChild(k)});` +
    `var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry)};d.head.appendChild(s)}` +
    `if(!login)return load();` +
    `try{l=localStorage.getItem('language')}catch(e){}` +
    `d.documentElement.setAttribute('data-prerender',${JSON.stringify(languages)}.indexOf(l)>=0?l:'pt-BR');` +
    `d.addEventListener('submit',function(e){if(e.target.closest('[data-prerender]')){e.preventDefault();e.target.setAttribute('data-sent','')}},true);` +
    `if(d.visibilityState==='hidden')return load();` +
    `d.addEventListener('DOMContentLoaded',function(){requestAnimationFrame(function(){setTimeout(load,0)})})})()</script>`
  );
}

function prerenderVisibility(languages: readonly string[]): string {
  const shown = languages.map((lng) => `html[data-prerender="${lng}"] #root>[data-prerender="${lng}"]`).join(',');
  return `<style>#root>[data-prerender]{display:none}${shown}{display:contents}</style>`;
}

/**
 * index.html is part of the sign-in page's 200 KB budget: the whitespace between the head's tags
 * goes (the comments, React's text separators of the prerender included, are dropped before).
 * Scripts are left as written (their CSP hashes are taken from the built page), and so is the
 * body, where whitespace between tags can be text.
 */
function compactHead(html: string): string {
  const end = html.indexOf('<body>');
  return html.slice(0, end).replace(/>\s+</g, '><') + html.slice(end);
}

export function firstPaint(): Plugin {
  return {
    name: 'atende-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const bundle = ctx.bundle as Record<string, OutputChunk | OutputAsset> | undefined;
        const entry = ctx.chunk as OutputChunk | undefined;
        if (!bundle || !entry) return html;
        let out = html.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (tag, file: string) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') return tag;
          return `<style>${String(asset.source)}</style>`;
        });
        const entryTag = ENTRY_SCRIPT.exec(out);
        if (!entryTag) throw new Error('first-paint: index.html has no entry <script type="module">');
        const entryPreloads = [...out.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
        out = out.replace(entryTag[0], '').replace(MODULE_PRELOAD, '');
        const signInPreloads = signInChunks(bundle, entry).map((file) => `/${file}`);
        const { styles, markup, languages, prerendered } = await prerenderSignIn();
        const loader = loaderScript({ entry: entryTag[1]!, entryPreloads, signInPreloads, languages });
        const font = Object.keys(bundle).find((file) => LATIN_FONT.test(file));
        if (!font) throw new Error("first-paint: Inter's latin font file is not in the build");
        const fontPreload = `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${font}">`;
        out = out.replace(
          '</head>',
          `    ${fontPreload}${loader}\n    ${prerenderVisibility(prerendered)}${styles}\n  </head>`,
        );
        // Before the boot spinner (index.html), which the prerendered page's attribute hides on /login.
        if (!out.includes(ROOT_OPEN)) throw new Error('first-paint: index.html has no <div id="root">');
        out = out.replace(ROOT_OPEN, `${ROOT_OPEN}${markup}`);
        return compactHead(out.replace(/<!--[\s\S]*?-->/g, ''));
      },
    },
  };
}
