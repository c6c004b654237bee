import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeFetch, on } from '../../../test/fake-fetch';
import { AbsencesForm } from './absences-form';

const ABSENCE = { id: '44444444-4444-4444-8444-444444444444', from: '2026-12-21', until: '2026-12-24' };

function renderForm() {
  let absences: (typeof ABSENCE)[] = [];
  const fake = installFakeFetch(
    on('GET', '/api/user/absences', () => ({ status: 200, body: { data: absences } })),
    on('POST', '/api/user/absences', () => {
      absences = [ABSENCE];
      return { status: 201, body: { data: ABSENCE } };
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AbsencesForm />
    </QueryClientProvider>,
  );
  return fake;
}

describe('AbsencesForm', () => {
  it('says under each empty date that it is required, focuses the first, and sends nothing', async () => {
    const { calls } = renderForm();
    const user = userEvent.setup();
    await screen.findByText('Geen afwezigheid ingepland.');
    await user.click(screen.getByRole('button', { name: 'Afwezigheid toevoegen' }));
    const from = screen.getByLabelText('Afwezig van');
    const until = screen.getByLabelText('tot en met');
    await waitFor(() => expect(from).toHaveAttribute('aria-invalid', 'true'));
    expect(from).toHaveAccessibleDescription('Dit veld is verplicht.');
    expect(until).toHaveAccessibleDescription('Dit veld is verplicht.');
    expect(from).toHaveFocus();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('refuses an end before the start under the end date', async () => {
    const { calls } = renderForm();
    const user = userEvent.setup();
    await screen.findByText('Geen afwezigheid ingepland.');
    await user.type(screen.getByLabelText('Afwezig van'), '2026-12-24');
    await user.type(screen.getByLabelText('tot en met'), '2026-12-21');
    await user.click(screen.getByRole('button', { name: 'Afwezigheid toevoegen' }));
    expect(await screen.findByText('De einddatum ligt voor de begindatum.')).toBeInTheDocument();
    expect(screen.getByLabelText('tot en met')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('adds a valid absence, says so and empties the fields', async () => {
    const { calls } = renderForm();
    const user = userEvent.setup();
    await screen.findByText('Geen afwezigheid ingepland.');
    await user.type(screen.getByLabelText('Afwezig van'), '2026-12-21');
    await user.type(screen.getByLabelText('tot en met'), '2026-12-24');
    await user.click(screen.getByRole('button', { name: 'Afwezigheid toevoegen' }));
    expect(await screen.findByText('Je afwezigheid is opgeslagen.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { from: '2026-12-21', until: '2026-12-24' },
    ]);
    expect(screen.getByLabelText('Afwezig van')).toHaveValue('');
    expect(await screen.findByText(/^Afwezig van .*21.*12.*2026 tot en met .*24.*12.*2026$/)).toBeInTheDocument();
  });
});
