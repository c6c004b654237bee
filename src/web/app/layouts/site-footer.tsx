import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProductName, useSite } from '../../lib/site';
import { LanguageSwitch } from '../../ui/language-switch';
import type { NavItem } from './nav-items';
import { NavLinks } from './nav-links';
import { EmailAddress } from '../../ui/email-address';

const footerLink = 'inline-flex min-h-8 items-center gap-1.5 text-white underline-offset-4 hover:underline';

/** Footer: the Rotterdam address and contact details, 'Pagina's' repeating the menu, 'Overig' with the PDFs. */
export function SiteFooter({ items }: { items: readonly NavItem[] }) {
  const { t } = useTranslation();
  const site = useSite();
  const productName = useProductName(t('app.productName'));
  const documents = site
    ? [
        { id: 'terms', label: t('footer.terms'), href: site.terms_url },
        { id: 'disclaimer', label: t('footer.disclaimer'), href: site.disclaimer_url },
        { id: 'privacy', label: t('footer.privacy'), href: site.privacy_url },
        { id: 'complaints-regulation', label: t('footer.complaintsRegulation'), href: site.complaints_regulation_url },
      ]
    : [];
  // 'Een klacht indienen' is the client's (the lawyers' and admins' menus have no /klacht).
  const isClient = items.some((item) => item.id === 'dashboard');
  return (
    <footer className="bg-brand-900 text-white">
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-3">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-3 text-lg font-semibold">
            {productName}
          </h2>
          {site && (
            <>
              <address className="not-italic">
                {site.address_lines.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
              <ul className="mt-3 space-y-1">
                <li>
                  <span className="sr-only">{t('footer.email')}: </span>
                  <a href={`mailto:${site.support_email}`} className={footerLink}>
                    <EmailAddress value={site.support_email} />
                  </a>
                </li>
                <li>
                  <span className="sr-only">{t('footer.phone')}: </span>
                  <a href={`tel:${site.support_phone.replace(/[^\d+]/g, '')}`} className={footerLink}>
                    {site.support_phone}
                  </a>
                </li>
              </ul>
            </>
          )}
        </section>
        <nav aria-labelledby="footer-pages">
          <h2 id="footer-pages" className="mb-3 text-lg font-semibold">
            {t('footer.pages')}
          </h2>
          <NavLinks items={items} listClassName="space-y-1" linkClassName={footerLink} />
        </nav>
        <section aria-labelledby="footer-other">
          <h2 id="footer-other" className="mb-3 text-lg font-semibold">
            {t('footer.other')}
          </h2>
          <ul className="space-y-1">
            {documents.map((document) => (
              <li key={document.id}>
                <a href={document.href} target="_blank" rel="noopener noreferrer" className={footerLink}>
                  <FileText className="size-4" aria-hidden="true" />
                  {document.label}
                  <span className="sr-only"> {t('footer.pdfNewTab')}</span>
                </a>
              </li>
            ))}
            {isClient && (
              <li>
                <Link to="/klacht" className={footerLink}>
                  {t('footer.complaint')}
                </Link>
              </li>
            )}
          </ul>
        </section>
      </div>
      <div className="border-t border-white/20">
        <div
          className={
            'mx-auto flex w-full max-w-6xl flex-wrap items-center ' + 'justify-between gap-3 px-4 py-4 text-sm sm:px-6'
          }
        >
          <p>
            © {new Date().getFullYear()} {productName}
          </p>
          <LanguageSwitch tone="dark" />
        </div>
      </div>
    </footer>
  );
}
