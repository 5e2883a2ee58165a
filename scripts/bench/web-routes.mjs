// Finds which page module a top-level route of the web app loads lazily, by reading the router source:
// `{ path: 'login', lazy: async () => ({ Component: (await import('../features/auth/login-page')).… }) }`.
// Reading the source, rather than keeping a list here, means a moved or renamed page is still counted.
import fs from 'node:fs';
import path from 'node:path';

/** `index: true` or `path: '…'`, then the first import() inside the lazy loader right after it. */
const lazyRoutePattern =
  /(?:index:\s*true|path:\s*'([^']*)')\s*,\s*lazy:\s*async\s*\(\)\s*=>\s*\(\{[^}]*?import\(\s*'([^']+)'\s*\)/g;

/**
 * Maps '/' and '/<path>' to the page module's path relative to the web app root, without extension
 * (e.g. 'src/features/auth/login-page'), as Vite writes it in a manifest entry's `src`.
 * Only the first route with a given path counts: nested routes come after the top-level ones.
 */
export function readLazyRoutes(webDir, routerPath) {
  const source = fs.readFileSync(routerPath, 'utf8');
  const routes = new Map();
  for (const match of source.matchAll(lazyRoutePattern)) {
    const route = match[1] === undefined ? '/' : `/${match[1]}`;
    if (routes.has(route)) continue;
    const modulePath = path.resolve(path.dirname(routerPath), match[2]);
    routes.set(route, path.relative(webDir, modulePath).split(path.sep).join('/'));
  }
  return routes;
}
