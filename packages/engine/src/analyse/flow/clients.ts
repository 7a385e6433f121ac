// The clients of one service the product makes in several places, each for its own context: a
// browser client with the public key, a server client that reads the session from the request's
// cookies, an admin client with a key that holds every right. Told together they are one design
// (where each kind of code talks to the service, with which rights); told apart, three functions
// named `createClient` say nothing of it. Read from JavaScript and TypeScript code: a call of a
// factory imported from a declared package (`createBrowserClient`, `createClient`, `new S3Client`).

import type { ServiceClient } from '../types.ts';
import type { FileModel } from './definitions.ts';

/** A factory's name: `createClient`, `createServerClient`, `createBrowserClient`, a `…Client` class. */
const FACTORY = /^(?:create\w*Client|\w+Client)$/;
/** Lines a factory call's arguments may span. */
const SPAN = 30;
/** An environment variable read in JavaScript: `process.env.NAME`, `import.meta.env.NAME`. */
const ENV_READ = /\b(?:process|import\.meta)\.env\.([A-Z][A-Z0-9_]*)/g;
/** A variable that holds a credential rather than an address. */
const CREDENTIAL = /(?:KEY|SECRET|TOKEN|PASSWORD)(?:_|$)/;

/** The arguments of the call that opens at `line` (1-based) after `from`: to its closing bracket. */
function argumentText(lines: string[], line: number, from: number): string {
  let depth = 0;
  let out = '';
  for (let i = line - 1; i < Math.min(lines.length, line - 1 + SPAN); i++) {
    const text = i === line - 1 ? lines[i]!.slice(from) : lines[i]!;
    for (let j = 0; j < text.length; j++) {
      const ch = text[j]!;
      if (ch === '(') depth++;
      else if (ch === ')' && --depth === 0) return out + text.slice(0, j + 1);
    }
    out += `${text}\n`;
  }
  return out;
}

/** The service a package serves, by its scope or its name: `@supabase/ssr` → `supabase`. */
export function serviceOf(module: string): string {
  const scope = /^@([\w.-]+)\//.exec(module);
  return (scope ? scope[1]! : module.split('/')[0]!).toLowerCase();
}

/**
 * Every call in the product of a client factory imported from a declared package, where one service's
 * clients are made in at least two places in at least two ways (another factory, other credentials, or
 * the request's cookies): the places a product talks to that service from, each with its rights.
 */
export function serviceClients(
  models: FileModel[],
  dependency: (module: string) => boolean,
): ServiceClient[] {
  const found: ServiceClient[] = [];
  for (const m of models) {
    if (!/^(?:JavaScript|TypeScript|TSX|JSX)$/.test(m.language)) continue;
    for (const [name, module] of m.bindings) {
      if (!FACTORY.test(name) || !dependency(module)) continue;
      const call = new RegExp(
        `(?<![\\w$.])(?:new\\s+)?${name.replace(/\$/g, '\\$')}\\s*(?:<[^<>()]*>)?\\s*\\(`,
      );
      m.bare.forEach((bare, i) => {
        const at = call.exec(bare);
        // the import line names the factory without calling it
        if (!at || /^\s*import\b/.test(bare)) return;
        const args = argumentText(m.lines, i + 1, at.index);
        const env = [...new Set([...args.matchAll(ENV_READ)].map((x) => x[1]!))];
        found.push({
          service: serviceOf(module),
          factory: name,
          module,
          path: m.path,
          line: i + 1,
          credentials: env.filter((v) => CREDENTIAL.test(v)),
          ...(/\bcookies\b/.test(args) ? { cookies: true } : {}),
        });
      });
    }
  }
  // one service's clients, made in two places at least and in two ways at least
  const way = (c: ServiceClient) => `${c.factory}|${c.credentials.join()}|${c.cookies ?? false}`;
  const services = new Set(found.map((c) => c.service));
  return [...services]
    .filter((s) => {
      const mine = found.filter((c) => c.service === s);
      return mine.length >= 2 && new Set(mine.map(way)).size >= 2;
    })
    .flatMap((s) => found.filter((c) => c.service === s))
    .sort((x, y) => x.path.localeCompare(y.path) || x.line - y.line);
}
