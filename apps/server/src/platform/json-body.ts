import type { FastifyInstance } from 'fastify';
import { nulTextError } from './nul-text';

/**
 * JSON bodies, with one difference from Fastify's parser: an empty body under a JSON content type means
 * "no body". Spec §7 has every call carry `Content-Type: application/json`, including the ones without a
 * payload (`PUT notifications/{id}/read`, `DELETE notifications/{id}`), which Fastify would refuse as
 * invalid JSON. A body that is present stays strictly parsed, prototype poisoning refused as before, and text with
 * a NUL character is refused (see nul-text.ts).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    // parseAs 'string' hands over a string; the parser's type also admits a Buffer.
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.length === 0) {
      done(null, undefined);
      return;
    }
    const nul = nulTextError(text);
    if (nul) {
      done(nul, undefined);
      return;
    }
    parseJson(req, text, done);
  });
}
