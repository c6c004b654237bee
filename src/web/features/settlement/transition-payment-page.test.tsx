import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, site } from '../../test/fixtures';
import { installFakeFetch, on, type FakeRoute } from '../../test/fake-fetch';
import { landingRoutes } from '../../test/layout-routes';
import { renderApp } from '../../test/render-app';

function setup(user: ReturnType<typeof makeUser>, ...routes: FakeRoute[]) {
  return installFakeFetch(
    on('GET', '/api/site', { status: 200, body: { data: site } }),
    ...routes,
    ...landingRoutes(user),
  );
}

const answer = {
  amount_cents: 1_234_567,
  monthly_wage_cents: 457_000,
  capped: true,
  cap_cents: 9_800_000,
  year_maximum_cents: 9_800_000,
  maximum_year: 2025,
  provisional: false,
  years: 5,
  months: 3,
  days: 16,
};

describe('the transition payment page', () => {
  it('sends the fields in cents and shows the amount with its breakdown and the maximum', async () => {
    const client = makeUser('client');
    const { calls } = setup(
      client,
      on('POST', '/api/calculations/transition-payment', { status: 200, body: { data: answer } }),
    );
    renderApp('/transitievergoeding', { user: client });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Datum in dienst'), '2020-03-15');
    await user.type(screen.getByLabelText('Einddatum'), '2025-06-30');
    await user.type(screen.getByLabelText('Bruto maandsalaris'), '4.000');
    await user.type(screen.getByLabelText('Vaste eindejaarsuitkering'), '1200');
    await user.type(screen.getByLabelText('Vaste toeslagen per maand'), '50,00');
    await user.type(screen.getByLabelText('Variabel loon laatste drie jaar'), '3.600');
    expect(screen.getByLabelText('Vakantiegeld (%)')).toHaveValue('8');
    await user.click(screen.getByRole('button', { name: 'Berekenen' }));
    expect(await screen.findByText('Transitievergoeding: € 12.345,67')).toBeInTheDocument();
    expect(screen.getByText('5 jaar, 3 maanden en 16 dagen')).toBeInTheDocument();
    expect(screen.getByText('Het maximum is toegepast.')).toBeInTheDocument();
    expect(screen.queryByText(/nog niet bekend/)).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      start_date: '2020-03-15',
      end_date: '2025-06-30',
      monthly_salary_cents: 400_000,
      holiday_allowance_percent: 8,
      year_end_cents: 120_000,
      extras_monthly_cents: 5_000,
      variable_three_years_cents: 360_000,
    });
  });

  it('shows a refusal of the server on its field and a typing error before sending', async () => {
    const lawyer = makeUser('lawyer');
    const { calls } = setup(
      lawyer,
      on('POST', '/api/calculations/transition-payment', {
        status: 422,
        body: {
          message: 'Deze einddatum kan de server niet rekenen.',
          errors: { end_date: ['Deze einddatum kan de server niet rekenen.'] },
        },
      }),
    );
    renderApp('/transitievergoeding', { user: lawyer });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Datum in dienst'), '2010-01-01');
    await user.type(screen.getByLabelText('Einddatum'), '2019-06-30');
    await user.type(screen.getByLabelText('Bruto maandsalaris'), 'veel');
    await user.click(screen.getByRole('button', { name: 'Berekenen' }));
    expect(await screen.findByText("Vul een bedrag in euro's in, bijvoorbeeld 3.250,00.")).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(screen.getByLabelText('Bruto maandsalaris'));
    await user.type(screen.getByLabelText('Bruto maandsalaris'), '3000');
    await user.click(screen.getByRole('button', { name: 'Berekenen' }));
    // The contract's schema knows that an end before 2020 had another calculation: said before sending.
    expect(
      await screen.findByText(
        'Voor een dienstverband dat vóór 2020 eindigde, gold een andere berekening van de transitievergoeding. ' +
          'Deze rekenhulp rekent met een einddatum vanaf 1 januari 2020.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Einddatum')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Einddatum')).toHaveFocus();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(screen.getByLabelText('Einddatum'));
    await user.type(screen.getByLabelText('Einddatum'), '2025-06-30');
    await user.click(screen.getByRole('button', { name: 'Berekenen' }));
    expect(await screen.findByText('Deze einddatum kan de server niet rekenen.')).toBeInTheDocument();
    expect(screen.getByLabelText('Einddatum')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('says in one sentence that a later year uses the last known maximum, in Dutch words and amounts', async () => {
    const client = makeUser('client');
    setup(
      client,
      on('POST', '/api/calculations/transition-payment', {
        status: 200,
        body: {
          data: {
            ...answer,
            amount_cents: 123_456,
            monthly_wage_cents: 370_368,
            capped: false,
            cap_cents: 10_200_000,
            year_maximum_cents: 10_200_000,
            maximum_year: 2026,
            provisional: true,
            years: 1,
            months: 1,
            days: 1,
          },
        },
      }),
    );
    renderApp('/transitievergoeding', { user: client });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Datum in dienst'), '2026-02-01');
    await user.type(screen.getByLabelText('Einddatum'), '2027-03-01');
    await user.type(screen.getByLabelText('Bruto maandsalaris'), '3.429,33');
    await user.click(screen.getByRole('button', { name: 'Berekenen' }));
    expect(
      await screen.findByText('Het maximum voor 2027 is nog niet bekend; we rekenen met dat van 2026.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Transitievergoeding: € 1.234,56')).toBeInTheDocument();
    expect(screen.getByText('1 jaar, 1 maand en 1 dag')).toBeInTheDocument();
    expect(screen.getByText('€ 102.000,00')).toBeInTheDocument();
    expect(screen.getByText('€ 3.703,68')).toBeInTheDocument();
    expect(screen.queryByText(/123456|10200000/)).toBeNull();
  });

  it('writes the duration with Dutch plurals and leaves out a part of zero', async () => {
    const { formatDuration } = await import('./transition-payment-page');
    const { i18n } = await import('../../lib/i18n');
    const t = i18n.getFixedT('nl-NL');
    expect(formatDuration(t, 'nl-NL', { years: 2, months: 0, days: 0 })).toBe('2 jaar');
    expect(formatDuration(t, 'nl-NL', { years: 1, months: 2, days: 0 })).toBe('1 jaar en 2 maanden');
    expect(formatDuration(t, 'nl-NL', { years: 0, months: 0, days: 1 })).toBe('1 dag');
    expect(formatDuration(t, 'nl-NL', { years: 5, months: 3, days: 16 })).toBe('5 jaar, 3 maanden en 16 dagen');
  });

  it("says under each empty required field that it is required, in the reader's language", async () => {
    const lawyer = makeUser('lawyer');
    const { calls } = setup(lawyer);
    renderApp('/transitievergoeding', { user: lawyer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Berekenen' }));
    for (const label of ['Datum in dienst', 'Einddatum', 'Bruto maandsalaris'])
      await waitFor(() =>
        expect(screen.getByLabelText(label)).toHaveAccessibleDescription(
          expect.stringContaining('Dit veld is verplicht.'),
        ),
      );
    expect(screen.getByLabelText('Datum in dienst')).toHaveFocus();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('is not for an admin', async () => {
    const admin = makeUser('admin');
    // The admin lands on /beheer, whose list may load before the test ends.
    setup(
      admin,
      on('GET', '/api/admin/lawyers', { status: 200, body: { data: [] } }),
      on('GET', '/api/admin/backups/status', {
        status: 200,
        body: { data: { enabled: false, last_at: null, last_bytes: null, last_failed_at: null, warning: false } },
      }),
    );
    const { router } = renderApp('/transitievergoeding', { user: admin });
    await waitFor(() => expect(router.state.location.pathname).toBe('/beheer'));
    expect(screen.queryByLabelText('Datum in dienst')).toBeNull();
  });
});
