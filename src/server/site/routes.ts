import { SiteResponseSchema } from '../../contract/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * Public site data: configured external links, the footer's contact details, the withdrawal
 * period and the largest file an upload may be (MAX_UPLOAD_MB, so the browser refuses a larger
 * one before sending it).
 */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { site, withdrawalDays, maxUploadBytes } = app.deps.config;
  const data = {
    product_name: site.productName,
    support_email: site.supportEmail,
    support_phone: site.supportPhone,
    address_lines: site.addressLines,
    contact_url: site.contactUrl,
    calculation_tools_url: site.calculationToolsUrl,
    review_url: site.reviewUrl,
    terms_url: site.termsUrl,
    disclaimer_url: site.disclaimerUrl,
    privacy_url: site.privacyUrl,
    complaints_regulation_url: site.complaintsRegulationUrl,
    withdrawal_days: withdrawalDays,
    max_upload_mb: Math.floor(maxUploadBytes / (1024 * 1024)),
  };
  app.get('/api/site', { schema: { response: { 200: SiteResponseSchema } } }, async () => ({ data }));
};
