// The project model: the facts a report states about the project, each worked out once from the
// analysis, with what it covers (scope), where it shows (evidence) and what was searched to find it
// (checked). Chapters select and phrase these facts; none works one out again. The model's own
// invariants (`truthOf`, `agrees`, `disagreement`) say which values a sentence may give for a fact,
// under each reading of its scope; the prose reader (prose-claims.ts) finds the claims a section makes
// and holds each to them.

import type {
  Analysis,
  EnvVar,
  Flow,
  Identity,
  MainPathStep,
  ProjectKind,
  SymbolInfo,
  WebLayer,
} from '../analyse/types.ts';
import { factsOf, isBuildOnly, type Facts } from './facts.ts';
import { isSecretName } from '../analyse/env-vars.ts';
import { PLACEHOLDER_FALLBACK, PLACEHOLDER_SAMPLE } from '../analyse/secrets.ts';
import { KIND_GROUP, type Claim, type ClaimLedger } from './claim-ledger.ts';

// conventions every tool of the ecosystem knows (NODE_ENV, DEBUG, EDITOR…) need no documentation of their own
export const CONVENTIONAL_ENV = new Set([
  'NODE_ENV',
  'DEBUG',
  'CI',
  'HOME',
  'PATH',
  'PATHEXT',
  'TERM',
  'NO_COLOR',
  'FORCE_COLOR',
  'TZ',
  'LANG',
  'USER',
  'SHELL',
  'TMPDIR',
  'PWD',
  'EDITOR',
  'VISUAL',
  'PAGER',
  'LESS',
  'BROWSER',
  'COLUMNS',
  'LINES',
  'XDG_CONFIG_HOME',
  'XDG_DATA_HOME',
  'XDG_CACHE_HOME',
  'XDG_RUNTIME_DIR',
  'APPDATA',
  'LOCALAPPDATA',
  'USERPROFILE',
  'SYSTEMROOT',
  'COMSPEC',
  'WINDIR',
  'MSYSTEM',
]);

/** A place in the code base a fact rests on. */
export interface Evidence {
  path: string;
  line?: number;
}

/** One fact: its value, what it covers, where it shows and what was searched to establish it. */
export interface Fact<V> {
  value: V;
  /** The product's own code, or the whole repository (tests, examples and tooling included). */
  scope: 'product' | 'whole';
  evidence: Evidence[];
  /**
   * What was searched, in words a sentence can use ("the 145 product source files"): an absence (no
   * licence, no tests) is told as what this search did not find, never as a bare "there is none".
   */
  checked: string;
}

export interface ProjectModel {
  /** The tables the chapters share (files by role, dependencies, modules, largest files…). */
  facts: Facts;
  /** The test cases, the files that hold them and the product files with inline test modules. */
  tests: Fact<{ cases: number; files: string[]; inline: string[] }>;
  /** The settings a user of the product sets: variables the product's own code reads. */
  settings: Fact<EnvVar[]>;
  /** TODO-style markers in the product's own files. */
  todos: Fact<Analysis['todos']>;
  /** The product's modules, largest first. */
  modules: Fact<Facts['modules']>;
  /** The licence file and the licence it states (null: none found where licences are kept). */
  licence: Fact<{ path: string; spdx: string | null } | null>;
  /** What the project is (a library, a command-line tool…), when the identity pass could tell. */
  kind: Fact<ProjectKind | null>;
  /** The unit of work, step by step from where it enters the product; empty when none was traced. */
  mainPath: Fact<MainPathStep[]>;
  /**
   * The product's layers, in the order work passes through them (entry → dispatch → extension points,
   * main → argument parsing → dispatch → core work, controllers → services → entities); empty when the
   * code shows none.
   */
  layers: Fact<ProductLayer[]>;
  /** The central abstractions: the types the product is built on, those the main path runs through first. */
  abstractions: Fact<Flow['abstractions']>;
  /** How users add their own code (middleware, subcommands, hooks…) and the points where they do. */
  extension: Fact<ExtensionMechanism>;
}

/**
 * A layer's part in the work: a library's or framework's entry, dispatch and extension points; a
 * command line's main, argument parsing, dispatch and core work; a web application's controllers,
 * services and entities.
 */
export type LayerRole = 'entry' | 'dispatch' | 'extension' | 'main' | 'parse' | 'core' | WebLayer;

/** A definition where work crosses into a layer: a writer is shown it whole. */
export interface Boundary {
  name: string;
  owner?: string;
  path: string;
  line: number;
}

/** One layer of the product: its part, in words, the files it holds and where it is entered. */
export interface ProductLayer {
  role: LayerRole;
  /** The layer in words: "dispatch", "services and repositories". */
  name: string;
  files: string[];
  /** Where work enters the layer, first the definition the layer before hands it to. */
  boundaries: Boundary[];
}

/** How users add their own code: middleware, subcommands, hooks, adapters, subclasses of a base… */
export type ExtensionKind =
  | 'middleware'
  | 'plugins'
  | 'subcommands'
  | 'hooks'
  | 'adapters'
  | 'handlers'
  | 'subclasses'
  | 'events'
  | 'options'
  | 'sub-routers'
  | 'registrations'
  | 'input language';

/** One place users add their code: a registration method, a hook field, an abstract base… */
export interface ExtensionRef {
  kind: ExtensionKind;
  name: string;
  owner?: string;
  path: string;
  line: number;
  /** The collection it fills, as the code names it (`this.middleware`). */
  store?: string;
}

