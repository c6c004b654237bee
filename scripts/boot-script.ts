import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';
import { caseListUrl, readCaseListUrl, toListParams } from '../src/web/features/cases/url-state';

/**
 * The pages measured by the Lighthouse bench, by path: the page modules whose chunks
 * the boot script modulepreloads, and the GET requests it starts with the stored token. `{id}`
 * is the path's case id; `{case}` the signed-in client's case id from `/api/cases/mine` (or
 * `/api/cases/mine/dashboard`, whose `case` it is); `{lang}` the stored language. The requests
 * must be byte for byte those the page sends (the app uses a prefetched answer only for the
 * same path, token and language).
 */
/**
 * `role`: the page's data belong to that role only; another signed-in user (a lawyer opening /) prefetches nothing,
 * which would only answer 403/404.
 */
type BootRoute = {
  path: string;
  signedIn: boolean;
  role?: 'client' | 'lawyer';
  modules: string[];
  requests: string[];
  afterMyCase?: string[];
};

const SIGNED_IN = ['/api/site', '/api/messages/unread', '/api/user'];

export const BOOT_ROUTES: BootRoute[] = [
  { path: '^/login$', signedIn: false, modules: ['features/auth/login-page.tsx'], requests: ['/api/site'] },
  {
    path: '^/$',
    signedIn: true,
    role: 'client',
    modules: ['app/layouts/app-layout.tsx', 'features/dashboard/dashboard-page.tsx'],
    // The case, its stepper, timeline, first conversation and the story questions in one answer
    // (src/contract/dashboard.ts); the settlement is the layout's (the menu), as on every client page.
    requests: [...SIGNED_IN, '/api/cases/mine/dashboard?lang={lang}'],
    afterMyCase: ['/api/cases/{case}/settlement'],
  },
  {
    path: '^/documenten$',
    signedIn: true,
    role: 'client',
    modules: ['app/layouts/app-layout.tsx', 'features/documents/documents-page.tsx'],
    requests: [...SIGNED_IN, '/api/cases/mine'],
    afterMyCase: ['/api/cases/{case}/documents', '/api/cases/{case}/settlement'],
  },
  {
    // The default list only: a query string (filter, sort, page) asks for another list.
    path: '^/dossiers$',
    signedIn: true,
    role: 'lawyer',
    modules: ['app/layouts/app-layout.tsx', 'features/cases/cases-page.tsx'],
    requests: [
      ...SIGNED_IN,
      caseListUrl(toListParams(readCaseListUrl(new URLSearchParams()))),
      '/api/cases/count-by-status',
      '/api/invoices/tasks',
      '/api/feedbacks/latest',
      '/api/appointments',
    ],
  },
  {
    path: '^/dossiers/([0-9a-f-]{36})$',
    signedIn: true,
    role: 'lawyer',
    modules: [
      'app/layouts/app-layout.tsx',
      'features/case-detail/case-detail-layout.tsx',
      'features/case-detail/general-tab-page.tsx',
    ],
    requests: [...SIGNED_IN, '/api/cases/{id}', '/api/statuses', '/api/cases/{id}/timeline?page=1'],
  },
];

/**
 * The inline script (ES5, no dependencies) that runs as index.html is parsed, before the
 * app's script has arrived: for a known path it modulepreloads the page's chunks and starts
 * its GET requests with the stored session's token and language, leaving them in
 * `window.__prefetch` for the API client (src/web/lib/prefetch.ts). `window.__prefetchWaits`
 * holds one promise per request that settles once its answer is in (and, for
 * `/api/cases/mine` and the dashboard's request, once the requests that need its case id have
 * been started), so the app can show the page's data in one render (src/web/lib/first-page.ts).
 * A client's case id is taken from the stored user (`user.case.id`, kept by the session since the last visit), so the
 * requests that need it start with the others instead of one round trip later; when
 * `/api/cases/mine` names another case (reassigned since), they are started again for that one
 * and the first answers are never used (the app takes a prefetched answer only for its own
 * path). Without a stored token
 * a signed-in page starts nothing (the app sends the visitor to /login). The CSP allows it by its hash
 * (src/server/infra/http/spa.ts).
 */
