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
  });

/**
 * Messages fixed by the spec come from the shared zod schemas in Portuguese and are shown
 * verbatim in pt-BR; en/es look them up in `schemaMessages`, keyed by the Portuguese text
 * (read as one object: such texts may contain '.' or ':', which i18next keys cannot).
 * Features with their own namespace do the same in theirs.
 */
export function translateValidation(message: string | undefined): string | undefined {
  if (!message) return message;
  const table = i18n.t('schemaMessages', { returnObjects: true, defaultValue: {} }) as unknown;
  const translated = table && typeof table === 'object' ? (table as Record<string, string>)[message] : undefined;
  return translated ?? message;
}

export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return (LANGUAGES as readonly string[]).includes(lng) ? (lng as Language) : DEFAULT_LANGUAGE;
}

export default i18n;
