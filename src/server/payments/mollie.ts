import type { Client } from 'mollie-api-typescript';
import type { Config } from '../infra/config/config';

/**
 * Mollie through its official TypeScript SDK (`mollie-api-typescript`, docs/decisions/063): the
 * SDK takes a server URL (MOLLIE_API_ENDPOINT), so tests and `npm run dev` talk to the local
 * stand-in (src/server/infra/testing/mollie-peer.ts). Without MOLLIE_API_KEY there is no online payment.
 * The SDK is the heaviest module the server imports (about a third of a second of CPU), so it is
 * loaded with the first payment call, not at start-up.
 */

export type MolliePayment = {
  id: string;
  status: string;
  amountCents: number;
  checkoutUrl: string | null;
  paidAt: Date | null;
  metadata: unknown;
};

export type Mollie = {
  createPayment: (input: {
    amountCents: number;
    description: string;
    redirectUrl: string;
    webhookUrl: string;
    invoiceId: string;
    idempotencyKey: string;
  }) => Promise<MolliePayment>;
  getPayment: (id: string) => Promise<MolliePayment | null>;
  refund: (input: { paymentId: string; amountCents: number; description: string }) => Promise<{ id: string }>;
};

/** '€ 907,50' as Mollie wants it: { currency: 'EUR', value: '907.50' }. */
export const mollieAmount = (cents: number) => ({ currency: 'EUR', value: (cents / 100).toFixed(2) });
const centsOf = (amount: { value: string }) => Math.round(Number(amount.value) * 100);

/** Payments are on when an API key is set, as `createMollie` makes a client only then (else no payment button). */
export const mollieConfigured = (config: Pick<Config, 'mollie'>): boolean => Boolean(config.mollie.apiKey);

export function createMollie(config: Pick<Config, 'mollie'>): Mollie | null {
  if (!config.mollie.apiKey) return null;
  const { apiKey, endpoint } = config.mollie;
  let loaded: Promise<Client> | undefined;
  const sdk = () =>
    (loaded ??= import('mollie-api-typescript').then(
      ({ Client }) => new Client({ security: { apiKey }, serverURL: endpoint, timeoutMs: 15_000 }),
    ));
  const toPayment = (p: {
    id: string;
    status: string;
    amount: { value: string };
    links?: { checkout?: { href: string } | undefined } | undefined;
    paidAt?: string | null | undefined;
    metadata?: unknown;
  }): MolliePayment => ({
    id: p.id,
    status: p.status,
    amountCents: centsOf(p.amount),
    checkoutUrl: p.links?.checkout?.href ?? null,
    paidAt: p.paidAt ? new Date(p.paidAt) : null,
    metadata: p.metadata ?? null,
  });
  return {
    async createPayment(input) {
      const client = await sdk();
      const payment = await client.payments.create({
        idempotencyKey: input.idempotencyKey,
        paymentRequest: {
          amount: mollieAmount(input.amountCents),
          description: input.description,
          redirectUrl: input.redirectUrl,
          webhookUrl: input.webhookUrl,
          metadata: { invoice_id: input.invoiceId },
        },
      });
      return toPayment(payment);
    },
    async getPayment(id) {
      const client = await sdk();
      try {
        return toPayment(await client.payments.get({ paymentId: id }));
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
    },
    async refund(input) {
      const client = await sdk();
      const refund = await client.refunds.create({
        paymentId: input.paymentId,
        refundRequest: { amount: mollieAmount(input.amountCents), description: input.description },
      });
      return { id: refund.id ?? '' };
    },
  };
}