export function bootScript(routes: (Omit<BootRoute, 'modules'> & { files: string[] })[]): string {
  const table = JSON.stringify(
    routes.map((route) => [
      route.path,
      route.signedIn ? 1 : 0,
      route.files,
      route.requests,
      route.afterMyCase ?? [],
      route.role ?? '',
    ]),
  );
  return [
    `(function(){try{var s=JSON.parse(localStorage.getItem('state')||'{}')||{},t=s.auth&&s.auth.token,` +
      `o=(s.user&&s.user.roles)||[],g=s.settings&&s.settings.language,` +
      `C=s.user&&s.user.case&&s.user.case.id,l=g==='en-US'?g:'nl-NL',P=window.__prefetch={},` +
      `W=window.__prefetchWaits=[],R=${table},p=location.pathname,q=location.search,i,m,r;`,
    `function a(c){r[4].forEach(function(v){get(v.replace('{case}',encodeURIComponent(c)).replace('{lang}',l))})}`,
    `function get(u,c){var h={Accept:'application/json','Accept-Language':l},d,x;` +
      `if(t)h.Authorization='Bearer '+t;x=fetch(u,{headers:h}).then(function(y){` +
      `if(c&&y.ok)d=y.clone().json().then(c,function(){});return y});P[u]={` +
      `authorization:h.Authorization||'',language:l,at:performance.now(),response:x};` +
      `W.push(x.then(function(){return d},function(){}))}`,
    `for(i=0;i<R.length;i++){r=R[i];m=new RegExp(r[0]).exec(p);` +
      `if(!m||q||(r[1]&&!t)||(r[5]&&o.indexOf(r[5])<0))continue;`,
    `r[2].forEach(function(f){var k=document.createElement('link');k.rel='modulepreload';` +
      `k.crossOrigin='';k.href=f;document.head.appendChild(k)});`,
    `r[3].forEach(function(u){var n=u.indexOf('/api/cases/mine')===0&&r[4].length;` +
      `get(u.replace('{id}',m[1]).replace('{lang}',l),n?function(j){` +
      `var c=j&&j.data&&(j.data.case||j.data).id;if(c&&c!==C)a(c)}:null);if(n&&C)a(C)});break}}` +
      `catch(e){}})();`,
  ].join('\n');
}

/** The chunk holding `moduleFile` and every chunk it imports statically, minus `skip`. */
function chunkFiles(bundle: OutputBundle, moduleFile: string, skip: Set<string>): string[] {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const start = chunks.find((chunk) => chunk.moduleIds.includes(moduleFile));
  if (!start) throw new Error(`boot script: no chunk holds ${moduleFile}`);
  const files: string[] = [];
  const stack = [start.fileName];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (skip.has(file) || files.includes(file)) continue;
    files.push(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') stack.push(...chunk.imports);
  }
  return files;
}

/** Writes the boot script into the built index.html, before the app's script (build only). */
export function bootScriptPlugin(webRoot: string): Plugin {
  return {
    name: 'portal-boot-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const entry = Object.values(bundle).find((item): item is OutputChunk => item.type === 'chunk' && item.isEntry);
        // Already loaded by index.html itself: the entry and what it imports.
        const skip = new Set(entry ? [entry.fileName, ...entry.imports] : []);
        const routes = BOOT_ROUTES.map((route) => ({
          ...route,
          files: [
            ...new Set(route.modules.flatMap((file) => chunkFiles(bundle, path.resolve(webRoot, file), skip))),
          ].map((file) => `/${file}`),
        }));
        // Before the app's script and its stylesheet: an inline script after a stylesheet waits for it.
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('boot script: index.html has no module script');
        return `${html.slice(0, at)}<script>${bootScript(routes)}</script>\n    ${html.slice(at)}`;
      },
    },
  };
}
