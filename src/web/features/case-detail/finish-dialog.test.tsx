import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch, on } from '../../test/fake-fetch';
import { makeSettlement, makeSettlementVersion } from '../../test/fixtures';
import { FinishDialog } from './components/finish-dialog';

const CASE_ID = '00000000-0000-4000-8000-00000000c0de';
const question = (n: number, text: string, type: 'text' | 'date') => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  question: text,
  answer: null,
  placeholder: null,
  answer_type: type,
});

describe('the finish dialog', () => {
  it('asks the end date of employment with a date field and sends the day as YYYY-MM-DD', async () => {
    installFakeFetch(
      on('GET', `/api/cases/${CASE_ID}/finalization-questions`, {
        status: 200,
        body: {
          data: [
            question(1, 'Wat is het eindresultaat van de zaak?', 'text'),
            question(2, 'Wat is de einddatum van het dienstverband?', 'date'),
          ],
        },
      }),
      on('GET', `/api/cases/${CASE_ID}/settlement`, { status: 200, body: { data: makeSettlement() } }),
    );
    const onConfirm = vi.fn(async () => undefined);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <FinishDialog caseId={CASE_ID} open done={false} onOpenChange={() => undefined} onConfirm={onConfirm} />
      </QueryClientProvider>,
    );
    const date = await screen.findByLabelText('Wat is de einddatum van het dienstverband?');
    expect(date).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Wat is het eindresultaat van de zaak?').tagName).toBe('TEXTAREA');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Wat is het eindresultaat van de zaak?'), 'Regeling getroffen');
    await user.type(date, '2027-01-31');
    await user.click(screen.getByRole('button', { name: 'Dossier afsluiten' }));
    expect(screen.queryByText(/de bedenktijd loopt nog/)).toBeNull();
    await waitFor(() => expect(onConfirm).toHaveBeenCalled());
    expect(onConfirm.mock.calls[0]).toEqual([
      {
        questions: [
          { id: question(1, '', 'text').id, answer: 'Regeling getroffen' },
          { id: question(2, '', 'date').id, answer: '2027-01-31' },
        ],
      },
    ]);
  });

  it('warns while the bedenktijd of the signed settlement agreement runs', async () => {
    installFakeFetch(
      on('GET', `/api/cases/${CASE_ID}/finalization-questions`, {
        status: 200,
        body: { data: [question(1, 'Wat is het eindresultaat van de zaak?', 'text')] },
      }),
      on('GET', `/api/cases/${CASE_ID}/settlement`, {
        status: 200,
        body: {
          data: makeSettlement({
            versions: [makeSettlementVersion(1, { final: true })],
            signed: {
              dated: '2026-03-02',
              agreed_on: '2026-03-02',
              cooling_off_clause: true,
              dissolved_within_six_months: false,
              file: { filename: 'getekend.pdf' },
              recorded_at: '2026-03-02T10:00:00.000Z',
              version: 1,
              correctable: true,
            },
            cooling_off_ends_on: '2026-03-16',
            cooling_off_running: true,
          }),
        },
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <FinishDialog
          caseId={CASE_ID}
          open
          done={false}
          onOpenChange={() => undefined}
          onConfirm={async () => undefined}
        />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Weet je zeker dat je dit dossier wilt afsluiten?' });
    const warning =
      'Let op: de bedenktijd loopt nog tot en met 16 maart 2026. ' +
      'Tot dan kan de cliënt de vaststellingsovereenkomst zonder opgave van redenen ontbinden.';
    await waitFor(() => expect(dialog).toHaveAccessibleDescription(warning));
    expect(await screen.findByLabelText('Wat is het eindresultaat van de zaak?')).toBeInTheDocument();
  });
});
