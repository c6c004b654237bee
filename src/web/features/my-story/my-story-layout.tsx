import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { TabLinks } from '../../ui/tab-links';

/** The Mijn verhaal area: three tabs over the full width (the main area has no padding here). */
export function MyStoryLayout() {
  const { t } = useTranslation();
  const tabs = [
    { to: '/mijn-verhaal', label: t('pages.myStory.tabs.personal'), end: true },
    { to: '/mijn-verhaal/werkgever-gegevens', label: t('pages.myStory.tabs.employer') },
    { to: '/mijn-verhaal/verhaal-gegevens', label: t('pages.myStory.tabs.story') },
  ];
  return (
    <div className="flex flex-col">
      <div className="bg-white">
        <div className="mx-auto w-full max-w-6xl px-4 pt-8 sm:px-6">
          <h1 className="mb-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {t('pages.myStory.title')}
          </h1>
          <TabLinks tabs={tabs} label={t('pages.myStory.tabsLabel')} />
        </div>
      </div>
      <Outlet />
    </div>
  );
}