/** The extension mechanism: its kinds (the most telling first), its points, and the records they come from. */
export interface ExtensionMechanism {
  /** The leading kind, or null when none was found. */
  kind: ExtensionKind | null;
  kinds: ExtensionKind[];
  points: ExtensionRef[];
  /** The flow pass's own records of each way in, for the sentences that tell them. */
  detail: Pick<
    Flow,
    | 'extensions'
    | 'registrations'
    | 'hooks'
    | 'classParams'
    | 'composers'
    | 'bases'
    | 'tables'
    | 'options'
    | 'events'
    | 'language'
  >;
}

/** The kinds of a command line's public names (its options and commands), counted apart from the rest. */
export const CLI_KINDS = new Set(['flag', 'option', 'subcommand', 'command']);

const models = new WeakMap<Analysis, ProjectModel>();

/** The project model of an analysis, built once and shared by every chapter of the report. */
export function projectModel(a: Analysis): ProjectModel {
  let m = models.get(a);
  if (!m) models.set(a, (m = buildModel(a)));
  return m;
}

/** A `.env`-style file: it documents variables, it does not read them. */
export const ENV_FILE = /(^|\/)(\.env(\.[\w-]+)*|[\w-]*\.env)$/;

/** The settings a user of the product sets: read by the product's own code, not by CI, build, OS or tests. */
export function userConfigVars(a: Analysis): EnvVar[] {
  return a.envVars.filter(
    (e) => !ENV_FILE.test(e.file) && (e.class ?? 'config') === 'config' && (!e.area || e.area === 'product'),
  );
}

// a marker in a test, an example, a benchmark or generated output is no debt of the shipped product
const NOT_PRODUCT_CODE = new Set(['tests', 'examples', 'benchmarks', 'generated']);

// the maintainers' own scripts (scripts/test, tools/release.sh) run on the repository, not in the product
const MAINTAINER_DIR = /(^|\/)(scripts?|tools?|ci)\//;

/** The TODO-style markers in the product's own files: the debt the report counts. */
export function productTodos(a: Analysis, fx: Facts = factsOf(a)): Analysis['todos'] {
  const tests = new Set(fx.testFiles);
  // a CI pipeline's file says how the project is checked, not what it ships
  const pipelines = new Set((a.ci ?? []).map((c) => c.path));
  // nor does a file the layout sets apart (a checker's settings, a build descriptor)
  const apart = (a.identity?.nonProduct ?? []).map((n) => n.path.replace(/\/$/, ''));
  const isApart = (p: string) => apart.some((x) => p === x || p.startsWith(`${x}/`));
  return a.todos.filter((t) => {
    const role = fx.fileByPath.get(t.file)?.role;
    return (
      !tests.has(t.file) &&
      !pipelines.has(t.file) &&
      !(role && NOT_PRODUCT_CODE.has(role)) &&
      !isApart(t.file) &&
      !(role === 'other' && MAINTAINER_DIR.test(t.file))
    );
  });
}

// names of authentication and access-control code: schemes (HTTPBasicAuth, bearerAuth, jwt),
// backends and checks (authenticate, check_token, require_login, IsAuthenticated)
const AUTH_NAME =
  /^(?:HTTP)?(?:Basic|Digest|Bearer|Token|JWT|Jwt|OAuth2?|Api[Kk]ey|API[Kk]ey|Session)Auth\w*$|^(?:basic|bearer|digest|jwt|jwk|oauth|apiKey)Auth$|^jwt$|^(?:authenticate|authorize|authorise)\w*$|Authenticat(?:ion|or|ed)|Authori[sz](?:ation|er)|^(?:login_required|permission_required|requires?_?(?:auth|login|permission)\w*|check_?(?:token|password|permission)\w*|verify_?(?:token|password|jwt)\w*)$/i;

// a quota on what the product sends (`authorize_sms`: "if the monthly limit is not exceeded…") grants
// no access to anyone: it counts messages, it does not identify a user or check a right
const QUOTA_NAME = /^authori[sz]e_?(?:sms|calls?|emails?|messages?|notifications?|push(?:es)?)$/i;

// code that runs: a type describing options (BasicAuthOptions) is not authentication
const AUTH_KINDS = new Set(['function', 'class', 'method', 'struct', 'const']);

/**
 * Authentication code the product itself defines (a library's HTTPBasicAuth, a framework's bearerAuth
 * middleware, an application's login backends): what there is to review when no library does it.
 */
/** A type named for a value it carries rather than a check it makes: `AuthenticatedHttpRequest`, `AuthOptions`. */
const CARRIER_NAME = /(?:Request|Response|Options|Props|Params|Payload|Data|Info)$/;

export function productAuthCode(a: Analysis): { name: string; path: string; line: number }[] {
  const role = new Map(a.files.map((f) => [f.path, f.role]));
  const apart = (a.identity?.nonProduct ?? []).map((n) => n.path.replace(/\/$/, ''));
  const product = (p: string) =>
    (role.get(p) ?? 'product') === 'product' && !apart.some((x) => p === x || p.startsWith(`${x}/`));
  const seen = new Set<string>();
  const found = a.symbols.filter(
    (s) => AUTH_KINDS.has(s.kind) && AUTH_NAME.test(s.name) && !QUOTA_NAME.test(s.name) && product(s.path),
  );
  // what users can reach when there is any; private helpers of it otherwise
  const exported = found.filter((s) => s.exported);
  // a type named for the value it carries (a request annotated with its `user`, options, params)
  // checks nobody: the code that identifies users and checks their rights comes first
  const declaresOnly = (c: SymbolInfo) =>
    c.kind !== 'function' && c.kind !== 'method' && CARRIER_NAME.test(c.name);
  return (exported.length ? exported : found)
    .sort(
      (x, y) =>
        Number(!!y.exported) - Number(!!x.exported) ||
        Number(declaresOnly(x)) - Number(declaresOnly(y)) ||
        x.path.localeCompare(y.path) ||
        x.line - y.line,
    )
    .filter((s) => (seen.has(s.name.toLowerCase()) ? false : (seen.add(s.name.toLowerCase()), true)))
    .map((s) => ({ name: s.name, path: s.path, line: s.line }));
}

