import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/app-session';
import { makeClientCaseView, makeDocument, makeUser, site } from '../../test/fixtures';
import { installFakeFetch, on } from '../../test/fake-fetch';
import { LANDING_CASE_ID, landingRoutes } from '../../test/layout-routes';
import { renderApp } from '../../test/render-app';

const LETTER_ID = '11111111-1111-4111-8111-1111111111aa';
const SHA = 'a'.repeat(64);
const letter = makeDocument({ id: LETTER_ID, title: 'Opdrachtbevestiging', filename: 'opdrachtbevestiging.pdf' });
const proposalCase = makeClientCaseView(LANDING_CASE_ID, 'proposal', {
  documents: [letter],
  proposal_document_id: LETTER_ID,
  proposal_sha256: SHA,
});

function setup(client = makeUser('client')) {
  const fake = installFakeFetch(
    on('GET', '/api/site', { status: 200, body: { data: site } }),
    on('GET', '/api/cases/mine', { status: 200, body: { data: proposalCase } }),
    on('POST', `/api/cases/${LANDING_CASE_ID}/proposal/sign`, {
      status: 200,
      body: { data: { ...proposalCase, proposal_signed_at: '2026-11-28T10:00:00.000Z' } },
    }),
    ...landingRoutes(client),
  );
  renderApp('/opdrachtbevestiging', { user: client });
  return fake;
}

const signPosts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST' && c.path.endsWith('/proposal/sign'));

describe('/opdrachtbevestiging', () => {
  it('says what is missing under each field, focuses the choice first, and sends nothing', async () => {
    const { calls } = setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ondertekenen' }, { timeout: 15_000 }));
    const choice = screen.getByRole('group', { name: /binnen de herroepingstermijn/i });
    expect(await within(choice).findByText('Kies of we binnen de herroepingstermijn al mogen beginnen.')).toBeVisible();
    const [startNow] = within(choice).getAllByRole('radio') as [HTMLElement];
    expect(startNow).toHaveAttribute('aria-invalid', 'true');
    expect(startNow).toHaveFocus();
    const name = screen.getByRole('textbox', { name: /volledige naam/i });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Dit veld is verplicht.'));
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription(
      'Je moet akkoord gaan met de opdrachtbevestiging en de algemene voorwaarden.',
    );
    expect(signPosts(calls)).toHaveLength(0);
  }, 30_000);

  it('signs with a name, the choice and consent, sending the letter it showed', async () => {
    const { calls } = setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Nee, wacht tot/ }, { timeout: 15_000 }));
    await user.type(screen.getByRole('textbox', { name: /volledige naam/i }), 'Kees Klant');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Ondertekenen' }));
    await waitFor(() => expect(signPosts(calls)).toHaveLength(1));
    expect(signPosts(calls)[0]?.body).toEqual({
      full_name: 'Kees Klant',
      agree: true,
      start_now: false,
      proposal_sha256: SHA,
    });
  }, 30_000);

  it('says it in English in the English app', async () => {
    const client = makeUser('client', { language: 'en-US' });
    session.dispatch({ type: 'settings', settings: { language: 'en-US' } });
    await i18n.changeLanguage('en-US');
    setup(client);
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: /full name/i }, { timeout: 15_000 });
    await user.click(name);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Choose whether we may start within the withdrawal period.')).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription(expect.stringContaining('This field is required.'));
  }, 30_000);
});
