// Reading a section's prose for the claims it makes about the code base (counts of tests, files,
// lines, dependencies, routes…, its licence, its kind, what it runs on, "no tests"), as mdast reads
// Markdown: each claim with its noun phrase, its scope and the sentence it stands in. Whether a claim
// holds is the project model's to say (`disagreement` in model.ts: its own invariants, and the claims
// of sections already accepted); this file only reads, and acts on the answer: a model writer is sent
// back, a reviewed draft loses the sentence. A claim is read only where its noun phrase and scope are
// unambiguous: a wrong rejection of true text costs more than a missed contradiction, so anything
// uncertain is not a claim at all.

import type { Analysis, ProjectKind } from '../analyse/types.ts';
import { type Citation, citationsIn, formatCitation, knownFiles, replaceCodeSpans } from '../citations.ts';
import type { Claim, ClaimKey, ClaimLedger } from './claim-ledger.ts';
import { isTestPath } from './facts.ts';
import { disagreement, isStrictProduct, licenceFamily, normFw, RUNS_ON_CATEGORIES } from './model.ts';

export interface Contradiction {
  claim: Claim;
  /** What the analysis or the other section says instead. */
  reason: string;
  /**
   * The citation of the claim's sentence into lines the writer was shown that say what the claim
   * says (`path:line`): the quoted file wins over the analysis, the claim stays and the conflict is
   * noted for the trace.
   */
  quoted?: string;
}

/** The lines a model writer was shown of each file, as its numbered excerpts gave them: path → line → text. */
export type ShownFiles = Map<string, Map<number, string>>;

// ---------------------------------------------------------------------------------------------
// Reading the prose

/** Marks a code span in the masked text; citations are removed instead. */
const CODE = '\u2039code\u203a';
const QUOTE = '\u2039quote\u203a';

const NUM = String.raw`(\d{1,3}(?:,\d{3})+|\d+)`;
// not part of a version, a decimal, a citation, an identifier, a percentage or "8,135-line"
const NUM_RE = new RegExp(String.raw`(?<![\w.,:/#$§€£%+\-])${NUM}(?![\w%]|[.,]\d|-)`, 'g');
// a number after one of these words is a version, a port, a page, a line… never a count
const NOT_A_COUNT_BEFORE =
  /\b(?:version|v|node(?:\.js)?|python|java|go|ruby|php|es|jdk|java se|port|page|pages|line|lines|chapter|section|figure|fig|table|step|item|issue|pr|rfc|iso|since|in|from|until|by)\s*$/i;

const APPROX: [RegExp, Claim['approx']][] = [
  [/\b(?:about|around|roughly|approximately|approx\.?|nearly|almost|some|close to|~)\s*$/i, 'about'],
  [/\b(?:over|more than|at least|upwards of)\s*$/i, 'at-least'],
  [/\b(?:under|fewer than|less than|at most|up to)\s*$/i, 'at-most'],
];

const FILLER = String.raw`(?:only|just|about|around|roughly|approximately|approx\.?|nearly|almost|some|over|more than|fewer than|less than|under|at least|at most|up to|close to|upwards of|a total of|in total|exactly|all|the|its|their|~)`;
const VERB = String.raw`(?:has|have|had|holds|hold|holding|contains|contain|containing|declares|declare|declaring|lists|list|reads|read|reading|serves|serve|serving|exposes|expose|exposing|defines|define|defining|registers|register|ships with|comes with|ships|includes|include|including|counts|spans|span|spanning|measures|totals|comprises|consists of|offers|offer|provides|provide|uses|use|using|relies on|depends on|pulls in|requires|require|runs|run|running|executes|carries|carry|carrying|is|are|was|were|with|across|found|finds|identified|detected|recorded|amounts to|stands at|reaches)`;
// the counted phrase opens the clause and a verb follows it: "73 test files hold …"
const FOLLOW =
  /^\s+(?:(?:are|is|were|was)\s+(?:declared|read|defined|found|served|registered|exposed|listed|detected|present|used|counted)\b|(?:hold|holds|make up|makes up|form|forms|remain|remains|exist|exists|cover|covers|run|ship|live|are in place)\b)/i;
const LEAD = String.raw`(?:(?:in total|overall|altogether|all told|today|currently|at present|so far|in short|in sum|in summary|together|according to the analysis),?\s+)?`;
// a coordinated clause whose subject is the project again: "No auth library is declared, yet the project serves …"
const COORD = String.raw`(?:[^;]*?,\s*(?:yet|and|but|so|while|whereas|although|though)\s+)?`;
// between the subject and its verb: adverbs, an apposition, or a first predicate ("is a framework … and serves")
const MIDDLE = String.raw`(?:,[^,;]*,|\s+(?:is|was|has|holds|uses|declares|reads)\b[^;]*?\s+and|\s+is\s+an?\s+[^;]*?(?=\s+(?:serving|with|holding|containing|exposing|spanning|carrying|declaring|defining|offering|providing|including)\s)|(?:\s+(?:also|already|currently|now|still|itself|in total|altogether|today|overall|only))*)`;
const PRONOUN = /^(?:it|this)$/i;

/** Words that narrow a count to part of the code base: a file, a folder, the examples… */
const SCOPE_BLOCKER =
  /\u2039code\u203a|\u2039quote\u203a|(?<![\w.-])[\w.-]+\/[\w./-]*|\b[\w-]+\.(?:[jt]sx?|mjs|cjs|py|go|rs|java|kt|rb|php|cs|json|ya?ml|toml|md|sql|xml)\b|\b(?:examples?|samples?|demos?|fixtures?|benchmarks?|bench|playground|mocks?|stubs?|fakes?|tutorials?|file|folder|folders|directory|directories|subfolders?|submodules?|class|classes|function|functions|method|component|components|largest|biggest|smallest|longest|each|per|alone|except|excluding|besides|apart|outside|beside|which|whose|where|while|whereas|one of|some of|part of|subset|half|most of|many of|several|another|other|others)\b/i;