// Spring Boot Actuator: which management endpoints the web exposure setting opens
export const EXPOSURE_KEY = 'management.endpoints.web.exposure.include';

/** The Actuator's web exposure setting, when the product depends on the Actuator and sets it. */
export function actuatorExposure(a: Analysis) {
  const setting = (a.config.settings ?? []).find((s) => s.key === EXPOSURE_KEY);
  const actuator = a.dependencies.some((d) => /actuator/.test(d.name) && (!d.area || d.area === 'product'));
  return setting && actuator ? setting : null;
}

/** True for a variable whose name says it holds a credential (its default is never shown). */
export function isSensitive(e: EnvVar): boolean {
  return e.sensitive ?? isSecretName(e.name);
}

/**
 * The product cannot run without it: the read fails when it is unset (a non-null assertion,
 * `os.environ[…]`, a throw or exit), or its empty fallback goes straight to a client that cannot use
 * it and no other variable stands in (`createClient(url, process.env.KEY || '')`).
 */
export const mustBeSet = (e: EnvVar) => !!e.required || (!!e.unusableEmpty && !e.fallbackVars?.length);

/** Hard-coded secrets in the product's own files; those in examples, docs or scripts are named apart. */
export const ownFindings = (a: Analysis) => a.secrets.filter((s) => !s.area || s.area === 'product');
/** Real-looking secrets of the product: a placeholder fallback is told apart, as a value to override. */
export const ownSecrets = (a: Analysis) =>
  ownFindings(a).filter((s) => s.kind !== PLACEHOLDER_FALLBACK && s.kind !== PLACEHOLDER_SAMPLE);
export const ownPlaceholders = (a: Analysis) => ownFindings(a).filter((s) => s.kind === PLACEHOLDER_FALLBACK);
/** Credentials a shipped sample env file sets to a placeholder (`SECRET_KEY=---`). */
// a sample env file beside the deployment files is how the product is meant to be deployed: its own
export const ownSamples = (a: Analysis) =>
  a.secrets.filter(
    (s) => s.kind === PLACEHOLDER_SAMPLE && (!s.area || s.area === 'product' || s.area === 'deployment'),
  );

/** Credentials that fall back to a placeholder in the code or in a shipped sample env file. */
export const placeholderCredentials = (a: Analysis) => [...ownPlaceholders(a), ...ownSamples(a)];

/**
 * The product's Django `forms.py` modules that declare a form class: the layer that validates what
 * pages post, which the manifest never shows beside a schema library (`pydantic` for an API's JSON).
 */
export function djangoForms(a: Analysis): string[] {
  if (!a.frameworks.some((f) => f.name === 'Django')) return [];
  const product = new Set(a.files.filter((f) => (f.role ?? 'product') === 'product').map((f) => f.path));
  return [
    ...new Set(
      a.symbols
        .filter(
          (s) =>
            s.kind === 'class' &&
            /Form$/.test(s.name) &&
            /(?:^|\/)forms\.py$/.test(s.path) &&
            product.has(s.path),
        )
        .map((s) => s.path),
    ),
  ].sort();
}

const plural = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

function buildModel(a: Analysis): ProjectModel {
  const fx = factsOf(a);
  const sources = `the ${plural(fx.productFiles.length, 'product source file')}`;
  const inline = (a.tests.inline ?? []).map((t) => t.path);
  const settings = userConfigVars(a);
  const todos = productTodos(a, fx);
  const steps = a.identity?.mainPath ?? [];
  const extension = extensionOf(a);
  return {
    facts: fx,
    tests: {
      value: { cases: a.tests.totalCases, files: fx.testFiles, inline },
      scope: 'whole',
      evidence: [...fx.testFiles, ...inline].map((path) => ({ path })),
      checked: `every file of the repository, by the test conventions of ${
        a.tests.frameworks.length ? a.tests.frameworks.join(', ') : 'its languages'
      }`,
    },
    settings: {
      value: settings,
      scope: 'product',
      evidence: settings.map((e) => ({ path: e.file, line: e.line })),
      checked: `the environment reads of ${sources}`,
    },
    todos: {
      value: todos,
      scope: 'product',
      evidence: todos.map((t) => ({ path: t.file, line: t.line })),
      checked: `the comments of ${sources}`,
    },
    modules: {
      value: fx.modules,
      scope: 'product',
      evidence: fx.modules.map((mod) => ({ path: mod.id })),
      checked: sources,
    },
    licence: {
      value: a.license ? { path: a.license.path, spdx: a.license.spdx } : null,
      scope: 'whole',
      evidence: a.license ? [{ path: a.license.path }] : [],
      checked:
        'the licence files at the repository root (LICENSE, LICENCE, COPYING, UNLICENSE) and the licence fields of its manifests',
    },
    kind: {
      value: a.identity?.kind ?? null,
      scope: 'product',
      evidence: (a.identity?.entryPoints ?? []).map((e) => ({ path: e.path, line: e.line })),
      checked: 'the manifests, entry points and README',
    },
    mainPath: {
      value: steps,
      scope: 'product',
      evidence: steps.map((s) => ({ path: s.path, line: s.line })),
      checked: 'the calls made from where the unit of work enters the product',
    },
    abstractions: abstractionsOf(a),
    extension,
    layers: layersOf(a),
  };
}

