import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../ui/page-heading';
import { useCurrentUser } from './api';
import { AbsencesForm } from './components/absences-form';
import { AvailabilityForm } from './components/availability-form';
import { AvatarUpload } from './components/avatar-upload';
import { LawyerQuestions } from './components/lawyer-questions-form';
import { MailPreferencesForm } from './components/mail-preferences-form';
import { NoticesSection } from './notices-section';
import { ProfileForm } from './components/profile-form';
import { TwoFactorSettings } from './components/two-factor-settings';

/** The lawyer's account (/account): profile and photo, story answers, weekly availability, mail preferences. */
export function AccountPage() {
  const { t } = useTranslation();
  // The forms start from a fresh copy of the user (never a stale session copy that is then replaced).
  const current = useCurrentUser();
  const user = current.data;
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <PageHeading>{t('pages.account.title')}</PageHeading>
      {!user ? (
        current.isError ? (
          <p role="alert">{t('account.error')}</p>
        ) : (
          <p role="status">{t('account.loading')}</p>
        )
      ) : (
        <>
          <AccountSection id="account-profile" title={t('account.profile.heading')}>
            <AvatarUpload user={user} />
            <ProfileForm user={user} />
          </AccountSection>
          <AccountSection id="account-story" title={t('account.story.title')}>
            <LawyerQuestions />
          </AccountSection>
          <AccountSection id="account-availability" title={t('account.availability.title')}>
            <AvailabilityForm user={user} />
            <AbsencesForm />
          </AccountSection>
          <NoticesSection />
          <AccountSection id="account-mail" title={t('notifications.settings.mailTitle')}>
            <MailPreferencesForm audience="lawyer" labelledBy="account-mail" />
          </AccountSection>
          <AccountSection id="account-two-factor" title={t('twoFactor.account.heading')}>
            <TwoFactorSettings />
          </AccountSection>
        </>
      )}
    </section>
  );
}

function AccountSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The admin's 'Mijn account' (/beheer/account): their second factor. */
export function AdminAccountPage() {
  const { t } = useTranslation();
  const current = useCurrentUser();
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <PageHeading>{t('admin.account.heading')}</PageHeading>
      {current.data && <p className="text-slate-800">{t('admin.account.signedInAs', { email: current.data.email })}</p>}
      <AccountSection id="admin-account-two-factor" title={t('twoFactor.account.heading')}>
        <TwoFactorSettings />
      </AccountSection>
    </section>
  );
}
