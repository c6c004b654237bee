import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MailPreferences } from '../../../contract/notifications';
import type { PushDevice } from '../../../contract/push';
import { makeUser, site } from '../../test/fixtures';
import { installFakeFetch, on } from '../../test/fake-fetch';
import { landingRoutes } from '../../test/layout-routes';
import { renderApp } from '../../test/render-app';

const DEVICE_ID = '30000000-0000-4000-8000-000000000001';
const OTHER_ID = '30000000-0000-4000-8000-000000000002';
/** A P-256 public key as the server hands it out (65 bytes, base64url). */
const PUBLIC_KEY = `BA${'A'.repeat(85)}`;
const SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  expirationTime: null,
  keys: { p256dh: `B${'p'.repeat(86)}`, auth: 'a'.repeat(22) },
};

function api(user: ReturnType<typeof makeUser>, devices: PushDevice[]) {
  let preferences: MailPreferences = { phase_changes: true, reminders: true, uploads: true, email: true };
  let list = devices;
  return installFakeFetch(
    on('GET', '/api/site', { status: 200, body: { data: site } }),
    on('GET', '/api/user', { status: 200, body: { data: user } }),
    on('GET', '/api/user/export', { status: 200, body: { data: null } }),
    on('GET', '/api/user/mail-preferences', () => ({ status: 200, body: { data: preferences } })),
    on('PATCH', '/api/user/mail-preferences', (request) => {
      preferences = { ...preferences, ...(request.body as Partial<MailPreferences>) };
      return { status: 200, body: { data: preferences } };
    }),
    on('GET', '/api/push/public-key', { status: 200, body: { data: { public_key: PUBLIC_KEY } } }),
    on('GET', '/api/push-subscriptions', () => ({ status: 200, body: { data: list } })),
    on('POST', '/api/push-subscriptions', () => {
      const at = '2026-12-06T10:00:00.000Z';
      list = [{ id: DEVICE_ID, name: 'Chrome op Android', last_used_at: at, created_at: at }, ...list];
      return { status: 201, body: { data: { id: DEVICE_ID } } };
    }),
    on('DELETE', `/api/push-subscriptions/${OTHER_ID}`, () => {
      list = list.filter((device) => device.id !== OTHER_ID);
      return { status: 204 };
    }),
    ...landingRoutes(user),
  );
}

/** A browser with service workers and push: permission `permission` until asked, then `answer`. */
function installPush(answer: NotificationPermission) {
  let subscription: (typeof SUBSCRIPTION & { toJSON(): unknown; options: unknown }) | null = null;
  const pushManager = {
    getSubscription: vi.fn(async () => subscription),
    subscribe: vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
      subscription = {
        ...SUBSCRIPTION,
        options: { applicationServerKey: options.applicationServerKey.buffer },
        toJSON: () => SUBSCRIPTION,
      };
      return subscription;
    }),
  };
  const registration = { pushManager };
  const requestPermission = vi.fn(async () => {
    notification.permission = answer;
    return answer;
  });
  const notification = { permission: 'default' as NotificationPermission, requestPermission };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: vi.fn(async () => registration),
      getRegistration: vi.fn(async () => registration),
      ready: Promise.resolve(registration),
    },
  });
  return { requestPermission, pushManager };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe("'Meldingen' in the settings", () => {
  it('says what is sent in one sentence and switches the e-mail channel', async () => {
    const client = makeUser('client');
    const { calls } = api(client, []);
    const user = userEvent.setup();
    renderApp('/instellingen', { user: client });
    const section = await screen.findByRole('region', { name: 'Meldingen' });
    expect(
      within(section).getByText(/een melding zegt alleen dát er iets is, want de inhoud van een dossier verlaat/),
    ).toBeInTheDocument();
    const email = await within(section).findByRole('switch', { name: 'Per e-mail' });
    expect(email).toBeChecked();
    await user.click(email);
    await waitFor(() => expect(email).not.toBeChecked());
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ email: false }]);
    expect(within(section).getByText('Er ontvangt nog geen apparaat pushmeldingen.')).toBeInTheDocument();
  });

  it('turns push off and disabled where the browser has none, and says so', async () => {
    const client = makeUser('client');
    api(client, []);
    renderApp('/instellingen', { user: client });
    const push = await screen.findByRole('switch', { name: 'Pushmeldingen op dit apparaat' });
    expect(await screen.findByText(/Deze browser kan geen pushmeldingen ontvangen/)).toBeInTheDocument();
    expect(push).toBeDisabled();
    expect(push).not.toBeChecked();
  });

  it('asks the browser for permission only when push is turned on, then subscribes with the server key', async () => {
    const client = makeUser('client');
    const { requestPermission, pushManager } = installPush('granted');
    const { calls } = api(client, []);
    const user = userEvent.setup();
    renderApp('/instellingen', { user: client });
    const push = await screen.findByRole('switch', { name: 'Pushmeldingen op dit apparaat' });
    await waitFor(() => expect(push).toBeEnabled());
    expect(requestPermission).not.toHaveBeenCalled();
    await user.click(push);
    await waitFor(() => expect(push).toBeChecked());
    expect(requestPermission).toHaveBeenCalledTimes(1);
    const key = pushManager.subscribe.mock.calls[0]?.[0].applicationServerKey;
    expect(key?.length).toBe(65);
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/push-subscriptions').map((c) => c.body)).toEqual(
      [SUBSCRIPTION],
    );
    expect(await screen.findByText('Chrome op Android (dit apparaat)')).toBeInTheDocument();
  });

  it('says how to allow notices when the browser refuses, and records nothing', async () => {
    const client = makeUser('client');
    installPush('denied');
    const { calls } = api(client, []);
    const user = userEvent.setup();
    renderApp('/instellingen', { user: client });
    const push = await screen.findByRole('switch', { name: 'Pushmeldingen op dit apparaat' });
    await waitFor(() => expect(push).toBeEnabled());
    await user.click(push);
    expect(await screen.findByRole('alert')).toHaveTextContent('Je browser blokkeert meldingen van het portaal.');
    expect(push).not.toBeChecked();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("lists the user's devices with their last use and removes one", async () => {
    const lawyer = makeUser('lawyer');
    const at = '2026-12-01T09:00:00.000Z';
    const { calls } = api(lawyer, [{ id: OTHER_ID, name: 'Safari op iPhone', last_used_at: at, created_at: at }]);
    const user = userEvent.setup();
    renderApp('/account', { user: lawyer });
    const section = await screen.findByRole('region', { name: 'Apparaten met pushmeldingen' });
    expect(await within(section).findByText('Safari op iPhone')).toBeInTheDocument();
    expect(within(section).getByText('Laatst gebruikt op 01-12-2026')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Safari op iPhone verwijderen' }));
    expect(await within(section).findByText('Er ontvangt nog geen apparaat pushmeldingen.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/push-subscriptions/${OTHER_ID}`)).toBe(true);
  });
});
