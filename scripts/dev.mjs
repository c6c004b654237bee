// `npm run dev`: the API (restarting on change) on :3000 and Vite with hot reload on :5173,
// which proxies /api and /files to the API. Vite also serves the installable app's service worker
// (/sw.js), offline page and icons from the sources (scripts/pwa.ts), and the page registers the
// worker, so the offline page and push notices can be tried here (docs/notifications.md). Without
// MOLLIE_API_KEY it also starts the local Mollie stand-in on :3010 (docs/invoices.md) and points
// the API at it. Stop with Ctrl+C.
import { spawn } from 'node:child_process';

const standIn = !process.env.MOLLIE_API_KEY;
const mollie = standIn ? { MOLLIE_API_KEY: 'test_devstandin', MOLLIE_API_ENDPOINT: 'http://127.0.0.1:3010' } : {};
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, ...mollie, PORT: process.env.PORT ?? '3000' },
  }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { stdio: 'inherit' }),
  ...(standIn
    ? [spawn(process.execPath, ['--import', 'tsx', 'scripts/mollie-stand-in.ts', '3010'], { stdio: 'inherit' })]
    : []),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
