// Configuration: environment variables (with defaults and where they are read) and config files.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { wants, type WriterContext } from '../writers/context.ts';
import {
  agree,
  cite,
  code,
  joinAnd,
  num,
  joinSome,
  paragraphs,
  plural,
  ref,
  sentence,
  table,
  text,
  unique,
  when,
} from '../writers/markdown.ts';
import type { Finding } from '../types.ts';
import { defineSection, finding as f } from './define.ts';
import { optionalStoreSentence } from '../product-features.ts';
import { isSecretName } from '../../analyse/env-vars.ts';
import { constructorOptions, importedFrom } from '../../analyse/constructor-options.ts';
import type { Analysis, DatabaseChoice, EnvVar, SystemProperty } from '../../analyse/types.ts';
import { CONVENTIONAL_ENV, ENV_FILE, isSensitive, mustBeSet, userConfigVars } from '../model.ts';
import { oneBlock } from '../facts.ts';

const CLASS_LABEL: Record<string, string> = {
  ci: 'set by CI',
  build: 'of the build and its tools',
  // one label for every host variable, naming no kind of host a project may not have
  platform: 'set by the system the program runs on',
  completion: 'used by shell completion',
};

/**
 * One sentence naming the variables that are not the product's configuration, under their class or
 * area. Each name stands under one label: what sets it (CI, the build, the platform) before where
 * else it is read, so a variable CI sets and a script reads is told once, as CI's.
 */
function otherVarsLine(a: Analysis): string | null {
  const config = new Set(userConfigVars(a).map((e) => e.name));
  const labelOf = new Map<string, string>();
  const byClassFirst = [...a.envVars].sort(
    (x, y) => Number((x.class ?? 'config') === 'config') - Number((y.class ?? 'config') === 'config'),
  );
  for (const e of byClassFirst) {
    if (ENV_FILE.test(e.file) || config.has(e.name) || labelOf.has(e.name)) continue;
    const cls = e.class ?? 'config';
    labelOf.set(
      e.name,
      e.setByProgram
        ? 'set by the program itself unless the environment does (`os.environ.setdefault`)'
        : cls !== 'config'
          ? CLASS_LABEL[cls]!
          : `read only in ${e.area ?? 'other'}`,
    );
  }
  const groups = new Map<string, Set<string>>();
  for (const [name, label] of labelOf) groups.set(label, (groups.get(label) ?? new Set()).add(name));
  if (!groups.size) return null;
  const parts = [...groups.entries()].map(
    ([label, names]) => `${label}: ${joinSome([...names].sort().map(code), 4)}`,
  );
  return `Not configuration a user of the product sets: ${parts.join('; ')}.`;
}

/**
 * What the table shows as a variable's default: the other variables read in its place, then the
 * value(s) the code ends on; the same fallback gets the same words in every row.
 */
