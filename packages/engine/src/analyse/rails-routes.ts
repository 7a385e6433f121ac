// A Rails application's routes, read from config/routes.rb's DSL: verb lines (`get "/login" =>
// "login#index"`), `root`, `resources`/`resource` with their REST actions, and the prefixes of the
// blocks around them (`namespace :admin do`, `scope "/api" do`, a nested resource's `/:story_id`,
// `member do`, `collection do`). Blocks it does not know (`constraints … do`) add no prefix.

import type { Route } from './types.ts';

interface Frame {
  /** The path prefix the block adds. */
  prefix: string;
  /** The resource the block belongs to, for its `member` and `collection` blocks. */
  resource?: { name: string; singular: boolean };
  /** What the enclosing resource's prefix reads as inside this block (`member`: the bare name). */
  parentAs?: string;
}

const REST: { action: string; method: string; path: (base: string, id: string) => string }[] = [
  { action: 'index', method: 'GET', path: (b) => b },
  { action: 'create', method: 'POST', path: (b) => b },
  { action: 'new', method: 'GET', path: (b) => `${b}/new` },
  { action: 'show', method: 'GET', path: (b, id) => `${b}${id}` },
  { action: 'edit', method: 'GET', path: (b, id) => `${b}${id}/edit` },
  { action: 'update', method: 'PATCH', path: (b, id) => `${b}${id}` },
  { action: 'destroy', method: 'DELETE', path: (b, id) => `${b}${id}` },
];

const join = (...parts: string[]) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;

/** The actions `only:` keeps or `except:` drops, from the text after a resource's name. */
function actionsOf(rest: string, singular: boolean): Set<string> {
  const all = REST.map((r) => r.action).filter((a) => !singular || a !== 'index');
  const list = (key: string) => {
    // `only: [:index, :show]`, `:only => :create`, `except: %i[new edit]`
    const m = new RegExp(
      `(?:\\b${key}:|:${key}\\s*=>)\\s*(?:\\[([^\\]]*)\\]|%[iw]\\[([^\\]]*)\\]|(:\\w+))`,
    ).exec(rest);
    if (!m) return undefined;
    if (m[2] !== undefined) return m[2].split(/\s+/).filter(Boolean);
    return (m[1] ?? m[3] ?? '').split(',').map((s) => s.trim().replace(/^:|^["']|["']$/g, ''));
  };
  const only = list('only');
  const except = list('except');
  return new Set(all.filter((a) => (!only || only.includes(a)) && (!except || !except.includes(a))));
}

const singularOf = (name: string) => name.replace(/ies$/, 'y').replace(/s$/, '');

/** The routes one routes.rb declares, each at its own line. */
export function railsRoutes(path: string, text: string): Route[] {
  const out: Route[] = [];
  const stack: Frame[] = [];
  const prefix = () => stack.map((f, k) => stack[k + 1]?.parentAs ?? f.prefix).join('/');
  const add = (method: string, p: string, line: number, handler?: string) =>
    out.push({ method, path: p, framework: 'Rails', file: path, line, ...(handler ? { handler } : {}) });
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/\s#.*$/, '');
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const opens = /\bdo(?:\s*\|[^|]*\|)?\s*$/.test(trimmed);
    if (/^end\b/.test(trimmed)) {
      stack.pop();
      continue;
    }
    const verb = /^(get|post|put|patch|delete|match)\s*(?:\(\s*)?["']([^"']+)["']/.exec(trimmed);
    const symbolVerb = /^(get|post|put|patch|delete)\s*(?:\(\s*)?:(\w+)/.exec(trimmed);
    const resources = /^(resources?)\s*(?:\(\s*)?:(\w+)/.exec(trimmed);
    const namespace = /^namespace\s*(?:\(\s*)?:(\w+)/.exec(trimmed);
    const scope = /^scope\s*(?:\(\s*)?(?:path:\s*|:path\s*=>\s*)?["']([^"']*)["']/.exec(trimmed);
    const top = stack[stack.length - 1];
    if (/^root\b/.test(trimmed)) {
      const to = /["'](\w+(?:\/\w+)*#\w+)["']/.exec(trimmed)?.[1];
      add('GET', join(prefix()), i + 1, to);
    } else if (verb) {
      const to = /(?:=>|to:)\s*["'](\w+(?:\/\w+)*#\w+)["']/.exec(trimmed)?.[1];
      let method = verb[1]!.toUpperCase();
      if (method === 'MATCH') {
        const via = /via(?::|\s*=>)\s*(?:\[([^\]]*)\]|:(\w+))/.exec(line + (lines[i + 1] ?? ''));
        const verbs = (via?.[1] ?? via?.[2] ?? 'all').split(',').map((v) => v.trim().replace(/^:/, ''));
        method = verbs.includes('all') ? 'ANY' : verbs.map((v) => v.toUpperCase()).join('|');
      }
      add(method, join(prefix(), verb[2]!), i + 1, to);
    } else if (symbolVerb) {
      add(symbolVerb[1]!.toUpperCase(), join(prefix(), symbolVerb[2]!), i + 1);
    } else if (resources) {
      const singular = resources[1] === 'resource';
      const name = resources[2]!;
      const base = join(prefix(), name);
      for (const r of REST)
        if (actionsOf(trimmed.slice(resources[0].length), singular).has(r.action))
          add(r.method, r.path(base, singular ? '' : '/:id'), i + 1, `${name}#${r.action}`);
      if (opens)
        stack.push({
          prefix: singular ? name : `${name}/:${singularOf(name)}_id`,
          resource: { name, singular },
        });
      continue;
    } else if (namespace) {
      if (opens) stack.push({ prefix: namespace[1]! });
      continue;
    } else if (scope) {
      if (opens) stack.push({ prefix: scope[1]! });
      continue;
    } else if (/^(member|collection)\b/.test(trimmed) && top?.resource) {
      // inside, the resource is its bare name: a member adds the resource's own `:id`, not the
      // `:story_id` its nested resources take
      const member = trimmed.startsWith('member') && !top.resource.singular;
      if (opens)
        stack.push({ prefix: member ? ':id' : '', resource: top.resource, parentAs: top.resource.name });
      continue;
    }
    if (opens) stack.push({ prefix: '' });
  }
  return out;
}
