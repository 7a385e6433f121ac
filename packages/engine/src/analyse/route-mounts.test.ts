// Mount prefixes resolved through the import graph, per framework, and on the sample-app fixture.

import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ingestDirectory } from '../ingest/index.ts';
import { dependenciesPass } from './dependencies.ts';
import { analyse } from './index.ts';
import { languagesPass } from './languages.ts';
import { buildResolveContext, moduleGraphPass } from './module-graph.ts';
import { joinRoutePath, receiverBefore } from './route-mounts.ts';
import { routesPass } from './routes.ts';
import { sourcesFromMap } from './sources.ts';
import { symbolsPass } from './symbols.ts';
import type { Route } from './types.ts';

function routesOf(files: Record<string, string>): Route[] {
  const src = sourcesFromMap(files);
  const lang = languagesPass(src);
  const sym = symbolsPass(src, lang.files);
  const ctx = buildResolveContext(src, dependenciesPass(src).manifests);
  moduleGraphPass(lang.files, sym.imports, ctx);
  return routesPass(src, lang.files, sym.imports, ctx);
}
const list = (routes: Route[]) => routes.map((r) => `${r.method} ${r.path}`).sort();

describe('router mount prefixes', () => {
  it('joins prefixes the way routers do', () => {
    expect(joinRoutePath('/api/books', '/')).toBe('/api/books');
    expect(joinRoutePath('/api/books/', '/:id')).toBe('/api/books/:id');
    expect(joinRoutePath('api/', 'orders/<int:pk>/')).toBe('api/orders/<int:pk>/');
    expect(joinRoutePath('', '/x')).toBe('/x');
  });

  it('Express: named, default and CommonJS routers, middleware arguments, nested routers and route() chains', () => {
    const routes = routesOf({
      'src/app.ts': [
        "import express from 'express';",
        "import { booksRouter } from './routes/books.js';",
        "import adminRouter from './routes/admin';",
        'const app = express();',
        "app.use('/api/books', requireAuth(cfg.secret), booksRouter);",
        "app.use('/admin', adminRouter);",
        "app.use('/legacy', require('./routes/legacy'));",
        "app.get('/', home);",
      ].join('\n'),
      'src/routes/books.ts':
        "import { Router } from 'express';\nexport const booksRouter = Router();\nbooksRouter.get('/', list);\nbooksRouter.get('/:id', show);\n",
      'src/routes/admin.ts': [
        "import { Router } from 'express';",
        "import { usersRouter as users } from './users';",
        'const router = Router();',
        "router.use('/users', users);",
        "router.route('/stats').get(stats).post(resetStats);",
        'export default router;',
      ].join('\n'),
      'src/routes/users.ts':
        "import { Router } from 'express';\nexport const usersRouter = Router();\nusersRouter.delete('/:id', removeUser);\n",
      'src/routes/legacy.js':
        "const express = require('express');\nconst r = express.Router();\nr.get('/ping', ping);\nmodule.exports = r;\n",
    });
    expect(list(routes)).toEqual([
      'DELETE /admin/users/:id',
      'GET /',
      'GET /admin/stats',
      'GET /api/books',
      'GET /api/books/:id',
      'GET /legacy/ping',
      'POST /admin/stats',
    ]);
    // file:line still point at the declaration, not at the mount
    expect(routes.find((r) => r.path === '/api/books/:id')).toMatchObject({
      file: 'src/routes/books.ts',
      line: 4,
      handler: 'show',
    });
    expect(routes.find((r) => r.method === 'POST' && r.path === '/admin/stats')).toMatchObject({
      file: 'src/routes/admin.ts',
      line: 5,
      handler: 'resetStats',
    });
  });

  it('a router mounted twice is reported under both prefixes', () => {
    const routes = routesOf({
      'app.js':
        "const { Router } = require('express');\nconst v = require('./v');\nconst app = require('express')();\napp.use('/v1', v);\napp.use('/v2', v);\n",
      'v.js':
        "const router = require('express').Router();\nrouter.get('/items', items);\nmodule.exports = router;\n",
    });
    expect(list(routes)).toEqual(['GET /v1/items', 'GET /v2/items']);
  });

  it('Koa: a router prefix plus a mount through routes()', () => {
    const routes = routesOf({
      'server.ts':
        "import Router from '@koa/router';\nimport { shop } from './shop';\nconst root = new Router();\nroot.use('/v1', shop.routes());\n",
      'shop.ts':
        "import Router from '@koa/router';\nexport const shop = new Router({ prefix: '/shop' });\nshop.get('/cart', cart);\n",
    });
    expect(list(routes)).toEqual(['GET /v1/shop/cart']);
  });

  it('Fastify: register(plugin, { prefix }) for a default-exported plugin, a named one and a dynamic import', () => {
    const routes = routesOf({
      'src/server.ts': [
        "import Fastify from 'fastify';",
        "import books from './books.ts';",
        "import { loans } from './loans.ts';",
        'const app = Fastify();',
        "app.register(books, { prefix: '/api/books' });",
        "app.register(loans, { prefix: '/api/loans' });",
        "app.register(import('./health.ts'), { prefix: '/health' });",
      ].join('\n'),
      'src/books.ts':
        "import type { FastifyInstance } from 'fastify';\nexport default async function books(app: FastifyInstance) {\n  app.get('/:id', show);\n}\n",
      'src/loans.ts':
        "import type { FastifyPluginAsync } from 'fastify';\nexport const loans: FastifyPluginAsync = async (f) => {\n  f.post('/', lend);\n};\n",
      'src/health.ts':
        "import type { FastifyInstance } from 'fastify';\nexport default async function (fastify: FastifyInstance) {\n  fastify.get('/', ok);\n}\n",
    });
    expect(list(routes)).toEqual(['GET /api/books/:id', 'GET /health', 'POST /api/loans']);
  });

  it('prefixes and paths given as string constants: same file, imported, re-exported, templates, + and shorthand', () => {
    const routes = routesOf({
      'package.json': '{ "name": "root", "workspaces": ["packages/*"] }',
      'packages/shared/package.json': '{ "name": "@x/shared", "main": "src/index.ts" }',
      'packages/shared/src/index.ts': "export * from './constants.ts';\n",
      'packages/shared/src/constants.ts':
        "export const TEMPLATE_FILE = 'generic.yaml';\nexport const API_BASE = '/api';\n",
      'src/app.ts': [
        "import Fastify from 'fastify';",
        "import { authRoutes, AUTH_PREFIX } from './auth/index.ts';",
        "import { books } from './books.ts';",
        "import { admin } from './admin.ts';",
        "import { API_BASE } from '@x/shared';",
        'const app = Fastify();',
        'const prefix = `${API_BASE}/books`;',
        'await app.register(authRoutes, { prefix: AUTH_PREFIX, service });',
        'await app.register(books, { prefix });',
        "await app.register(admin, { prefix: API_BASE + '/admin' });",
      ].join('\n'),
      'src/auth/index.ts':
        "export const AUTH_PREFIX = '/auth/v1';\nexport { authRoutes } from './routes.ts';\n",
      'src/auth/routes.ts':
        "import type { FastifyInstance } from 'fastify';\nexport async function authRoutes(app: FastifyInstance) {\n  app.get('/health', h);\n}\n",
      'src/books.ts':
        "import type { FastifyInstance } from 'fastify';\nimport { TEMPLATE_FILE } from '@x/shared';\nexport async function books(app: FastifyInstance) {\n  app.delete('/:id', remove);\n  app.get(`/templates/${TEMPLATE_FILE}`, t);\n}\n",
      'src/admin.ts':
        "import type { FastifyInstance } from 'fastify';\nexport async function admin(app: FastifyInstance) {\n  app.get('/ping', ping);\n}\n",
    });
    expect(list(routes)).toEqual([
      'DELETE /api/books/:id',
      'GET /api/admin/ping',
      'GET /api/books/templates/generic.yaml',
      'GET /auth/v1/health',
    ]);
  });

  it('a route written in a comment or inside a string is not a route', () => {
    const routes = routesOf({
      'src/app.ts': [
        "import express from 'express';",
        'const app = express();',
        "// app.get('/commented', h)",
        " * fastify.route({ method: 'GET', url: '/doc' })",
        'const sample = "app.post(\'/in-a-string\', h)";',
        "app.get('/real', h); // app.get('/after', h)",
      ].join('\n'),
    });
    expect(list(routes)).toEqual(['GET /real']);
  });

  it('Flask blueprints: url_prefix on the blueprint, overridden at registration, and via a module attribute', () => {
    const routes = routesOf({
      'app/__init__.py':
        'from flask import Flask\nfrom .books import bp as books_bp\nfrom . import auth\napp = Flask(__name__)\napp.register_blueprint(books_bp)\napp.register_blueprint(auth.bp, url_prefix="/account")\n',
      'app/books.py':
        'from flask import Blueprint\nbp = Blueprint("books", __name__, url_prefix="/books")\n\n@bp.route("/<int:id>")\ndef show(id):\n    pass\n',
      'app/auth.py':
        'from flask import Blueprint\nbp = Blueprint("auth", __name__, url_prefix="/auth")\n\n@bp.route("/login", methods=["POST"])\ndef login():\n    pass\n',
    });
    expect(list(routes)).toEqual(['GET /books/<int:id>', 'POST /account/login']);
  });

  it("FastAPI: a prefix read from a settings object's field", () => {
    const routes = routesOf({
      'app/main.py':
        'from fastapi import FastAPI\nfrom app.core.config import settings\nfrom app.api import items\napp = FastAPI()\napp.include_router(items.router, prefix=settings.API_V1_STR)\n',
      'app/__init__.py': '',
      'app/core/__init__.py': '',
      'app/core/config.py':
        'from pydantic_settings import BaseSettings\n\nclass Settings(BaseSettings):\n    API_V1_STR: str = "/api/v1"\n    SECRET_KEY: str\n\nsettings = Settings()\n',
      'app/api/__init__.py': '',
      'app/api/items.py':
        'from fastapi import APIRouter\nrouter = APIRouter(prefix="/items")\n\n@router.get("/")\nasync def read_items():\n    pass\n',
    });
    expect(list(routes)).toEqual(['GET /api/v1/items']);
  });

  it('FastAPI: APIRouter prefix plus include_router prefix', () => {
    const routes = routesOf({
      'main.py':
        'from fastapi import FastAPI\nfrom routers import items\napp = FastAPI()\napp.include_router(items.router, prefix="/api")\n',
      'routers/__init__.py': '',
      'routers/items.py':
        'from fastapi import APIRouter\nrouter = APIRouter(prefix="/items", tags=["items"])\n\n@router.get("/{item_id}")\nasync def read_item(item_id: int):\n    pass\n',
    });
    expect(list(routes)).toEqual(['GET /api/items/{item_id}']);
    expect(routes[0]).toMatchObject({
      file: 'routers/items.py',
      line: 4,
      handler: 'read_item',
      framework: 'FastAPI',
    });
  });

  it("Django: include('app.urls') prefixes the included urlpatterns and is not itself a route", () => {
    const routes = routesOf({
      'site/urls.py':
        "from django.urls import path, include\nurlpatterns = [\n    path('shop/', include('shop.urls')),\n    path('about/', views.about),\n]\n",
      'shop/urls.py':
        "from django.urls import path\nurlpatterns = [\n    path('orders/<int:pk>/', views.order_detail),\n]\n",
    });
    expect(list(routes)).toEqual(['ANY /about/', 'ANY /shop/orders/<int:pk>/']);
  });

  it('Django: nested includes of lists and imported modules, prefixes from constants and f-strings', () => {
    const routes = routesOf({
      'site/urls.py': [
        'from django.urls import include, path',
        'from shop import urls as shop_urls',
        'import blog.urls',
        'prefix = ""',
        'urlpatterns = [',
        '    path(f"{prefix}admin/login/", views.login),',
        '    path(prefix, include("api.urls")),',
        '    path("shop/", include(shop_urls)),',
        '    re_path(r"^blog/", include((blog.urls, "blog"))),',
        ']',
      ].join('\n'),
      'api/urls.py': [
        'from django.urls import include, path',
        'uuid_urls = [',
        '    path("", views.ping),',
        '    path("fail", views.ping),',
        ']',
        'urlpatterns = [',
        '    path("ping/<uuid:code>/", include(uuid_urls)),',
        ']',
        'urlpatterns += [',
        '    path("api/v1/", include(uuid_urls)),',
        ']',
      ].join('\n'),
      'shop/__init__.py': '',
      'shop/urls.py': 'urlpatterns = [\n    path("cart/", views.cart),\n]\n',
      'blog/__init__.py': '',
      'blog/urls.py': 'urlpatterns = [\n    path("<slug:slug>/", views.post),\n]\n',
    });
    expect(list(routes)).toEqual([
      'ANY /admin/login/',
      'ANY /api/v1/',
      'ANY /api/v1/fail',
      'ANY /blog/<slug:slug>/',
      'ANY /ping/<uuid:code>/',
      'ANY /ping/<uuid:code>/fail',
      'ANY /shop/cart/',
    ]);
  });

  it('the sample-app fixture reports the full paths its routers answer on', async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const fixture = path.resolve(here, '../../test/fixtures/sample-app');
    const ctx = { workDir: os.tmpdir(), now: () => new Date(0), onProgress: () => {} };
    const analysis = await analyse(await ingestDirectory(fixture, ctx), ctx);
    expect(list(analysis.routes.filter((r) => r.file.startsWith('src/')))).toEqual([
      'DELETE /api/books/:id',
      'GET /api/books',
      'GET /api/books/:id',
      'GET /api/loans',
      'GET /health',
      'POST /api/books',
      'POST /api/loans',
      'POST /api/loans/:id/return',
      'PUT /api/books/:id',
    ]);
    expect(analysis.routes.find((r) => r.path === '/api/loans/:id/return')).toMatchObject({
      file: 'src/routes/loans.ts',
      line: 17,
    });
  });
});

