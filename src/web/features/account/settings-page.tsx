import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../ui/page-heading';
import { DataExportSection } from './components/data-export-section';
import { MailPreferencesForm } from './components/mail-preferences-form';
import { NoticesSection } from './notices-section';

/** The client's settings (/instellingen): which optional mails they receive, and 'Download mijn gegevens'. */
export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <PageHeading>{t('notifications.settings.title')}</PageHeading>
      <NoticesSection />
      <section
        aria-labelledby="settings-mail"
        className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="settings-mail" className="text-xl font-semibold text-slate-900">
          {t('notifications.settings.mailTitle')}
        </h2>
        <MailPreferencesForm audience="client" labelledBy="settings-mail" />
      </section>
      <DataExportSection />
    </section>
  );
}
