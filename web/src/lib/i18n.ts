import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@atende/shared';
import ptBR from '@/locales/pt-BR.json';
import en from '@/locales/en.json';
import es from '@/locales/es.json';

/** Portuguese is the default and the fallback (spec part 1 §1); the choice is remembered locally. */
export const DEFAULT_LANGUAGE: Language = 'pt-BR';
export const LANGUAGE_STORAGE_KEY = 'language';

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { 'pt-BR': { translation: ptBR }, en: { translation: en }, es: { translation: es } },
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
    // Only an explicit choice counts: a visitor's browser language does not replace the default.
    detection: { order: ['localStorage'], lookupLocalStorage: LANGUAGE_STORAGE_KEY, caches: ['localStorage'] },
    returnNull: false,
    // Feature namespaces hold their own texts; shell texts (common.*, errors.*, validation.*) are found from any of them.
    fallbackNS: 'translation',
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
  return isMessageKey(key) ? i18n.t(key) : i18n.t('validation.invalid');
}

/** Keys a form error may carry: a schema rule (`validation.*`) or an API error code (`errors.ERR_*`). */
export const isMessageKey = (value: string): boolean =>
  (value.startsWith('validation.') || value.startsWith('errors.ERR_')) && i18n.exists(value);

export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return (LANGUAGES as readonly string[]).includes(lng) ? (lng as Language) : DEFAULT_LANGUAGE;
}

export default i18n;
