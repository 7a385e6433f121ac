// Pass: HTTP routes declared with the common frameworks (Express, Fastify, Koa, Flask, FastAPI,
// Django, Spring, Gin/Echo, ASP.NET), each with its file:line.

import { codeText } from './comments.ts';
import type { ResolveContext } from './module-graph.ts';
import { applyMounts, splitArgs, type RawRoute } from './route-mounts.ts';
import { baseName, LineIndex, lineState, linePrefix, matchesWithLines, type Sources } from './sources.ts';
import type { FileInfo, ImportInfo, Route } from './types.ts';

const JS_LANGS = new Set(['TypeScript', 'JavaScript', 'JSX']);
const VERBS = 'get|post|put|patch|delete|head|options|all';

function jsFramework(text: string): string {
  if (/from\s+['"]fastify['"]|require\(\s*['"]fastify['"]\)|FastifyInstance|FastifyPluginAsync/.test(text))
    return 'Fastify';
  if (/['"](@koa\/router|koa-router|koa)['"]/.test(text)) return 'Koa';
  if (/['"]hono['"]/.test(text)) return 'Hono';
  return 'Express';
}

/** A match inside a comment or a string is an example in prose or test data, not a route. */
const inCommentOrString = (text: string, index: number, hash = false) =>
  lineState(linePrefix(text, index), hash) !== 'code';

function jsRoutes(path: string, text: string): RawRoute[] {
  const out: RawRoute[] = [];
  const framework = jsFramework(text);
  const call = new RegExp(
    `\\b([A-Za-z_$][\\w$]*)\\.(${VERBS})\\(\\s*(['"\`])(/[^'"\`]*|\\*)\\3\\s*,\\s*([A-Za-z_$][\\w$.]*)?`,
    'g',
  );
  for (const { m, line } of matchesWithLines(text, call)) {
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
  for (const { m, line } of matchesWithLines(
    text,
    /\b([A-Za-z_$][\w$]*)\.route\(\s*\{[^}]*?method\s*:\s*(\[[^\]]*\]|['"][A-Z]+['"])[^}]*?url\s*:\s*['"]([^'"]+)['"]/g,
  )) {
    if (inCommentOrString(text, m.index)) continue;
    for (const v of m[2]!.match(/[A-Z]+/g) ?? [])
      out.push({ method: v, path: m[3]!, framework, file: path, line, receiver: m[1] });
  }
  // Express: router.route('/x').get(h).post(h)
  for (const { m, line } of matchesWithLines(
    text,
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
    new RegExp(`^[ \\t]*@(\\w+)\\.(${VERBS}|websocket)\\(\\s*['"]([^'"]*)['"]`, 'gm'),
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
    for (const { m, line } of matchesWithLines(
      text,
      /\b(path|re_path|url)\(\s*r?['"]([^'"]*)['"]\s*,\s*([\w.]+(?:\.as_view\(\))?|include\([^)]*\))/g,
    )) {
      if (/^include\b/.test(m[3]!)) continue; // a mount, resolved by applyMounts
      out.push({
        method: 'ANY',
        path: '/' + m[2]!.replace(/^\^/, '').replace(/\$$/, ''),
        framework: 'Django',
        file: path,
        line,
        handler: m[3],
        receiver: 'urlpatterns',
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
    /@(Get|Post|Put|Delete|Patch|Request)Mapping(?:\(\s*(?:(?:value|path)\s*=\s*)?\{?\s*"([^"]*)"[^)]*\)|\(\s*\)|(?=\s))/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (classPrefix && m.index === classPrefix.index) continue;
    const after = text.slice(m.index, m.index + 300);
    let method =
      m[1] === 'Request' ? (/RequestMethod\.(\w+)/.exec(after)?.[1] ?? 'ANY') : m[1]!.toUpperCase();
    method = method.toUpperCase();
    const handler =
      /\)\s*(?:@\w+(?:\([^)]*\))?\s*)*(?:public|private|protected)?\s*[\w<>,\s?[\]]+?\s+(\w+)\s*\(/.exec(
        after,
      )?.[1];
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

function joinPath(a: string, b: string): string {
  const j = `${a.replace(/\/$/, '')}/${b.replace(/^\//, '')}`.replace(/\/$/, '');
  return j.startsWith('/') ? j || '/' : `/${j}`;
}

function goRoutes(path: string, text: string): Route[] {
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
    /\b(\w+)\.(GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS|Any|Get|Post|Put|Delete|Patch)\(\s*"([^"]*)"\s*,\s*([\w.]+)?/g,
  )) {
    out.push({
      method: m[2] === 'Any' ? 'ANY' : m[2]!.toUpperCase(),
      path: m[3]!,
      framework,
      file: path,
      line,
      handler: m[4],
    });
  }
  for (const { m, line } of matchesWithLines(
    text,
    /\b(?:http|mux|\w+)\.(HandleFunc|Handle)\(\s*"([^"]*)"\s*,\s*([\w.]+)?/g,
  )) {
    const verb = /^(GET|POST|PUT|DELETE|PATCH)\s+(.*)$/.exec(m[2]!);
    out.push({
      method: verb?.[1] ?? 'ANY',
      path: verb?.[2] ?? m[2]!,
      framework: framework === 'Go' ? 'net/http' : framework,
      file: path,
      line,
      handler: m[3],
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
    const handler = /\]\s*(?:\[[^\]]*\]\s*)*public\s+[\w<>,\s?[\]]+?\s+(\w+)\s*\(/.exec(
      text.slice(m.index, m.index + 300),
    )?.[1];
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
  for (const f of files) {
    const lang = f.language;
    if (!lang) continue;
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
      !/\.(get|post|put|patch|delete|route|all|Map\w+|HandleFunc|Handle)\(|@\w*Mapping|\[Http|urlpatterns|@\w+\.(get|post|put|delete|patch|route)/i.test(
        text,
      )
    )
      continue;
    for (const r of extract(f.path, text)) out.push(r);
  }
  const languageOf = new Map(files.map((f) => [f.path, f.language]));
  return applyMounts(
    out,
    (p) => codeText(src, p, languageOf.get(p) ?? null),
    mountFiles,
    imports,
    resolveCtx,
  );
}