export function defaultCell(es: EnvVar[]): string {
  const vars = unique(es.flatMap((e) => e.fallbackVars ?? []));
  const values = unique(
    es.flatMap((e) => (e.defaultValue !== undefined ? [e.defaultValue] : (e.defaultValues ?? []))),
  );
  // spaces alone vanish in a code span: their number is what the reader needs
  const shown = values.slice(0, 3).map((v) =>
    v === ''
      ? 'empty string'
      : /^ +$/.test(v)
        ? plural(v.length, 'space')
        : // a type's largest value as a limit is no limit at all
          /^(?:\w+::)?MAX$/.test(v)
          ? `no limit (${code(v)})`
          : code(v),
  );
  const setAt = es.find((e) => hasDefault(e) && e.defaultValue === undefined);
  let tail: string | null = null;
  if (es.some(isSensitive) && es.some(hasDefault)) tail = '(set, hidden)';
  else if (shown.length) tail = shown.join(' or ');
  // no literal to show: say where the code sets its own value rather than that it does
  else if (setAt)
    tail = `the code's own value (${
      setAt.defaultAt
        ? cite(setAt.defaultAt.path, setAt.defaultAt.line)
        : cite(setAt.file, setAt.defaultLine ?? setAt.line)
    })`;
  else if (es.some((e) => e.unusableEmpty)) tail = vars.length ? 'none: one of them must be set' : 'none';
  else if (es.some((e) => e.emptyFallback)) tail = 'empty string';
  // a switch another read takes the value of (`FLASK_DEBUG=0` is off) is not tested for presence only
  else if (es.some((e) => e.presence))
    tail = es.every((e) => e.presence) ? 'unset: off (only its presence is tested)' : 'unset: off';
  // a global switch that makes the code skip this variable is part of what unset or set means
  const over = es.find((e) => e.overriddenBy)?.overriddenBy;
  const skipped = over ? `ignored when ${code(over.name)} is ${code(over.value)}` : '';
  // another source the code tries before its default (the justfile's own setting), or instead of one
  const first = unique(es.flatMap((e) => e.fallsBackTo ?? []));
  const source = (x: string) => {
    // a setting of one word is spelled in the settings as in the code; one of several words may be
    // spelled otherwise by its users (`dotenv-command`), so the code's own name is given
    const setting = /(?:^|\.)settings\.([a-z]+)$/i.exec(x)?.[1];
    return setting ? `the ${code(setting)} setting` : code(x);
  };
  const at = es.find((e) => e.defaultAt)?.defaultAt;
  if (first.length && first.length <= 2)
    tail = tail
      ? `${first.map(source).join(' or ')}, else ${tail}`
      : `${first.map(source).join(' or ')}${at ? ` (${cite(at.path, at.line)})` : ''}`;
  if (!vars.length) return skipped ? `${tail ?? 'none'}; ${skipped}` : (tail ?? NONE_WHERE_READ);
  return `${vars.map(code).join(', then ')}${tail ? `, else ${tail}` : ''}${skipped ? `; ${skipped}` : ''}`;
}

/**
 * The Default cell where the line that reads a variable gives no fallback: what that line gives, not
 * all the code does when it is unset (it may still handle the absence further on). Said in the cell,
 * so no legend under the table has to explain a dash.
 */
export const NONE_WHERE_READ = 'none where read';

const hasDefault = (e: EnvVar) =>
  e.hasDefault === true || e.defaultValue !== undefined || !!e.defaultValues?.length;

export const isRequired = (es: EnvVar[]) => es.some(mustBeSet);

/** Unset, the lookup returns nothing and the code has no value of its own to use instead. */
const isOptionalWithoutDefault = (es: EnvVar[]) =>
  !isRequired(es) &&
  !es.some((e) => hasDefault(e) || e.emptyFallback || e.presence || e.fallbackVars?.length);

export const configuration = defineSection({
  kind: 'configuration',
  keywords: [
    'configuration',
    'config',
    'settings',
    'environment variables',
    'environment',
    'feature flags',
    'parameters',
    'secrets management',
  ],
  aspects: [
    ['environment', 'env'],
    ['env', 'env'],
    ['variables', 'env'],
    ['files', 'files'],
    ['config files', 'files'],
    ['configuration files', 'files'],
  ],
  evidence: ['envVars', 'config.files', 'config.settings', 'containers'],
  analyst(a) {
    const envs = userConfigVars(a);
    const names = [...new Set(envs.map((e) => e.name))];
    const out: Finding[] = [];
    out.push(
      names.length
        ? f(
            `${plural(names.length, 'environment variable')} ${agree(names.length, 'is', 'are')} read: ${joinSome(names.map(text), 5)}.`,
            envs.slice(0, 4).map((e) => ref(e.file, e.line)),
            'env',
          )
        : f('No environment variables are read by the code.', [], 'env'),
    );
    const props = a.systemProperties ?? [];
    if (props.length)
      out.push(
        f(
          `JVM system properties read: ${joinSome(unique(props.map((p) => text(p.name))), 5)}.`,
          props.slice(0, 4).map((p) => ref(p.file, p.line)),
          'env',
        ),
      );
    if (a.config.files.length)
      out.push(
        f(
          `${plural(a.config.files.length, 'configuration file')} ${agree(a.config.files.length, 'is', 'are')} present, e.g. ${joinSome(
            a.config.files.map((c) => text(c.path)),
            3,
          )}.`,
          a.config.files.slice(0, 3).map((c) => ref(c.path)),
          'files',
        ),
      );
    else out.push(f('No configuration files were found.', [], 'files'));
    const profiles = a.config.profiles ?? [];
    if (profiles.length)
      out.push(
        f(
          `Property files hold the framework's defaults and ${plural(profiles.length, 'profile')} (${joinSome(
            profiles.map((p) => text(p.name)),
            4,
          )}).`,
          profiles.slice(0, 3).map((p) => ref(p.file)),
          'files',
        ),
      );
    return out;
  },
  writer: writeConfiguration,
});

