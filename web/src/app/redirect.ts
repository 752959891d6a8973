/**
 * The guard's redirect rule (SPEC section 2): a logged-out player who wants a protected path is sent
 * to the root with `?redirect=<wanted path>`; no query when the target is the root itself.
 */
export function loginRedirect(wanted: string): string {
  if (wanted === '' || wanted === '/') return '/';
  return `/?redirect=${encodeURIComponent(wanted)}`;
}

/** Where to go after login: the redirect query when it is a path of this app, else the sportsbook. */
export function afterLoginTarget(search: string, fallback = '/desktop'): string {
  const wanted = new URLSearchParams(search).get('redirect');
  // Only same-app paths: "//host" and "/\host" would leave the site.
  if (wanted?.startsWith('/') && !wanted.startsWith('//') && !wanted.startsWith('/\\')) return wanted;
  return fallback;
}

/** Reads and strips `?token=` (token launch) so that a reload does not reuse a spent token. */
export function takeLaunchToken(location: Location, history: History): string | null {
  const params = new URLSearchParams(location.search);
  const token = params.get('token');
  if (token === null) return null;
  params.delete('token');
  const query = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
  return token.trim() === '' ? null : token;
}
