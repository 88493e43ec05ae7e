import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@atende/shared';
import * as ptBR from '@/locales/pt-BR.json';

/** Portuguese is the default and the fallback (spec part 1 §1); the choice is remembered locally. */
export const DEFAULT_LANGUAGE: Language = 'pt-BR';
export const LANGUAGE_STORAGE_KEY = 'language';

const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** Only an explicit choice counts: a visitor's browser language does not replace the default. */
export function storedLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/**
 * The shell's pt-BR texts ship with the page (default and fallback); en and es are fetched when
 * chosen (decisions.md "Web console: first load"). Feature namespaces are registered by their
 * features (`registerNamespace`): answered from the store, or fetched by their loader for a language
 * given as one.
 */
const SHELL_LOCALES: Record<Exclude<Language, 'pt-BR'>, () => Promise<{ default: ResourceKey }>> = {
  en: () => import('@/locales/en.json'),
  es: () => import('@/locales/es.json'),
};

type Bundle = Record<string, unknown>;
/** A language's texts fetched when that language is needed: `() => import('./locales/en.json')`. */
export type BundleLoader = () => Promise<{ default: Bundle }>;

/** The feature namespaces' languages that are fetched when needed (registerNamespace). */
const namespaceLoaders = new Map<string, Partial<Record<Language, BundleLoader>>>();

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const later = namespaceLoaders.get(namespace)?.[language as Language];
    if (later && !i18n.hasResourceBundle(language, namespace)) {
      later().then(
        (bundle) => callback(null, bundle.default),
        (error: Error) => callback(error, null),
      );
      return;
    }
    if (namespace !== 'translation' || !(language in SHELL_LOCALES)) {
      callback(null, i18n.getResourceBundle(language, namespace) ?? {});
      return;
    }
    SHELL_LOCALES[language as keyof typeof SHELL_LOCALES]().then(
      (bundle) => callback(null, bundle.default),
      (error: Error) => callback(error, null),
    );
  },
};

/**
 * The shell's pt-BR texts the sign-in page may show before it is idle. The API's error catalogue, the
 * validation messages and the signed-in shell's texts (`errors`, `validation`, `menu`, `tickets`: three
 * quarters of the file) are not among them: the sign-in page shows the first two after a submit, which
 * waits for them (`loadShellTexts`), and every other route waits for them before it renders
 * (`withConsoleRecipes`). Named one by one, so the bundler leaves the rest of the file out of the
 * first load (issue 28).
 */
const BOOT_TEXTS = {
  brand: ptBR.brand,
  common: ptBR.common,
  topbar: ptBR.topbar,
  languages: ptBR.languages,
  publicPage: ptBR.publicPage,
};

let shellTexts: Promise<void> | undefined;

/**
 * Adds the rest of the shell's pt-BR texts (the whole file, as a chunk of its own) to the store. The
 * other languages' shell texts arrive whole with the language (`lazyLocales`).
 */
export function loadShellTexts(): Promise<void> {
  shellTexts ??= import('@/locales/pt-BR.json?raw').then(({ default: raw }) => {
    i18n.addResourceBundle(DEFAULT_LANGUAGE, 'translation', JSON.parse(raw) as Bundle, true, false);
  });
  return shellTexts;
}

/** Resolves when the chosen language's texts are in (the boot waits for it before the first render). */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    resources: { 'pt-BR': { translation: BOOT_TEXTS } },
    partialBundledLanguages: true,
    lng: storedLanguage(),
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
    returnNull: false,
    // Feature namespaces hold their own texts; shell texts (common.*, errors.*, validation.*) are found from any of them.
    fallbackNS: 'translation',
  });

i18n.on('languageChanged', (lng) => {
  try {
    if (isLanguage(lng)) localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
});

/**
 * The one locale layout (decisions.md "Web console"): the shell's texts are web/src/locales/*.json
 * (namespace `translation`); every feature owns `locales/{pt-BR,en,es}.json`, registered here as a
 * namespace named after the feature when the feature's code loads (so a screen's texts travel in its chunk).
 * A language given as a loader is fetched when it is the current one or becomes it (the language switch
 * waits for it): the screens on the first load carry their pt-BR texts only (issue 28). A feature with
 * loaders starts `namespaceReady` when its code loads; until the texts are in, a component reading the
 * namespace suspends (react-i18next), so no one reads another language's text. (Not a top-level await:
 * the bundler then splits the first load into more, larger chunks.)
 */
export function registerNamespace(ns: string, bundles: Record<Language, Bundle | BundleLoader>): string {
  const loaders: Partial<Record<Language, BundleLoader>> = {};
  for (const lng of LANGUAGES) {
    const bundle = bundles[lng];
    if (typeof bundle === 'function') loaders[lng] = bundle;
    else if (!i18n.hasResourceBundle(lng, ns)) i18n.addResourceBundle(lng, ns, bundle, true, true);
  }
  if (Object.keys(loaders).length) namespaceLoaders.set(ns, loaders);
  return ns;
}

/**
 * Resolves once `ns` has its texts in the current language (at once for pt-BR, whose texts ship); from
 * then on a language switch fetches the namespace's texts too. Started by a feature's i18n.ts.
 */
export async function namespaceReady(ns: string): Promise<void> {
  await i18nReady;
  await i18n.loadNamespaces(ns);
}

/**
 * THE way a message key becomes text: the shared schemas' keys (`MSG`, `CONNECTION_MSG`, found in
 * form errors and in the API's `fields`) live under `validation.*`. Anything that is not a known key
 * (zod's English defaults, text from an older server) becomes the generic 'validation.invalid', so a
 * user never reads another language's text.
 */
export function translateMessage(key: string | undefined): string | undefined {
  if (!key) return undefined;
  if (isMessageKey(key)) return i18n.t(key);
  // An error code in a field (`fields: { planId: 'ERR_NO_PLAN' }`) reads as the catalogue's text for it.
  if (/^ERR_[A-Z0-9_]+$/.test(key) && i18n.exists(`errors.${key}`)) return i18n.t(`errors.${key}`);
  return i18n.t('validation.invalid');
}

/** Keys a form error may carry: a schema rule (`validation.*`) or an API error code (`errors.ERR_*`). */
export const isMessageKey = (value: string): boolean =>
  (value.startsWith('validation.') || value.startsWith('errors.ERR_')) && i18n.exists(value);

export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return (LANGUAGES as readonly string[]).includes(lng) ? (lng as Language) : DEFAULT_LANGUAGE;
}

export default i18n;
