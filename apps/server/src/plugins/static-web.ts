// Serves the built single-page app with history fallback: any GET that is not /api or /auth and not a
// file gets index.html, so deep links and reloads work. The build writes .br and .gz copies of every file;
// a client that accepts brotli or gzip gets those bytes (Content-Encoding, Vary: Accept-Encoding).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorBody, errors } from '../errors.ts';
import { SERVER_ROOT } from '../paths.ts';

export const WEB_DIST = path.resolve(SERVER_ROOT, '../web/dist');

const isApiPath = (url: string) => url.startsWith('/api') || url.startsWith('/auth/v1');

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
      preCompressed: true,
      ...(hideMaps ? { allowedPath: (pathName: string) => !isSourceMap(pathName) } : {}),
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (isApiPath(request.url)) return payload;
      // Hashed assets never change; cache them hard.
      if (request.url.startsWith('/assets/'))
        void reply.header('cache-control', 'public, max-age=31536000, immutable');
      // The same address answers compressed or not depending on Accept-Encoding: caches must keep both apart.
      const vary = reply.getHeader('vary');
      if (!vary) void reply.header('vary', 'Accept-Encoding');
      else if (!/accept-encoding/i.test(String(vary)))
        void reply.header('vary', `${String(vary)}, Accept-Encoding`);
      return payload;
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      isApiPath(request.url) ||
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
