import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The shared zod schemas carry the spec's Portuguese messages verbatim; in English or
 * Spanish they are looked up in `schemaMessages` (keyed by the Portuguese text, so read as
 * an object: i18next would split such keys on '.' and ':').
 */
export function useSchemaMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('connections');
  const table = t('schemaMessages', { returnObjects: true, defaultValue: {} }) as Record<string, string>;
  return useCallback((message) => (message ? (table?.[message] ?? message) : message), [table]);
}
