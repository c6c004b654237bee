// The text worker's entry when the server runs from source (tsx, Vitest): registers tsx in this
// worker thread, then loads the TypeScript module. The build bundles text-worker.ts instead
// (scripts/build-server.mjs). The libraries are loaded first, by Node itself: through tsx,
// pdf.js alone takes seconds to load.
import { register } from 'tsx/esm/api';

await Promise.all([
  import('pdfjs-dist/legacy/build/pdf.mjs'),
  import('pdfjs-dist/legacy/build/pdf.worker.mjs'),
  import('mammoth'),
  import('yauzl'),
  import('diff'),
]);
register();
const { default: run } = await import('./text-worker.ts');
export default run;
