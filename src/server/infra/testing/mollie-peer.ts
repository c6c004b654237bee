import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Mollie's payments API (as s3rver stands in for S3), answering the calls
 * the official SDK (`mollie-api-typescript`) makes, in Mollie's shapes:
 * - `POST /v2/payments`, `GET /v2/payments/{id}`, `POST /v2/payments/{id}/refunds`,
 *   `GET /v2/payments/{id}/refunds`; an API key (`Bearer test_…` or `live_…`) is required;
 * - a checkout page `GET /checkout/{id}` (Dutch, a plain accessible form) where a person or a browser
 *   journey picks 'Betaald', 'Mislukt', 'Verlopen' or 'Geannuleerd'; the stand-in then calls the
 *   payment's webhook (form-encoded `id`, as Mollie does) and sends the browser to its redirectUrl.
 * Tests set a status without the page through `settle(id, status)`. Used by the server tests, the
 * browser journey and `npm run dev` (scripts/mollie-stand-in.ts); see docs/invoices.md.
 */

export const STAND_IN_STATUSES = ['paid', 'failed', 'expired', 'canceled'] as const;
export type StandInStatus = 'open' | (typeof STAND_IN_STATUSES)[number];

type StoredPayment = {
  id: string;
  amount: { currency: string; value: string };
  description: string;
  redirectUrl: string | null;
  webhookUrl: string | null;
  metadata: unknown;
  status: StandInStatus;
  createdAt: string;
  paidAt: string | null;
  refunds: { id: string; amount: { currency: string; value: string }; createdAt: string; description: string }[];
};

export type MolliePeer = {
  url: string;
  apiKey: string;
  payments: Map<string, StoredPayment>;
  /** Sets the payment's status as the checkout page would, and calls its webhook (awaited). */
  settle: (id: string, status: StandInStatus) => Promise<void>;
  /** Webhook calls made, with the answer's status. */
  webhookCalls: { id: string; status: number }[];
  close: () => Promise<void>;
};

const PROFILE_ID = 'pfl_standin01';
const randomId = (prefix: string) => `${prefix}_${randomBytes(6).toString('base64url').replace(/[-_]/g, 'x')}`;

const STATUS_WORDS: Record<(typeof STAND_IN_STATUSES)[number], string> = {
  paid: 'Betaald',
  failed: 'Mislukt',
  expired: 'Verlopen',
  canceled: 'Geannuleerd',
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/hal+json' });
  response.end(JSON.stringify(body));
}

function mollieError(response: ServerResponse, status: number, title: string, detail: string) {
  json(response, status, {
    status,
    title,
    detail,
    _links: { documentation: { href: 'https://docs.mollie.com/errors', type: 'text/html' } },
  });
}

