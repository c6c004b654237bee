import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useProductName } from '../../lib/site';
import { LanguageSwitch } from '../../ui/language-switch';
import { Logo } from '../../ui/logo';

/** The bare layout of the login screens: a large centred logo above the content. */
export function AuthLayout() {
  const { t } = useTranslation();
  const productName = useProductName(t('app.productName'));
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-slate-50">
      <main className="flex flex-1 flex-col items-center px-4 pt-10 pb-8 sm:pt-16">
        <Logo label={productName} className="mb-8 w-64 sm:mb-10 sm:w-80" />
        <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200 sm:p-8">
          <Outlet />
        </div>
      </main>
      <footer className="flex justify-center px-4 pb-6">
        <LanguageSwitch />
      </footer>
    </div>
  );
}
