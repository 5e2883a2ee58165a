import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors';

const apiPrefixes = ['/api/', '/api', '/updates', '/collab'];

function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return apiPrefixes.some((p) => pathname === p || pathname.startsWith(p.endsWith('/') ? p : `${p}/`));
}

/** `assets/<name>` when the URL names a file the build wrote there after the start, else undefined. */
function assetBuiltSince(webDistDir: string, url: string): string | undefined {
  const relative = url.split('?')[0]?.slice(1) ?? '';
  // Hashed names only: no folder, no `..`, nothing outside the assets.
  if (!/^assets\/[\w-]+(?:\.[\w-]+)+$/.test(relative)) return undefined;
  return fs.existsSync(path.join(webDistDir, relative)) ? relative : undefined;
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * other GET answered with index.html (SPA fallback). Unknown API paths get a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string | undefined): Promise<void> {
  const indexPath = webDistDir ? path.join(webDistDir, 'index.html') : undefined;
  const hasWebApp = indexPath !== undefined && fs.existsSync(indexPath);
  if (webDistDir && hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside every text file over 1 KB (apps/web/build/precompress.ts): the best
      // copy the request accepts is sent, with Vary: Accept-Encoding, and the plain file otherwise.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app not built: only the API is served (run npm run build)');
  }

  app.setNotFoundHandler((req, reply) => {
    const isPageRequest = req.method === 'GET' || req.method === 'HEAD';
    // A missing hashed asset must not be answered with HTML that a browser would cache as script.
    const isAsset = req.url.startsWith('/assets/');
    // The assets are routes listed at start, but index.html is read at each request: after a build made while this
    // process runs (an upgrade, before its restart), the page names assets that list lacks. Those are served too.
    const builtSince = isPageRequest && isAsset && webDistDir ? assetBuiltSince(webDistDir, req.url) : undefined;
    if (builtSince) {
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      return reply.sendFile(builtSince);
    }
    if (!isPageRequest || isApiPath(req.url) || isAsset || !hasWebApp) {
      return sendError(reply, 'request/not-found', `No route for ${req.method} ${req.url.split('?')[0]}`);
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
