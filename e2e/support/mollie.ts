import { afterAll } from 'vitest';
import { startMolliePeer, type MolliePeer } from '../../src/server/infra/testing/mollie-peer';

/**
 * The Mollie stand-in (src/server/infra/testing/mollie-peer.ts) for a journey file, with its checkout
 * page: `env` starts it and answers the product's settings (`MOLLIE_API_KEY`,
 * `MOLLIE_API_ENDPOINT`), for `useJourney({ env: mollie.env })`; it stops after the file.
 */
export function useMollieStandIn(): { env: () => Promise<Record<string, string>>; readonly peer: MolliePeer } {
  let peer: MolliePeer | undefined;
  afterAll(async () => {
    await peer?.close();
  });
  return {
    env: async () => {
      peer = await startMolliePeer();
      return { MOLLIE_API_KEY: peer.apiKey, MOLLIE_API_ENDPOINT: peer.url };
    },
    get peer() {
      if (!peer) throw new Error('The Mollie stand-in is not started yet');
      return peer;
    },
  };
}