const memo = <T>(build: (a: Analysis) => T) => {
  const built = new WeakMap<Analysis, T>();
  return (a: Analysis): T => {
    let v = built.get(a);
    if (v === undefined) built.set(a, (v = build(a)));
    return v;
  };
};

/**
 * The central abstractions of the model, on their own: what the mechanism's sentences read, built
 * from the flow alone so that they need no more of the analysis (projectModel holds the same fact).
 */
export const abstractionsOf = memo(abstractionsFact);
/** The central types a report lists with what each is: the first of `abstractionsOf`. */
export const CENTRAL_TYPES_SHOWN = 5;
/** The extension mechanism of the model, on its own (projectModel holds the same fact). */
export const extensionOf = memo(extensionFact);
/** The layers of the model, on their own (projectModel holds the same fact). */
export const layersOf = memo((a: Analysis) => layersFact(a, extensionOf(a).value));

function abstractionsFact(a: Analysis): Fact<Flow['abstractions']> {
  const types = a.flow?.abstractions ?? [];
  return {
    value: types,
    scope: 'product',
    evidence: types.map((t) => ({ path: t.path, line: t.line })),
    checked:
      'the types the product declares, by how much of the product names them and whether its main path runs through them',
  };
}

/** The kind of way in a registration method opens, by what it is called and what it fills. */
function registrationKind(p: { name: string; store?: string }): ExtensionKind {
  const words = `${p.name} ${p.store ?? ''}`;
  if (/middleware/i.test(words) || /^use$/i.test(p.name)) return 'middleware';
  if (/plugin|extension/i.test(words)) return 'plugins';
  if (/command/i.test(words)) return 'subcommands';
  if (/hook/i.test(words)) return 'hooks';
  if (/adapter/i.test(words)) return 'adapters';
  if (/route|handler/i.test(words)) return 'handlers';
  if (/listener|event/i.test(words)) return 'events';
  return 'registrations';
}

function extensionFact(a: Analysis): Fact<ExtensionMechanism> {
  const flow = a.flow;
  const detail: ExtensionMechanism['detail'] = {
    extensions: flow?.extensions ?? [],
    registrations: flow?.registrations ?? [],
    ...(flow?.hooks ? { hooks: flow.hooks } : {}),
    classParams: flow?.classParams ?? [],
    composers: flow?.composers ?? [],
    bases: flow?.bases ?? [],
    tables: flow?.tables ?? [],
    options: flow?.options ?? [],
    events: flow?.events ?? [],
    language: flow?.language ?? [],
  };
  const at = (kind: ExtensionKind, p: { name: string; owner?: string; path: string; line: number }) => ({
    kind,
    name: p.name,
    ...(p.owner ? { owner: p.owner } : {}),
    path: p.path,
    line: p.line,
  });
  const points: ExtensionRef[] = [
    ...[...detail.extensions!, ...detail.registrations!].map((e) => ({
      ...at(registrationKind(e), e),
      store: e.store,
    })),
    ...(detail.hooks
      ? [
          {
            ...at('hooks', { ...detail.hooks, name: detail.hooks.fields[0] ?? '' }),
            store: detail.hooks.fields.join(', '),
          },
        ]
      : []),
    ...detail.bases!.map((b) => at('subclasses', b)),
    ...detail.classParams!.map((c) => at('subclasses', c)),
    // users handle an event with `on('error', …)`: that is the point, where it is emitted its evidence
    ...detail.events!.map((e) => at('events', { ...e, name: `on('${e.name}')` })),
    ...detail.options!.map((o) => at('options', { ...o, name: o.option })),
    ...detail.composers!.map((c) => at('sub-routers', c)),
    ...detail.tables!.map((t) => at('registrations', t)),
  ];
  // a program configured by the input it reads takes its users' work as that input (a justfile's
  // recipes), where no code plugs in
  const input = points.length ? [] : detail.language!.slice(0, 1).map((l) => at('input language', l));
  const all = [...points, ...input];
  const kinds = [...new Set(all.map((p) => p.kind))];
  return {
    value: { kind: kinds[0] ?? null, kinds, points: all, detail },
    scope: 'product',
    evidence: all.map((p) => ({ path: p.path, line: p.line })),
    checked:
      "the product's public methods that keep what their caller hands them, the fields of its central types that hold the user's functions, its abstract bases, constructor options and emitted events, and the language its main path parses",
  };
}

const LAYER_NAMES: Record<LayerRole, string> = {
  entry: 'entry',
  dispatch: 'dispatch',
  extension: 'extension points',
  main: 'main',
  parse: 'argument parsing',
  core: 'core work',
  controller: 'request handlers',
  service: 'services and repositories',
  entity: 'entities',
};

const WEB_LAYERS: WebLayer[] = ['controller', 'service', 'entity'];
/** Boundaries named per layer: where work first enters it. */
const BOUNDARIES = 2;

const boundaryOf = (s: { name: string; owner?: string; path: string; line: number }): Boundary => ({
  name: s.name,
  ...(s.owner ? { owner: s.owner } : {}),
  path: s.path,
  line: s.line,
});

