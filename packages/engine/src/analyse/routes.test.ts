import { describe, expect, it } from 'vitest';
import { languagesPass } from './languages.ts';
import { routesPass } from './routes.ts';
import { sourcesFromMap } from './sources.ts';

const routesOf = (files: Record<string, string>) => {
  const src = sourcesFromMap(files);
  return routesPass(src, languagesPass(src).files).map(
    (r) => `${r.framework} ${r.method} ${r.path} ${r.file}`,
  );
};

describe('route hygiene', () => {
  it('a mock.patch decorator in a Python test is no PATCH route', () => {
    const routes = routesOf({
      'tests/test_api.py':
        "from unittest import mock\n\n@mock.patch('app.client.fetch')\ndef test_fetch(m):\n    pass\n",
      'app/api.py':
        "from fastapi import APIRouter\nrouter = APIRouter()\n\n@router.patch('/items/{id}')\ndef patch_item(id):\n    pass\n",
    });
    expect(routes).toEqual(['FastAPI PATCH /items/{id} app/api.py']);
  });

  it("a JS route is credited to the framework its file imports, else to its own package's, never to a guess", () => {
    const routes = routesOf({
      'package.json': '{ "name": "hono" }',
      'src/hono.test.ts':
        "import { Hono } from './hono';\nconst app = new Hono();\napp.get('/hello', (c) => c.text('hi'));\n",
      'examples/api/package.json': '{ "dependencies": { "express": "^4" } }',
      'examples/api/server.js': "const app = require('./app');\napp.post('/books', create);\n",
      'tools/k.js': "const Router = require('@koa/router');\nconst r = new Router();\nr.get('/k', h);\n",
    });
    expect(routes.sort()).toEqual([
      'Express POST /books examples/api/server.js',
      'Hono GET /hello src/hono.test.ts',
      'Koa GET /k tools/k.js',
    ]);
    // no package of the project serves HTTP: a get('/thing') call is something else
    expect(
      routesOf({ 'package.json': '{ "name": "tools" }', 'fake.js': "registry.get('/thing', h);\n" }),
    ).toEqual([]);
  });
});

describe('Django views restricted by their decorators', () => {
  it('a URL pattern answers the methods its view allows, not any method', () => {
    const src = sourcesFromMap({
      'shop/urls.py': [
        'from django.urls import path',
        'from . import views',
        'urlpatterns = [',
        "    path('add/', views.add_item),",
        "    path('edit/', views.edit_item),",
        "    path('list/', views.list_items),",
        "    path('show/', views.show),",
        ']',
      ].join('\n'),
      'shop/views.py': [
        'from django.views.decorators.http import require_POST, require_http_methods',
        '',
        '@require_POST',
        'def add_item(request):',
        '    pass',
        '',
        '@login_required',
        '@require_http_methods(["GET", "POST"])',
        'def edit_item(request):',
        '    pass',
        '',
        'def list_items(request):',
        '    pass',
        '',
        '@decorators.require_safe',
        'async def show(request):',
        '    pass',
      ].join('\n'),
    });
    const routes = routesPass(src, languagesPass(src).files, []);
    expect(routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'ANY /list/',
      'GET /edit/',
      'GET /show/',
      'POST /add/',
      'POST /edit/',
    ]);
  });

  it("a project's own decorator restricts methods when its code compares the method and answers 405", () => {
    const src = sourcesFromMap({
      'app/urls.py': [
        'from django.urls import path',
        'from app import views',
        'urlpatterns = [',
        "    path('checks/', views.checks),",
        "    path('checks/<uuid:code>', views.single),",
        "    path('pause/', views.pause),",
        "    path('status/', views.status),",
        "    path('dynamic/', views.dynamic),",
        ']',
      ].join('\n'),
      'app/gates.py': [
        'from django.http import HttpResponse, HttpResponseNotAllowed',
        '',
        'def cors(*methods: str):',
        '    allowed = set(methods)',
        '    def decorator(f):',
        '        def wrapper(request, *args, **kwds):',
        '            if request.method in allowed:',
        '                return f(request, *args, **kwds)',
        '            return HttpResponse(status=405)',
        '        return wrapper',
        '    return decorator',
        '',
        'def posted(f):',
        '    def wrapper(request, *args, **kwds):',
        '        if request.method != "POST":',
        '            return HttpResponseNotAllowed(["POST"])',
        '        return f(request, *args, **kwds)',
        '    return wrapper',
        '',
        'def log_calls(*names):',
        '    def decorator(f):',
        '        def wrapper(request, *args, **kwds):',
        '            print(names, request.method)',
        '            return f(request, *args, **kwds)',
        '        return wrapper',
        '    return decorator',
      ].join('\n'),
      'app/views.py': [
        'from django.views.decorators.csrf import csrf_exempt',
        'from app.gates import (',
        '    cors as allow,',
        '    log_calls,',
        '    posted,',
        ')',
        'from app import gates',
        '',
        'METHODS = ["GET"]',
        '',
        '@csrf_exempt',
        '@allow("GET", "POST")',
        'def checks(request):',
        '    pass',
        '',
        '@gates.cors(',
        '    "POST",',
        '    "DELETE",',
        ')',
        'def single(request, code):',
        '    pass',
        '',
        '@posted',
        'def pause(request):',
        '    pass',
        '',
        '@log_calls("GET")',
        'def status(request):',
        '    pass',
        '',
        '@allow(*METHODS)',
        'def dynamic(request):',
        '    pass',
      ].join('\n'),
    });
    const routes = routesPass(src, languagesPass(src).files, []);
    expect(routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      // a variable hides which methods: left as any
      'ANY /dynamic/',
      // a decorator handed method names that never compares the request's method restricts nothing
      'ANY /status/',
      'DELETE /checks/<uuid:code>',
      'GET /checks/',
      'POST /checks/',
      'POST /checks/<uuid:code>',
      'POST /pause/',
    ]);
  });
});

describe('Go route declarations', () => {
  it('a call shaped like one is a route only when its pattern begins with "/" (or is a group root)', () => {
    const routes = routesOf({
      'go.mod': 'module example.com/app\n',
      'api.go':
        'package api\n\nfunc routes(r *mux.Router, v url.Values) {\n' +
        '\tr.Get("/v1/feeds", h.feeds)\n\tslog.Any("error", err)\n\tpage := v.Get("page", "1")\n' +
        '\tg.GET("", h.root)\n}\n',
    });
    expect(routes.map((r) => r.split(' ').slice(1).join(' '))).toEqual([
      'GET /v1/feeds api.go',
      'GET  api.go',
    ]);
  });
});
