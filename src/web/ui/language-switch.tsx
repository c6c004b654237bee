import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../lib/app-session';
import { isLanguage } from '../lib/i18n';
import { LANGUAGES } from '../lib/session';
import { cn } from './cn';

/** Chooses the interface language; the choice is kept in the session settings. */
export function LanguageSwitch({ className, tone = 'light' }: { className?: string; tone?: 'light' | 'dark' }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2 text-sm', className)}>
      <label htmlFor={id} className={tone === 'dark' ? 'text-white' : 'text-slate-800'}>
        {t('language.label')}
      </label>
      <select
        id={id}
        value={i18n.resolvedLanguage}
        onChange={(event) => {
          const language = event.target.value;
          if (isLanguage(language)) session.dispatch({ type: 'settings', settings: { language } });
        }}
        className="min-h-9 rounded-md border border-slate-400 bg-white px-2 py-1 text-slate-900"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.names.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
