import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteResponseSchema } from '../../contract/site';
import { createTestContext, type TestContext } from '../infra/testing/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ maxUploadBytes: 25 * 1024 * 1024 });
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/site', () => {
  it('carries the upload limit in MB beside the links, contacts and withdrawal period', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/site' });
    expect(response.statusCode).toBe(200);
    const { data } = SiteResponseSchema.parse(response.json());
    expect(data.max_upload_mb).toBe(25);
    expect(Object.keys(data).sort()).toEqual(
      [
        'address_lines',
        'calculation_tools_url',
        'complaints_regulation_url',
        'contact_url',
        'disclaimer_url',
        'max_upload_mb',
        'privacy_url',
        'product_name',
        'review_url',
        'support_email',
        'support_phone',
        'terms_url',
        'withdrawal_days',
      ].sort(),
    );
    expect(data.withdrawal_days).toBeGreaterThanOrEqual(14);
  });
});
