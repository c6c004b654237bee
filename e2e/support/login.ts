import type { Page, Route } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { UserResponseSchema, type User } from '../../src/contract/users';
import { extractLoginCode, hasLoginCode } from '../../src/server/infra/testing/smtp-peer';
import { SESSION_MINT_HEADER, SESSION_MINT_PATH } from '../../src/server/infra/testing/session-mint';
import type { Product } from './product';

/** Fills in the e-mail step on the current /login page and waits for the code step. */
export async function requestCodeViaUi(
  page: Page,
  email: string,
  button = 'Ontvang code',
  label = 'E-mailadres',
  heading = 'Vul je code in',
): Promise<void> {
  await page.getByLabel(label).fill(email);
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('heading', { name: heading }).waitFor();
}

/**
 * The code of the first mail with a login code to `email` after `since` mails had arrived. The
 * product is shared by the journeys of a worker, so another mail to the same demo account (a
 * notice of something an earlier journey did) may arrive in between.
 */
export async function readMailedCode(product: Product, email: string, since: number): Promise<string> {
  const mail = await product.smtp.waitForMail(email, { since, timeoutMs: 15_000, matching: hasLoginCode });
  return extractLoginCode(mail);
}

/** Types the code into the six boxes (as a person would, lower case is fine) and submits. */
export async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Teken 1 van 6' }).click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Inloggen' }).click();
}

/**
 * Staff (lawyers, admins) sign in with a second factor. The helpers enrol a staff
 * account the first time it signs in on a product and keep its secret and recovery codes here,
 * so later sign-ins answer with a fresh TOTP code (or a recovery code when this 30 s step's
 * code was used already: a code works once).
 */
type StaffFactor = { secret: string; recoveryCodes: string[]; lastStep: number };
/** Per product object: a later file of the same fork may get a product on the same port. */
const staffFactors = new WeakMap<Product, Map<string, StaffFactor>>();
const factorsOf = (product: Product) => {
  let factors = staffFactors.get(product);
  if (!factors) staffFactors.set(product, (factors = new Map()));
  return factors;
};

/** The factor a staff account got at enrolment on this product, if it enrolled through these helpers. */
export function staffFactorOf(product: Product, email: string): StaffFactor | undefined {
  return factorsOf(product).get(email);
}

export function rememberStaffFactor(product: Product, email: string, secret: string, recoveryCodes: string[]): void {
  factorsOf(product).set(email, {
    secret: secret.replace(/\s+/g, ''),
    recoveryCodes: [...recoveryCodes],
    lastStep: currentStep(),
  });
}

const currentStep = () => Math.floor(Date.now() / 30_000);

export function totpNow(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), digits: 6, period: 30 }).generate();
}

/** A second-factor answer that has not been used: this step's TOTP code, else a recovery code. */
function nextAnswer(factor: StaffFactor): { code: string } | { recovery_code: string } {
  const step = currentStep();
  if (step > factor.lastStep) {
    factor.lastStep = step;
    return { code: totpNow(factor.secret) };
  }
  const recovery = factor.recoveryCodes.shift();
  if (!recovery) throw new Error('The e2e helper ran out of recovery codes for this account');
  return { recovery_code: recovery };
}

/** The whole login through the mailed code, starting on /login; staff then enrol or answer their second factor. */
export async function loginThroughMail(page: Page, product: Product, email: string): Promise<void> {
  const since = product.smtp.messages.length;
  await requestCodeViaUi(page, email);
  const code = await readMailedCode(product, email, since);
  await enterCode(page, code);
  await page.waitForURL((url) => url.pathname !== '/login/code');
  if (new URL(page.url()).pathname !== '/login/tweestapsverificatie') return;
  await answerSecondFactorViaUi(page, product, email);
}

/**
 * On /login/tweestapsverificatie: enrols (scans the key, confirms a code, keeps the recovery codes) or enters a code.
 */
export async function answerSecondFactorViaUi(page: Page, product: Product, email: string): Promise<void> {
  const enrol = page.getByRole('heading', { name: 'Stel tweestapsverificatie in' });
  const verify = page.getByRole('heading', { name: 'Vul de code uit je app in' });
  await enrol.or(verify).waitFor();
  if (await enrol.isVisible()) {
    const key = page.getByLabel('Sleutel om handmatig in te voeren');
    await page.getByRole('img', { name: 'QR-code om je account aan je authenticator-app toe te voegen' }).waitFor();
    const secret = (await key.inputValue()).replace(/\s+/g, '');
    await page.getByRole('textbox', { name: 'Teken 1 van 6' }).click();
    await page.keyboard.type(totpNow(secret));
    await page.getByRole('button', { name: 'Bevestigen' }).click();
    const list = page.getByRole('list', { name: 'Herstelcodes' });
    await list.waitFor();
    const codes = (await list.getByRole('listitem').allTextContents()).map((text) => text.trim());
    rememberStaffFactor(product, email, secret, codes);
    await page.getByRole('button', { name: 'Ik heb mijn herstelcodes bewaard' }).click();
    await page.waitForURL((url) => url.pathname !== '/login/tweestapsverificatie');
    return;
  }
  const factor = staffFactorOf(product, email);
  if (!factor) throw new Error(`No second factor known for ${email}: enrol it through these helpers first`);
  const answer = nextAnswer(factor);
  if ('code' in answer) {
    await page.getByRole('textbox', { name: 'Teken 1 van 6' }).click();
    await page.keyboard.type(answer.code);
  } else {
    await page.getByRole('button', { name: 'Gebruik een herstelcode' }).click();
    await page.getByLabel('Herstelcode').fill(answer.recovery_code);
  }
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.waitForURL((url) => url.pathname !== '/login/tweestapsverificatie');
}

