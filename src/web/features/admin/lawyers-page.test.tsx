import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminLawyer } from '../../../contract/admin';
import { forgetUnsavedChanges, hasUnsavedChanges } from '../../lib/unsaved-changes';
import { makeUser, site } from '../../test/fixtures';
import { installFakeFetch, on } from '../../test/fake-fetch';
import { renderApp } from '../../test/render-app';

const created: AdminLawyer = {
  id: '7a1c1a52-3a0e-4a43-9d55-2f1c0a8e9b11',
  name: 'Noor',
  last_name: 'Bakker',
  full_name: 'Noor Bakker',
  email: 'noor.bakker@example.com',
  title: null,
  active: true,
  deactivated_at: null,
  two_factor_enabled: false,
  active_cases_count: 0,
};

// The admin's home also shows the newest backup (backup-status.test.tsx).
const backupOk = { enabled: false, last_at: null, last_bytes: null, last_failed_at: null, warning: false };

afterEach(() => forgetUnsavedChanges());

describe('admin lawyers page: the new-lawyer form', () => {
  it('asks before leaving with a half-typed lawyer, and not once the lawyer is added', async () => {
    const admin = makeUser('admin');
    let lawyers: AdminLawyer[] = [];
    installFakeFetch(
      on('GET', '/api/site', { status: 200, body: { data: site } }),
      on('GET', '/api/user', { status: 200, body: { data: admin } }),
      on('GET', '/api/admin/lawyers', () => ({ status: 200, body: { data: lawyers } })),
      on('GET', '/api/admin/backups/status', { status: 200, body: { data: backupOk } }),
      on('GET', '/api/admin/audit?page=1', {
        status: 200,
        body: { data: [], meta: { current_page: 1, per_page: 50, has_more: false } },
      }),
      on('POST', '/api/admin/lawyers', () => {
        lawyers = [created];
        return { status: 201, body: { data: created } };
      }),
    );
    const user = userEvent.setup();
    renderApp('/beheer', { user: admin });
    const first = await screen.findByRole('textbox', { name: 'Voornaam' });
    expect(hasUnsavedChanges()).toBe(false);
    await user.type(first, 'Noor');
    expect(hasUnsavedChanges()).toBe(true);

    const nav = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    await user.click(within(nav).getByRole('link', { name: 'Audit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
    await user.click(within(dialog).getByRole('button', { name: 'Blijven' }));
    expect(screen.getByRole('textbox', { name: 'Voornaam' })).toHaveValue('Noor');

    await user.type(screen.getByRole('textbox', { name: 'Achternaam' }), 'Bakker');
    await user.type(screen.getByRole('textbox', { name: 'E-mailadres' }), 'noor.bakker@example.com');
    await user.click(screen.getByRole('button', { name: 'Jurist toevoegen' }));
    expect(await screen.findByText(/Noor Bakker is toegevoegd/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Voornaam' })).toHaveValue('');
    expect(hasUnsavedChanges()).toBe(false);
    await user.click(within(nav).getByRole('link', { name: 'Audit' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit' })).toBeInTheDocument();
    expect(screen.queryByText('Wijzigingen niet opgeslagen')).toBeNull();
  }, 40_000);

  function setup(post: () => { status: number; body?: unknown }) {
    const admin = makeUser('admin');
    const result = installFakeFetch(
      on('GET', '/api/site', { status: 200, body: { data: site } }),
      on('GET', '/api/user', { status: 200, body: { data: admin } }),
      on('GET', '/api/admin/lawyers', { status: 200, body: { data: [] } }),
      on('GET', '/api/admin/backups/status', { status: 200, body: { data: backupOk } }),
      on('POST', '/api/admin/lawyers', post),
    );
    renderApp('/beheer', { user: admin });
    return result;
  }

  it('checks in the browser first: each empty required field says so, with aria-invalid; nothing is sent', async () => {
    const { calls } = setup(() => ({ status: 201, body: { data: created } }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Jurist toevoegen' }));
    for (const name of ['Voornaam', 'Achternaam', 'E-mailadres']) {
      const input = screen.getByRole('textbox', { name });
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription('Dit veld is verplicht.');
    }
    expect(screen.getByRole('textbox', { name: 'Functietitel' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByText('Dit veld is verplicht.')).toHaveLength(3);
    // The first invalid field gets the focus, as on the other forms.
    expect(screen.getByRole('textbox', { name: 'Voornaam' })).toHaveFocus();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'E-mailadres' }), 'geen-mail');
    expect(screen.getByRole('textbox', { name: 'E-mailadres' })).toHaveAccessibleDescription(
      'Vul een geldig e-mailadres in.',
    );
  }, 40_000);

  it("puts the server's 422 error under the e-mail field, not in a box for the whole form", async () => {
    setup(() => ({
      status: 422,
      body: {
        message: 'Er bestaat al een account met dit e-mailadres.',
        errors: { email: ['Er bestaat al een account met dit e-mailadres.'] },
      },
    }));
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Voornaam' }), 'Noor');
    await user.type(screen.getByRole('textbox', { name: 'Achternaam' }), 'Bakker');
    await user.type(screen.getByRole('textbox', { name: 'E-mailadres' }), 'noor.bakker@example.com');
    await user.click(screen.getByRole('button', { name: 'Jurist toevoegen' }));
    const email = screen.getByRole('textbox', { name: 'E-mailadres' });
    await waitFor(() => expect(email).toHaveAccessibleDescription('Er bestaat al een account met dit e-mailadres.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.getAllByText('Er bestaat al een account met dit e-mailadres.')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Voornaam' })).toHaveValue('Noor');
  }, 40_000);

  it('shows a success message in the form after adding a lawyer', async () => {
    setup(() => ({ status: 201, body: { data: created } }));
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Voornaam' }), 'Noor');
    await user.type(screen.getByRole('textbox', { name: 'Achternaam' }), 'Bakker');
    await user.type(screen.getByRole('textbox', { name: 'E-mailadres' }), 'noor.bakker@example.com');
    await user.click(screen.getByRole('button', { name: 'Jurist toevoegen' }));
    const form = screen.getByRole('form', { name: 'Nieuwe jurist' });
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Noor Bakker is toegevoegd. Bij de eerste keer inloggen stelt de jurist tweestapsverificatie in.',
    );
    expect(within(form).getByRole('textbox', { name: 'Voornaam' })).toHaveValue('');
  }, 40_000);
});
