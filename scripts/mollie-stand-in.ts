import { startMolliePeer } from '../src/server/infra/testing/mollie-peer';

/**
 * The local Mollie stand-in on its own (docs/invoices.md): `node --import tsx scripts/mollie-stand-in.ts [port]`.
 * `npm run dev` starts it; point the server at it with MOLLIE_API_KEY=test_… and MOLLIE_API_ENDPOINT.
 */
const port = Number(process.argv[2] ?? process.env.MOLLIE_STAND_IN_PORT ?? 3010);
const peer = await startMolliePeer({ port });
console.log(`Mollie stand-in on ${peer.url} (any key test_…)`);
const stop = () => void peer.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