const layer = (role: LayerRole, boundaries: Boundary[], files: string[] = []): ProductLayer => ({
  role,
  name: LAYER_NAMES[role],
  files: [...new Set([...boundaries.map((b) => b.path), ...files])],
  boundaries: boundaries.slice(0, BOUNDARIES),
});

/**
 * The layers the code shows, in the order work passes through them: a web application's by its
 * files' annotations, directives and names (identity.layers); a command line's and a library's along
 * its main path. A layer the code does not show is left out; none, with what was searched, when the
 * project is neither or no main path was traced.
 */
function layersFact(a: Analysis, extension: ExtensionMechanism): Fact<ProductLayer[]> {
  const id = a.identity;
  const path = id?.mainPath ?? [];
  const web = id?.layers ?? {};
  const traced = path.some((s) => !s.external);
  let value: ProductLayer[] = [];
  let checked: string;
  if (Object.keys(web).length) {
    value = webAppLayers(a, web, path);
    checked =
      "the annotations, directives and names of the product's ranked files (controllers and handlers, services and repositories, entities and models)";
  } else if (!traced) {
    checked = "the main path (none was traced) and the annotations and names of the product's files";
  } else if (id?.kind === 'cli') {
    value = cliLayers(path);
    checked =
      "the main path from the program's main function: where it parses its arguments, picks the work and does it";
  } else if (id && /^(library|framework|plugin)$/.test(id.kind)) {
    value = libraryLayers(a, path, extension);
    checked =
      'the main path from where users make and call the product to where it runs the code they plug in';
  } else checked = "the main path and the annotations and names of the product's files";
  return {
    value,
    scope: 'product',
    evidence: value.flatMap((l) => l.boundaries.map((b) => ({ path: b.path, line: b.line }))),
    checked,
  };
}

/** Controllers, then services and repositories, then entities: each entered where the main path enters it, else at its most used file's first type. */
function webAppLayers(a: Analysis, web: Record<string, WebLayer>, path: MainPathStep[]): ProductLayer[] {
  const centrality = a.identity?.centrality ?? {};
  // what carries the work (a class, a function) before what describes it (an interface, a constant)
  const PREFERRED = ['class', 'struct', 'function', 'interface', 'const'];
  const firstDefinition = (file: string): Boundary[] => {
    const defs = (a.symbols ?? [])
      .filter((s) => s.path === file && PREFERRED.includes(s.kind))
      .sort(
        (x, y) =>
          Number(y.exported) - Number(x.exported) ||
          PREFERRED.indexOf(x.kind) - PREFERRED.indexOf(y.kind) ||
          x.line - y.line,
      );
    return defs.slice(0, 1).map(boundaryOf);
  };
  return WEB_LAYERS.flatMap((role) => {
    const files = Object.keys(web)
      .filter((p) => web[p] === role)
      .sort((x, y) => (centrality[y] ?? 0) - (centrality[x] ?? 0) || x.localeCompare(y));
    if (!files.length) return [];
    const onPath = path.filter((s) => !s.external && !s.handedIn && web[s.path] === role).map(boundaryOf);
    const made = layer(role, onPath.length ? onPath : firstDefinition(files[0]!), files);
    // a layer of data access alone is its repositories: no service is claimed where there is none
    if (role === 'service') {
      const data = new Set(a.identity?.dataAccess ?? []);
      if (files.every((p) => data.has(p))) made.name = 'repositories';
      else if (files.every((p) => !data.has(p))) made.name = 'services';
    }
    return [made];
  });
}

/** The index of the step that calls step i (`from`, else the step before it). */
const callerOf = (path: MainPathStep[], i: number) => path[i]!.from ?? i - 1;

/** The indices of the steps step i calls, directly or not. */
function below(path: MainPathStep[], i: number): number[] {
  const out: number[] = [];
  for (let j = i + 1; j < path.length; j++) {
    let k = callerOf(path, j);
    while (k > i) k = callerOf(path, k);
    if (k === i) out.push(j);
  }
  return out;
}

// a step that reads the command line: a derived parser (`Opts::parse()`), `parse_args`, `from_arguments`
const PARSES = /parse|(?:^|_)arg(?:ument)?s$|^(?:get_)?matches$/i;
// a step that picks the work by the command given: `Subcommand::execute`, `dispatch`
const DISPATCHES = /dispatch/i;

/**
 * A command line's layers along its main path: main; the steps that parse its arguments; the step
 * that picks the work by the command given (a subcommand's `execute`); and the core work, the call
 * with the most of the path below it among those the last of them makes.
 */
function cliLayers(path: MainPathStep[]): ProductLayer[] {
  const own = path.map((s, i) => ({ s, i })).filter(({ s }) => !s.external && !s.handedIn);
  if (own.length < 2) return [];
  const main = own[0]!;
  const parse = own.filter(({ s, i }) => i > 0 && (s.derived || PARSES.test(s.name)));
  const dispatch = own
    .filter(
      ({ s, i }) =>
        i > 0 &&
        !parse.some((p) => p.i === i) &&
        (DISPATCHES.test(s.name) ||
          (/command/i.test(s.owner ?? '') && /^(?:execute|run|call)$/i.test(s.name))),
    )
    // the first choice of work; what it calls is the work chosen
    .slice(0, 1);
  const skip = new Set([main.i, ...parse.map((p) => p.i), ...dispatch.map((d) => d.i)]);
  // the core is below the dispatch where there is one, else below whatever calls the parser
  const over = dispatch[0]?.i ?? (parse[0] ? callerOf(path, parse[0].i) : main.i);
  const children = own.filter(({ i }) => !skip.has(i) && callerOf(path, i) === over);
  const weight = (i: number) => below(path, i).length;
  const core = children.reduce<(typeof own)[number] | undefined>(
    (best, c) => (!best || weight(c.i) > weight(best.i) ? c : best),
    undefined,
  );
  const coreFiles = core
    ? [core.i, ...below(path, core.i)]
        .map((i) => path[i]!)
        .filter((s) => !s.external)
        .map((s) => s.path)
    : [];
  // a parser a derive macro writes has no body to show: the step that reads what it made stands for it
  const parsers = [...parse.filter((p) => !p.s.derived), ...parse.filter((p) => p.s.derived)];
  return [
    layer('main', [boundaryOf(main.s)]),
    ...(parse.length
      ? [
          layer(
            'parse',
            parsers.map((p) => boundaryOf(p.s)),
          ),
        ]
      : []),
    ...(dispatch.length
      ? [
          layer(
            'dispatch',
            dispatch.map((d) => boundaryOf(d.s)),
          ),
        ]
      : []),
    ...(core ? [layer('core', [boundaryOf(core.s)], coreFiles)] : []),
  ];
}

