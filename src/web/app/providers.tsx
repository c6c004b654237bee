import { useEffect, type ReactNode } from 'react';
import { selectSettings, useSession } from '../lib/app-session';
import { i18n } from '../lib/i18n';
import { DEFAULT_LANGUAGE } from '../lib/session';

/** App-wide providers. TanStack Query is provided by the signed-in layout, so /login stays small. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      <LanguageSync />
      {children}
    </>
  );
}

/** The language follows the session settings, also when another tab changes them. */
function LanguageSync() {
  const language = useSession(selectSettings).language ?? DEFAULT_LANGUAGE;
  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [language]);
  return null;
}