export async function startMolliePeer(options: { port?: number; host?: string } = {}): Promise<MolliePeer> {
  const payments = new Map<string, StoredPayment>();
  const webhookCalls: MolliePeer['webhookCalls'] = [];
  let base = '';

  const view = (p: StoredPayment) => {
    const refunded = p.refunds.reduce((sum, r) => sum + Math.round(Number(r.amount.value) * 100), 0);
    const amountCents = Math.round(Number(p.amount.value) * 100);
    return {
      resource: 'payment',
      id: p.id,
      mode: 'test',
      description: p.description,
      amount: p.amount,
      amountRefunded: { currency: p.amount.currency, value: (refunded / 100).toFixed(2) },
      amountRemaining: { currency: p.amount.currency, value: ((amountCents - refunded) / 100).toFixed(2) },
      redirectUrl: p.redirectUrl,
      webhookUrl: p.webhookUrl,
      metadata: p.metadata,
      method: p.status === 'paid' ? 'ideal' : null,
      profileId: PROFILE_ID,
      sequenceType: 'oneoff',
      status: p.status,
      isCancelable: false,
      createdAt: p.createdAt,
      paidAt: p.paidAt,
      _links: {
        self: { href: `${base}/v2/payments/${p.id}`, type: 'application/hal+json' },
        ...(p.status === 'open' ? { checkout: { href: `${base}/checkout/${p.id}`, type: 'text/html' } } : {}),
        dashboard: { href: `${base}/dashboard/${p.id}`, type: 'text/html' },
        documentation: { href: 'https://docs.mollie.com/reference/get-payment', type: 'text/html' },
      },
    };
  };

  const refundView = (p: StoredPayment, r: StoredPayment['refunds'][number]) => ({
    resource: 'refund',
    id: r.id,
    mode: 'test',
    description: r.description,
    amount: r.amount,
    status: 'pending',
    metadata: null,
    paymentId: p.id,
    createdAt: r.createdAt,
    _links: {
      self: { href: `${base}/v2/payments/${p.id}/refunds/${r.id}`, type: 'application/hal+json' },
      payment: { href: `${base}/v2/payments/${p.id}`, type: 'application/hal+json' },
      documentation: { href: 'https://docs.mollie.com/reference/create-refund', type: 'text/html' },
    },
  });

  const callWebhook = async (p: StoredPayment) => {
    if (!p.webhookUrl) return;
    try {
      const answer = await fetch(p.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ id: p.id }).toString(),
      });
      webhookCalls.push({ id: p.id, status: answer.status });
    } catch {
      webhookCalls.push({ id: p.id, status: 0 });
    }
  };

  const settle = async (id: string, status: StandInStatus) => {
    const p = payments.get(id);
    if (!p) throw new Error(`no payment ${id}`);
    p.status = status;
    if (status === 'paid') p.paidAt = new Date().toISOString();
    await callWebhook(p);
  };

  const checkoutPage = (p: StoredPayment) => {
    const choices = STAND_IN_STATUSES.map(
      (status, index) =>
        `<div><input type="radio" id="s-${status}" name="status" value="${status}"${index === 0 ? ' checked' : ''}>` +
        ` <label for="s-${status}">${STATUS_WORDS[status]}</label></div>`,
    ).join('\n');
    const amount = Number(p.amount.value).toLocaleString('nl-NL', { minimumFractionDigits: 2 });
    return `<!doctype html>
<html lang="nl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Testbetaling – Mollie-stand-in</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
fieldset{border:1px solid #555;padding:1rem}
button{margin-top:1rem;padding:.6rem 1.2rem;font-size:1rem;background:#0b4fa0;color:#fff;border:0;border-radius:4px}
button:focus-visible,input:focus-visible{outline:3px solid #b35c00;outline-offset:2px}</style></head>
<body><main>
<h1>Testbetaling</h1>
<p>Dit is de lokale stand-in van Mollie. Er wordt geen echt geld betaald.</p>
<p><strong>${escapeHtml(p.description)}</strong><br>Bedrag: € ${escapeHtml(amount)}</p>
<form method="post" action="/checkout/${p.id}">
<fieldset><legend>Kies de uitkomst van de betaling</legend>
${choices}
</fieldset>
<button type="submit">Uitkomst bevestigen</button>
</form>
</main></body></html>`;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', base);
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'checkout' && parts[1]) {
      const p = payments.get(parts[1]);
      if (!p) {
        response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
        response.end(
          '<!doctype html><html lang="nl"><title>Niet gevonden</title>' +
            '<main><h1>Betaling niet gevonden</h1></main></html>',
        );
        return;
      }
      if (request.method === 'POST') {
        const chosen = new URLSearchParams(await readBody(request)).get('status');
        const status = (STAND_IN_STATUSES as readonly string[]).includes(chosen ?? '')
          ? (chosen as StandInStatus)
          : null;
        if (p.status === 'open' && status) await settle(p.id, status);
        response.writeHead(303, { location: p.redirectUrl ?? base });
        response.end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(checkoutPage(p));
      return;
    }
    if (parts[0] !== 'v2' || parts[1] !== 'payments')
      return mollieError(response, 404, 'Not Found', 'No such resource');
    const auth = request.headers.authorization ?? '';
    if (!/^Bearer (test|live)_\w+$/.test(auth))
      return mollieError(response, 401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate');
    if (request.method === 'POST' && parts.length === 2) {
      const body = JSON.parse((await readBody(request)) || '{}') as Partial<StoredPayment>;
      if (!body.amount?.value || !body.description)
        return mollieError(response, 422, 'Unprocessable Entity', 'The amount and the description are required');
      const payment: StoredPayment = {
        id: randomId('tr'),
        amount: body.amount,
        description: body.description,
        redirectUrl: body.redirectUrl ?? null,
        webhookUrl: body.webhookUrl ?? null,
        metadata: body.metadata ?? null,
        status: 'open',
        createdAt: new Date().toISOString(),
        paidAt: null,
        refunds: [],
      };
      payments.set(payment.id, payment);
      return json(response, 201, view(payment));
    }
    const p = parts[2] ? payments.get(parts[2]) : undefined;
    if (!p) return mollieError(response, 404, 'Not Found', 'No payment exists with token');
    if (request.method === 'GET' && parts.length === 3) return json(response, 200, view(p));
    if (parts[3] === 'refunds' && request.method === 'POST') {
      const body = JSON.parse((await readBody(request)) || '{}') as { amount?: { currency: string; value: string } };
      const refunded = p.refunds.reduce((sum, r) => sum + Math.round(Number(r.amount.value) * 100), 0);
      const asked = Math.round(Number(body.amount?.value ?? '0') * 100);
      if (p.status !== 'paid' || asked <= 0 || asked + refunded > Math.round(Number(p.amount.value) * 100))
        return mollieError(
          response,
          422,
          'Unprocessable Entity',
          'The amount is higher than the amount that can be refunded',
        );
      const refund = {
        id: randomId('re'),
        amount: body.amount ?? p.amount,
        createdAt: new Date().toISOString(),
        description: '',
      };
      p.refunds.push(refund);
      return json(response, 201, refundView(p, refund));
    }
    if (parts[3] === 'refunds' && request.method === 'GET')
      return json(response, 200, {
        count: p.refunds.length,
        _embedded: { refunds: p.refunds.map((r) => refundView(p, r)) },
        _links: { self: { href: `${base}${url.pathname}`, type: 'application/hal+json' }, previous: null, next: null },
      });
    return mollieError(response, 405, 'Method Not Allowed', 'The method is not allowed here');
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) mollieError(response, 500, 'Internal Server Error', 'The stand-in failed');
      else response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  base = `http://${options.host ?? '127.0.0.1'}:${address.port}`;
  return {
    url: base,
    apiKey: 'test_standinstandinstandin01',
    payments,
    settle,
    webhookCalls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
