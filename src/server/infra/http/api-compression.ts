import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses the API's JSON answers (and other compressible text the server builds at request
 * time, such as the CSV export) with brotli or gzip, as the browser's `Accept-Encoding` allows,
 * with `Vary: Accept-Encoding` (decision 016, addendum on API answers). The web app's own files
 * are precompressed at build time (http/spa.ts) and carry their `Content-Encoding` already, which
 * this hook leaves alone; the live-event stream is hijacked and never passes through it.
 *
 * Brotli runs at quality 4 (the plugin's default for dynamic answers), answers up to the
 * plugin's sync threshold are compressed in one call.
 *
 * BREACH: a compressed answer that reflects attacker-chosen text next to a secret can leak the
 * secret through its length. The API carries no cookie and no CSRF token: a request is
 * authorised by the bearer token the app sends itself, which a third-party page cannot attach,
 * so it cannot make a victim's browser fetch an answer it could measure.
 *
 * Request bodies are never decompressed: a body sent with `Content-Encoding` is refused like any
 * unreadable body (422), so the body limits keep meaning bytes on the wire and after.
 */
export async function registerApiCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: /^application\/json(?:;|$)/,
  });
}