// after the counted noun: a restriction ("without an upper bound", "in `lib`", "of them", "fail")
const AFTER_BLOCKER =
  /\u2039code\u203a|\u2039quote\u203a|(?<![\w.-])[\w.-]+\/[\w./-]*|\b[\w-]+\.(?:[jt]sx?|mjs|cjs|py|go|rs|java|kt|rb|php|cs|ya?ml|toml|md|sql|xml)\b|\b(?:examples?|samples?|demos?|fixtures?|benchmarks?|bench|playground|mocks?|stubs?|tutorials?|folder|folders|directory|directories|module|modules|class|classes|function|functions|without|lacking|lack|missing|not|n't|never|fail|fails|failing|failed|skipped|pending|disabled|flaky|broken|per|each|alone|of them|of which|only|apart|except|excluding|outside|beside|besides|under|inside|within|below|largest|smallest|that have|that lack|whose|undocumented|unused|outdated|deprecated|vulnerable|unpinned|pinned|loose)\b/i;
const WHOLE_MARKER =
  /\b(?:code ?base|repository|repo|in total|overall|altogether|whole|entire|analysis|analysed|analyzed|scanned)\b/i;
const PRODUCT_MARKER = /\bproduct\b/i;

interface NounRule {
  re: RegExp;
  key: ClaimKey;
}
// in order: the longer phrase first ("test files" before "files")
const NOUNS: NounRule[] = [
  { re: /^(?:unit\s+|automated\s+)?test[- ]cases?\b/i, key: 'test-cases' },
  { re: /^test files?\b/i, key: 'test-files' },
  {
    re: /^(?:unit\s+|automated\s+)?tests?\b(?!\s*(?:files?|folders?|director|suites?|helpers?|scripts?|cases?|code|data|utilities|projects?|jobs?|workflows?|runs?|runners?|frameworks?|dependenc))/i,
    key: 'tests',
  },
  { re: /^(?:source|code|source code|program)\s+files?\b/i, key: 'source-files' },
  { re: /^files?\b/i, key: 'files' },
  { re: /^(?:lines of (?:source )?code|(?:source )?code lines|LOC|SLOC)\b/i, key: 'lines-of-code' },
  {
    re: /^(?:runtime|run-time|production|prod)\s+dependenc(?:y|ies)\b/i,
    key: 'runtime-dependencies',
  },
  {
    re: /^(?:development|dev|dev-only|development-only)\s+dependenc(?:y|ies)\b/i,
    key: 'dev-dependencies',
  },
  {
    re: /^(?:declared\s+|direct\s+|third-party\s+|external\s+)?dependenc(?:y|ies)\b(?!\s*(?:edges?|graph|arrows?|links?|injection|tree|cycles?|chains?))/i,
    key: 'dependencies',
  },
  { re: /^(?:HTTP\s+|REST\s+|API\s+|web\s+)?(?:routes?|endpoints?)\b/i, key: 'routes' },
  { re: /^(?:environment|env)\s+(?:variables?|vars?)\b/i, key: 'env-vars' },
  {
    re: /^(?:(?:TODO|FIXME|HACK)(?:\s*\/\s*(?:TODO|FIXME|HACK))*\s+(?:markers?|comments?)|open markers?|TODOs)\b/i,
    key: 'todos',
  },
  { re: /^public names?\b/i, key: 'public-names' },
  { re: /^modules?\b(?!\s*(?:graph|edges?|systems?|resolution|level))/i, key: 'modules' },
];

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Reader {
  names: string[];
  /** "<subject> [middle] <verb> [filler]" ending where a count starts; group 1 is the subject. */
  subject: RegExp;
  /** The project as the subject of a sentence: its name, "the project", "the code base"… */
  projectStart: RegExp;
  /** Matches the project's names, to keep them out of the scope checks ("koa-compose" is no path). */
  nameRe: RegExp;
  manifests: Set<string>; // code spans that name the product's own manifest do not narrow a count
}

const PROJECT_THINGS = String.raw`(?:whole\s+|entire\s+|overall\s+)?(?:project|product|code ?base|repository|repo|source code|code|library|framework|application|app|tool|command-line tool|service|api|http api|rest api|test suite|suite|tests|test code|automated tests|unit tests|module graph|program|server)`;

function readerFor(a: Analysis, extraNames: string[]): Reader {
  const names = [
    ...new Set(
      [a.project.name, a.project.manifestName, ...extraNames]
        .map((n) => (n ?? '').trim())
        .filter((n) => n.length >= 2),
    ),
  ].sort((x, y) => y.length - x.length);
  const named = names.map(escapeRe).join('|');
  const project = String.raw`(?:(?:the|this|its|our)\s+${PROJECT_THINGS}${named ? `|${named}` : ''})(?:['’]s\s+(?:test suite|tests|code|code ?base|repository|product|api|http api|source code))?(?:\s+itself)?`;
  return {
    names,
    subject: new RegExp(
      String.raw`^\s*${LEAD}${COORD}(${project}|it|this|there|the analysis|the scan)${MIDDLE}\s*${VERB}\s+(?:${FILLER}\s+)*$`,
      'i',
    ),
    projectStart: new RegExp(String.raw`^\s*${LEAD}(?:${project})\b`, 'i'),
    nameRe: new RegExp(named || '(?!)', 'gi'),
    manifests: new Set(a.dependencies.filter(isStrictProduct).map((d) => d.manifest)),
  };
}

/** The text of one line as the checks read it: code spans marked, citations and emphasis gone. */
function masked(line: string, r: Reader): string {
  // a citation in parentheses, "(`lib/a.js:5`, `b.js`)", carries no words of the sentence
  let out = line.replace(/\s?\(\s*(?:`[^`\n]+`\s*(?:(?:,|and)\s*)?)+\)/g, ' ');
  out = replaceCodeSpans(out, (whole, ticks, inner) =>
    whole.replace(`${ticks}${inner}${ticks}`, r.manifests.has(inner.trim()) ? 'the manifest' : ` ${CODE} `),
  );
  out = out
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>])/g, '$1')
    .replace(/\*\*|__/g, '')
    .replace(/(^|\s)[*_](\S)/g, '$1$2')
    .replace(/(\S)[*_](?=\s|[.,;:!?)]|$)/g, '$1')
    .replace(/\[([^[\]]*)\]\([^)]*\)/g, '$1')
    // quoted words are someone else's (a README's), not the report's claims
    .replace(/“[^“”]*”|"[^"]*"/g, ` ${QUOTE} `);
  return out.replace(/[ \t]+/g, ' ');
}

/** Sentences of a masked line, keeping "e.g.", "i.e." and "node.js" whole. */
function sentencesOf(text: string): string[] {
  const parts = text.split(/(?<=[.!?])\s+(?=[A-Z0-9\u2039(])/);
  const out: string[] = [];
  for (const p of parts) {
    const prev = out[out.length - 1];
    if (prev !== undefined && /\b(?:e\.g|i\.e|etc|vs|cf|approx|incl|no)\.$/i.test(prev))
      out[out.length - 1] = `${prev} ${p}`;
    else out.push(p);
  }
  return out.map((s) => s.trim()).filter(Boolean);
}

interface Unit {
  line: number;
  /** The sentence as the checks read it. */
  text: string;
  prose: boolean;
  label?: string;
  /** The sentence before, in the same paragraph, had the project as its subject: "It" is the project. */
  itIsProject: boolean;
}

function unitsOf(markdown: string, r: Reader): Unit[] {
  const units: Unit[] = [];
  const lines = markdown.split('\n');
  let fence: string | null = null;
  for (const [i, raw] of lines.entries()) {
    const f = /^\s*(```|~~~)/.exec(raw);
    if (f) {
      if (!fence) fence = f[1]!;
      else if (f[1] === fence) fence = null;
      continue;
    }
    if (fence) continue;
    // tables are per-row detail; headings, quotes and HTML are not the report's sentences
    if (/^\s*(?:\||#|>|<|-{3,}\s*$|\*{3,}\s*$)/.test(raw) || !raw.trim()) continue;
    const list = /^\s*(?:[-*+]|\d+[.)])\s/.exec(raw);
    let body = list ? raw.slice(list[0].length).trimStart() : raw;
    let label: string | undefined;
    // "**Tests:** 73 files, 429 cases": a labelled fact; "**Test Suites** — …" is a sentence
    const lab = /^\*\*([^*]+?)(?::\*\*|\*\*:)/.exec(body);
    if (lab) {
      label = lab[1]!.trim().replace(/:$/, '');
      body = body.slice(lab[0].length).trimStart();
    }
    let project = false;
    for (const s of sentencesOf(masked(body, r))) {
      units.push({
        line: i,
        text: s,
        prose: !list && !label,
        ...(label ? { label } : {}),
        itIsProject: project,
      });
      project = r.projectStart.test(s) || (/^\s*(?:it|this)\b/i.test(s) && project);
    }
  }
  return units;
}

// ---------------------------------------------------------------------------------------------
// Claims

/** Every checkable claim of a section's markdown. `names`: what the report calls the project. */
export function extractClaims(markdown: string, a: Analysis, names: string[] = []): Claim[] {
  const r = readerFor(a, names);
  const out: Claim[] = [];
  for (const u of unitsOf(markdown, r)) {
    const add = (c: Omit<Claim, 'line' | 'sentence' | 'prose'>) =>
      out.push({ ...c, line: u.line, sentence: u.text, prose: u.prose });
    if (u.label && labelClaims(u.label, u.text, add)) continue;
    for (const seg of clauses(u.text)) countClaims(seg, u, r, add);
    negationClaims(u.text, r, add);
    licenceClaims(u.text, add);
    kindClaims(u.text, r, add);
    runsOnClaims(u.text, r, a, add);
  }
  return out;
}

type Add = (c: Omit<Claim, 'line' | 'sentence' | 'prose'>) => void;
const toNum = (s: string) => Number(s.replace(/,/g, ''));

/** The Executive Summary's labelled bullets: "**Tests:** 73 files, 429 cases", "**Licence:** MIT". */
function labelClaims(label: string, body: string, add: Add): boolean {
  const l = label.toLowerCase();
  const none = /^(?:none|no\b|not found)/i.test(body.trim());
  const each = (re: RegExp, key: ClaimKey, extra: Partial<Claim> = {}) => {
    const m = re.exec(body);
    if (m) add({ key, value: toNum(m[1]!), phrase: `${label}: ${m[0]}`, ...extra });
  };
  const count = (noun: string) => new RegExp(String.raw`(?<![\w.,])${NUM}\s+${noun}`, 'i');
  if (/^(?:tests?|testing|test suites?)$/.test(l)) {
    if (none) add({ key: 'tests', value: 0, phrase: `${label}: ${body}` });
    each(count(String.raw`(?:test\s+)?files?\b`), 'test-files');
    each(count(String.raw`(?:test\s+)?cases?\b`), 'test-cases');
    return true;
  }
  if (l === 'dependencies') {
    if (none) add({ key: 'runtime-dependencies', value: 0, phrase: `${label}: ${body}` });
    each(count(String.raw`(?:runtime|run-time|production)\b`), 'runtime-dependencies');
    each(count(String.raw`(?:development|dev)\b`), 'dev-dependencies');
    each(count(String.raw`(?:declared\s+)?dependenc`), 'dependencies');
    return true;
  }
  if (/^(?:http api|api|routes|endpoints|http routes)$/.test(l)) {
    if (none) add({ key: 'routes', value: 0, serves: true, phrase: `${label}: ${body}` });
    each(count(String.raw`(?:HTTP\s+)?(?:routes?|endpoints?)\b`), 'routes', { serves: true });
    return true;
  }
  if (/^licen[cs]e$/.test(l)) {
    if (none) add({ key: 'licence', value: 'none', phrase: `${label}: ${body}` });
    const fam = licenceFamily(body.split(/[(,;]/)[0]!);
    if (fam) add({ key: 'licence', value: fam, phrase: `${label}: ${body.split('(')[0]!.trim()}` });
    return true;
  }
  return false;
}

const ROLE_WORDS = /\b(?:examples?|samples?|demos?|fixtures?|benchmarks?|playground|tutorials?)\b/i;
const withoutForExample = (s: string) => s.replace(/\bfor (?:example|instance)\b|\be\.g\./gi, '');

function countClaims(seg: string, u: Unit, r: Reader, add: Add): void {
  const sentence = u.text;
  // a count about the examples, the samples or the fixtures is not about the product
  if (ROLE_WORDS.test(withoutForExample(sentence))) return;
  const hyphen = new RegExp(
    String.raw`^\s*${LEAD}(?:${r.names.map(escapeRe).join('|') || '(?!)'}|the project|the product|the code ?base|the repository)\s+is\s+an?\s+(?:(?:about|around|roughly|some|over)\s+)?${NUM}-line\b[^;]*?\bcode ?base\b`,
    'i',
  ).exec(seg);
  if (hyphen) {
    const product = PRODUCT_MARKER.test(hyphen[0]);
    add({
      key: 'lines-of-code',
      value: toNum(hyphen[1]!),
      scope: product ? 'product' : 'either',
      phrase: `${hyphen[1]}-line … code base`,
    });
  }
  let chainEnd = -1; // where the last count read in this segment ended
  let chainScope: Claim['scope'];
  for (const m of seg.matchAll(NUM_RE)) {
    const at = m.index!;
    const value = toNum(m[1]!);
    const rest = seg.slice(at + m[0].length);
    const noun = rest.startsWith(' ') ? NOUNS.find((n) => n.re.test(rest.slice(1))) : undefined;
    const prefix = seg.slice(0, at);
    if (!noun || NOT_A_COUNT_BEFORE.test(withoutTrailingArticle(prefix))) continue;
    const nounText = noun.re.exec(rest.slice(1))![0];
    const after = rest.slice(1 + nounText.length);
    const approx = APPROX.find(([re]) => re.test(prefix))?.[1];

    // how the count is introduced: by the project as the subject, as the clause's opening phrase
    // with its own verb, or chained to a count just read ("108 files with 8,135 lines of code")
    const chained =
      chainEnd >= 0 &&
      /^\s*(?:,\s*)?(?:(?:and|with|across|in|over|spread over|holding|hold|holds)\s*)?(?:(?:only|just|about|around|some|over|the|its)\s+)*$/i.test(
        seg.slice(chainEnd, at),
      );
    const subj = r.subject.exec(prefix);
    const bySubject = !!subj && (!PRONOUN.test(subj[1]!.trim()) || u.itIsProject);
    const opening =
      new RegExp(String.raw`^\s*${LEAD}(?:${FILLER}\s+)*$`, 'i').test(prefix) && FOLLOW.test(after);
    const withOpening =
      /^\s*with\s+(?:(?:only|just|about|around|some|over)\s+)*$/i.test(prefix) &&
      new RegExp(
        String.raw`,\s*(?:${r.names.map(escapeRe).join('|') || '(?!)'}|it|the project|the product|the code ?base)\s+is\b`,
        'i',
      ).test(seg);
    if (!chained && !bySubject && !opening && !withOpening) {
      chainEnd = -1;
      continue;
    }
    // the prefix, past a coordinating "…, yet the project", must not narrow the count
    const subjectPart = chained
      ? ''
      : prefix.replace(/^[^;]*?,\s*(?:yet|and|but|so|while|whereas|although|though)\s+/i, '');
    if (SCOPE_BLOCKER.test(subjectPart.replace(r.nameRe, ''))) continue;
    // what follows up to the comma must not narrow it; of the product, "in 7 files under `lib`"
    // says where the product lives, and the files count that follows answers for it
    const tail = after.split(/,|\.\s|\(/)[0]!;
    const ownTail = PRODUCT_MARKER.test(subjectPart) ? tail.split(/\s(?:in|across)\s+(?=\d)/)[0]! : tail;
    if (AFTER_BLOCKER.test(ownTail)) continue;

    let key = noun.key;
    let scope: Claim['scope'];
    const subject = subj?.[1] ?? '';
    if (key === 'files' || key === 'lines-of-code' || key === 'modules') {
      if (/\btest|\bsuite\b/i.test(subject)) {
        if (key !== 'files') continue;
        key = 'test-files';
      } else if (key === 'modules') {
        if (!chained && !/module graph|code ?base|repository|project|product/i.test(subject)) continue;
      } else if (chained) {
        // "429 test cases in 73 files": test files, not the code base's
        if (!chainScope) continue;
        scope = chainScope;
      } else {
        // files and lines of code only of the project named as such, never of "it" or "the code"
        const projectLike =
          r.projectStart.test(subject) &&
          !/^\s*(?:the|this|its|our)\s+(?:code|tool|program|server|service|api|app)\b/i.test(subject);
        if (!projectLike && !withOpening) continue;
        const whole = WHOLE_MARKER.test(sentence);
        if (PRODUCT_MARKER.test(subjectPart)) scope = whole ? 'either' : 'product';
        else if (whole && !PRODUCT_MARKER.test(sentence)) scope = 'whole';
        else scope = 'either';
      }
    }
    if (key === 'files' || key === 'lines-of-code') chainScope = scope;
    chainEnd = at + m[0].length + 1 + nounText.length;
    add({
      key,
      value,
      ...(scope ? { scope } : {}),
      ...(key === 'routes' ? { serves: /\bserv|\bexpos|\boffer|\bprovid/i.test(sentence) } : {}),
      ...(approx ? { approx } : {}),
      phrase: `${approx ? `${prefix.trim().split(/\s+/).slice(-1)[0]} ` : ''}${m[1]} ${nounText}`,
    });
  }
}

const NEGATIONS: { re: RegExp; key: ClaimKey }[] = [
  {
    re: /^(?:no|zero) (?:automated |unit )?(?:tests?|test cases?|test files?|test suites?)\b(?: of any kind)? (?:were|was|are|is|could be) (?:found|detected|present|defined|written|configured)\b/i,
    key: 'tests',
  },
  {
    re: /^(?:no|zero) HTTP routes? (?:is|are|were|was) (?:served|exposed|declared|found|defined)\b/i,
    key: 'routes',
  },
  {
    re: /^(?:no|zero) (?:runtime |third-party |external )?dependenc(?:y|ies) (?:is|are|were|was) (?:declared|found|needed|required)\b/i,
    key: 'runtime-dependencies',
  },
  { re: /^no environment variables? (?:is|are|were|was) (?:read|used|found)\b/i, key: 'env-vars' },
  {
    re: /^no (?:TODO|FIXME)\b[\w ,/]*\bmarkers? (?:is|are|were|was|remain) (?:found|present|left)?/i,
    key: 'todos',
  },
];
const OWN_NEGATIONS: { re: RegExp; key: ClaimKey }[] = [
  { re: /^(?:no|zero) (?:automated |unit )?(?:tests|test cases|test files|test suite)\b/i, key: 'tests' },
  { re: /^(?:no|zero) (?:HTTP |REST |web )?(?:routes|endpoints)\b/i, key: 'routes' },
  { re: /^(?:no|zero) runtime dependencies\b/i, key: 'runtime-dependencies' },
  { re: /^(?:no|zero) (?:third-party |external )?dependencies\b/i, key: 'runtime-dependencies' },
  { re: /^(?:no|zero) environment variables\b/i, key: 'env-vars' },
];

/** "No tests were found", "It serves no HTTP routes", "koa has no runtime dependencies". */
function negationClaims(sentence: string, r: Reader, add: Add): void {
  if (ROLE_WORDS.test(withoutForExample(sentence))) return;
  const named = r.names.map(escapeRe).join('|');
  const own = new RegExp(
    String.raw`^${COORD}(?:the project|the product|this project|the code ?base|the repository${named ? `|${named}` : ''})(?:\s+itself)?${MIDDLE}\s*\b(?:has|have|serves|serve|exposes|declares|needs|requires|ships|contains|reads|uses|includes)\s+(?=(?:no|zero)\s)`,
    'i',
  );
  for (const clause of clauses(sentence)) {
    const text = clause.replace(new RegExp(String.raw`^\s*${LEAD}`, 'i'), '');
    for (const n of NEGATIONS) {
      const m = n.re.exec(text);
      if (!m) continue;
      const after = text.slice(m[0].length).split(/[,.]/)[0]!;
      if (AFTER_BLOCKER.test(after)) continue;
      const serves = /\b(?:served|exposed)\b/i.test(m[0]);
      add({ key: n.key, value: 0, ...(n.key === 'routes' ? { serves } : {}), phrase: m[0] });
    }
    // the project as the subject: "<project> [is a framework and] serves|has|declares no …"
    const o = own.exec(clause);
    if (!o || SCOPE_BLOCKER.test(o[0].replace(r.nameRe, ''))) continue;
    const tail = clause.slice(o[0].length);
    for (const n of OWN_NEGATIONS) {
      const m = n.re.exec(tail);
      if (!m) continue;
      // "of its own" keeps the claim about the product; "beside them", "in `lib`" narrow it
      const after = tail.slice(m[0].length).split(/[,.]/)[0]!;
      if (AFTER_BLOCKER.test(after.replace(/\bof its own\b/i, ''))) continue;
      add({ key: n.key, value: 0, ...(n.key === 'routes' ? { serves: true } : {}), phrase: m[0] });
    }
  }
}

const LICENCE_GUARD =
  /dependenc|third[- ]party|vendored|\bpackages\b|such as|e\.g\.|for example|consider|compatib|unlike|instead|switch|choose|adding|\badd an?\b|recommend|examples?\b|samples?\b|fixtures?\b|\u2039quote\u203a/i;

function licenceClaims(sentence: string, add: Add): void {
  if (LICENCE_GUARD.test(sentence)) return;
  const seen = new Set<string>();
  const push = (fam: string | undefined, phrase: string) => {
    if (!fam || seen.has(fam)) return;
    seen.add(fam);
    add({ key: 'licence', value: fam, phrase });
  };
  for (const m of sentence.matchAll(
    /\b(?:dual[- ])?(?:licen[cs]ed|released|distributed|available|published|offered)\s+under\s+((?:the\s+)?(?:terms\s+of\s+(?:the\s+)?)?[\w.+-]+(?:\s+[\w.+-]+){0,5})/gi,
  )) {
    // "under MIT and Apache-2.0": each family named before the clause ends; the phrase ends at it
    const words = m[0].split(/\s+/);
    for (const part of m[1]!.split(/(?<!\s)\s+(?:and|or)\s+|,\s*/)) {
      const fam = licenceFamily(part);
      const at = words.findIndex((w) => licenceFamily(w) === fam);
      const end = at >= 0 && /^licen[cs]e/i.test(words[at + 1] ?? '') ? at + 2 : at + 1;
      push(fam, at >= 0 ? withoutTrailingPunctuation(words.slice(0, end).join(' ')) : m[0]);
    }
  }
  for (const m of wordsBeforeLicence(sentence)) {
    const words = m.words.trim().split(/\s+/).slice(-3).join(' ');
    if (/\bno\b|\bwithout\b/i.test(words)) continue;
    push(licenceFamily(words), m.phrase.trim());
  }
  if (
    /(?:^|\b(?:it|the project|the product|the repository|the code ?base)\s+(?:has|ships|carries)\s+)no licen[cs]e\b(?: file)?(?:\s+(?:is|was|were)\s+(?:found|detected|present|included))?/i.test(
      sentence,
    ) &&
    !/^no licen[cs]e\b[^.]*\b(?:header|headers|in (?:the )?files)\b/i.test(sentence)
  )
    add({ key: 'licence', value: 'none', phrase: 'no licence' });
}

// What a project is. Kinds fall in two groups that exclude each other: code others build on
// (library, framework, plugin) and programs people run (application, web application, service,
// command-line tool). A monorepo or a build tool can be either.
const KIND_NOUNS: [RegExp, ProjectKind][] = [
  [
    // a "command line toolkit" or "suite" is a set of programs, not a library
    /(?:^|\s)(?:command[- ]line|cli)\s+(?:tool|toolkit|suite|application|app|utility|program|interface)s?$|(?:^|\s)cli$/i,
    'cli',
  ],
  [/(?:^|\s)web\s+(?:application|app|service|site)$|(?:^|\s)website$|(?:^|\s)webapp$/i, 'web-application'],
  [/(?:^|\s)build\s+tool$|(?:^|\s)bundler$/i, 'build-tool'],
  [/(?:^|\s)monorepo$/i, 'monorepo'],
  [/(?:^|\s)(?:micro)?service$|(?:^|\s)(?:api|http|rest|backend)\s+server$|(?:^|\s)daemon$/i, 'service'],
  [/(?:^|\s)(?:application|app)$/i, 'application'],
  [/(?:^|\s)(?:library|sdk|toolkit)$/i, 'library'],
  [/(?:^|\s)framework$/i, 'framework'],
  [/(?:^|\s)(?:plugin|plug-in|extension|add-on|addon)$/i, 'plugin'],
];

function kindClaims(sentence: string, r: Reader, add: Add): void {
  const head = r.projectStart.exec(sentence);
  // "the code base is a …" or "<project> is a …"; not "the tool", "the app" (which may be a part)
  if (!head || /^\s*(?:the|this|its|our)\s+(?!project|product|code ?base|repository)/i.test(head[0])) return;
  const m =
    /^(?:\s*\([^)]*\))?\s+is\s+(?:also\s+|primarily\s+|mainly\s+|essentially\s+|basically\s+)?an?\s+((?:[\w+#.-]+(?:,\s+|\s+)){0,5}?[\w+#.-]+?)\.?(?=\s+(?:for|that|which|to|with|of|in|on|written|built|used|designed|meant|and|or|but|whose|where|from|by|serving|providing|offering|exposing|around|inspired|based)\b|[,;:(—–]|\.?\s*$)/i.exec(
      sentence.slice(head[0].length),
    );
  if (!m) return;
  const np = m[1]!.replace(/,/g, ' ').replace(/\s+/g, ' ').trim();
  const kind = KIND_NOUNS.find(([re]) => re.test(np))?.[1];
  if (kind) add({ key: 'kind', value: kind, phrase: `is ${/^[aeiou]/i.test(np) ? 'an' : 'a'} ${np}` });
}

// Web, frontend, mobile and command-line frameworks: what a product "runs on" or is "built with".
const RUNS_ON_FRAMEWORKS = [
  'Express',
  'Fastify',
  'Koa',
  'NestJS',
  'Hono',
  'hapi',
  'Next.js',
  'Nuxt',
  'SvelteKit',
  'Remix',
  'Astro',
  'React',
  'Vue',
  'Svelte',
  'Angular',
  'Solid',
  'Preact',
  'React Native',
  'Expo',
  'Electron',
  'Django',
  'Flask',
  'FastAPI',
  'Starlette',
  'Tornado',
  'aiohttp',
  'Gin',
  'Echo',
  'Fiber',
  'Actix Web',
  'Axum',
  'Rocket',
  'Spring Boot',
  'Ktor',
  'Quarkus',
  'Micronaut',
  'Laravel',
  'Symfony',
  'Ruby on Rails',
  'Rails',
  'Sinatra',
  'ASP.NET Core',
];
function runsOnClaims(sentence: string, r: Reader, a: Analysis, add: Add): void {
  // the examples, the tests or a mock server may run on anything; so may what the text compares it to
  if (
    /\b(?:examples?|samples?|demos?|fixtures?|benchmarks?|playground|tests?|mocks?|stubs?|fakes?)\b/i.test(
      withoutForExample(sentence),
    )
  )
    return;
  if (
    /\b(?:not|never|no longer|instead of|unlike|rather than|alternative|inspired|successor|replacement|compared|like|such as)\b/i.test(
      sentence,
    )
  )
    return;
  const known = [
    ...new Set([
      ...RUNS_ON_FRAMEWORKS,
      ...a.frameworks.filter((f) => RUNS_ON_CATEGORIES.has(f.category)).map((f) => f.name),
    ]),
  ].sort((x, y) => y.length - x.length);
  const re = new RegExp(
    String.raw`\b(?:(?:runs?|running|built|based|sits?|served|serves|serving|hosted|implemented|written|layered|developed|powered)(?:\s+[\w,-]+){0,5}?\s+(?:on top of|on|upon|with|using|atop)|powered by|uses|using)\s+(?:the\s+)?(${known.map(escapeRe).join('|')})(?![\w.-]*\w)`,
    'gi',
  );
  for (const m of sentence.matchAll(re)) {
    // names are matched as written: "built with solid tests" names no framework
    const name = known.find((k) => k === m[1]);
    if (!name || r.names.some((n) => normFw(n) === normFw(name))) continue;
    // "`scripts/dev.js` runs on Express" is about that file, not the product
    if (/\u2039code\u203a|(?<![\w.-])[\w.-]+\/[\w./-]*/.test(sentence.slice(0, m.index))) continue;
    add({ key: 'runs-on', value: name, phrase: m[0] });
  }
}

// ---------------------------------------------------------------------------------------------
// The pass

const quote = (c: Claim) =>
  `"${c.phrase
    .replace(/\u2039code\u203a/g, '`…`')
    .replace(/\s+/g, ' ')
    .trim()}"`;

/**
 * Each claim of the markdown that the analysis, or a section accepted before, contradicts. With
 * `shown` (the lines a model writer was shown), a claim against the analysis whose sentence cites
 * shown lines that say the same carries that citation as `quoted`: the file wins over the fact.
 */
export function findContradictions(
  markdown: string,
  a: Analysis,
  ledger?: ClaimLedger,
  names: string[] = [],
  shown?: ShownFiles,
): Contradiction[] {
  const out: Contradiction[] = [];
  const r = shown?.size ? readerFor(a, names) : undefined;
  const lines = markdown.split('\n');
  for (const c of extractClaims(markdown, a, names)) {
    const d = disagreement(c, a, ledger);
    if (!d) continue;
    if (d.by === 'analysis') {
      const quoted = r && shown ? quotedBacking(c, lines[c.line] ?? '', r, shown) : undefined;
      out.push({ claim: c, reason: `the analysis finds ${d.says}`, ...(quoted ? { quoted } : {}) });
    } else out.push({ claim: c, reason: `section "${d.section}" says ${quote(d.claim)}` });
  }
  return out;
}

/** One contradiction in a sentence: what was claimed and what contradicts it. */
export function describeContradiction(x: Contradiction): string {
  return `${quote(x.claim)} contradicts ${x.reason}`;
}

/** A claim kept because the file it quotes says so, as the trace records the conflict. */
export function describeQuotedConflict(x: Contradiction): string {
  return `${describeContradiction(x)}; kept, as the quoted file \`${x.quoted}\` says so`;
}

/**
 * The contradictions as problems a model writer is sent back with; a claim the quoted file backs
 * (`shown`) is none: the file wins, and the caller records the conflict.
 */
export function consistencyProblems(
  markdown: string,
  a: Analysis,
  ledger?: ClaimLedger,
  names: string[] = [],
  shown?: ShownFiles,
): string[] {
  return findContradictions(markdown, a, ledger, names, shown)
    .filter((x) => !x.quoted)
    .map((x) => `${describeContradiction(x)}; state what the analysis says or leave the claim out.`);
}

/**
 * The reviewer's consistency pass over a draft: a contradicted sentence of a paragraph is dropped;
 * a contradicted list item or labelled bullet is kept and noted (it is no prose sentence to drop).
 * Every contradiction becomes a review note.
 */
export function reviewConsistency(
  markdown: string,
  a: Analysis,
  ledger?: ClaimLedger,
  names: string[] = [],
  shown?: ShownFiles,
): { markdown: string; notes: string[]; conflicts: string[] } {
  const all = findContradictions(markdown, a, ledger, names, shown);
  // a claim the quoted file backs stays; the conflict goes to the trace, not into the section
  const conflicts = all.filter((x) => x.quoted).map(describeQuotedConflict);
  const found = all.filter((x) => !x.quoted);
  const notes = conflicts.map((c) => `Conflict between a quoted file and the analysis: ${c}.`);
  if (!found.length) return { markdown, notes, conflicts };
  const r = readerFor(a, names);
  const lines = markdown.split('\n');
  const removed = new Set<string>(); // one sentence may hold several contradicted claims
  for (const x of found) {
    const where = `${x.claim.line} ${x.claim.sentence}`;
    const before = lines[x.claim.line]!;
    const after =
      x.claim.prose && !removed.has(where) ? withoutSentence(before, x.claim.sentence, r) : before;
    if (after !== before) {
      lines[x.claim.line] = after;
      removed.add(where);
    }
    if (removed.has(where)) notes.push(`Removed a sentence that contradicts ${x.reason}: ${quote(x.claim)}.`);
    else
      notes.push(
        `${describeContradiction(x)}; kept, as it is ${x.claim.prose ? 'not a whole sentence that can be dropped' : 'a list item, not a prose sentence'}.`,
      );
  }
  return { markdown: lines.join('\n'), notes, conflicts };
}

/** The line without the sentence whose masked form is `sentence`; its other sentences intact. */
function withoutSentence(line: string, sentence: string, r: Reader): string {
  const { pieces, at } = originalSentences(line, sentence, r);
  if (at < 0) return line;
  return pieces
    .filter((_, i) => i !== at)
    .join(' ')
    .trim();
}

/** The sentences of a line as written, and which of them reads as `sentence` once masked (-1: none). */
function originalSentences(line: string, sentence: string, r: Reader): { pieces: string[]; at: number } {
  // split the original line where its masked form splits, with code spans protected
  const spans: string[] = [];
  const guarded = replaceCodeSpans(line, (whole) => {
    spans.push(whole);
    return `\uE000${spans.length - 1}\uE001`;
  });
  const merged: string[] = [];
  for (const p of guarded.split(/(?<=[.!?])\s+(?=[A-Z0-9\uE000(*_“"])/)) {
    const prev = merged[merged.length - 1];
    if (prev !== undefined && /\b(?:e\.g|i\.e|etc|vs|cf|approx|incl|no)\.$/i.test(prev))
      merged[merged.length - 1] = `${prev} ${p}`;
    else merged.push(p);
  }
  const restore = (s: string) => s.replace(/\uE000(\d+)\uE001/g, (_, n: string) => spans[Number(n)]!);
  const pieces = merged.map(restore);
  return { pieces, at: pieces.findIndex((p) => sentencesOf(masked(p, r)).includes(sentence)) };
}

// ---------------------------------------------------------------------------------------------
// A quoted file against a fact

/**
 * The citation in the claim's sentence that points into lines the writer was shown which say what
 * the claim says: the number with the thing counted on one line, the licence, the kind of project
 * or the framework's package. A citation of lines the writer was not shown backs nothing.
 */
function quotedBacking(c: Claim, line: string, r: Reader, shown: ShownFiles): string | undefined {
  const { pieces, at } = originalSentences(line, c.sentence, r);
  const sentence = at >= 0 ? pieces[at]! : line;
  for (const { citation } of citationsIn(sentence, knownFiles(shown.keys()))) {
    const quoted = quotedLines(citation, shown);
    if (quoted.some((l) => backs(c, l))) return formatCitation(citation);
  }
  return undefined;
}

// code that shows how the product is used or tested, not what it is
const SHOWCASE = /(?:^|\/)(?:examples?|samples?|demos?|fixtures?|benchmarks?|bench|playground)\//i;

/**
 * The lines of a citation the writer was shown: the cited line or range, or all of a cited file.
 * An example's or a test's lines back nothing about the product.
 */
function quotedLines(c: Citation, shown: ShownFiles): string[] {
  const lines = shown.get(c.path);
  if (!lines || SHOWCASE.test(c.path) || isTestPath(c.path)) return [];
  if (c.line === undefined) return [...lines.values()];
  const out: string[] = [];
  for (let n = c.line; n <= (c.end ?? c.line); n++) {
    const l = lines.get(n);
    if (l !== undefined) out.push(l);
  }
  return out;
}

// the words that name what a count counts, as a file would write them
const COUNTED: Record<string, RegExp> = {
  'test-cases': /\b(?:tests?|specs?|cases?)\b/i,
  tests: /\b(?:tests?|specs?|cases?)\b/i,
  'test-files': /\btests?\b/i,
  files: /\bfiles?\b/i,
  'source-files': /\bfiles?\b/i,
  'lines-of-code': /\b(?:lines?|loc|sloc)\b/i,
  dependencies: /\b(?:dependenc(?:y|ies)|packages?|requirements?)\b/i,
  'runtime-dependencies': /\b(?:dependenc(?:y|ies)|packages?|requirements?)\b/i,
  'dev-dependencies': /\b(?:dependenc(?:y|ies)|packages?|requirements?)\b/i,
  routes: /\b(?:routes?|endpoints?)\b/i,
  'env-vars': /\b(?:env|environment|variables?)\b/i,
  todos: /\b(?:todos?|fixmes?)\b/i,
  'public-names': /\b(?:exports?|exported|names?|functions?)\b/i,
  modules: /\b(?:modules?|packages?)\b/i,
};

// a project kind as a file (a README, a manifest) names it
const KIND_IN_TEXT: Record<string, RegExp> = {
  cli: /\b(?:command[- ]line|cli)\b/i,
  'web-application': /\bweb\s*(?:application|app|site)\b|\bwebsite\b/i,
  'build-tool': /\bbuild\s+tool\b|\bbundler\b/i,
  monorepo: /\bmonorepo\b/i,
  service: /\b(?:micro)?service\b|\bdaemon\b|\b(?:api|http|rest|backend)\s+server\b/i,
  application: /\b(?:application|app)\b/i,
  library: /\b(?:library|sdk|toolkit)\b/i,
  framework: /\bframework\b/i,
  plugin: /\b(?:plugin|plug-in|extension|add-on|addon)\b/i,
};

/** Whether one quoted line says what the claim says. */
function backs(c: Claim, line: string): boolean {
  switch (c.key) {
    case 'licence':
      return c.value !== 'none' && licenceFamily(line) === c.value;
    case 'kind':
      return KIND_IN_TEXT[String(c.value)]?.test(line) ?? false;
    case 'runs-on': {
      const n = normFw(String(c.value));
      // the framework's package as imported or declared: `express`, `"next": …`, `from django…`
      return [...line.matchAll(/[\w@.-]+(?:\/[\w.-]+)*/g)].some((m) =>
        m[0].split('/').some((part) => normFw(part.replace(/^@/, '')) === n),
      );
    }
    default: {
      const noun = COUNTED[c.key];
      if (!noun?.test(line)) return false;
      if (c.value === 0) return /\b(?:no|zero|none|without)\b/i.test(line);
      return [...line.matchAll(NUM_RE)].some((m) => toNum(m[1]!) === c.value);
    }
  }
}

/** Records the claims of an accepted section that nothing contradicted, for the sections after it. */
export function recordAccepted(
  ledger: ClaimLedger,
  section: string,
  markdown: string,
  a: Analysis,
  names: string[] = [],
): void {
  const bad = new Set(
    findContradictions(markdown, a, ledger, names).map((x) => `${x.claim.line} ${x.claim.phrase}`),
  );
  ledger.record(
    section,
    extractClaims(markdown, a, names).filter((c) => !bad.has(`${c.line} ${c.phrase}`)),
  );
}

/** A sentence's clauses, split at `;`, `: ` and a spaced dash, without the spaces around them. */
function clauses(text: string): string[] {
  const out: string[] = [];
  const separator = /;|:\s|\s[—–]\s/g;
  let from = 0;
  for (let m = separator.exec(text); m; m = separator.exec(text)) {
    out.push(text.slice(from, m.index).trimEnd());
    // the spaces after a separator belong to it, so they cannot open the next one
    from = skipSpaces(text, separator.lastIndex);
    separator.lastIndex = from;
  }
  out.push(text.slice(from));
  return out;
}

function skipSpaces(text: string, at: number): number {
  while (at < text.length && /\s/.test(text[at]!)) at++;
  return at;
}

/** `text` with a final article ("… the") and the spaces around it replaced by one space. */
function withoutTrailingArticle(text: string): string {
  const trimmed = text.trimEnd();
  const article = /(?:the|its|an|a)$/i.exec(trimmed);
  if (!article) return text;
  const before = trimmed.slice(0, article.index);
  return /\s$/.test(before) ? before.trimEnd() + ' ' : text;
}

function withoutTrailingPunctuation(text: string): string {
  let end = text.length;
  while (end > 0 && '.,;:'.includes(text[end - 1]!)) end--;
  return text.slice(0, end);
}

const LICENCE_WORD_CHAR = /[\w.+-]/;
const LICENCE_GAP_CHAR = /[\s-]/;

/**
 * Each "licence"/"licensed"/"licenses" word with the one to three words before it, as
 * `/((?:[\w.+-]+[\s-]+){1,3})licen[cs](?:e|ed|es)\b/g` matches them (the leftmost start, then the
 * farthest licence word), but read backwards from each licence word so that it costs linear time.
 */
function wordsBeforeLicence(sentence: string): { words: string; phrase: string }[] {
  // only a licence word right after a space or dash can end a match
  const words = [...sentence.matchAll(/(?<=[\s-])licen[cs](?:e|ed|es)\b/gi)].map((m) => ({
    at: m.index,
    end: m.index + m[0].length,
  }));
  const out: { words: string; phrase: string }[] = [];
  let floor = 0;
  for (let i = 0; i < words.length; i++) {
    let best = -1;
    let bestStart = Infinity;
    // a later licence word may reach back further, its three words holding this one; each
    // candidate is preceded by a run of its own, so at most three more can reach this far
    for (let j = i; j < words.length && j <= i + 3; j++) {
      const start = threeWordsBack(sentence, words[j]!.at, floor);
      if (start < words[j]!.at && start <= bestStart) {
        best = j;
        bestStart = start;
      }
    }
    if (best < 0) continue;
    const { at, end } = words[best]!;
    out.push({ words: sentence.slice(bestStart, at), phrase: sentence.slice(bestStart, end) });
    floor = end;
    i = best;
  }
  return out;
}

/** Where up to three words, each followed by spaces or dashes, start before `at` (`at` when none). */
function threeWordsBack(text: string, at: number, floor: number): number {
  let start = at;
  for (let pairs = 0; pairs < 3; pairs++) {
    let gap = start;
    while (gap > floor && LICENCE_GAP_CHAR.test(text[gap - 1]!)) gap--;
    if (gap === start) break;
    let word = gap;
    while (word > floor && LICENCE_WORD_CHAR.test(text[word - 1]!)) word--;
    if (word < gap) {
      start = word;
      continue;
    }
    // no word before the run: its first dash is the word, if a space or dash is left after it
    const dash = text.indexOf('-', gap);
    if (dash >= 0 && dash < start - 1) start = dash;
    break;
  }
  return start;
}
