import { FileParams, SignedFileQuery } from '@deckhand/contract/files';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../platform/errors';
import type { FileVariant } from '../queries/file-links';
import { readDownload } from '../queries/files';
import { isInlineImage } from '../service/images';
import { contentDisposition, parseRange } from './download-headers';

const tags = ['files'];

/**
 * A file's bytes and its thumbnail, through signed links (the signature is the permission, so `<img>` and plain
 * downloads work). Nothing a file holds may run in our origin: only PNG, JPEG, GIF and WebP are shown inline,
 * everything else (SVG and HTML included) is an attachment, sniffing is off and a sandboxing CSP applies.
 */
export const downloadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, fileLinks: links } = app.deps;

  for (const variant of ['content', 'thumbnail'] as const satisfies FileVariant[]) {
    app.get(
      `/files/:fileId/${variant}`,
      { schema: { tags, params: FileParams, querystring: SignedFileQuery }, compress: false },
      async (req, reply) => {
        const { fileId } = req.params;
        links.verify(fileId, variant, req.query.expires, req.query.signature);
        const file = await readDownload(db, fileId);
        const key = variant === 'content' ? file.storageKey : file.thumbnailKey;
        const info = key ? await storage.stat(key) : undefined;
        if (!key || !info) throw new AppError('files/not-found', 'No such file');
        const range = parseRange(req.headers.range, info.size);
        if (range === 'unsatisfiable') {
          reply.header('Content-Range', `bytes */${info.size}`);
          throw new AppError('files/range-not-satisfiable', `The file has ${info.size} bytes`);
        }
        const object = await storage.get(key, range);
        if (!object) throw new AppError('files/not-found', 'No such file');

        const contentType = variant === 'thumbnail' ? 'image/webp' : file.contentType;
        const inline = variant === 'thumbnail' || (isInlineImage(file.contentType) && file.width !== null);
        const name = variant === 'thumbnail' ? `${file.name}.webp` : file.name;
        reply
          .header('Content-Type', contentType.startsWith('text/') ? `${contentType}; charset=utf-8` : contentType)
          .header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', name))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', "sandbox; default-src 'none'")
          .header('Cache-Control', 'private, max-age=3600')
          .header('Accept-Ranges', 'bytes');
        if (range) {
          reply
            .code(206)
            .header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`)
            .header('Content-Length', String(range.end - range.start + 1));
        } else {
          reply.header('Content-Length', String(info.size));
        }
        return reply.send(object.body);
      },
    );
  }
};