/** Gets a token through the real API (code by mail), for journeys about something other than logging in. */
export async function getSession(product: Product, email: string): Promise<{ token: string; user: User }> {
  const since = product.smtp.messages.length;
  const post = (path: string, body: unknown) =>
    fetch(`${product.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const codeResponse = await post('/api/code', { email });
  if (codeResponse.status !== 200)
    throw new Error(`POST /api/code answered ${codeResponse.status}: ${await codeResponse.text()}`);
  const code = await readMailedCode(product, email, since);
  const tokenResponse = await post('/api/token', { email, code });
  if (tokenResponse.status !== 200)
    throw new Error(`POST /api/token answered ${tokenResponse.status}: ${await tokenResponse.text()}`);
  const first = (await tokenResponse.json()) as {
    token?: string;
    two_factor_required?: true;
    challenge?: string;
    setup_required?: true;
  };
  const token =
    first.token ?? (await secondFactorViaApi(product, email, first.challenge ?? '', first.setup_required === true));
  const userResponse = await fetch(`${product.baseUrl}/api/user`, { headers: { Authorization: `Bearer ${token}` } });
  const { data: user } = UserResponseSchema.parse(await userResponse.json());
  return { token, user };
}

/** The staff second step through the API: enrols the first time, then answers with a fresh code. */
async function secondFactorViaApi(
  product: Product,
  email: string,
  challenge: string,
  setupRequired: boolean,
): Promise<string> {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${product.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 200) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  if (setupRequired) {
    const { secret } = (await post('/api/token/two-factor/setup', { challenge })) as { secret: string };
    const enabled = (await post('/api/token/two-factor/enable', { challenge, code: totpNow(secret) })) as {
      token: string;
      recovery_codes: string[];
    };
    rememberStaffFactor(product, email, secret, enabled.recovery_codes);
    return enabled.token;
  }
  const factor = staffFactorOf(product, email);
  if (!factor) throw new Error(`No second factor known for ${email}: enrol it through these helpers first`);
  const { token } = (await post('/api/token/two-factor', { challenge, ...nextAnswer(factor) })) as { token: string };
  return token;
}

/** An address of the product's origin that the browser answers itself in `signIn`: the request never leaves it. */
const SIGN_IN_PAGE = '/e2e-sign-in';

/**
 * Signs the page's browser context in by writing the session state, as the app itself would. It is written from an
 * empty page of the product's origin that the browser answers itself (`page.route`), not from a screen of the app:
 * the journey's next navigation is the app's first start, with the session in place, and no screen is loaded only to
 * write the state (that cost as much browser CPU as a screen of the walk).
 */
export async function signIn(
  page: Page,
  session: { token: string; user: User },
  settings: Record<string, unknown> = {},
): Promise<void> {
  const answer = (route: Route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>e2e</title><link rel="icon" href="data:,">',
    });
  await page.route(SIGN_IN_PAGE, answer);
  await page.goto(SIGN_IN_PAGE);
  await page.unroute(SIGN_IN_PAGE, answer);
  await page.evaluate((state) => window.localStorage.setItem('state', JSON.stringify(state)), {
    settings,
    user: session.user,
    auth: { token: session.token },
  });
}

/**
 * A session for `email` from the shared product's session mint (test build only, see
 * support/product.ts): no mail, no second factor, no throttle. For journeys about something
 * other than signing in; the sign-in itself is walked through `loginThroughMail`.
 */
export async function mintSession(product: Product, email: string): Promise<{ token: string; user: User }> {
  if (!product.mintSecret)
    throw new Error(
      'mintSession needs the shared product (sharedProduct(), useSharedJourney()): the production build has no mint',
    );
  const response = await fetch(`${product.baseUrl}${SESSION_MINT_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [SESSION_MINT_HEADER]: product.mintSecret },
    body: JSON.stringify({ email }),
  });
  if (response.status !== 200)
    throw new Error(`The session mint answered ${response.status} for ${email}: ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  const userResponse = await fetch(`${product.baseUrl}/api/user`, { headers: { Authorization: `Bearer ${token}` } });
  const { data: user } = UserResponseSchema.parse(await userResponse.json());
  return { token, user };
}

/**
 * One session per address for a whole file. On the shared product it is minted; on a product of
 * its own it goes through the mailed code (a code is sent at most once a minute per address).
 */
export function sessionCache() {
  const sessions = new Map<string, ReturnType<typeof getSession>>();
  return (product: Product, email: string) => {
    const existing = sessions.get(email);
    if (existing) return existing;
    const created = product.mintSecret ? mintSession(product, email) : getSession(product, email);
    sessions.set(email, created);
    return created;
  };
}
