// The model's review of a draft on a small context: the draft's claims (its sentences that cite a
// line, state a number or name code), the lines they cite with a few lines around them, and the
// facts of the analysis they touch. The writer saw summaries and excerpts worth thousands of tokens;
// checking a claim against the line it cites needs only that line, so the review costs a fraction of
// the writing and the tokens it saves go to reading the code (reading.ts plans them).

import { z } from 'zod';
import { citationsIn, type KnownFiles, replaceCodeSpans, stripFences } from '../../citations.ts';
import type { ModelSession } from '../../llm/client.ts';
import { askJson } from './json.ts';
import { dataBlock, numbered, SYSTEM } from './prompts.ts';

/** Lines shown either side of a cited line or range, fewer when many lines are cited. */
export const REVIEW_RADIUS = 2;
/** Most lines shown for one citation (a long range is shown from its start). */
const MAX_WINDOW = 2 * REVIEW_RADIUS + 9;
/** Cap of the cited lines' tokens in one review; citations past it are listed as not shown. */
export const REVIEW_CITED_TOKENS = 400;
/** A cited line longer than this (minified code, data) is cut: the claim is about its start. */
const LINE_CHARS = 200;

/** Sentences (table rows and list items are lines) that make a checkable claim. */
export function claimsOf(markdown: string): string[] {
  return stripFences(markdown)
    .split('\n')
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[A-Z`*_(])/))
    .map((s) => s.trim())
    .filter((s) => !/^#{1,6}\s/.test(s) && !/^\|?[\s:|-]+\|?$/.test(s))
    .filter((s) => s.includes('`') || /\d/.test(replaceCodeSpans(s, () => ' ')));
}

/** The numbers a text states outside code spans (a citation's line is not a statement). */
function numbersIn(text: string): Set<string> {
  const prose = replaceCodeSpans(text, () => ' ');
  return new Set([...prose.matchAll(/\d+(?:[.,]\d+)*/g)].map((m) => m[0].replace(/,(?=\d{3})/g, '')));
}

/**
 * The lines of the facts block the claims touch: one that shares a number with them, or a name
 * (a dependency, language, framework, licence…) that they use. The label before the colon does not
 * count, so "files analysed: 12" comes with a claim of 12 files, not with any claim about files.
 */
export function factsStated(facts: string, claims: string[]): string[] {
  const text = claims.join('\n');
  const numbers = numbersIn(text);
  const words = new Set([...text.toLowerCase().matchAll(/[a-z][\w.+-]{2,}/g)].map((m) => m[0]));
  return facts.split('\n').filter((line) => {
    const value = line.slice(line.indexOf(':') + 1);
    // bracketed asides (units, where a fact was searched) do not choose the line, nested ones neither
    let values = value;
    while (values.includes('(') && /\([^()]*\)/.test(values)) values = values.replace(/\([^()]*\)/g, ' ');
    if ([...numbersIn(value)].some((n) => numbers.has(n))) return true;
    return [...values.toLowerCase().matchAll(/[a-z][\w.+-]{2,}/g)].some(
      (m) => words.has(m[0]) && !LABEL_WORDS.has(m[0]),
    );
  });
}

// words of the facts block's own phrasing, which every section uses
const LABEL_WORDS = new Set([
  'files',
  'code',
  'lines',
  'comment',
  'blank',
  'declared',
  'runtime',
  'development',
  'manifests',
  'none',
  'detected',
  'only',
  'test',
  'cases',
  'found',
  'the',
  'and',
  'more',
]);

export interface ReviewContext {
  claims: string[];
  facts: string[];
  /** Numbered windows of the cited files, one per file region. */
  cited: string[];
  /** Citations whose lines did not fit the cap: the reviewer is told not to judge them. */
  notShown: string[];
}

/** The small context a review needs: the claims, the cited lines ± REVIEW_RADIUS, the facts touched. */
export async function reviewContext(
  markdown: string,
  facts: string,
  known: KnownFiles,
  read: (path: string) => Promise<string[] | undefined>,
  tokens: (t: string) => number,
): Promise<ReviewContext> {
  const claims = claimsOf(markdown);
  const lines: Cited[] = [];
  for (const { text, citation: c } of citationsIn(claims.join('\n'), known)) {
    if (c.line === undefined) continue; // a whole file is not a claim about lines
    const file = await read(c.path);
    if (!file || c.line > file.length) continue; // the deterministic checks report it
    lines.push({ text, path: c.path, line: c.line, end: c.end ?? c.line, file });
  }
  // the widest context around every cited line that fits the cap; what still does not fit is named
  let fitted = windowsOf(lines, 0, tokens);
  for (let radius = REVIEW_RADIUS; radius > 0; radius--) {
    const w = windowsOf(lines, radius, tokens);
    if (!w.notShown.length) {
      fitted = w;
      break;
    }
  }
  const cited: string[] = [];
  for (const [file, ranges] of fitted.windows) {
    const text = lines.find((l) => l.path === file)!.file;
    for (const [from, to] of merge(ranges))
      cited.push(
        numbered(
          file,
          text
            .slice(from - 1, to)
            .map((l) => (l.length > LINE_CHARS ? `${l.slice(0, LINE_CHARS)} …` : l))
            .join('\n'),
          from,
        ),
      );
  }
  return { claims, facts: factsStated(facts, claims), cited, notShown: fitted.notShown };
}

interface Cited {
  text: string;
  path: string;
  line: number;
  end: number;
  file: string[];
}

/** Windows of `radius` lines around the cited lines, in the order cited, until the cap is reached. */
function windowsOf(
  cited: Cited[],
  radius: number,
  tokens: (t: string) => number,
): { windows: Map<string, [number, number][]>; notShown: string[] } {
  const windows = new Map<string, [number, number][]>();
  const notShown: string[] = [];
  let used = 0;
  for (const c of cited) {
    const from = Math.max(1, c.line - radius);
    const to = Math.min(c.file.length, c.end + radius, from + MAX_WINDOW - 1);
    const list = windows.get(c.path) ?? [];
    if (list.some(([a, b]) => from >= a && to <= b)) continue;
    // the line numbers and the file name a window adds, as `numbered` writes them
    const cost =
      tokens(
        c.file
          .slice(from - 1, to)
          .map((l) => l.slice(0, LINE_CHARS))
          .join('\n'),
      ) +
      3 * (to - from + 1);
    if (used + cost > REVIEW_CITED_TOKENS) {
      notShown.push(c.text);
      continue;
    }
    used += cost;
    windows.set(c.path, [...list, [from, to]]);
  }
  return { windows, notShown };
}

/** Overlapping or touching line ranges as one, in order. */
function merge(ranges: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [a, b] of [...ranges].sort((x, y) => x[0] - y[0])) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

const ReviewAnswer = z.object({ problems: z.array(z.string().max(1000)).max(30) });

/** The review request's text: what to check, then the claims, the cited lines and the facts touched. */
export function reviewPrompt(title: string, ctx: ReviewContext): string {
  return [
    `Claims of the drafted section "${title}":\n${dataBlock('claims', ctx.claims.join('\n'))}`,
    ctx.cited.length
      ? `The lines they cite, with up to ${REVIEW_RADIUS} lines around each:\n${dataBlock('cited lines', ctx.cited.join('\n'))}`
      : '',
    ctx.facts.length ? `Facts of the analysis they touch:\n${dataBlock('facts', ctx.facts.join('\n'))}` : '',
    ctx.notShown.length
      ? `Not shown (do not judge them): ${ctx.notShown.map((c) => `\`${c}\``).join(', ')}.`
      : '',
    'List the claims that fail.',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * The model's problems with a draft's claims, judged on the small context; none when the draft
 * makes no claim to check (its text is checked by the deterministic checks alone).
 */
export async function reviewClaims(
  session: ModelSession,
  title: string,
  markdown: string,
  facts: string,
  known: KnownFiles,
  read: (path: string) => Promise<string[] | undefined>,
  signal?: AbortSignal,
): Promise<string[]> {
  const ctx = await reviewContext(markdown, facts, known, read, (t) => session.countTokens(t, 'reviewer'));
  if (!ctx.claims.length) return [];
  const { value } = await askJson(
    session,
    'reviewer',
    SYSTEM.reviewer,
    reviewPrompt(title, ctx),
    ReviewAnswer,
    {
      maxTokens: 600,
      ...(signal ? { signal } : {}),
    },
  );
  return value.problems.map((p) => p.trim()).filter(Boolean);
}