/**
 * A library's or framework's layers along its main path: the entry (what users make, then where a
 * unit of work enters), the dispatch (the product's own steps after it) and the extension points
 * (where users register their code, and where the path runs code it was handed).
 */
function libraryLayers(a: Analysis, path: MainPathStep[], extension: ExtensionMechanism): ProductLayer[] {
  const own = path.filter((s) => !s.external && !s.handedIn && !s.derived);
  if (!own.length) return [];
  const first = own[0]!;
  const made = (a.identity?.entryPoints ?? []).find((e) => e.call);
  const factory: Boundary[] =
    made && !(made.path === first.path && made.line === first.line)
      ? [
          {
            name:
              [...(a.symbols ?? []), ...(a.flow?.abstractions ?? [])].find(
                (s) => s.path === made.path && s.line === made.line,
              )?.name ?? made.call!.split('(')[0]!,
            path: made.path,
            line: made.line,
          },
        ]
      : [];
  const registers = extension.points.filter((p) => REGISTERS.has(p.kind)).map(boundaryOf);
  const handed = path.filter((s) => s.handedIn).map(boundaryOf);
  // how users register their code first, then where the path runs it
  const plugged = [
    ...registers.slice(0, 1),
    ...handed.slice(0, 1),
    ...registers.slice(1),
    ...handed.slice(1),
  ];
  return [
    layer('entry', [...factory, boundaryOf(first)]),
    ...(own.length > 1
      ? [
          layer(
            'dispatch',
            [boundaryOf(own[1]!)],
            own.slice(1).map((s) => s.path),
          ),
        ]
      : []),
    ...(plugged.length
      ? [
          layer(
            'extension',
            plugged,
            plugged.map((b) => b.path),
          ),
        ]
      : []),
  ];
}

/** The kinds of extension point users register their code through, by a method or a field. */
const REGISTERS = new Set<ExtensionKind>([
  'middleware',
  'plugins',
  'subcommands',
  'hooks',
  'adapters',
  'handlers',
  'registrations',
]);

// ---------------------------------------------------------------------------------------------
// What the model allows a sentence to say

const NOT_PRODUCT_AREAS = new Set([
  'examples',
  'tests',
  'docs',
  'benchmarks',
  'fixtures',
  'playground',
  'scripts',
  'component',
  'unpublished',
]);
const isProduct = (x: { area?: string }) => !x.area || !NOT_PRODUCT_AREAS.has(x.area);
export const isStrictProduct = (x: { area?: string }) => !x.area || x.area === 'product';

export const KIND_WORDS: Record<ProjectKind, string> = {
  library: 'a library',
  framework: 'a framework',
  plugin: 'a plugin',
  application: 'an application',
  'web-application': 'a web application',
  service: 'a service',
  cli: 'a command-line tool',
  monorepo: 'a monorepo',
  'build-tool': 'a build tool',
};

export const RUNS_ON_CATEGORIES = new Set(['web', 'frontend', 'mobile', 'cli']);
export const normFw = (s: string) =>
  s
    .toLowerCase()
    .replace(/\.js$|js$/, '')
    .replace(/[^a-z0-9]+/g, '');

export interface Truth {
  /** The values the analysis allows (counts), or the families / kinds / names it holds. */
  allowed: Set<number> | Set<string>;
  /** What the analysis says, as a phrase for the reviewer's note. */
  says: string;
}

const fmt = (n: number) => n.toLocaleString('en-US');
const countsSay = (set: Set<number>, noun: string) =>
  `${[...set]
    .sort((x, y) => x - y)
    .map(fmt)
    .join(' or ')} ${noun}`;

/**
 * What the model allows a sentence to say for a claim: the values of the fact under each reading of its
 * scope; undefined when the model cannot tell (no licence found…), and the claim is then held to the
 * sentences accepted before it.
 */
