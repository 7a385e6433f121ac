// Pass: HTTP routes declared with the common frameworks (Express, Fastify, Koa, Flask, FastAPI,
// Django, Spring, Gin/Echo, ASP.NET) and Next.js file-system routes, each with its file:line.

import { codeText } from './comments.ts';
import { djangoViewMethods } from './django-views.ts';
import type { ResolveContext } from './module-graph.ts';
import { nextLayouts, nextRoutes } from './nextjs.ts';
import {
  applyMounts,
  enclosingLists,
  goPrefixer,
  joinRoutePath,
  pythonStringExpr,
  splitArgs,
  type RawRoute,
} from './route-mounts.ts';
import {
  baseName,
  dirName,
  LineIndex,
  lineState,
  linePrefix,
  matchesWithLines,
  packageJsons,
  type Sources,
} from './sources.ts';
import type { FileInfo, ImportInfo, Route } from './types.ts';
import { railsRoutes } from './rails-routes.ts';

const JS_LANGS = new Set(['TypeScript', 'JavaScript', 'JSX']);
const VERBS = 'get|post|put|patch|delete|head|options|all';
// `app.get('/a', h)`: made once, copied for each file; a file naming none of the calls is not searched
const JS_ROUTE_CALL = new RegExp(
  `\\b([A-Za-z_$][\\w$]*)\\.(${VERBS})\\(\\s*(['"\`])(/[^'"\`]*|\\*)\\3\\s*,\\s*([A-Za-z_$][\\w$.]*)?`,
  'g',
);
const VERB_CALLS = VERBS.split('|').map((v) => `.${v}(`);

// JS web frameworks by npm package, most specific first: koa-router sits beside koa
const JS_FRAMEWORKS: [string, string][] = [
  ['fastify', 'Fastify'],
  ['@koa/router', 'Koa'],
  ['koa-router', 'Koa'],
  ['koa', 'Koa'],
  ['hono', 'Hono'],
  ['elysia', 'Elysia'],
  ['polka', 'Polka'],
  ['restify', 'restify'],
  ['itty-router', 'itty-router'],
  ['@tinyhttp/app', 'tinyhttp'],
  ['express', 'Express'],
];

