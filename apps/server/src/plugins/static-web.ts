// Serves the built single-page app with history fallback: any GET that is not /api or /auth and not a
// file gets index.html, so deep links and reloads work.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorBody, errors } from '../errors.ts';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** Source maps hold the full sources of the app: served only when the operator asks for them. */
const isSourceMap = (url: string) => /\.map(?:$|[?#])/i.test(url);

export async function registerStaticWeb(
  app: FastifyInstance,
  root = WEB_DIST,
  options: { sourceMaps?: boolean } = {},
) {
  const hasBuild = fs.existsSync(path.join(root, 'index.html'));
  const hideMaps = !options.sourceMaps;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      maxAge: 0,
      ...(hideMaps ? { allowedPath: (pathName: string) => !isSourceMap(pathName) } : {}),
    });
    // Hashed assets never change; cache them hard.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/assets/'))
        void reply.header('cache-control', 'public, max-age=31536000, immutable');
      return payload;
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api') || request.url.startsWith('/auth/v1');
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      isApi ||
      (hideMaps && isSourceMap(request.url))
    ) {
      return reply.status(404).send(errorBody(errors.notFound()));
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build` (or `npm start`, which builds it).');
    }
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
}
