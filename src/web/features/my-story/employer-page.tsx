import { useTranslation } from 'react-i18next';
import { useMyCase } from '../../lib/my-case-query';
import { CompanyForm } from './components/company-form';
import { ContactPersonsForm } from './components/contact-persons-form';
import { TabStatus } from './components/form-section';

/** Tab 'Over jouw werkgever' (/mijn-verhaal/werkgever-gegevens), page title 'Gegevens werkgever'. */
export function EmployerPage() {
  const { t } = useTranslation();
  const myCase = useMyCase();
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6" aria-labelledby="tab-heading">
      <h2 id="tab-heading" className="text-xl font-semibold text-slate-900">
        {t('pages.myStory.employer.heading')}
      </h2>
      <TabStatus
        loading={myCase.isPending}
        error={myCase.isError}
        loadingText={t('app.loading')}
        errorText={t('errors.generic')}
      />
      {myCase.data && (
        <>
          <CompanyForm myCase={myCase.data} />
          <ContactPersonsForm
            caseId={myCase.data.id}
            contactPersons={myCase.data.contact_persons}
            version={myCase.data.contact_persons_version}
          />
        </>
      )}
    </section>
  );
}
