import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import {
  CreatePushSubscriptionResponseSchema,
  PushDevicesResponseSchema,
  PushPublicKeyResponseSchema,
} from '../../contract/push';
import { api } from './api';
import { session } from './app-session';
import { isApiError } from './api-client';

/**
 * Push notices on this device: the browser's permission, its push subscription and the server's
 * record of it (src/contract/push.ts). Shared by 'Meldingen' in the settings and the dashboard's
 * one-time offer. The browser asks for permission only from `turnOnPush`, which runs on a click.
 */

/**
 * The active registration of /sw.js, registered again when it is gone (a logout's
 * `Clear-Site-Data` unregisters it in some browsers; registering an existing one answers it);
 * null where the browser has no service workers.
 */
async function readyRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  } catch {
    return null;
  }
  return navigator.serviceWorker.ready;
}

/** Where push stands on this device for the signed-in user. */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

/** The server's id of this browser's subscription, per user (kept in the settings, which outlive a logout). */
type StoredDevice = { user: string; id: string };

export class PushDeniedError extends Error {
  constructor() {
    super('push permission denied');
    this.name = 'PushDeniedError';
  }
}

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

function storedDevice(): StoredDevice | null {
  const { settings, user } = session.getState();
  const device = settings.pushDevice as Partial<StoredDevice> | undefined;
  if (!user || typeof device?.id !== 'string' || device.user !== String(user.id)) return null;
  return { user: device.user, id: device.id };
}

function storeDevice(id: string | null): void {
  const user = session.getState().user;
  session.dispatch({
    type: 'settings',
    settings: { pushDevice: id && user ? { user: String(user.id), id } : undefined },
  });
}

/** The id of this device among the user's devices, or null when this browser does not receive the user's notices. */
export function thisDeviceId(): string | null {
  return storedDevice()?.id ?? null;
}

export async function readPushState(): Promise<PushState> {
  if (!isPushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted' || !storedDevice()) return 'off';
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ? 'on' : 'off';
}

/** The VAPID public key (base64url) as the bytes `applicationServerKey` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/**
 * Asks the browser's permission, subscribes this browser with the server's key and tells the
 * server. Throws `PushDeniedError` when the user refuses, an ApiError when the server does.
 */
export async function turnOnPush(): Promise<string> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushDeniedError();
  const registration = await readyRegistration();
  if (!registration) throw new Error('no service worker');
  const key = keyBytes((await api.get('/api/push/public-key', PushPublicKeyResponseSchema)).data.public_key);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const created = await api.post(
    '/api/push-subscriptions',
    subscription.toJSON(),
    CreatePushSubscriptionResponseSchema,
  );
  storeDevice(created.data.id);
  return created.data.id;
}

/** Removes a device of the user's on the server; one already gone counts as removed. */
export async function removePushDevice(id: string): Promise<void> {
  try {
    await api.delete(`/api/push-subscriptions/${encodeURIComponent(id)}`);
  } catch (error) {
    if (!(isApiError(error) && error.status === 404)) throw error;
  }
  if (thisDeviceId() === id) await unsubscribeThisBrowser();
}

/** Stops push on this device: the server forgets it and the browser ends its subscription. */
export async function turnOffPush(): Promise<void> {
  const id = thisDeviceId();
  if (id) await removePushDevice(id);
  else await unsubscribeThisBrowser();
}

/** Ends this browser's subscription (logout: the server removes the device itself). */
export async function unsubscribeThisBrowser(): Promise<void> {
  storeDevice(null);
  if (!isPushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}

export const pushQueryKeys = { devices: ['push', 'devices'] as const };

/** GET /api/push-subscriptions: the user's own devices. */
export function pushDevicesQueryOptions() {
  return queryOptions({
    queryKey: pushQueryKeys.devices,
    queryFn: async ({ signal }) => (await api.get('/api/push-subscriptions', PushDevicesResponseSchema, signal)).data,
  });
}

/** What went wrong the last time push was turned on or off here. */
export type PushProblem = 'denied' | 'failed' | null;

/**
 * Push on this device as a switch: its state (read once the page shows), and turning it on (the
 * browser asks for permission then, never before) or off. The device list is refetched after each.
 */
export function usePushSwitch() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<PushProblem>(null);
  const refresh = useCallback(async () => setState(await readPushState().catch(() => 'off' as const)), []);
  useEffect(() => {
    let shown = true;
    void readPushState()
      .catch(() => 'off' as const)
      .then((read) => shown && setState(read));
    return () => {
      shown = false;
    };
  }, []);

  const change = useCallback(
    async (on: boolean): Promise<boolean> => {
      setBusy(true);
      setProblem(null);
      try {
        await (on ? turnOnPush() : turnOffPush());
        return true;
      } catch (error) {
        setProblem(error instanceof PushDeniedError ? 'denied' : 'failed');
        return false;
      } finally {
        await refresh();
        await queryClient.invalidateQueries({ queryKey: pushQueryKeys.devices });
        setBusy(false);
      }
    },
    [queryClient, refresh],
  );
  return { state, busy, problem, change, refresh };
}
