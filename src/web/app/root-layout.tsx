import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { formatDocumentTitle, useDocumentTitleSubjectValue } from '../lib/document-title';
import { useNewVersionAtNavigation } from '../lib/service-worker';
import { useProductName } from '../lib/site';
import { useRouteHandle } from './route-handle';

/**
 * The top route: keeps the tab title in step with the page and the language, and lets a new
 * version of the app take over at a navigation (lib/service-worker.ts).
 */
export function RootLayout() {
  useNewVersionAtNavigation();
  return (
    <>
      <DocumentTitle />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

function DocumentTitle() {
  const { t } = useTranslation();
  const { titleKey } = useRouteHandle();
  const productName = useProductName(t('app.productName'));
  const subject = useDocumentTitleSubjectValue();
  const pageTitle = titleKey ? t(titleKey) : undefined;
  const title = formatDocumentTitle(
    subject && pageTitle ? t('app.titleWithSubject', { subject, page: pageTitle }) : pageTitle,
    productName,
  );
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

/** Shown while the first page's module loads. */
export function InitialLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status" aria-live="polite">
      <span className="sr-only">{t('app.loading')}</span>
    </div>
  );
}
