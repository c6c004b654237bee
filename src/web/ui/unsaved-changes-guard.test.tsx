import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeFetch, on } from '../test/fake-fetch';
import { makeClientCaseView, makeUser, site } from '../test/fixtures';
import { renderApp } from '../test/render-app';

const CASE_ID = '20000000-0000-4000-8000-000000000000';
const client = makeUser('client', {
  name: 'Eva',
  last_name: 'Visser',
  phone_number: '0612345678',
  street: 'Markt',
  house_number: '1',
  postcode: '1234AB',
  city: 'Delft',
});

function setup() {
  installFakeFetch(
    on('GET', '/api/site', { status: 200, body: { data: site } }),
    on('GET', '/api/user', { status: 200, body: { data: client } }),
    on('PATCH', '/api/user', (request) => ({
      status: 200,
      body: { data: { ...client, ...(request.body as object) } },
    })),
    on('GET', '/api/messages/unread', { status: 200, body: { data: [], total: 0 } }),
    // Where the journey ends: /documenten.
    on('GET', '/api/cases/mine', { status: 200, body: { data: makeClientCaseView(CASE_ID, 'incomplete-case-file') } }),
    on('GET', `/api/cases/${CASE_ID}/documents`, { status: 200, body: { data: [] } }),
  );
  return renderApp('/mijn-verhaal', { user: client });
}

/** What the browser asks before closing or reloading the tab: a cancelled beforeunload. */
function unloadIsQuestioned(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('unsaved changes', () => {
  it('asks before leaving a form with unsaved changes, in the app and on unload; clean forms just leave', async () => {
    const user = userEvent.setup();
    const { router } = setup();
    const name = await screen.findByRole('textbox', { name: /^Voornaam/ });
    expect(unloadIsQuestioned()).toBe(false);

    await user.type(name, 'line');
    expect(unloadIsQuestioned()).toBe(true);
    await user.click(screen.getAllByRole('link', { name: 'Documenten' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
    await user.click(within(dialog).getByRole('button', { name: 'Blijven' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/mijn-verhaal');
    expect(screen.getByRole('textbox', { name: /^Voornaam/ })).toHaveValue('Evaline');

    // Saved: nothing to warn about any more.
    fireEvent.submit(name.closest('form')!);
    expect(await screen.findByText('Je wijzigingen zijn succesvol opgeslagen')).toBeInTheDocument();
    await waitFor(() => expect(unloadIsQuestioned()).toBe(false));

    await user.type(screen.getByRole('textbox', { name: /^Plaats/ }), 'x');
    await user.click(screen.getAllByRole('link', { name: 'Documenten' })[0]!);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Wijzigingen niet opgeslagen' })).getByRole('button', {
        name: 'Pagina verlaten',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/documenten'));
    expect(unloadIsQuestioned()).toBe(false);
  });
});
