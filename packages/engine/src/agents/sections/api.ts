// API / endpoints: every HTTP route with method, path, handler and file:line; a library's exports otherwise.

import { factsOf } from '../facts.ts';
import { kindPhrase, publicApiParts, rankedApi, usageCounts } from '../identity-text.ts';
import type { WriterContext } from '../writers/context.ts';
import {
  cite,
  code,
  countBy,
  joinSome,
  num,
  paragraphs,
  plural,
  ref,
  table,
  text,
} from '../writers/markdown.ts';
import { defineSection, finding as f } from './define.ts';

export const api = defineSection({
  kind: 'api',
  keywords: [
    'rest api',
    'api',
    'apis',
    'endpoints',
    'routes',
    'http interface',
    'web services',
    'interfaces',
    'public interface',
    'api reference',
    'graphql',
    'rpc',
    'endpoint',
    'route',
    'http api',
    'web api',
  ],
  evidence: ['routes', 'symbols (exported)', 'frameworks (web)'],
  analyst(a) {
    const routesOfProduct = a.routes.filter((r) => !r.area || r.area === 'product');
    const id = a.identity;
    if (!routesOfProduct.length && id?.publicApi.length) {
      const api = rankedApi(id);
      const cli = api.filter((e) => /^(flag|option|subcommand|command)$/.test(e.kind));
      return [
        cli.length > api.length / 2
          ? f(
              `It serves no HTTP routes; it is used through ${plural(cli.length, 'command-line option')}, such as ${joinSome(
                cli.map((e) => code(e.name)),
                4,
              )}.`,
              [ref(cli[0]!.path, cli[0]!.line)],
            )
          : f(
              `It serves no HTTP routes of its own; ${plural(api.length, 'public name')} form its interface, such as ${joinSome(
                api.map((e) => code(e.name)),
                4,
              )}.`,
              [ref(api[0]!.path, api[0]!.line)],
            ),
      ];
    }
    if (!a.routes.length)
      return [
        f(
          `No HTTP routes were found; ${plural(factsOf(a).exportedSymbols.length, 'exported symbol')} form the programmatic interface.`,
        ),
      ];
    const byMethod = countBy(a.routes, (r) => r.method).map(([m, n]) => `${n} ${text(m)}`);
    return [
      f(
        `${plural(a.routes.length, 'HTTP route')} (${byMethod.join(', ')}) are declared with ${joinSome([...new Set(a.routes.map((r) => text(r.framework)))], 3)}.`,
        a.routes.slice(0, 3).map((r) => ref(r.file, r.line)),
      ),
      f(`Routes live in ${plural(new Set(a.routes.map((r) => r.file)).size, 'file')}.`),
    ];
  },
  writer: writeApi,
});

const MAX_ROUTES = 60;

export function writeApi({ a, fx, projectName, workspace }: WriterContext): string {
  const id = a.identity;
  // Routes of examples, tests or benchmarks are not the product's API.
  const elsewhere = a.routes.filter((r) => r.area && r.area !== 'product');
  const productRoutes = a.routes.filter((r) => !r.area || r.area === 'product');
  if (!productRoutes.length && id) {
    const apart = elsewhere.length
      ? ` The ${plural(elsewhere.length, 'HTTP route')} in the code base belong to its ${joinSome([...new Set(elsewhere.map((r) => r.area!))].map(text), 3)} (e.g. ${cite(elsewhere[0]!.file, elsewhere[0]!.line)}), not to the product.`
      : '';
    const api = publicApiParts(id, usageCounts(a, workspace));
    return paragraphs(
      `${text(projectName)} is ${kindPhrase(id)} and serves no HTTP routes of its own.${apart}`,
      ...(api.length ? api : ['It exposes no public names another program could call.']),
    );
  }
  if (!a.routes.length) {
    const exp = fx.exportedSymbols;
    const kind =
      a.frameworks.some((f) => f.category === 'cli') || a.entryPoints.some((e) => e.kind === 'bin')
        ? 'a command-line tool'
        : exp.length
          ? 'a library'
          : 'a set of scripts';
    const head = `No HTTP routes were found in the ${plural(fx.sourceFiles.length, 'source file')}; the project appears to be ${kind}.`;
    if (!exp.length) return `${head} It exports no symbols that another program could call.`;
    const byFile = countBy(exp, (s) => s.path).slice(0, 8);
    return paragraphs(
      `${head} Its programmatic interface is its ${plural(exp.length, 'exported symbol')}, spread over ${plural(new Set(exp.map((s) => s.path)).size, 'file')}.`,
      table(
        ['File', 'Exports', 'Examples'],
        byFile.map(([p, n]) => [
          cite(p),
          n,
          joinSome(
            exp
              .filter((s) => s.path === p)
              .slice(0, 3)
              .map((s) => `${code(s.name)} (${text(s.kind)}, line ${s.line})`),
            3,
          ),
        ]),
      ),
    );
  }
  const ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
  const rank = (m: string) => (ORDER.includes(m) ? ORDER.indexOf(m) : ORDER.length);
  const routes = [...productRoutes].sort(
    (x, y) =>
      x.path.localeCompare(y.path) || rank(x.method) - rank(y.method) || x.method.localeCompare(y.method),
  );
  const methods = countBy(a.routes, (r) => r.method);
  const prefixes = countBy(a.routes, (r) => `/${r.path.split('/').filter(Boolean)[0] ?? ''}`);
  const files = countBy(a.routes, (r) => r.file);
  const parts = [
    `${plural(a.routes.length, 'HTTP route')} are declared with ${joinSome([...new Set(a.routes.map((r) => r.framework))].map(text), 3)}: ${joinSome(
      methods.map(([m, n]) => `${n} ${text(m)}`),
      6,
    )}. They group under ${joinSome(
      prefixes.map(([p, n]) => `${code(p)} (${n})`),
      6,
    )}, and ${files[0]![0] === files.at(-1)![0] ? `all sit in ${cite(files[0]![0])}` : `${cite(files[0]![0])} declares the most (${files[0]![1]})`}.`,
    table(
      ['Method', 'Path', 'Handler', 'Declared at'],
      routes
        .slice(0, MAX_ROUTES)
        .map((r) => [text(r.method), code(r.path), r.handler ? code(r.handler) : '—', cite(r.file, r.line)]),
    ),
  ];
  if (routes.length > MAX_ROUTES) parts.push(`…and ${num(routes.length - MAX_ROUTES)} more routes.`);
  const inTests = a.testOnly?.routes.length ?? 0;
  if (inTests)
    parts.push(
      `${plural(inTests, 'further route')} ${inTests === 1 ? 'is' : 'are'} declared only in test code or test fixtures and ${inTests === 1 ? 'is' : 'are'} not part of the API above.`,
    );
  const params = a.routes.filter((r) => /[:{<]/.test(r.path));
  if (params.length)
    parts.push(
      `${plural(params.length, 'route')} take path parameters (e.g. ${code(params[0]!.path)}), which handlers must validate.`,
    );
  const auth = [...fx.authLibs, ...fx.securityLibs];
  if (auth.length)
    parts.push(
      `Request handling can rely on ${joinSome(
        auth.map((d) => code(d.name)),
        4,
      )} for authentication and input hardening.`,
    );
  return paragraphs(...parts);
}
