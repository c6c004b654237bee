import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startPushService, type PushServiceStandIn } from '../src/server/infra/testing/push-service';
import { findAccessibilityViolations } from './support/axe';
import { expectPath } from './support/expect-page';
import { useJourney } from './support/journey';
import { getSession, signIn } from './support/login';

/**
 * The installable app: manifest and service worker, push notices from 'Meldingen' to a notice on
 * the screen, the offline page, and a logout that leaves nothing cached. Tess Mulder (client07,
 * lawyer Sanne Jansen) on a phone-sized window.
 *
 * This machine has no internet, so Chromium's own `pushManager.subscribe` cannot reach its push
 * service: when it fails, the page gets a subscription of the local push stand-in
 * (src/server/infra/testing/push-service.ts), which decrypts what the product sends. The notice then
 * reaches the service worker through the DevTools protocol (`ServiceWorker.deliverPushMessage`).
 */
const CLIENT = 'client07@example.com';
const LAWYER = 'sanne.jansen@example.com';
const PHONE = { width: 360, height: 740 };
/**
 * While offline, the page's open requests (the live stream) fail and say so in the console; Chromium's own
 * subscribe refuses in a private context (the test's), and says so too.
 */
const OFFLINE_NOISE = [
  /ERR_INTERNET_DISCONNECTED/,
  /Push API in incognito/,
  /Failed to load resource/,
  /navigation preload/i,
  /EventSource/,
];

let push: PushServiceStandIn | undefined;
afterAll(async () => {
  await push?.close();
});

/**
 * In the page, before its scripts: `subscribe` tries the browser's own push service first and, when
 * that fails, hands out the stand-in's subscription (kept in sessionStorage, as the browser keeps its own).
 */
function useStandInWhenOffline(subscription: unknown): void {
  const key = 'e2e-push-subscription';
  const standIn = () => {
    const json = JSON.parse(sessionStorage.getItem(key) ?? 'null') as { endpoint: string } | null;
    if (!json) return null;
    return {
      endpoint: json.endpoint,
      expirationTime: null,
      options: { applicationServerKey: null, userVisibleOnly: true },
      toJSON: () => json,
      unsubscribe: async () => {
        sessionStorage.removeItem(key);
        return true;
      },
    } as unknown as PushSubscription;
  };
  const subscribe = PushManager.prototype.subscribe;
  const getSubscription = PushManager.prototype.getSubscription;
  PushManager.prototype.subscribe = async function (this: PushManager, options?: PushSubscriptionOptionsInit) {
    try {
      return await Promise.race([
        subscribe.call(this, options),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no push service')), 5_000)),
      ]);
    } catch {
      sessionStorage.setItem(key, JSON.stringify(subscription));
      return standIn() as PushSubscription;
    }
  };
  PushManager.prototype.getSubscription = async function (this: PushManager) {
    return standIn() ?? getSubscription.call(this);
  };
}

async function shellCaches(page: Page): Promise<{ names: string[]; urls: string[] }> {
  return page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('portal-shell-'));
    const urls: string[] = [];
    for (const name of names) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return { names, urls };
  });
}

/**
 * Waits until the worker is active and controls the page. The first version claims the pages open when it activates;
 * a page whose load crossed that moment (a navigation started while the worker was installing) is not among them, and
 * is controlled from its next load, as in any browser: then the page is loaded again, and `loaded` waits for it.
 */
async function waitForWorker(page: Page, loaded: () => Promise<void>): Promise<void> {
  const activated = () =>
    page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');
  const controlled = () => page.evaluate(() => !!navigator.serviceWorker.controller);
  await expect.poll(activated, { timeout: 30_000 }).toBe(true);
  if (!(await controlled())) {
    await page.reload();
    await loaded();
  }
  await expect.poll(controlled, { timeout: 30_000 }).toBe(true);
}

async function expectNoViolations(page: Page): Promise<void> {
  expect(await findAccessibilityViolations(page)).toEqual([]);
}

/** Delivers `data` as a push message to the page's service worker, through the DevTools protocol. */
async function deliverPush(context: BrowserContext, page: Page, scope: string, data: string): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(scope).origin,
    registrationId: await registrationId,
    data,
  });
}

