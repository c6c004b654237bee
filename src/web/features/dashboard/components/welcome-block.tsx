import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChecklistAction } from '../../../../contract/rules/stepper';
import { buttonClasses } from '../../../ui/button';
import { CHECKLIST_ROUTES } from './routes';

/** The welcome block at lead: its button goes to the first part that is not complete, or is disabled. */
export function WelcomeBlock({ name, target }: { name: string | null; target: ChecklistAction | null }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="welcome-heading"
      className="flex flex-col gap-3 rounded-2xl bg-brand-700 p-6 text-white shadow-sm"
    >
      <h2 id="welcome-heading" className="text-2xl font-bold">
        {name ? t('dashboard.welcome.titleWithName', { name }) : t('dashboard.welcome.title')}
      </h2>
      <p className="max-w-prose text-brand-50">{t('dashboard.welcome.text')}</p>
      <div>
        {target ? (
          <Link to={CHECKLIST_ROUTES[target]} className={`${buttonClasses.secondary} border-white`}>
            {t(`dashboard.welcome.button.${target}`)}
          </Link>
        ) : (
          <button type="button" disabled className={buttonClasses.secondary}>
            {t('dashboard.welcome.button.done')}
          </button>
        )}
      </div>
    </section>
  );
}
