import path from 'node:path';
import type { ManualChunkMeta } from 'rollup';

/** The entry and the first page of the bare login layout. */
const ENTRY = 'main.tsx';
const LOGIN_SCREENS = ['features/auth/login-page.tsx'];
/**
 * Small modules of the login page that signed-in pages use without a form library (a text
 * field, error texts, the unsaved-changes store the layout and the form hook share): in `core`,
 * so /documenten and /dossiers do not load `forms` for them.
 */
const CORE_EXTRAS = ['ui/field.tsx', 'lib/error-text.ts', 'lib/unsaved-changes.ts'];

/** The signed-in screens most visits open. */
const MAIN_SCREENS = [
  'app/layouts/app-layout.tsx',
  'features/dashboard/dashboard-page.tsx',
  'features/documents/documents-page.tsx',
  'features/cases/cases-page.tsx',
  'features/case-detail/case-detail-layout.tsx',
  'features/case-detail/general-tab-page.tsx',
];

/**
 * Rollup's `manualChunks` for the web build (decision 022). By default every module shared by
 * two lazy pages becomes a chunk of its own: the dashboard needed 42 files after the entry, and a
 * slow mobile connection (HTTP/1.1, six at a time, a round trip each) paid for every one.
 * Here:
 * - `core`: everything the entry imports (React, React Router, i18next, zod, the session);
 *   the entry itself stays a small file that modulepreloads it;
 * - `forms`: what the login page adds (react-hook-form, the resolver), shared with the forms
 *   of the signed-in pages;
 * - `app`: the signed-in layout and every module that two of the main screens share (TanStack
 *   Query, Radix, icons, API hooks); /login never downloads it.
 * Page modules keep their own chunks, together with what only that main screen uses (also
 * when a rarer page shares it, which then imports that screen's chunk). Rollup adds a manual chunk's unassigned
 * dependencies to
 * it, so `core` and `forms` are assigned first: nothing of /login ends up in `app`.
 */
export function createManualChunks(webRoot: string) {
  let chunkOf: Map<string, string> | null = null;
  const resolve = (file: string) => path.resolve(webRoot, file);

  function closure(start: string, meta: ManualChunkMeta): Set<string> {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      const info = meta.getModuleInfo(id);
      if (!info) continue;
      seen.add(id);
      stack.push(...info.importedIds);
    }
    return seen;
  }

  function assign(meta: ManualChunkMeta): Map<string, string> {
    const result = new Map<string, string>();
    const pageFiles = new Set([ENTRY, ...LOGIN_SCREENS, ...MAIN_SCREENS.slice(1)].map(resolve));
    const put = (ids: Iterable<string>, chunk: string) => {
      for (const id of ids) if (!result.has(id) && !pageFiles.has(id)) result.set(id, chunk);
    };
    put(closure(resolve(ENTRY), meta), 'core');
    for (const file of CORE_EXTRAS) put(closure(resolve(file), meta), 'core');
    for (const file of LOGIN_SCREENS) put(closure(resolve(file), meta), 'forms');
    const [layout, ...pages] = MAIN_SCREENS.map((file) => closure(resolve(file), meta));
    const uses = new Map<string, number>();
    for (const page of pages) for (const id of page) uses.set(id, (uses.get(id) ?? 0) + 1);
    put(layout ?? [], 'app');
    put(
      [...uses].filter(([, count]) => count >= 2).map(([id]) => id),
      'app',
    );
    // What one main screen alone uses goes into that screen's chunk, also when other (rarer)
    // pages share it: otherwise each such module is a small chunk of its own, a request more.
    MAIN_SCREENS.slice(1).forEach((file, index) => {
      const name = path.basename(file, path.extname(file));
      result.set(resolve(file), name);
      put(pages[index] ?? [], name);
    });
    return result;
  }

  return (id: string, meta: ManualChunkMeta): string | undefined => {
    chunkOf ??= assign(meta);
    return chunkOf.get(id);
  };
}