export function writeConfiguration(ctx: WriterContext): string {
  const { a, fx } = ctx;
  const parts: string[] = [];
  const vars = userConfigVars(a);
  const byName = new Map<string, EnvVar[]>();
  for (const e of vars) byName.set(e.name, [...(byName.get(e.name) ?? []), e]);
  if (!wants(ctx, 'env')) {
    // not this section's aspect
  } else if (byName.size) {
    const entries = [...byName.entries()];
    const required = entries.filter(([, es]) => isRequired(es)).map(([n]) => n);
    // a name built at run time, or one only a library call reads, falls back as its reader decides
    // (a setting's default, the library's own rule): "no default value" would misdescribe it
    // a command-line option's variable (clap `env`) unset leaves the option absent, and the code that
    // uses the option may fall back on its own (`--chooser` unset runs `fzf`): the lookup cannot say
    const ownRead = (n: string, es: EnvVar[]) =>
      !n.includes('<') && es.some((e) => !e.readBy) && !es.every((e) => e.option);
    const optional = entries
      .filter(([n, es]) => ownRead(n, es) && isOptionalWithoutDefault(es))
      .map(([n]) => n);
    const emptyToClient = entries.some(([, es]) => isRequired(es) && !es.some((e) => e.required));
    const files = unique(vars.map((e) => e.file)).length;
    const reads = `The product reads ${plural(byName.size, 'environment variable')} in ${plural(files, 'file')}.`;
    const must = sentence(
      `${joinSome(required.map(code), 5)} must be set`,
      // a webhook route that answers 400 without its secret fails there, not at start-up
      emptyToClient
        ? ': the code fails when one is missing, or hands an empty value to a client that cannot use it'
        : `: the code that reads ${agree(required.length, 'it', 'each')} fails when it is missing`,
    );
    const may = sentence(
      `${joinSome(optional.map(code), 5)} ${agree(optional.length, 'has', 'have')} no default value but ${agree(optional.length, 'is', 'are')} optional`,
      `: unset, the lookup returns nothing rather than failing`,
    );
    // a switch tested only for presence has no fallback: its cell says what unset means
    const presence = entries.some(([, es]) => es.every((e) => e.presence));
    const options = entries.some(([, es]) => es.every((e) => e.option) && isOptionalWithoutDefault(es));
    // and only when the table shows each fallback: a name built at run time falls back as its reader
    // decides, which its "—" cell cannot show, and the sentence would contradict the cell
    const shownEach = entries.every(([, es]) => defaultCell(es) !== NONE_WHERE_READ);
    const all =
      !required.length && !optional.length && !presence && !options && shownEach
        ? entries.length === 1
          ? 'It has a fallback in the code.'
          : 'Every one has a fallback in the code.'
        : '';
    // the count on its own line: the consistency review weighs it against every variable read
    // (CI's and the platform's too) and may drop it, which must not take the rest with it
    parts.push(
      reads,
      [when(required.length, must), when(optional.length, may), all].filter(Boolean).join(' '),
    );
    const db = databaseSentence(a.config.databases ?? []);
    if (db) parts.push(db);
    const store = optionalStoreSentence(a, ctx.workspace, new Set(fx.productFiles.map((f) => f.path)));
    if (store) parts.push(store);
    const rows = [...byName.entries()].sort((x, y) => x[0].localeCompare(y[0]));
    // past 60 rows, the ones a deployment must get right stay in the table: secrets and the variables
    // the code cannot run without first, then the rest by name; the table itself reads by name
    // then those other settings are built from (a site URL every link and endpoint starts with) and
    // the one that picks the database
    const builtFrom = basisNames(
      vars,
      (a.config.databases ?? []).flatMap((d) => (d.when ? [d.when.variable] : [])),
    );
    const weight = ([n, es]: (typeof rows)[number]) =>
      es.some(isSensitive) ? 0 : es.some((e) => e.required) ? 1 : builtFrom.has(n) ? 2 : 3;
    const kept = new Set(
      [...rows]
        .sort((x, y) => weight(x) - weight(y) || x[0].localeCompare(y[0]))
        .slice(0, 60)
        .map(([n]) => n),
    );
    parts.push(
      table(
        ['Variable', 'Default', 'Sensitive', 'Read at'],
        rows
          .filter(([n]) => kept.has(n))
          .map(([n, es]) => [
            code(n),
            defaultCell(es),
            es.some(isSensitive) ? 'yes' : 'no',
            joinSome(
              es.slice(0, 3).map((e) => cite(e.file, e.line)),
              3,
            ),
          ]),
      ),
    );
    // the rows past the table are named, not the rule that cut it
    const rest = rows.filter(([n]) => !kept.has(n)).map(([n]) => code(n));
    if (rest.length) parts.push(`The product also reads ${joinSome(rest, 6)}.`);
  } else
    parts.push(
      sentence(
        `No environment variables are read by the ${plural(fx.sourceFiles.length, 'source file')}`,
        // a JVM library's system properties, told next, are its configuration
        a.systemProperties?.length ? '' : '; configuration, if any, lives in files or code',
      ),
    );
  const others = wants(ctx, 'env') ? otherVarsLine(a) : null;
  if (others) parts.push(others);
  if (wants(ctx, 'env')) parts.push(...systemPropertyParts(a));
  if (wants(ctx, 'files') && !a.config.files.length)
    parts.push(
      sentence(
        'No configuration files (such as .env.example, tsconfig.json or config/*.yaml) were found',
        ` among the ${plural(a.project.files, 'file')}`,
      ),
    );
  if (wants(ctx, 'files') && a.config.files.length) {
    // a bot's schedule for dependency updates keeps the repository current: it shapes neither the
    // build nor the run
    const upkeep = a.config.files.filter((c) => UPKEEP_KINDS.has(c.kind));
    const shaping = a.config.files.filter((c) => !UPKEEP_KINDS.has(c.kind));
    const aside = joinSome(
      upkeep.map((c) => `${cite(c.path)} (${text(c.kind)})`),
      3,
    );
    if (shaping.length) {
      // lint, format and compiler settings shape the build and the checks; only a file the running
      // product, its container or its host reads shapes how it runs
      const runs = shaping.some((c) => !DEVELOPMENT_KIND.test(c.kind));
      parts.push(
        `${plural(shaping.length, 'configuration file')} ${agree(shaping.length, 'shapes', 'shape')} how the project ${runs ? 'builds and runs' : 'is built and checked'}:`,
      );
      parts.push(
        table(
          ['File', 'Kind'],
          shaping.slice(0, 30).map((c) => [cite(c.path), text(c.kind)]),
        ),
      );
      if (upkeep.length) parts.push(`Repository upkeep, not the build: ${aside}.`);
    } else
      parts.push(
        `Apart from repository upkeep (${aside}), no configuration file shapes how the project builds and runs.`,
      );
  }
  if (wants(ctx, 'files')) parts.push(...propertySettings(a));
  const example = a.files.find((f) => /(^|\/)\.env\.(example|sample|template)$/.test(f.path));
  if (wants(ctx, 'env') && byName.size) {
    const built = builtNamesLine(vars);
    if (built) parts.push(built);
    parts.push(envDocs(ctx, [...byName.keys()], example?.path));
  }
  if (wants(ctx, 'env')) parts.push(...constructorOptionParts(ctx));
  return paragraphs(...parts);
}