/** The framework a JS file's routes are declared with: the one it imports, else its package's. */
function jsFramework(text: string, packageFramework: string | undefined): string | undefined {
  if (/from\s+['"]fastify['"]|require\(\s*['"]fastify['"]\)|FastifyInstance|FastifyPluginAsync/.test(text))
    return 'Fastify';
  for (const [pkg, name] of JS_FRAMEWORKS)
    if (text.includes(`'${pkg}'`) || text.includes(`"${pkg}"`)) return name;
  return packageFramework;
}

/**
 * Per folder holding a package.json: the web framework that package is (by its name) or depends
 * on, so a file that imports none is credited to its own package's, never to a guess.
 */
function packageFrameworks(src: Sources): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  for (const { path, pkg } of packageJsons(src)) {
    const deps = [pkg.dependencies, pkg.devDependencies, pkg.peerDependencies].filter(
      (d): d is Record<string, unknown> => !!d && typeof d === 'object',
    );
    const hit =
      JS_FRAMEWORKS.find(([name]) => pkg.name === name) ??
      JS_FRAMEWORKS.find(([name]) => deps.some((d) => name in d));
    out.set(dirName(path), hit?.[1]);
  }
  return out;
}

/** The framework of the nearest package above a file that names one. */
function frameworkAbove(byDir: Map<string, string | undefined>, file: string): string | undefined {
  for (let d = dirName(file); ; d = dirName(d)) {
    const hit = byDir.get(d);
    if (hit) return hit;
    if (!d) return undefined;
  }
}

/** A match inside a comment or a string is an example in prose or test data, not a route. */
const inCommentOrString = (text: string, index: number, hash = false) =>
  lineState(linePrefix(text, index), hash) !== 'code';

function jsRoutes(path: string, text: string, packageFramework?: string): RawRoute[] {
  const out: RawRoute[] = [];
  const framework = jsFramework(text, packageFramework);
  // `x.get('/a', h)` in code that no web framework of the project serves is no route of it
  if (!framework) return out;
  const call = new RegExp(JS_ROUTE_CALL);
  for (const { m, line } of VERB_CALLS.some((c) => text.includes(c)) ? matchesWithLines(text, call) : []) {
    // skip obvious non-routers: map.get('/x') on a Map or a fetch client
    if (
      /^(map|cache|headers|params|searchParams|axios|http|client|api|request|supertest|res|req|fetch)$/i.test(
        m[1]!,
      )
    )
      continue;
    if (inCommentOrString(text, m.index)) continue;
    const handler = m[5] && !/^(async|function)$/.test(m[5]) ? m[5] : undefined;
    out.push({ method: verb(m[2]!), path: m[4]!, framework, file: path, line, handler, receiver: m[1] });
  }
  // fastify.route({ method: 'GET', url: '/x' })
  const routeCalls = text.includes('.route(');
  for (const { m, line } of matchesWithLines(
    routeCalls ? text : '',
    /\b([A-Za-z_$][\w$]*)\.route\(\s*\{[^}]*?method\s*:\s*(\[[^\]]*\]|['"][A-Z]+['"])[^}]*?url\s*:\s*['"]([^'"]+)['"]/g,
  )) {
    if (inCommentOrString(text, m.index)) continue;
    for (const v of m[2]!.match(/[A-Z]+/g) ?? [])
      out.push({ method: v, path: m[3]!, framework, file: path, line, receiver: m[1] });
  }
  // Express: router.route('/x').get(h).post(h)
  for (const { m, line } of matchesWithLines(
    routeCalls ? text : '',
    /\b([A-Za-z_$][\w$]*)\.route\(\s*(['"`])(\/[^'"`]*)\2\s*\)/g,
  )) {
    if (inCommentOrString(text, m.index)) continue;
    const chain = new RegExp(`^\\s*\\.(${VERBS})\\s*\\(`);
    let at = m.index + m[0].length;
    for (let c = chain.exec(text.slice(at, at + 200)); c; c = chain.exec(text.slice(at, at + 200))) {
      const call = splitArgs(text, at + c[0].length - 1);
      if (!call) break;
      const handler =
        call.args.length === 1 && /^[A-Za-z_$][\w$.]*$/.test(call.args[0]!) ? call.args[0] : undefined;
      out.push({ method: verb(c[1]!), path: m[3]!, framework, file: path, line, handler, receiver: m[1] });
      at = call.end + 1;
    }
  }
  return out;
}

const verb = (v: string) => (v.toUpperCase() === 'ALL' ? 'ANY' : v.toUpperCase());

function pyRoutes(path: string, text: string): RawRoute[] {
  const out: RawRoute[] = [];
  const fastapi = /\bfrom\s+fastapi\b|\bimport\s+fastapi\b/.test(text);
  const framework = fastapi ? 'FastAPI' : 'Flask';
  const handlerAfter = (idx: number) => /\bdef\s+(\w+)/.exec(text.slice(idx, idx + 400))?.[1];
  for (const { m, line } of matchesWithLines(text, /^[ \t]*@(\w+)\.route\(\s*['"]([^'"]+)['"]([^)\n]*)/gm)) {
    const methods = /methods\s*=\s*[[(]([^\])]*)/.exec(m[3]!)?.[1]?.match(/[A-Za-z]+/g) ?? ['GET'];
    for (const v of methods)
      out.push({
        method: v.toUpperCase(),
        path: m[2]!,
        framework,
        file: path,
        line,
        handler: handlerAfter(m.index + m[0].length),
        receiver: m[1],
      });
  }
  for (const { m, line } of matchesWithLines(
    text,
    // a route path starts with '/' (or is a router's root ''): @mock.patch('pkg.mod.fn') patches, it serves nothing
    new RegExp(`^[ \\t]*@(\\w+)\\.(${VERBS}|websocket)\\(\\s*['"](\\/[^'"]*|)['"]`, 'gm'),
  )) {
    out.push({
      method: m[2]!.toUpperCase(),
      path: m[3]!,
      framework,
      file: path,
      line,
      handler: handlerAfter(m.index + m[0].length),
      receiver: m[1],
    });
  }
  if (baseName(path) === 'urls.py') {
    const listAt = enclosingLists(text);
    for (const { m, line } of matchesWithLines(
      text,
      /\b(path|re_path|url)\(\s*([rRfF]{0,2}['"][^'"\n]*['"])\s*,\s*(include\(|[\w.]+(?:\.as_view\(\))?)/g,
    )) {
      if (m[3] === 'include(') continue; // a mount, resolved by applyMounts
      // an f-string's {NAME} parts become ${NAME}, filled in from the module's constants by applyMounts
      const written = pythonStringExpr(m[2]!);
      if (written === null) continue;
      const raw = written.startsWith('`') ? written.slice(1, -1) : (JSON.parse(written) as string);
      out.push({
        method: 'ANY',
        path: '/' + raw.replace(/^\^/, '').replace(/\$$/, ''),
        framework: 'Django',
        file: path,
        line,
        handler: m[3],
        receiver: listAt(m.index),
      });
    }
  }
  return out;
}

function springRoutes(path: string, text: string): Route[] {
  const out: Route[] = [];
  const index = new LineIndex(text);
  // a class-level @RequestMapping gives the prefix of the methods below it
  const classPrefix =
    /@RequestMapping\(\s*(?:value\s*=\s*|path\s*=\s*)?"([^"]*)"[^)]*\)\s*(?:@\w+(?:\([^)]*\))?\s*)*(?:public\s+)?(?:abstract\s+)?class/.exec(
      text,
    );
  const prefix = classPrefix?.[1] ?? '';
  const re =
    /@(Get|Post|Put|Delete|Patch|Request)Mapping(?:\(\s*(?:(?:value|path)\s*=\s*)?(?:\{\s*)?"([^"]*)"[^)]*\)|\(\s*\)|(?=\s))/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (classPrefix && m.index === classPrefix.index) continue;
    const after = text.slice(m.index, m.index + 300);
    let method =
      m[1] === 'Request' ? (/RequestMethod\.(\w+)/.exec(after)?.[1] ?? 'ANY') : m[1]!.toUpperCase();
    method = method.toUpperCase();
    const handler = methodNameAfter(after.slice(m[0].length).replace(/@\w+(?:\([^)]*\))?/g, ' '));
    out.push({
      method,
      path: joinPath(prefix, m[2] ?? ''),
      framework: 'Spring',
      file: path,
      line: index.lineOf(m.index),
      handler,
    });
  }
  return out;
}

/**
 * The name of the method declared first in `text` (annotations already removed): the word before its
 * parameter list, after any modifiers and return type (`public ResponseEntity<List<Owner>> list(`).
 */
function methodNameAfter(text: string): string | undefined {
  const name = /(?<![\w$])(\w+)\s*\(/.exec(text)?.[1];
  return name && !/^(?:if|for|while|switch|catch|return|new)$/.test(name) ? name : undefined;
}

function joinPath(a: string, b: string): string {
  const j = `${a.replace(/\/$/, '')}/${b.replace(/^\//, '')}`.replace(/\/$/, '');
  return j.startsWith('/') ? j || '/' : `/${j}`;
}

/** `prefixOf` gives the router prefix in force at a route (see goPrefixer). */
function goRoutes(
  path: string,
  text: string,
  prefixOf: (file: string, index: number, receiver: string) => string = () => '',
): Route[] {
  const out: Route[] = [];
  const framework = /gin-gonic\/gin/.test(text)
    ? 'Gin'
    : /labstack\/echo/.test(text)
      ? 'Echo'
      : /gofiber\/fiber/.test(text)
        ? 'Fiber'
        : /go-chi\/chi/.test(text)
          ? 'chi'
          : 'Go';
  for (const { m, line } of matchesWithLines(
    text,
    // chi's r.With(mw).Get(…) declares on r
    /\b(\w+)(?:\.With\([^()\n]*\))?\.(GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS|Any|Get|Post|Put|Delete|Patch)\(\s*"([^"]*)"\s*,\s*([\w.]+)?/g,
  )) {
    // Go routers refuse a pattern that does not begin with "/" (a group's own root is ""), so
    // `slog.Any("error", err)` or `q.Get("page", …)` is no route.
    if (!/^(?:\/|\*|$)/.test(m[3]!)) continue;
    out.push({
      method: m[2] === 'Any' ? 'ANY' : m[2]!.toUpperCase(),
      path: joinRoutePath(prefixOf(path, m.index, m[1]!), m[3]!),
      framework,
      file: path,
      line,
      handler: m[4],
    });
  }
  for (const { m, line } of matchesWithLines(
    text,
    /\b(\w+)\.(HandleFunc|Handle)\(\s*"([^"]*)"\s*,\s*([\w.]+)?/g,
  )) {
    const verb = /^(GET|POST|PUT|DELETE|PATCH)\s+(\S.*)?$/.exec(m[3]!);
    out.push({
      method: verb?.[1] ?? 'ANY',
      path: joinRoutePath(prefixOf(path, m.index, m[1]!), verb ? (verb[2] ?? '') : m[3]!),
      framework: framework === 'Go' ? 'net/http' : framework,
      file: path,
      line,
      handler: m[4],
    });
  }
  return out;
}

function aspnetRoutes(path: string, text: string): Route[] {
  const out: Route[] = [];
  const controller = /class\s+(\w+?)Controller\b/.exec(text)?.[1]?.toLowerCase() ?? '';
  const prefix = (
    /\[Route\(\s*"([^"]*)"\s*\)\]\s*(?:\[[^\]]*\]\s*)*(?:public\s+)?(?:abstract\s+)?(?:partial\s+)?class/.exec(
      text,
    )?.[1] ?? ''
  ).replace('[controller]', controller);
  for (const { m, line } of matchesWithLines(
    text,
    /\[Http(Get|Post|Put|Delete|Patch|Head)(?:\(\s*"([^"]*)"[^)]*\))?\]/g,
  )) {
    const rest = text.slice(m.index + m[0].length, m.index + 300).replace(/\[[^[\]]*\]/g, ' ');
    const handler = /^\s*public\b/.test(rest) ? methodNameAfter(rest) : undefined;
    const sub = m[2] ?? '';
    out.push({
      method: m[1]!.toUpperCase(),
      path: sub.startsWith('/') ? sub : joinPath(prefix, sub),
      framework: 'ASP.NET',
      file: path,
      line,
      handler,
    });
  }
  for (const { m, line } of matchesWithLines(text, /\.Map(Get|Post|Put|Delete|Patch)\(\s*"([^"]*)"/g)) {
    out.push({ method: m[1]!.toUpperCase(), path: m[2]!, framework: 'ASP.NET', file: path, line });
  }
  return out;
}

const RAILS_ROUTES = /(^|\/)config\/routes(\/[\w-]+)?\.rb$/;

const MOUNT_HINT = /\.(use|register|route|include_router|register_blueprint)\(|\binclude\(/;

/**
 * `imports` (with `resolved` set by the module-graph pass) lets a router declared in one file be
 * reported under the prefix another file mounts it at.
 */
export function routesPass(
  src: Sources,
  files: FileInfo[],
  imports: ImportInfo[] = [],
  resolveCtx?: ResolveContext,
): Route[] {
  const out: RawRoute[] = [];
  const mountFiles: string[] = [];
  let jsPackages: Map<string, string | undefined> | undefined;
  // Go routes wait for every Go file: a router built in one file may be mounted from another
  const goFiles: { path: string; text: string }[] = [];
  for (const f of files) {
    const lang = f.language;
    if (!lang) continue;
    // a Rails application draws its routes in config/routes.rb (and files it draws in config/routes/)
    if (lang === 'Ruby' && RAILS_ROUTES.test(f.path)) {
      const text = codeText(src, f.path, lang);
      if (text != null) for (const r of railsRoutes(f.path, text)) out.push(r);
      continue;
    }
    const extract = JS_LANGS.has(lang)
      ? jsRoutes
      : lang === 'Python'
        ? pyRoutes
        : lang === 'Java' || lang === 'Kotlin'
          ? springRoutes
          : lang === 'Go'
            ? goRoutes
            : lang === 'C#'
              ? aspnetRoutes
              : null;
    if (!extract) continue;
    // a route quoted in a doc comment or docstring is documentation, not the code's API
    const text = codeText(src, f.path, lang);
    if (text == null) continue;
    if ((extract === jsRoutes || extract === pyRoutes) && MOUNT_HINT.test(text)) mountFiles.push(f.path);
    // cheap pre-check so most files never run the route expressions
    if (
      !/\.(get|post|put|patch|delete|route|all|Map\w+|HandleFunc|Handle|Mount)\(|@\w*Mapping|\[Http|urlpatterns|@\w+\.(get|post|put|delete|patch|route)/i.test(
        text,
      )
    )
      continue;
    if (extract === goRoutes) {
      goFiles.push({ path: f.path, text });
      continue;
    }
    const routes =
      extract === jsRoutes
        ? jsRoutes(f.path, text, frameworkAbove((jsPackages ??= packageFrameworks(src)), f.path))
        : extract(f.path, text);
    for (const r of routes) out.push(r);
  }
  const prefixOf = goPrefixer(goFiles);
  for (const g of goFiles) out.push(...goRoutes(g.path, g.text, prefixOf));
  const languageOf = new Map(files.map((f) => [f.path, f.language]));
  const textOf = (p: string) => codeText(src, p, languageOf.get(p) ?? null);
  const paths = files.map((f) => f.path);
  return [
    ...djangoViewMethods(applyMounts(out, textOf, mountFiles, imports, resolveCtx), textOf, paths),
    ...nextRoutes(nextLayouts(src, paths), paths, textOf),
  ];
}