export function truthOf(c: Claim, a: Analysis): Truth | undefined {
  const m = projectModel(a);
  const fx = m.facts;
  const set = (...ns: (number | undefined)[]) =>
    new Set(ns.filter((n): n is number => typeof n === 'number' && Number.isFinite(n)));
  // the product base every chapter states (agents/facts.ts), not every file of the product role
  const product = fx.productFiles.length
    ? { files: fx.productFiles.length, code: fx.productFiles.reduce((n, f) => n + f.code, 0) }
    : a.linesByRole?.product;
  const uniq = <T>(xs: T[], k: (x: T) => string) => new Set(xs.map(k)).size;
  const count = (allowed: Set<number>, noun: string): Truth => ({ allowed, says: countsSay(allowed, noun) });
  // runtime or development dependencies: of the product or of all manifests, by either scope reading
  const scopedDependencies = (all: typeof a.dependencies, scope: string, noun: string): Truth => {
    const own = all.filter(isStrictProduct);
    const strict = a.dependencies.filter((d) => d.scope === scope);
    return count(
      set(
        all.length,
        own.length,
        // the development dependencies without the build's, as the overview counts them apart
        all.filter((d) => !isBuildOnly(d)).length,
        strict.length,
        strict.filter(isStrictProduct).length,
        uniq(own, (d) => d.name),
      ),
      noun,
    );
  };
  switch (c.key) {
    case 'test-cases':
      return count(set(m.tests.value.cases), 'test cases');
    case 'tests':
      // "429 tests" is usually cases; "no tests" is contradicted by either
      return count(
        set(m.tests.value.cases, m.tests.value.files.length, a.tests.files.length),
        'test cases or test files',
      );
    case 'test-files':
      return count(
        set(m.tests.value.files.length, a.tests.files.length, a.linesByRole?.tests?.files),
        'test files',
      );
    case 'source-files':
      return count(set(fx.sourceFiles.length, product?.files), 'source files');
    case 'files': {
      const whole = set(a.project.files, a.files.length);
      const own = set(product?.files);
      if (c.scope === 'product') return own.size ? count(own, 'files in the product') : undefined;
      return count(c.scope === 'whole' ? whole : new Set([...whole, ...own]), 'files');
    }
    case 'lines-of-code': {
      // the whole repository, with or without the generated and copied files it holds
      const whole = set(a.project.lines.code, a.project.lines.code - (a.linesByRole?.generated?.code ?? 0));
      const own = set(product?.code);
      if (c.scope === 'product') return own.size ? count(own, 'lines of product code') : undefined;
      return count(c.scope === 'whole' ? whole : new Set([...whole, ...own]), 'lines of code');
    }
    case 'dependencies': {
      const own = a.dependencies.filter(isStrictProduct);
      // the Dependencies chapter's count: runtime plus development, a package two builds of the same
      // project both declare counted once
      const chapter = [...fx.runtimeDeps, ...fx.optionalPeerDeps, ...fx.devDeps];
      return count(
        set(
          a.dependencies.length,
          own.length,
          uniq(a.dependencies, (d) => d.ecosystem + d.name),
          uniq(own, (d) => d.ecosystem + d.name),
          chapter.length,
        ),
        'declared dependencies',
      );
    }
    case 'runtime-dependencies':
      return scopedDependencies(fx.runtimeDeps, 'runtime', 'runtime dependencies');
    case 'dev-dependencies':
      return scopedDependencies(fx.devDeps, 'dev', 'development dependencies');
    case 'routes': {
      const strict = a.routes.filter(isStrictProduct).length;
      const lenient = a.routes.filter(isProduct).length;
      const allowed = c.serves ? set(strict, lenient) : set(strict, lenient, a.routes.length);
      const elsewhere = a.routes.length - lenient;
      const areas = [...new Set(a.routes.filter((x) => !isProduct(x)).map((x) => x.area!))];
      return {
        allowed,
        says: `${countsSay(allowed, 'HTTP routes')}${c.serves ? ' served by the product itself' : ''}${elsewhere ? ` (${fmt(elsewhere)} more belong to its ${areas.join(' and ')})` : ''}`,
      };
    }
    case 'env-vars':
      // what the Configuration chapter counts (the product's own settings, not CI's, the build's or
      // the platform's), or every variable the code reads; never the lines that read them
      return count(
        set(
          uniq(m.settings.value, (e) => e.name),
          uniq(fx.codeEnvVars, (e) => e.name),
        ),
        'environment variables',
      );
    case 'todos':
      // every marker, or the Known Issues chapter's: those in the product's own files
      return count(set(a.todos.length, m.todos.value.length), 'TODO/FIXME markers');
    case 'public-names':
      return a.identity
        ? count(
            set(
              a.identity.publicApi.length,
              uniq(a.identity.publicApi, (e) => e.name),
              // the API chapter counts a command line's options apart from the other public names
              a.identity.publicApi.filter((e) => !CLI_KINDS.has(e.kind)).length,
            ),
            'public names',
          )
        : undefined;
    case 'modules':
      return count(set(m.modules.value.length), 'modules');
    case 'licence':
      if (!a.license) return undefined;
      if (c.value === 'none')
        return { allowed: new Set(['present']), says: `a licence in ${a.license.path}` };
      if (!a.license.spdx) return undefined;
      return {
        allowed: licenceFamilies(a.license.spdx),
        says: `the ${a.license.spdx} licence (${a.license.path})`,
      };
    case 'kind':
      return a.identity ? { allowed: kindsOf(a.identity), says: kindSays(a.identity) } : undefined;
    case 'runs-on':
      return runsOnTruth(String(c.value), a);
  }
}

function kindsOf(id: Identity): Set<string> {
  return new Set([id.kind, ...id.kinds]);
}
const kindSays = (id: Identity) =>
  [...new Set([id.kind, ...id.kinds])].map((k) => KIND_WORDS[k] ?? k).join(', also ');

