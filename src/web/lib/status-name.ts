import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE } from './session';

/**
 * A phase's name for the reader: in Dutch the firm's own name (`statuses.display_name`, which
 * the firm may change), in English its translation (`cases.statuses.{slug}`).
 */
export function useStatusName(): (status: { slug: string; display_name: string }) => string {
  const { t, i18n } = useTranslation();
  return (status) =>
    i18n.resolvedLanguage === DEFAULT_LANGUAGE
      ? status.display_name
      : t(`cases.statuses.${status.slug}`, { defaultValue: status.display_name });
}