/**
 * The options a library's or framework's users hand to the constructor its README calls (`new
 * Koa(options)`): its own configuration, set in code, with what the constructor uses when one is
 * not given.
 */
export function constructorOptionParts({ a, workspace }: Pick<WriterContext, 'a' | 'workspace'>): string[] {
  const kind = a.identity?.kind;
  if (kind !== 'library' && kind !== 'framework') return [];
  const entry = a.identity?.entryPoints.find((e) => e.call && /^new\s+[\w$.]+\(/.test(e.call));
  if (!entry || !workspace?.root) return [];
  const read = (p: string) => {
    try {
      return readFileSync(path.join(workspace.root, p), 'utf8');
    } catch {
      return undefined;
    }
  };
  const source = read(entry.path);
  if (!source) return [];
  const paths = new Set(a.files.map((f) => f.path));
  const found = constructorOptions(entry.path, source, entry.line, (name) => {
    const p = importedFrom(source, name, entry.path, (x) => paths.has(x));
    const text = p ? read(p) : undefined;
    return p && text ? { path: p, text } : undefined;
  });
  if (!found) return [];
  const call = entry.call!.replace(/\(\s*\)$/, `(${found.param})`);
  return [
    `Besides the environment, an application sets up each ${code(call)} through ${plural(found.options.length, 'option')} (${cite(found.path, found.line)}):`,
    table(
      ['Option', 'Default', 'Read at'],
      found.options.map((o) => [
        code(o.name),
        o.defaultValue ? code(o.defaultValue) : 'none',
        cite(o.path, o.line),
      ]),
    ),
  ];
}

/**
 * The JVM system properties the product reads (`-Djsoup.useHttpClient=false`): a JVM library's
 * configuration, told as what they are, beside the environment variables and not among them.
 */
export function systemPropertyParts(a: Analysis): string[] {
  const byName = new Map<string, SystemProperty[]>();
  for (const p of a.systemProperties ?? []) byName.set(p.name, [...(byName.get(p.name) ?? []), p]);
  if (!byName.size) return [];
  const rows = [...byName.entries()].sort((x, y) => x[0].localeCompare(y[0]));
  const files = unique((a.systemProperties ?? []).map((p) => p.file)).length;
  return [
    `The product reads ${plural(byName.size, 'JVM system property', 'JVM system properties')} (set with ${code('-Dname=value')}) in ${plural(files, 'file')}:`,
    table(
      ['Property', 'Default', 'Read at'],
      rows.slice(0, 30).map(([n, ps]) => {
        const values = unique(ps.flatMap((p) => (p.defaultValue === undefined ? [] : [p.defaultValue])));
        return [
          code(n),
          values.length ? values.slice(0, 3).map(code).join(' or ') : NONE_WHERE_READ,
          joinSome(
            ps.slice(0, 3).map((p) => cite(p.file, p.line)),
            3,
          ),
        ];
      }),
    ),
  ];
}

/**
 * Variables other settings are built from: named in another variable's default (`SITE_ROOT +
 * "/ping/"`), or picking the database. A deployment that gets one wrong gets the others wrong too.
 */
export function basisNames(vars: EnvVar[], selectors: string[] = []): Set<string> {
  const names = new Set(vars.map((e) => e.name));
  const out = new Set(selectors.filter((n) => names.has(n)));
  for (const e of vars)
    for (const w of e.defaultValue?.match(/[A-Z][A-Z0-9_]{2,}/g) ?? [])
      if (w !== e.name && names.has(w)) out.add(w);
  return out;
}

/** "`a`, `b` or `c`": values any one of which does the same. */
const joinOr = (xs: string[]) =>
  xs.length < 2 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} or ${xs.at(-1)}`;

/**
 * "The database is SQLite by default (…); the variable `DB` switches it: `postgres` to PostgreSQL
 * (…), `mysql` or `mariadb` to MySQL (…)." Which database a deployment gets is the first thing an
 * operator chooses, and the table row of one variable does not say it.
 */
export function databaseSentence(dbs: DatabaseChoice[]): string | null {
  const base = dbs.find((d) => !d.when);
  const switched = dbs.filter((d) => d.when);
  if (!base || !switched.length) return null;
  const vars = unique(switched.map((d) => d.when!.variable));
  const to = switched.map(
    (d) => `${joinOr(d.when!.values.map((v) => code(v)))} to ${text(d.engine)} (${cite(d.file, d.line)})`,
  );
  const by =
    vars.length === 1
      ? `the environment variable ${code(vars[0]!)} switches it: ${joinAnd(to)}`
      : `environment variables switch it: ${joinAnd(to)}`;
  return `The database is ${text(base.engine)} by default (${cite(base.file, base.line)}); ${by}.`;
}

/** Configuration kinds that tend the repository rather than build or run the project. */
const UPKEEP_KINDS = new Set(['dependency updates']);

/** Kinds of configuration file (analyse/config.ts) read only while the project is built, linted, formatted or tested. */
const DEVELOPMENT_KIND =
  /^(?:lint\/format|pre-commit hooks|Rust tooling|cross-compilation|docs build|tooling|Python tooling|TypeScript compiler|build\/tool config|Bun settings|JSR package manifest|Cargo build profiles\b.*|tool settings\b.*)$/;

// a property key that names a credential: its value is never shown
const secretKey = (key: string) => isSecretName(key.replace(/[.-]/g, '_').toUpperCase());
const SHOWN_SETTINGS = 15;

/**
 * The framework's property files: the defaults every run uses, the profiles that override them, and
 * how one is picked (`spring.profiles.active`). For a Spring Boot app this is most of its configuration.
 */
function propertySettings(a: Analysis): string[] {
  const settings = a.config.settings ?? [];
  if (!settings.length) return [];
  const profiles = a.config.profiles ?? [];
  const base = settings.filter((s) => !profiles.some((p) => p.file === s.file));
  const active = settings.find((s) => s.key === 'spring.profiles.active');
  const out: string[] = [];
  const baseFiles = unique(base.map((s) => s.file));
  const lead = baseFiles.length
    ? `${joinSome(
        baseFiles.map((f) => cite(f)),
        2,
      )} ${agree(baseFiles.length, 'holds', 'hold')} the defaults every run uses (${plural(base.length, 'setting')})`
    : '';
  const profileText = profiles.length
    ? `${plural(profiles.length, 'profile')} ${agree(profiles.length, 'overrides', 'override')} them: ${joinSome(
        profiles.map((p) => `${code(p.name)} (${cite(p.file)})`),
        5,
      )}`
    : '';
  const picked = active
    ? `${code(`spring.profiles.active=${active.value}`)} (${cite(active.file, active.line)}) selects the active one`
    : 'no property file sets `spring.profiles.active`, so a profile is picked at launch (`--spring.profiles.active=…` or `SPRING_PROFILES_ACTIVE`) and the defaults apply without one';
  out.push([lead, profileText].filter(Boolean).join('; ') + (profiles.length ? `; ${picked}.` : '.'));
  if (base.length)
    out.push(
      table(
        ['Setting', 'Value', 'At'],
        base
          .slice(0, SHOWN_SETTINGS)
          .map((s) => [code(s.key), secretKey(s.key) ? '(hidden)' : code(s.value), cite(s.file, s.line)]),
      ),
    );
  if (base.length > SHOWN_SETTINGS)
    out.push(
      `${plural(base.length - SHOWN_SETTINGS, 'more default setting follows', 'more default settings follow')} in the file: ${joinSome(
        base.slice(SHOWN_SETTINGS).map((s) => code(s.key)),
        6,
      )}.`,
    );
  return out;
}

/**
 * Names built at run time, and what fills them in: `<AUTO_ENVVAR_PREFIX>_<NAME>` from the
 * `auto_envvar_prefix` setting; a whole-placeholder name (`<ENVVAR>`) is the variable a setting names.
 */
function builtNamesLine(vars: EnvVar[]): string | null {
  const built = [...new Map(vars.filter((e) => e.name.includes('<')).map((e) => [e.name, e])).values()];
  if (!built.length) return null;
  const phrase = (e: EnvVar) => {
    // the code a part comes from (`cmd.Root().Name()`) where the analysis saw it, else the part's own name
    const parts = (e.name.match(/<[^<>]+>/g) ?? []).map((p) =>
      code(
        vars.find((v) => v.name === e.name && v.filledBy?.[p])?.filledBy?.[p] ?? p.slice(1, -1).toLowerCase(),
      ),
    );
    // a library call looks such names up itself: nothing of the product fills the placeholder in
    if (e.readBy)
      return `${code(e.name)} stands for every name of that form, which ${code(e.readBy)} looks up itself (${cite(e.file, e.line)})`;
    return /^<[^<>]+>$/.test(e.name)
      ? `${code(e.name)} is the variable the ${parts[0]} setting names (${cite(e.file, e.line)})`
      : `${code(e.name)} is filled in from ${joinSome(parts, 3)} (${cite(e.file, e.line)})`;
  };
  return `${agree(built.length, 'One name is', 'Some names are')} built at run time: ${joinSome(built.map(phrase), 4)}.`;
}

/** Where the variables are documented (README table, docs page, .env.example, `--help`), cited by line. */
function envDocs(ctx: WriterContext, all: string[], example: string | undefined): string {
  const { a } = ctx;
  // clap prints `[env: X]` beside each option in --help: those are documented where users look
  const vars = userConfigVars(a);
  const inHelp = all.filter((n) => vars.some((e) => e.name === n && e.inHelp));
  const names = all.filter((n) => !inHelp.includes(n));
  const help = inHelp.length
    ? `${inHelp.length === all.length ? `Every one of the ${plural(all.length, 'variable')} is` : `${plural(inHelp.length, 'variable')} ${agree(inHelp.length, 'is', 'are')}`} printed by the program's ${code('--help')} beside the option it sets (${cite(vars.find((e) => e.inHelp)!.file)}).`
    : '';
  if (!names.length) return help;
  const rest = envDocsOf(a, names, example, commentMentions(ctx, names));
  if (!help) return rest;
  // "these variables" after the --help sentence would take in the ones --help prints: the others are named
  const convention = /^`[^`]+`(?:, `[^`]+`)*(?:,? and `[^`]+`)? (?:is a convention|are conventions) /.test(
    rest,
  );
  // a help text the program prints that names them (`editor given by $VISUAL or $EDITOR`) is where users read of them
  const told = rest.startsWith('Neither the README') || convention ? helpMentions(ctx, names) : undefined;
  if (rest.startsWith('Neither the README') || told) {
    const where = told ? `named in the help text at ${cite(told.file, told.line)}` : 'named only in the code';
    return `${help} The other ${names.length === 1 ? 'one' : num(names.length)}, ${joinAnd(names.map(code))}, ${agree(names.length, 'is', 'are')} ${where}: neither the README, the docs nor a \`.env.example\` file names ${names.length === 1 ? 'it' : 'them'}.`;
  }
  return `${help} ${rest
    .replace(/^Every one of the/, 'Each of the other')
    .replace(
      /^(.+?) (is a convention|are conventions) /,
      `The other ${names.length === 1 ? 'one' : num(names.length)}, $1, $2 `,
    )}`;
}