function runsOnTruth(name: string, a: Analysis): Truth | undefined {
  const n = normFw(name);
  const same = (x: string) => {
    const y = normFw(x);
    return y === n || y.startsWith(n) || n.startsWith(y);
  };
  const fws = a.frameworks.filter((f) => same(f.name));
  // what the product runs on is one of its own runtime dependencies (not `@types/express`, a dev one)
  const ownDep = factsOf(a).runtimeDeps.some(
    (d) =>
      isProduct(d) &&
      [d.name, ...(/^@([\w.-]+)\/([\w.-]+)$/.exec(d.name)?.slice(1) ?? [])].some((x) => same(x)),
  );
  if (fws.some(isProduct) || ownDep) return { allowed: new Set([name]), says: name };
  const elsewhere = fws.filter((f) => !isProduct(f));
  if (!RUNS_ON_CATEGORIES.has(fws[0]?.category ?? 'web')) return undefined;
  return {
    allowed: new Set<string>(),
    says: elsewhere.length
      ? `${name} only in its ${[...new Set(elsewhere.map((f) => f.area!))].join(' and ')} (${elsewhere[0]!.evidence})`
      : `no ${name} among the product's frameworks and dependencies`,
  };
}

/** Whether a claim says what the model allows. */
/**
 * What a claim of the prose disagrees with, if anything: the model's own value for its fact, or,
 * where the model holds none, what a section accepted before said of it. The model's invariants,
 * applied to a claim; the prose reader (prose-claims.ts) finds the claims and acts on the answer.
 */
export function disagreement(
  c: Claim,
  a: Analysis,
  ledger?: ClaimLedger,
): { by: 'analysis'; says: string } | { by: 'section'; section: string; claim: Claim } | undefined {
  const t = truthOf(c, a);
  if (t) return agrees(c, t) ? undefined : { by: 'analysis', says: t.says };
  const other = ledger?.conflict(c);
  return other ? { by: 'section', ...other } : undefined;
}

export function agrees(c: Claim, t: Truth): boolean {
  if (typeof c.value === 'string') {
    const allowed = t.allowed as Set<string>;
    if (c.key === 'kind') {
      const g = KIND_GROUP[c.value as ProjectKind];
      return (
        allowed.has(c.value) ||
        g === 'either' ||
        [...allowed].some((k) => {
          const h = KIND_GROUP[k as ProjectKind];
          return h === 'either' || h === g;
        })
      );
    }
    if (c.key === 'licence') return c.value === 'none' ? !allowed.has('present') : allowed.has(c.value);
    return allowed.has(c.value);
  }
  const allowed = [...(t.allowed as Set<number>)];
  const n = c.value;
  // "no tests": contradicted only when every reading of the analysis counts some
  if (n === 0) return allowed.some((v) => v === 0);
  if (c.approx === 'about') return allowed.some((v) => Math.abs(v - n) <= Math.max(2, 0.15 * v));
  if (c.approx === 'at-least') return allowed.some((v) => v >= n);
  if (c.approx === 'at-most') return allowed.some((v) => v <= n);
  return allowed.includes(n);
}

// Licences, by family: "MIT", "Apache-2.0" / "Apache License 2.0", "BSD-3-Clause"… A claim names a
// family the analysis's SPDX expression holds (dual licences hold two).
const LICENCES: [RegExp, string][] = [
  [/\bMIT\b/, 'MIT'],
  [/\bApache\b/i, 'Apache'],
  [/\b(?:AGPL|Affero)/i, 'AGPL'],
  [/\b(?:LGPL|Lesser General Public)/i, 'LGPL'],
  [/\b(?:GPL|General Public Licen[cs]e)/i, 'GPL'],
  [/\b0?BSD\b/, 'BSD'],
  [/\b(?:MPL|Mozilla Public)/i, 'MPL'],
  [/\bISC\b/, 'ISC'],
  [/\bUnlicense\b/, 'Unlicense'],
  [/\bCC0\b/, 'CC0'],
  [/\b(?:EPL|Eclipse Public)/i, 'EPL'],
  [/\bZlib\b/i, 'Zlib'],
  [/\b(?:BSL-1\.0|Boost Software)/i, 'BSL'],
  [/\bArtistic\b/i, 'Artistic'],
  [/\bWTFPL\b/, 'WTFPL'],
  [/\b(?:PSF|Python Software Foundation)\b/, 'PSF'],
];

export function licenceFamily(s: string): string | undefined {
  for (const [re, fam] of LICENCES) if (re.test(s)) return fam;
  return undefined;
}

export function licenceFamilies(spdx: string): Set<string> {
  return new Set(
    spdx
      .split(/(?<!\s)\s+(?:OR|AND|WITH)\s+|[()]/)
      .map((p) => licenceFamily(p))
      .filter((x): x is string => !!x),
  );
}

/**
 * A framework the product declares only for development or only as an optional extra (not one of
 * a Cargo crate's default features): the product runs without it, so it is not what the product is built on. Its declaration is the one it was
 * found at (the framework Jinja is the package `jinja2`), else one of its name.
 */
export function notNeededToRun(
  a: Analysis,
  fw: Pick<Analysis['frameworks'][number], 'name' | 'evidence'>,
): boolean {
  const own = a.dependencies.filter((d) => !d.area || d.area === 'product');
  const at = own.filter((d) => `${d.manifest}:${d.line}` === fw.evidence);
  const decl = at.length ? at : own.filter((d) => d.name.toLowerCase() === fw.name.toLowerCase());
  // an optional peer (`peerDependenciesMeta`) is installed by the users who want it, like an extra;
  // an optional crate the default features turn on is in the build a user gets
  return (
    decl.length > 0 &&
    decl.every((d) => ((d.scope !== 'runtime' && d.scope !== 'peer') || d.optionalPeer) && !d.inDefaultBuild)
  );
}