describe('the installable app', () => {
  const journey = useJourney({
    env: async () => {
      push = await startPushService();
      return { PUSH_ALLOWED_ORIGINS: push.origin, NODE_EXTRA_CA_CERTS: push.caFile };
    },
  });

  it("installs; 'Meldingen' subscribes; a message becomes a notice opening /berichten; offline; logout", async () => {
    const base = journey.product.baseUrl;
    const standIn = push as PushServiceStandIn;
    const device = standIn.device();
    const client = await getSession(journey.product, CLIENT);
    const lawyer = await getSession(journey.product, LAWYER);
    const { context, page } = await journey.openPage({
      viewport: PHONE,
      allowConsole: OFFLINE_NOISE,
      serviceWorkers: 'allow',
    });
    await context.grantPermissions(['notifications'], { origin: base });
    await context.addInitScript(useStandInWhenOffline, device.subscription);
    await signIn(page, client);
    // The client opens the portal, then its settings: the worker installs from the first screen, as for anyone whose
    // first page is not the one they came to change.
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto('/instellingen');

    // Installable: the manifest every page links, with its icons.
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifestAnswer = await fetch(new URL(href ?? '', base));
    expect(manifestAnswer.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await manifestAnswer.json()) as { icons: { src: string; sizes: string; purpose: string }[] };
    expect(manifest).toMatchObject({ name: 'Ontslagportaal', lang: 'nl', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const png = Buffer.from(await (await fetch(new URL(icon.src, base))).arrayBuffer());
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }
    expect(await page.locator('link[rel="apple-touch-icon"]').count()).toBe(1);

    // The service worker controls the page and keeps the shell, never an API answer or a file.
    await waitForWorker(page, () =>
      page.getByRole('region', { name: 'Meldingen' }).getByRole('switch', { name: 'Per e-mail' }).waitFor(),
    );
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${base}/`);
    const cached = await shellCaches(page);
    expect(cached.urls).toContain(`${base}/offline.html`);
    expect(cached.urls.filter((url) => /\/(api|files)\//.test(new URL(url).pathname))).toEqual([]);

    // 'Meldingen': push on this device.
    const section = page.getByRole('region', { name: 'Meldingen' });
    const pushSwitch = section.getByRole('switch', { name: 'Pushmeldingen op dit apparaat' });
    await pushSwitch.click();
    await expect.poll(() => pushSwitch.isChecked(), { timeout: 20_000 }).toBe(true);
    await section.getByText(/\(dit apparaat\)$/).waitFor();
    await expectNoViolations(page);

    // The lawyer writes; the product sends a notice (a minute later) that the stand-in decrypts.
    const caseId = client.user.case?.id as string;
    const secret = 'Het bod van de werkgever is 18.000 euro';
    const sent = await fetch(`${base}/api/cases/${caseId}/messages`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${lawyer.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: secret }),
    });
    expect(sent.status).toBe(201);
    await expect
      .poll(() => standIn.received.filter((r) => r.device === device.id && r.status === 201).length, {
        timeout: 150_000,
        interval: 1_000,
      })
      .toBe(1);
    const notice = standIn.received.find((r) => r.device === device.id)?.json as Record<string, string>;
    expect(notice).toMatchObject({ url: '/berichten', title: expect.any(String), tag: expect.any(String) });
    expect(JSON.stringify(notice)).not.toContain('18.000');

    // Delivered to the service worker, shown with the app's icon and the tag.
    await deliverPush(context, page, `${base}/`, JSON.stringify(notice));
    const shownCount = () =>
      page.evaluate(
        async (tag) => (await (await navigator.serviceWorker.ready).getNotifications({ tag })).length,
        notice.tag,
      );
    await expect.poll(shownCount, { timeout: 10_000 }).toBe(1);
    const shown = await page.evaluate(async (tag) => {
      const [n] = await (await navigator.serviceWorker.ready).getNotifications({ tag });
      return { title: n?.title, body: n?.body, icon: n?.icon, tag: n?.tag };
    }, notice.tag);
    expect(shown).toEqual({
      title: notice.title,
      body: notice.body,
      icon: `${base}/icons/icon-192.png`,
      tag: notice.tag,
    });

    // A click on it takes the open tab to /berichten.
    const [worker] = context.serviceWorkers();
    await worker?.evaluate(async () => {
      const scope = globalThis as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [notification] = await scope.registration.getNotifications();
      if (!notification) throw new Error('no notice shown');
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
    });
    await expectPath(page, '/berichten');

    // Offline, a navigation shows the offline page; it comes back by itself.
    await context.setOffline(true);
    await page.goto('/documenten');
    await page.getByRole('heading', { level: 1, name: 'Je bent offline' }).waitFor();
    await expectNoViolations(page);
    await context.setOffline(false);
    await page.getByRole('heading', { level: 1, name: 'Documenten' }).waitFor({ timeout: 20_000 });

    // Logout: nothing the worker kept stays.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Uitloggen' }).first().click();
    await expectPath(page, '/login');
    await expect.poll(async () => (await shellCaches(page)).names).toEqual([]);
  }, 300_000);

  it("reads 'Meldingen' and the offline page in English, axe-clean at 360 px", async () => {
    const client = await getSession(journey.product, CLIENT);
    const { context, page } = await journey.openPage({
      viewport: PHONE,
      allowConsole: OFFLINE_NOISE,
      serviceWorkers: 'allow',
    });
    await signIn(page, client, { language: 'en-US' });
    // The messages are read first: the header's unread badge is not what this test is about.
    await page.goto('/berichten');
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    await page.goto('/instellingen');
    const settingsShown = () =>
      page.getByRole('region', { name: 'Notifications' }).getByRole('switch', { name: 'By e-mail' }).waitFor();
    await settingsShown();
    await waitForWorker(page, settingsShown);
    await expectNoViolations(page);
    await context.setOffline(true);
    await page.goto('/berichten');
    await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await expectNoViolations(page);
    await context.setOffline(false);
  }, 120_000);
});