describe('Go router prefixes', () => {
  it('chi: Route closures nest, With chains declare on the router, Mount prefixes the function building a sub-router', () => {
    const routes = routesOf({
      'go.mod': 'module example.com/app\n',
      'main.go': [
        'package main',
        'import "github.com/go-chi/chi/v5"',
        'func main() {',
        '\tr := chi.NewRouter()',
        '\tr.Get("/ping", ping)',
        '\tr.Route("/articles", func(r chi.Router) {',
        '\t\tr.With(paginate).Get("/", ListArticles)',
        '\t\tr.Route("/{articleID}", func(r chi.Router) {',
        '\t\t\tr.Put("/", UpdateArticle)',
        '\t\t})',
        '\t\tr.Get("/search", Search)',
        '\t})',
        '\tr.Mount("/admin", adminRouter())',
        '}',
      ].join('\n'),
      'admin.go': [
        'package main',
        'import "github.com/go-chi/chi/v5"',
        'func adminRouter() chi.Router {',
        '\tr := chi.NewRouter()',
        '\tr.Get("/accounts", accounts)',
        '\treturn r',
        '}',
      ].join('\n'),
    });
    expect(list(routes)).toEqual([
      'GET /admin/accounts',
      'GET /articles',
      'GET /articles/search',
      'GET /ping',
      'PUT /articles/{articleID}',
    ]);
  });

  it('Gin: a Group variable prefixes its routes, groups of groups add up', () => {
    const routes = routesOf({
      'main.go': [
        'package main',
        'import "github.com/gin-gonic/gin"',
        'func main() {',
        '\tr := gin.Default()',
        '\tapi := r.Group("/api")',
        '\tv1 := api.Group("/v1")',
        '\tv1.GET("/users/:id", getUser)',
        '\tr.GET("/health", health)',
        '}',
      ].join('\n'),
    });
    expect(list(routes)).toEqual(['GET /api/v1/users/:id', 'GET /health']);
  });
});

describe('receiverBefore', () => {
  it('reads the receiver a mount call is made on as the name pattern before it would', () => {
    const old = /\b([\w$]+)\s*\.\s*(?:use|register|route)\s*\(/g;
    const texts = [
      'app.use(router)',
      'const x = api . route("/a", b)',
      '$app.use(x)',
      'a$b.register(plugin)',
      'foo().use(x)',
      'x.y.use(z); ε.use(q)',
      '  server\n  .register(p, { prefix: "/v1" })',
    ];
    for (const t of texts) {
      const want = [...t.matchAll(old)].map((m) => m[1]);
      const got = [...t.matchAll(/\.\s*(?:use|register|route)\s*\(/g)]
        .map((m) => receiverBefore(t, m.index))
        .filter((r) => r !== undefined);
      expect(got, t).toEqual(want);
    }
  });
});
