// The project's purpose in one whole sentence: the README's first real prose sentence (badges,
// images, HTML, headings, tables of contents, notices and announcements skipped) or the manifest's
// description, made a sentence when it is a bare noun phrase; failing both, the README's title when
// it names a kind of thing ("Next.js Subscription Payments Starter").

import type { Sources } from '../sources.ts';
import type { Identity } from '../types.ts';
import type { Located } from './manifest-facts.ts';

const README = /^readme(\.(md|markdown|rst|txt|adoc))?$/i;
// release news, calls for help and warnings say nothing about what the project is
const NOISE =
  /\b(we('| a)re (excited|happy|pleased|proud)|announc|is now available|just released|new release|release of|sponsor|backers?|looking for (new )?maintainers|deprecated|no longer (maintained|supported)|unmaintained|work in progress|table of contents|please (read|see|note|star)|star (us|this)|join (us|our)|chat with us|stay tuned|note:|warning:|important:|caution:|disclaimer|click here|read more|documentation (is|can be) found|see the (docs|documentation)|translations?)\b/i;
const ABBREV = /\b(e\.g|i\.e|etc|vs|approx|cf|incl|fig|mr|dr)\.$/i;

export function isReadme(p: string): boolean {
  return !p.includes('/') && README.test(p);
}

/**
 * The README the repository shows its readers, as GitHub picks it: the one in `.github/` first, then
 * the root's, then the one in `docs/`; Markdown first within a folder. A root README that is a link
 * to a file inside the tree (a workspace's root README pointing at its main package's) is read as
 * that file.
 */
export function projectReadme(src: Pick<Sources, 'files' | 'links' | 'has'>): string | undefined {
  const inFolder = (dir: string) =>
    src.files
      .map((f) => f.path)
      .filter(
        (p) => p.startsWith(dir) && !p.slice(dir.length).includes('/') && README.test(p.slice(dir.length)),
      )
      .sort((a, b) => Number(/\.md$/i.test(b)) - Number(/\.md$/i.test(a)))[0];
  const linked = [...(src.links ?? [])]
    .filter(([from, to]) => isReadme(from) && README.test(to.split('/').pop() ?? '') && src.has(to))
    .map(([, to]) => to)
    .sort()[0];
  return inFolder('.github/') ?? inFolder('') ?? linked ?? inFolder('docs/');
}

/** Markdown inline syntax to plain text: links to their text, images and HTML tags dropped. */
export function plainInline(s: string): string {
  return (
    s
      .replace(/!\[[^\]]*\]\([^)]*\)|!\[[^\]]*\]\[[^\]]*\]/g, '')
      .replace(/\[([^\][]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\][]*)\]\[[^\]]*\]/g, '$1')
      // a shortcut reference link: "a lightweight [WSGI] web application framework"
      .replace(/\[([^\][]*)\]/g, '$1')
      .replace(/<[^<>]+>/g, '')
      .replace(/(\*\*|__)(.+?)\1/g, '$2')
      .replace(/(^|\W)[*_]([^*_\s][^*_]*?)[*_](?=\W|$)/g, '$1$2')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The first sentence of a paragraph, or null when its text is not a whole sentence. */
