import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@atende/shared';
import ptBR from '@/locales/pt-BR.json';

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
 * features with every language (`registerNamespace`), so they are answered from the store.
 */
const SHELL_LOCALES: Record<Exclude<Language, 'pt-BR'>, () => Promise<{ default: ResourceKey }>> = {
  en: () => import('@/locales/en.json'),
  es: () => import('@/locales/es.json'),
};
const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
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

/** Resolves when the chosen language's texts are in (the boot waits for it before the first render). */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    resources: { 'pt-BR': { translation: ptBR } },
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

type Bundle = Record<string, unknown>;

/**
 * The one locale layout (decisions.md "Web console"): the shell's texts are web/src/locales/*.json
 * (namespace `translation`); every feature owns `locales/{pt-BR,en,es}.json`, registered here as a
 * namespace named after the feature when the feature's code loads (so a screen's texts travel in its chunk).
 */
export function registerNamespace(ns: string, bundles: Record<Language, Bundle>): string {
  for (const lng of LANGUAGES) {
    if (!i18n.hasResourceBundle(lng, ns)) i18n.addResourceBundle(lng, ns, bundles[lng], true, true);
  }
  return ns;
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
