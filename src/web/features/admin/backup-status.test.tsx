import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BackupStatus } from '../../../contract/archive';
import { makeUser, site } from '../../test/fixtures';
import { installFakeFetch, on } from '../../test/fake-fetch';
import { renderApp } from '../../test/render-app';

function renderHome(status: BackupStatus) {
  const admin = makeUser('admin');
  installFakeFetch(
    on('GET', '/api/site', { status: 200, body: { data: site } }),
    on('GET', '/api/user', { status: 200, body: { data: admin } }),
    on('GET', '/api/admin/lawyers', { status: 200, body: { data: [] } }),
    on('GET', '/api/admin/backups/status', { status: 200, body: { data: status } }),
  );
  renderApp('/beheer', { user: admin });
}

const panel = async () => (await screen.findByRole('heading', { level: 2, name: 'Reservekopie' })).closest('section')!;

describe("the admin's home: backup status", () => {
  it('shows the last backup’s time and size in Dutch, without a warning', async () => {
    renderHome({
      enabled: true,
      last_at: '2026-12-06T02:00:00.000Z',
      last_bytes: 12_460_000,
      last_failed_at: null,
      warning: false,
    });
    const section = await panel();
    expect(await within(section).findByText('Laatste reservekopie: 06-12-2026 03:00 (12,5 MB)')).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).toBeNull();
  }, 20_000);

  it('warns (role="alert") when there has been no backup for 26 hours', async () => {
    renderHome({
      enabled: true,
      last_at: '2026-12-04T02:00:00.000Z',
      last_bytes: 980,
      last_failed_at: '2026-12-06T02:00:00.000Z',
      warning: true,
    });
    const section = await panel();
    expect(await within(section).findByText('Laatste reservekopie: 04-12-2026 03:00 (980 byte)')).toBeInTheDocument();
    expect(within(section).getByRole('alert')).toHaveTextContent(
      'Let op: er is al meer dan 26 uur geen reservekopie gemaakt. Controleer de server. ' +
        'De laatste poging mislukte op 06-12-2026 03:00.',
    );
  }, 20_000);

  it('says when the server makes no backups itself (BACKUP_DIR not set)', async () => {
    renderHome({ enabled: false, last_at: null, last_bytes: null, last_failed_at: null, warning: false });
    const section = await panel();
    expect(await within(section).findByText(/De server maakt zelf geen reservekopieën/)).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).toBeNull();
  }, 20_000);
});