/**
 * The doc comments that name a variable right above where the code reads it (`If NO_COLOR is set,
 * this returns false`): documentation too, in the code's own API docs.
 */
/** The first line of the product's code that gives help text naming every one of the variables. */
function helpMentions(ctx: WriterContext, names: string[]): { file: string; line: number } | undefined {
  const root = ctx.workspace?.root;
  if (!root || !names.length) return undefined;
  const named = names.map((n) => new RegExp(`\\$?\\b${n}\\b`));
  for (const f of ctx.fx.productFiles.slice(0, 300)) {
    if (!f.language || f.size > 512 * 1024) continue;
    let lines: string[];
    try {
      lines = readFileSync(path.join(root, f.path), 'utf8').split('\n');
    } catch {
      continue;
    }
    const i = lines.findIndex(
      (l) => /\bhelp\b/i.test(l) && /["'`]/.test(l) && named.every((re) => re.test(l)),
    );
    if (i >= 0) return { file: f.path, line: i + 1 };
  }
  return undefined;
}

function commentMentions(
  ctx: WriterContext,
  names: string[],
): { name: string; file: string; line: number }[] {
  const out: { name: string; file: string; line: number }[] = [];
  const root = ctx.workspace?.root;
  if (!root) return out;
  for (const e of userConfigVars(ctx.a)) {
    if (!names.includes(e.name) || !e.line || out.some((m) => m.name === e.name)) continue;
    let lines: string[];
    try {
      lines = readFileSync(path.join(root, e.file), 'utf8').split('\n');
    } catch {
      continue;
    }
    const comment = /^\s*(?:\*|\/\/|\/\*\*?|#)/;
    for (let i = e.line - 1; i >= Math.max(0, e.line - 40); i--)
      if (comment.test(lines[i] ?? '') && lines[i]!.includes(e.name)) {
        out.push({ name: e.name, file: e.file, line: i + 1 });
        break;
      }
  }
  return out;
}

function envDocsOf(
  a: Analysis,
  names: string[],
  example: string | undefined,
  comments: { name: string; file: string; line: number }[] = [],
): string {
  const mentions = [
    ...(a.docs.envVarMentions ?? []).filter((m) => names.includes(m.name)),
    // a variable no document names is still documented where a doc comment above its reading names it
    ...comments.filter((c) => !(a.docs.envVarMentions ?? []).some((m) => m.name === c.name)),
  ];
  const missing = names.filter((n) => !mentions.some((m) => m.name === n)).sort();
  // a file that names them in one block (a table, a list) is cited at the block; one that names them
  // here and there is cited whole: its first mention names only some of them
  const whereOf = (ms: typeof mentions) => {
    const byFile = new Map<string, typeof mentions>();
    for (const m of ms) byFile.set(m.file, [...(byFile.get(m.file) ?? []), m]);
    return joinSome(
      [...byFile.entries()]
        .sort((x, y) => y[1].length - x[1].length)
        .map(
          ([f, fm]) =>
            `${oneBlock(fm) ? cite(f, Math.min(...fm.map((m) => m.line))) : cite(f)} (${plural(new Set(fm.map((m) => m.name)).size, 'variable')})`,
        ),
      3,
    );
  };
  const where = whereOf(mentions);
  const namedCount = new Set(mentions.map((m) => m.name)).size;
  const undocumented =
    names.length === 1
      ? 'Neither the README, the docs, a `.env.example` file nor a comment where it is read names this variable; new developers must read the code to find it.'
      : 'Neither the README, the docs nor a `.env.example` file names these variables; ' +
        'new developers must read the code to find them.';
  if (!mentions.length && !example && names.every((n) => CONVENTIONAL_ENV.has(n)))
    return `${joinSome(names.map(code), 5)} ${agree(names.length, 'is a convention', 'are conventions')} the ecosystem's tools share; no document of the project describes ${names.length === 1 ? 'it' : 'them'}.`;
  if (!mentions.length)
    return example ? `${cite(example)} documents the expected variables for new developers.` : undocumented;
  if (!missing.length)
    return names.length === 1
      ? `${code(names[0]!)} is documented at ${where.replace(/ \(1 variable\)$/, '')}${
          comments.some((c) => c.name === names[0] && mentions.every((m) => m === c || m.name !== c.name))
            ? ', in the comment above the code that reads it'
            : ''
        }.`
      : `Every one of the ${plural(names.length, 'variable')} is documented: ${where}.`;
  // a variable the documents leave out but a comment above its reading names is documented for a
  // reader of that file, not for a user reading the docs: said apart, where the files are counted
  const inComments = mentions.filter((m) => comments.includes(m));
  if (inComments.length && inComments.length < mentions.length && missing.length) {
    const docs = mentions.filter((m) => !comments.includes(m));
    const inDocs = new Set(docs.map((m) => m.name)).size;
    const docWhere = whereOf(docs);
    const byComment = joinSome(
      inComments.map((c) => `${code(c.name)} (${cite(c.file, c.line)})`),
      5,
    );
    const codeOnly = `${joinSome(missing.map(code), 5)} ${agree(missing.length, 'is', 'are')} named only in the code`;
    return `${plural(inDocs, 'variable')} of ${names.length} ${agree(inDocs, 'is', 'are')} documented in ${docWhere}; ${byComment} ${agree(inComments.length, 'is', 'are')} named in a comment above the line that reads ${inComments.length === 1 ? 'it' : 'them'}, and ${codeOnly}.`;
  }
  const documented = `${plural(namedCount, 'variable')} of ${names.length} ${agree(namedCount, 'is', 'are')}`;
  const codeOnly = `${joinSome(missing.map(code), 5)} ${agree(missing.length, 'is', 'are')} named only in the code`;
  return sentence(documented, ` documented in ${where}; `, codeOnly);
}
