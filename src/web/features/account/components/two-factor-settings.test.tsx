import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { installFakeFetch, on } from '../../../test/fake-fetch';
import { TwoFactorSettings } from './two-factor-settings';

const CODES = ['ABCDE-FGHJK', 'LMNPQ-RSTUV'];

function renderSettings() {
  const fake = installFakeFetch(
    on('GET', '/api/account/two-factor', {
      status: 200,
      body: { data: { enabled: true, enabled_at: '2026-01-05T10:00:00.000Z', recovery_codes_remaining: 8 } },
    }),
    on('POST', '/api/account/two-factor/recovery-codes', { status: 200, body: { recovery_codes: CODES } }),
    on('POST', '/api/account/two-factor/setup', {
      status: 200,
      body: { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x', qr_svg: '<svg></svg>' },
    }),
    on('POST', '/api/account/two-factor/enable', { status: 200, body: { recovery_codes: CODES } }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TwoFactorSettings />
    </QueryClientProvider>,
  );
  return fake;
}

const posts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body]);

describe('TwoFactorSettings', () => {
  it('says under the field that a code has 6 digits, focuses it, and sends nothing', async () => {
    const { calls } = renderSettings();
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Huidige code uit je app');
    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: 'Nieuwe herstelcodes maken' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Vul de 6 cijfers uit je authenticator-app in.'));
    expect(field).toHaveFocus();
    expect(posts(calls)).toEqual([]);
  });

  it('sends a valid code without its space and shows the new recovery codes', async () => {
    const { calls } = renderSettings();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Huidige code uit je app'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Nieuwe herstelcodes maken' }));
    expect(await screen.findByRole('heading', { name: 'Je nieuwe herstelcodes' })).toBeInTheDocument();
    expect(posts(calls)).toEqual([['/api/account/two-factor/recovery-codes', { code: '123456' }]]);
  });

  it('re-enrols: the new code is checked the same way before it is sent', async () => {
    const { calls } = renderSettings();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Huidige code uit je app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Opnieuw instellen met een andere app' }));
    const field = await screen.findByLabelText('Code uit je app voor de nieuwe sleutel');
    await user.click(screen.getByRole('button', { name: 'Nieuwe sleutel bevestigen' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription('Vul de 6 cijfers uit je authenticator-app in.');
    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: 'Nieuwe sleutel bevestigen' }));
    expect(
      await screen.findByText('Tweestapsverificatie is opnieuw ingesteld. Je oude app werkt niet meer.'),
    ).toBeInTheDocument();
    expect(posts(calls)).toEqual([
      ['/api/account/two-factor/setup', { code: '123456' }],
      ['/api/account/two-factor/enable', { code: '654321' }],
    ]);
  });

  it('says it in English in the English app', async () => {
    await i18n.changeLanguage('en-US');
    renderSettings();
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox');
    await user.click(screen.getAllByRole('button')[0] as HTMLElement);
    expect(await screen.findByText('Enter the 6 digits from your authenticator app.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });
});