export function firstSentence(raw: string): string | null {
  // a leading emoji or symbol ("⚡ Fast…") is decoration, not part of the sentence
  const text = raw.replace(/^[^\p{L}\p{N}`"'“]+/u, '');
  let end = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (
      (c === '.' || c === '!' || c === '?') &&
      (i + 1 === text.length || /\s/.test(text[i + 1]!)) &&
      !ABBREV.test(text.slice(0, i + 1))
    ) {
      end = i + 1;
      break;
    }
  }
  if (end < 0) return leadIn(text);
  const s = text.slice(0, end).trim();
  return isSentence(s) ? s : null;
}

/**
 * A paragraph that leads into a list ("X is a package for building tools in Go featuring:") says what
 * the project is up to its colon: the sentence ends there, without the word that opened the list. One
 * whose list finishes its clause ("… that supports:") says nothing whole and is not taken.
 */
function leadIn(text: string): string | null {
  const whole = text.trim();
  if (!whole.endsWith(':') || whole.slice(0, -1).includes(':')) return null;
  const words = whole.slice(0, -1).trimEnd().split(/\s+/);
  const last = (n: number) => words.slice(-n).join(' ').toLowerCase();
  if (last(2) === 'such as') words.splice(-2);
  else if (LIST_OPENER.has(last(1))) words.pop();
  if (RELATIVE.has(last(2).split(' ')[0]!) || WAITS.has(last(1)) || last(2) === 'the following') return null;
  const s = `${words.join(' ')}.`;
  return isSentence(s) ? s : null;
}

/** Words that open a list ("… in Go featuring:"): the sentence ends before them. */
const LIST_OPENER = new Set(['featuring', 'including', 'like', 'with', 'offering', 'providing']);
/** A clause the list finishes: one word after these ("that supports:"), or ending on these ("features are:"). */
const RELATIVE = new Set(['that', 'which', 'who', 'to']);
const WAITS = new Set(['these', 'are', 'is']);

/** A whole sentence: starts like one, ends like one, has a few words and no unbalanced brackets or quotes. */
export function isSentence(s: string): boolean {
  // a name written in lower case opens one too: `widget is`, `socket.io is`, `acme/cli is`
  if (!/^[A-Z0-9`"'“]/.test(s) && !/^[a-z][\w./-]*\s+(is|are)\b/.test(s)) return false;
  if (!/[.!?]$/.test(s) || /[:;,]\s*[.!?]?$/.test(s.slice(0, -1))) return false;
  if (s.split(/\s+/).length < 4 || s.length > 400) return false;
  const count = (re: RegExp) => s.match(re)?.length ?? 0;
  if (count(/\(/g) !== count(/\)/g) || count(/\[/g) !== count(/\]/g) || count(/`/g) % 2 || count(/"/g) % 2)
    return false;
  return !/[<>{}|]|https?:\/\//.test(s);
}

interface Paragraph {
  text: string;
  line: number;
}

/** The README's prose paragraphs, in order, after dropping everything that is not prose. */
export function proseParagraphs(readme: string): Paragraph[] {
  const out: Paragraph[] = [];
  const lines = readme.split('\n');
  let fence = false;
  let html = 0;
  let directive = false;
  let cur: Paragraph | null = null;
  const flush = () => {
    if (cur) out.push(cur);
    cur = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const t = raw.trim();
    if (/^(```|~~~)/.test(t)) {
      fence = !fence;
      flush();
      continue;
    }
    if (fence) continue;
    // reStructuredText directives (`.. image::`, `.. code-block::`) and their indented options or body
    if (/^\.\.\s/.test(t)) {
      directive = true;
      flush();
      continue;
    }
    if (directive && (/^\s+\S/.test(raw) || !t)) continue;
    directive = false;
    // an HTML block (<p align="center">…</p>, <div>…</div>) is layout, logos and badges
    const opens = (t.match(/<(div|p|picture|table|details|h\d)\b/gi) ?? []).length;
    const closes = (t.match(/<\/(div|p|picture|table|details|h\d)>/gi) ?? []).length;
    if (html > 0 || opens > closes || /^<[^>]+>/.test(t) || /^<!--/.test(t)) {
      html = Math.max(0, html + opens - closes);
      flush();
      continue;
    }
    const plain = plainInline(t);
    const skip =
      !t ||
      /^#{1,6}\s|^(=+|-+)$/.test(t) || // headings and setext underlines
      (/^(=+|-+)$/.test((lines[i + 1] ?? '').trim()) && t.length > 0) || // a setext heading's text
      /^([-*+]|\d+[.)])\s/.test(t) || // lists (tables of contents, feature lists)
      /^>/.test(t) || // blockquotes: notes and warnings
      /^\|/.test(t) || // tables
      /^\[[^\]]*\]:\s/.test(t) || // link reference definitions
      (/^ {4,}|^\t/.test(raw) && !cur) || // indented code
      plain.replace(/[^\p{L}\p{N}]/gu, '').length < 3 || // badges, images, emoji-only lines
      (/^(\[!\[|!\[|\[\[)/.test(t) && plain.split(/\s+/).length < 4);
    if (skip) {
      flush();
      continue;
    }
    if (cur) cur.text += ' ' + plain;
    else cur = { text: plain, line: i + 1 };
  }
  flush();
  return out;
}

/** "Koa web app framework" → "Koa is a web app framework."; a sentence is kept as it is. */
export function sentenceFromDescription(desc: string, name: string | undefined): string {
  const whole = desc.trim().replace(/\s+/g, ' ');
  // one sentence: the first, when the description has several
  const d = (/[.!?]$/.test(whole) && firstSentence(whole)) || whole;
  const withStop = /[.!?]$/.test(d) ? d : `${d}.`;
  if (
    isSentence(withStop) &&
    /\b(is|are|was|provides?|lets?|helps?|makes?|allows?|gives?|runs?|finds?|creates?|builds?|generates?|turns?)\b/i.test(
      d,
    ) &&
    !/^[^:]{1,60}:\s/.test(d)
  )
    return withStop;
  // the description's own spelling of the name ("ATR" for the package "atr") is the subject
  let subject = name?.trim() || 'The project';
  let rest = d.replace(/[.!?]$/, '');
  if (name && rest.toLowerCase().startsWith(name.toLowerCase())) {
    subject = rest.slice(0, name.length);
    rest = rest.slice(name.length).replace(/^\s*([—–:|-]\s*)?/, '');
  }
  // "AI Technical Reports: turns a code base into a report" → "ATR turns a code base into a report."
  const verbAfterColon = /^[^:]{1,60}:\s+([a-z]+s\b.*)$/.exec(rest);
  if (verbAfterColon) return `${subject} ${verbAfterColon[1]}.`;
  rest = rest.charAt(0).toLowerCase() + rest.slice(1);
  // a description that opens on what the project does ("Sends mail from Ruby programs") has its verb
  if (OPENS_ON_A_VERB.test(rest)) return `${subject} ${rest}.`;
  // "Source code to djangoproject.com" says what the repository holds, not what it is
  if (/^(?:the\s+)?(?:source(?:\s+code)?|code(?:base)?)\s+(?:of|for|to|behind)\s/i.test(rest))
    return `${subject} holds the ${rest.replace(/^the\s+/i, '')}.`;
  if (/^(a|an|the)\s/i.test(rest)) return `${subject} is ${rest}.`;
  return `${subject} is ${/^[aeiou]/i.test(rest) ? 'an' : 'a'} ${rest}.`;
}

// the verbs a one-line description opens on, in the third person: never a plural noun ("tools")
const OPENS_ON_A_VERB =
  /^(?:sends|reads|writes|parses|converts|renders|validates|formats|manages|handles|wraps|adds|checks|runs|finds|creates|builds|generates|turns|provides|lets|helps|makes|allows|gives|implements|exposes|serves|watches|transforms|compiles|bundles|loads|stores|tracks|monitors|syncs|downloads|uploads|deploys|lints|scans|simplifies|brings|enables|extends|integrates|connects|displays|shows|draws|measures|detects|extracts|fetches|translates|encodes|decodes|encrypts|signs|schedules|queues|routes|maps|merges|compares|searches|indexes|caches|logs|records|automates|exports|imports)\s/;

const DEFINES = /\b(is|are)\s+(a|an|the|one)\b|\b(provides|lets you|helps you|allows you|makes it)\b/i;
const KIND_NOUN =
  '(framework|library|toolkit|tool|utility|package|module|application|app|parser|validator|server|client|sdk|engine|cli|program|service|plugin|wrapper|implementation|generator|compiler|bundler|runtime|database|router|middleware|api|interface|codebase|logger|formatter|linter|highlighter|pager|scheduler|driver|solution|manager|editor|viewer|renderer|emulator|shell|proxy|gateway|loader|runner|serializer|encoder|decoder|adapter|binding|orm|clone|replacement|alternative)';
// a noun phrase naming what the project is: "Expressive HTTP middleware framework for node.js …". An
// article inside it opens an apposition about something else: "Be sure to check out Bubbles, a library
// of UI components" names another project
const NAMES_A_KIND = new RegExp(
  `^(?:(?:a|an|the)\\s+)?(?:(?!(?:a|an|the)\\s)[\\w.\`'’()+-]+,?\\s+){0,7}?${KIND_NOUN}s?\\s+(?:for|to|that|which|with|written|in|built|and|on|of|containing|using|based)\\b`,
  'i',
);

// a tagline that is only a noun phrase ending on the kind: "High performance, extensible, minimalist
// Go web framework." An article inside it opens another phrase: "The first line installs everything
// and starts the app." is a sentence about something else
const IS_A_KIND = new RegExp(
  `^(?:(?:a|an|the)\\s+)?(?:(?!(?:a|an|the)\\s)[\\w.\`'’-]+,?\\s+){0,8}?${KIND_NOUN}[.!]?$`,
  'i',
);

/** "Hop is …", "Hop helps …": a sentence whose subject is the project's name. */
function nameStarts(s: string, name: string | undefined): boolean {
  const bare = s.replace(/^[`"'“]+/, '');
  return !!name && bare.toLowerCase().startsWith(name.toLowerCase()) && /^\S+\s+(is|are)\b/i.test(bare);
}

// a tagline naming what the project is for: "The fun, functional and stateful way to build terminal apps."
const WAY_TO = /^(?:the|a|an)\s+(?:[\w,'’-]+\s+){0,6}?way\s+to\s+[a-z]+\b/i;

/** True when a sentence says what the project is, rather than something about it. */
function isIdentitySentence(s: string, name: string | undefined): boolean {
  if (DEFINES.test(s) || NAMES_A_KIND.test(s) || IS_A_KIND.test(s) || WAY_TO.test(s)) return true;
  const bare = s.replace(/^[`"'“]+/, '').toLowerCase();
  // "Pino is built to run on Node.js" says where it runs, not what it is
  return (
    !!name &&
    bare.startsWith(name.toLowerCase()) &&
    /^\S+\s+(?:(?:is|are)\b(?!\s+(?:built|designed|meant|made|tested|licensed|maintained|available|compatible|written|used|known|inspired|based|distributed|released|supported|developed|published|now|not|also|still|currently|being)\b)|helps|lets|makes|provides|finds|builds|runs|turns|converts|parses|renders|generates)\b/i.test(
      s.replace(/^[`"'“]+/, ''),
    )
  );
}

// a heading that starts the instructions: what follows says how to use the project, not what it is
const INSTRUCTIONS =
  /^#{1,6}\s.*?\b(install|installation|set ?up|setup|getting started|quick ?start|usage|requirements|prerequisites|configur|deploy|develop|contribut|licen[cs]e|build|running|how to|step)/i;
// the last word of a title that names a kind of thing
const TITLE_KIND = new RegExp(
  `\\b(${KIND_NOUN.slice(1, -1)}|starter|template|boilerplate|kit|example|sample|demo|website|site|platform|dashboard|bot|system|backend|frontend|monitor|manager|store|shop)s?$`,
  'i',
);

// a heading that names a part of the README, not the project
const GENERIC_TITLE =
  /^(about|introduction|overview|readme|welcome|contents|table of contents|getting started|description|summary)$/i;

/** An ATX heading's text without its optional closing hashes (`# Title ##`). */
function withoutClosingHashes(s: string | undefined): string | undefined {
  if (s === undefined) return s;
  const t = s.trimEnd();
  let n = 0;
  while (n < t.length && t[t.length - 1 - n] === '#') n++;
  return n && /\s/.test(t[t.length - 1 - n] ?? '') ? t.slice(0, t.length - n).trimEnd() : s;
}

/** A title from its first letter or digit to its last letter, digit or closing punctuation. */
function trimToWords(s: string): string {
  const chars = Array.from(s);
  let start = 0;
  while (start < chars.length && !/[\p{L}\p{N}]/u.test(chars[start]!)) start++;
  let end = chars.length;
  while (end > start && !/[\p{L}\p{N}.)!?]/u.test(chars[end - 1]!)) end--;
  return chars.slice(start, end).join('');
}

/** The README's first level-one heading (Markdown `#`, setext `===`, HTML `<h1>`), as plain text. */
export function readmeTitle(readme: string): { text: string; line: number } | null {
  const lines = readme.split('\n').slice(0, 200);
  let fence = false;
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!.trim();
    if (/^(```|~~~)/.test(t)) fence = !fence;
    if (fence) continue;
    const heading =
      withoutClosingHashes(/^#\s(.{1,200})$/.exec(t)?.[1]) ??
      /<h1\b[^>]{0,200}>(.{1,200}?)<\/h1>/i.exec(t)?.[1] ??
      (t && /^=+$/.test((lines[i + 1] ?? '').trim()) && !/^=+$/.test(t) ? t : undefined);
    if (heading === undefined) continue;
    // a greeting names the project after it ("Welcome to urfave/cli", "Welcome to the Acme docs")
    const text = trimToWords(plainInline(heading)).replace(/^welcome\s+to\s+(?:the\s+)?/i, '');
    if (/\p{L}/u.test(text) && text.length <= 100 && !GENERIC_TITLE.test(text)) return { text, line: i + 1 };
  }
  return null;
}

/** Whether a purpose is only the README's title made a sentence ("The project is a … Starter."). */
export function isTitlePurpose(text: string): boolean {
  return /^The project is an? \S.*\.$/.test(text);
}

/**
 * Without a sentence that says what the project is, the README's title does when it names a kind of
 * thing: an identity sentence of the opening sections about it, else the title itself.
 */
function purposeFromTitle(readme: { path: string; text: string }): Identity['purpose'] {
  const title = readmeTitle(readme.text);
  if (!title) return null;
  const lines = readme.text.split('\n');
  const stop = lines.findIndex((l, i) => i >= title.line && INSTRUCTIONS.test(l.trim()));
  const opening = proseParagraphs(readme.text).filter(
    (p) => p.line > title.line && (stop < 0 || p.line <= stop) && !NOISE.test(p.text),
  );
  for (const p of opening.slice(0, 8)) {
    const s = firstSentence(p.text);
    if (s && isIdentitySentence(s, title.text))
      return { text: sentenceFromDescription(s, title.text), source: { path: readme.path, line: p.line } };
  }
  if (title.text.split(/\s+/).length < 3 || !TITLE_KIND.test(title.text)) return null;
  // the title is a name: its capitals stay
  const article = /^[aeiou]/i.test(title.text) ? 'an' : 'a';
  return {
    text: `The project is ${article} ${title.text}.`,
    source: { path: readme.path, line: title.line },
  };
}

/**
 * The tagline a README quotes under its title ("> Ky is a tiny and elegant HTTP client based on the
 * Fetch API"): the first blockquote before the first section heading, when it says what the project
 * is. Later quotes are notes, warnings or someone else's words.
 */
export function taglineQuote(readme: string, name: string | undefined): Paragraph | null {
  const lines = readme.split('\n');
  let fence = false;
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!.trim();
    if (/^(```|~~~)/.test(t)) fence = !fence;
    if (fence) continue;
    if (/^#{2,6}\s/.test(t)) return null;
    if (!t.startsWith('>')) continue;
    const quoted: string[] = [];
    for (let j = i; j < lines.length && /^\s*>/.test(lines[j]!); j++)
      // a quoted heading (`> ### Example Node codebase …`) is the tagline set large
      quoted.push(
        lines[j]!.trim()
          .slice(1)
          .trim()
          .replace(/^#{1,6}\s/, ''),
      );
    // a GitHub alert (`> [!NOTE]`) or a notice is no tagline
    const text = plainInline(quoted.join(' '));
    if (/^\[!\w+\]/.test(quoted[0] ?? '') || NOISE.test(text)) return null;
    const s = firstSentence(/[.!?]$/.test(text) ? text : `${text}.`);
    if (!s || !isIdentitySentence(s, name)) return null;
    return { text: sentenceFromDescription(s, name), line: i + 1 };
  }
  return null;
}

/**
 * A first sentence that says what the project is for without naming its kind ("The fun, functional and
 * stateful way to build terminal apps.") keeps the sentence after it when that one only names the kind
 * ("A Go framework based on The Elm Architecture.").
 */
function withKindSentence(first: string, paragraph: string): string {
  if (DEFINES.test(first) || NAMES_A_KIND.test(first) || IS_A_KIND.test(first)) return first;
  const at = paragraph.indexOf(first);
  if (at < 0) return first;
  const next = firstSentence(paragraph.slice(at + first.length).trim());
  if (!next || DEFINES.test(next) || !(NAMES_A_KIND.test(next) || IS_A_KIND.test(next))) return first;
  return `${first} ${next}`;
}

export function findPurpose(
  readme: { path: string; text: string } | null,
  description: Located | undefined,
  name: string | undefined,
): Identity['purpose'] {
  const candidates: {
    text: string;
    line: number;
    defines: boolean;
    at: number;
    names: boolean;
    /** under a heading such as Installation: "This is a Node.js module available through npm" */
    instructions: boolean;
  }[] = [];
  if (readme) {
    const lines = readme.text.split('\n');
    const stop = lines.findIndex((l) => INSTRUCTIONS.test(l.trim()));
    const paras = proseParagraphs(readme.text)
      .filter((p) => !NOISE.test(p.text))
      .slice(0, 6);
    paras.forEach((p, at) => {
      // a paragraph ending in a colon introduces the list or code below it ("Here are the required
      // ones:"): it says nothing of the project by itself
      if (/:\s*$/.test(p.text)) return;
      const s = firstSentence(p.text);
      if (s && !NOISE.test(s))
        candidates.push({
          text: withKindSentence(s, p.text),
          line: p.line,
          defines: DEFINES.test(s),
          at,
          names: isIdentitySentence(s, name),
          instructions: stop >= 0 && p.line > stop + 1,
        });
    });
  }
  // a README sentence that says what the project is wins; then the manifest's description when it is
  // a sentence; then a README sentence naming the kind of thing it is; then the description made a
  // sentence; a sentence that says something else about the project is never taken as its purpose
  // sentences under the instructions describe the package to install, not what the project does
  const defining = candidates.find((c) => c.defines && c.names && c.at < 4 && !c.instructions);
  // a tagline quoted above the README's prose says what the project is before the prose does
  const tagline = readme ? taglineQuote(readme.text, name) : null;
  if (tagline && readme && (!defining || tagline.line < defining.line))
    return { text: tagline.text, source: { path: readme.path, line: tagline.line } };
  if (defining && readme) return { text: defining.text, source: { path: readme.path, line: defining.line } };
  const descText = description
    ? /[.!?]$/.test(description.text)
      ? description.text
      : `${description.text}.`
    : '';
  if (description && isSentence(descText) && DEFINES.test(descText))
    return { text: descText, source: { path: description.path, line: description.line } };
  const naming = candidates.find((c) => c.names && c.at < 3 && !c.instructions);
  if (naming && readme) return { text: naming.text, source: { path: readme.path, line: naming.line } };
  if (description)
    return {
      text: sentenceFromDescription(description.text, name),
      source: { path: description.path, line: description.line },
    };
  const late = candidates.find((c) => c.defines && c.names && c.at < 4);
  if (late && readme) return { text: late.text, source: { path: readme.path, line: late.line } };
  // "Hop is built on net/http." tells a property, not what it is: taken only when nothing says more
  const weak = candidates.find((c) => !c.instructions && c.at < 3 && nameStarts(c.text, name));
  if (weak && readme) return { text: weak.text, source: { path: readme.path, line: weak.line } };
  return readme ? purposeFromTitle(readme) : null;
}
