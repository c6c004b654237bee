import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { site } from '../../test/fixtures';
import { installFakeFetch, on } from '../../test/fake-fetch';
import { renderApp } from '../../test/render-app';

const TOKEN = '6f1c1a52-3a0e-4a43-9d55-2f1c0a8e9b11.reminders.c2lnbmF0dXJl';

describe('unsubscribe link', () => {
  it('asks first and turns the kind off without logging in', async () => {
    const { calls } = installFakeFetch(
      on('GET', '/api/site', { status: 200, body: { data: site } }),
      on('POST', '/api/mail/unsubscribe', { status: 200, body: { data: { topic: 'reminders' } } }),
    );
    const user = userEvent.setup();
    renderApp(`/afmelden?token=${encodeURIComponent(TOKEN)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Afmelden voor e-mails' })).toBeInTheDocument();
    expect(
      screen.getByText('Wil je geen e-mails meer ontvangen over: Herinneringen aan openstaande taken?'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Afmelden' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Je bent afgemeld.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ token: TOKEN }]);
  });

  it('says so when the link is not valid', async () => {
    installFakeFetch(
      on('GET', '/api/site', { status: 200, body: { data: site } }),
      on('POST', '/api/mail/unsubscribe', {
        status: 422,
        body: { message: 'Deze afmeldlink is ongeldig.', errors: { token: ['Deze afmeldlink is ongeldig.'] } },
      }),
    );
    const user = userEvent.setup();
    renderApp('/afmelden?token=broken');
    await user.click(await screen.findByRole('button', { name: 'Afmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze afmeldlink is ongeldig.');
  });
});
