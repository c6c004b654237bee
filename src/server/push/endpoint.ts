/**
 * Which push endpoints the server sends to. An endpoint is a URL the browser hands over, so an
 * attacker chooses it: only https addresses of the known push services on their standard port,
 * without user name or password, are accepted, plus the origins of PUSH_ALLOWED_ORIGINS (a stand-in
 * in tests). The server would otherwise be made to post to any host, the firm's own network included.
 */
const KNOWN_HOSTS = new Set([
  // Google (Chrome, Edge on Android, most Chromium browsers)
  'fcm.googleapis.com',
  // Mozilla (Firefox)
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  // Apple (Safari on macOS and iOS)
  'web.push.apple.com',
]);
/** Microsoft (Edge on Windows): one host per region, `<region>.notify.windows.com`. */
const MICROSOFT = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.notify\.windows\.com$/;

export function isAllowedPushEndpoint(endpoint: string, extraOrigins: readonly string[]): boolean {
  // Characters no push service uses and URL parsing would quietly drop or change.
  // eslint-disable-next-line no-control-regex
  if (/[\s\\\u0000-\u001f\u007f]/.test(endpoint)) return false;
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  // The URL as written must name the same origin it parses to (no tricks the parser normalises away).
  if (!endpoint.toLowerCase().startsWith(`${url.origin}/`)) return false;
  if (extraOrigins.includes(url.origin)) return true;
  if (url.port !== '') return false;
  return KNOWN_HOSTS.has(url.hostname) || MICROSOFT.test(url.hostname);
}
