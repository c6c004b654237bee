import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { installFakeFetch, on } from '../../../test/fake-fetch';
import { site } from '../../../test/fixtures';
import { AddDocumentForm } from './add-document-form';

const CASE_ID = '22222222-2222-4222-8222-222222222222';

function renderForm() {
  installFakeFetch(on('GET', '/api/site', { status: 200, body: { data: site } }));
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AddDocumentForm caseId={CASE_ID} onSaved={() => undefined} />
    </QueryClientProvider>,
  );
}

const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Toevoegen' }));
  });
};

describe("'Overige documenten': adding a document", () => {
  it("says 'Dit veld is verplicht.' under an empty title, never zod's English, and clears it on typing", async () => {
    renderForm();
    await submit();
    const title = screen.getByRole('textbox', { name: 'Titel' });
    expect(await screen.findByText('Dit veld is verplicht.')).toBeInTheDocument();
    expect(screen.queryByText(/String must contain/)).toBeNull();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Dit veld is verplicht.');
    expect(screen.getByText('Kies een bestand om te uploaden.')).toBeInTheDocument();

    // Valid again: the error goes at once, without another submit.
    await act(async () => {
      fireEvent.change(title, { target: { value: 'Getuigenverklaring' } });
    });
    expect(screen.queryByText('Dit veld is verplicht.')).toBeNull();
    expect(title).not.toHaveAttribute('aria-invalid');
  });

  it('names the empty title in English in the English app', async () => {
    await i18n.changeLanguage('en-US');
    renderForm();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    });
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
  });
});
