import type { Page } from 'playwright-core';
import { UserResponseSchema, type User } from '../../src/contract/users';
import { extractLoginCode } from '../../src/server/testing/smtp-peer';
import type { Product } from './product';

/** Fills in the e-mail step on the current /login page and waits for the code step. */
export async function requestCodeViaUi(page: Page, email: string, button = 'Ontvang code'): Promise<void> {
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('heading', { name: 'Vul je code in' }).waitFor();
}

/** The code of the first mail to `email` after `since` mails had arrived. */
export async function readMailedCode(product: Product, email: string, since: number): Promise<string> {
  const mail = await product.smtp.waitForMail(email, { since, timeoutMs: 15_000 });
  return extractLoginCode(mail);
}

/** Types the code into the six boxes (as a person would, lower case is fine) and submits. */
export async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Teken 1 van 6' }).click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** The whole login through the mailed code, starting on /login. */
export async function loginThroughMail(page: Page, product: Product, email: string): Promise<void> {
  const since = product.smtp.messages.length;
  await requestCodeViaUi(page, email);
  const code = await readMailedCode(product, email, since);
  await enterCode(page, code);
}

/** Gets a token through the real API (code by mail), for journeys about something other than logging in. */
export async function getSession(product: Product, email: string): Promise<{ token: string; user: User }> {
  const since = product.smtp.messages.length;
  const post = (path: string, body: unknown) =>
    fetch(`${product.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const codeResponse = await post('/api/code', { email });
  if (codeResponse.status !== 200) throw new Error(`POST /api/code answered ${codeResponse.status}: ${await codeResponse.text()}`);
  const code = await readMailedCode(product, email, since);
  const tokenResponse = await post('/api/token', { email, code });
  if (tokenResponse.status !== 200) throw new Error(`POST /api/token answered ${tokenResponse.status}: ${await tokenResponse.text()}`);
  const { token } = (await tokenResponse.json()) as { token: string };
  const userResponse = await fetch(`${product.baseUrl}/api/user`, { headers: { Authorization: `Bearer ${token}` } });
  const { data: user } = UserResponseSchema.parse(await userResponse.json());
  return { token, user };
}

/** Signs the page's browser context in by writing the session state, as the app itself would. */
export async function signIn(page: Page, session: { token: string; user: User }, settings: Record<string, unknown> = {}): Promise<void> {
  await page.goto('/not-found');
  await page.evaluate((state) => window.localStorage.setItem('state', JSON.stringify(state)), {
    settings,
    user: session.user,
    auth: { token: session.token },
  });
}

/** One session per address for a whole file: a code is sent at most once a minute per address. */
export function sessionCache() {
  const sessions = new Map<string, ReturnType<typeof getSession>>();
  return (product: Product, email: string) => {
    const existing = sessions.get(email);
    if (existing) return existing;
    const created = getSession(product, email);
    sessions.set(email, created);
    return created;
  };
}
