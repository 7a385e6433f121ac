// The main path as a sequence diagram: one lifeline per type, file or library the unit of work
// passes through, one arrow per step, top to bottom in the order the path was traced. The layout
// is a grid (lifelines in order of first use, one row per step), so it is the same on every run.

import type { MainPathStep } from '../analyse/types.ts';
import { FONT_FAMILY, esc, textWidth, truncate } from './svg.ts';

/** More steps than this do not read as one picture; the path's first steps are its story. */
export const MAX_SEQUENCE_STEPS = 10;
/** Lifelines beyond this are folded into the last one's neighbours and would not fit a page. */
const MAX_LIFELINES = 6;

export interface SequenceModel {
  lifelines: { id: string; label: string; external: boolean }[];
  messages: { from: number; to: number; label: string; step: number }[];
  /** How many steps the whole path has, when the figure shows fewer. */
  of?: number;
  /** The steps left out, by label, and whether they are all past the last one drawn. */
  left?: { labels: string[]; atEnd: boolean };
}

const base = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/** The lifeline of the code the product was handed and runs: the user's, wherever it is called from. */
export const USER_CODE = 'user code';

/**
 * Who carries a step: its type, else its file; a library call is carried by the library. Code the
 * product was handed (a parameter, a hook field, a handler a lookup found) is carried by whoever wrote
 * it: the package that made it, the product function that made it, or the user.
 */
function holder(s: MainPathStep): { id: string; label: string; external: boolean } {
  if (s.external) return { id: `ext:${s.external}`, label: s.external, external: true };
  if (s.handedIn) {
    const runs = s.runs;
    // made by a call nothing resolved: handed in, by whom is not known
    if (!runs) return { id: 'handed', label: 'code handed in', external: true };
    if ('module' in runs) return { id: `ext:${runs.module}`, label: runs.module, external: true };
    if ('user' in runs) return { id: 'user', label: USER_CODE, external: true };
    if (runs.owner) return { id: `type:${runs.owner}`, label: runs.owner, external: false };
    return { id: `file:${runs.path}`, label: base(runs.path), external: false };
  }
  if (s.owner) return { id: `type:${s.owner}`, label: s.owner, external: false };
  return { id: `file:${s.path}`, label: base(s.path), external: false };
}

/**
 * What a figure of `model` shows of the path, for its caption: the whole path, its first steps, or all
 * but the steps it names. Drawn right after the list that tells the path (`listed`), it is that list
 * ("The main path as listed above, but for `ParseFlags()`"): the path is the steps the report chose,
 * not every call the code makes on the way.
 */
export function sequenceScope(model: SequenceModel, listed = false): string {
  const left = model.left;
  const whole = listed ? 'The main path as listed above' : 'The main path, step by step';
  if (!left) return whole;
  if (left.atEnd)
    return listed
      ? `The first ${model.messages.length} steps of the main path listed above`
      : `The main path's first ${model.messages.length} steps`;
  return left.labels.length <= 3
    ? `${whole}, but for ${left.labels.slice(0, -1).join(', ')}${left.labels.length > 1 ? ' and ' : ''}${left.labels.at(-1)}`
    : `${model.messages.length} ${listed ? 'of the steps listed above' : 'steps of the main path'}`;
}

/**
 * The diagram's content, or null when the path is too short to draw: fewer than two arrows between
 * different lifelines among the steps that fit the page's lifelines (the path is drawn up to there).
 */
/**
 * The step that calls step `i`: the one it records, else the one before it. A step that records
 * none after a step that was itself called is entered anew from outside (the framework renders the
 * page once the middleware has returned; a webhook is called back): -1, the caller.
 */
const callerOf = (path: readonly MainPathStep[], i: number): number => {
  const f = path[i]!.from;
  if (f !== undefined && f < i) return f;
  return i > 0 && path[i - 1]!.from !== undefined ? -1 : i - 1;
};

/**
 * The steps a page shows, as indices into the path. A path longer than a page is told by fewer of
 * the calls of the step that makes the most: one of its side steps (a leaf of the call tree, the
 * earliest) is left out, from the deepest such step on a tie, until the rest fit. Code handed in and
 * a library's call are what the path comes to, so they stay; so does every caller of a step that
 * stays, so each arrow still starts at its caller.
 */
export function sequenceSteps(path: readonly MainPathStep[]): number[] {
  const kept = path.map((_, i) => i);
  const depth = (i: number): number => (i <= 0 ? 0 : 1 + depth(callerOf(path, i)));
  while (kept.length > MAX_SEQUENCE_STEPS) {
    const calls = new Map<number, number>();
    for (const i of kept.slice(1)) calls.set(callerOf(path, i), (calls.get(callerOf(path, i)) ?? 0) + 1);
    const side = kept.filter((i) => i > 0 && !calls.has(i) && !path[i]!.handedIn && !path[i]!.external);
    if (!side.length) return kept.slice(0, MAX_SEQUENCE_STEPS);
    const weight = (i: number) => {
      const c = callerOf(path, i);
      return [calls.get(c)!, depth(c)] as const;
    };
    const drop = side.reduce((best, i) => {
      const [n, d] = weight(i);
      const [bn, bd] = weight(best);
      return n > bn || (n === bn && d > bd) ? i : best;
    });
    kept.splice(kept.indexOf(drop), 1);
  }
  return kept;
}

export function sequenceModel(path: readonly MainPathStep[]): SequenceModel | null {
  const shown = sequenceSteps(path);
  const steps = shown.map((i) => path[i]!);
  if (steps.length < 2) return null;
  const lifelines: SequenceModel['lifelines'] = [{ id: 'caller', label: 'caller', external: true }];
  const index = new Map<string, number>([['caller', 0]]);
  const lane = (s: MainPathStep) => {
    const h = holder(s);
    if (!index.has(h.id)) {
      index.set(h.id, lifelines.length);
      lifelines.push(h);
    }
    return index.get(h.id)!;
  };
  // the path is drawn up to the step that would need one lifeline more than a page holds
  const lanes: number[] = [];
  for (const s of steps) {
    if (!index.has(holder(s).id) && lifelines.length > MAX_LIFELINES) break;
    lanes.push(lane(s));
  }
  if (lanes.length < 2) return null;
  const messages = steps.slice(0, lanes.length).map((s, i) => {
    // the caller is the step the path recorded, else the one before it; the first comes from outside
    const caller = i === 0 ? -1 : callerOf(path, shown[i]!);
    const from = caller < 0 ? 0 : (lanes[shown.indexOf(caller)] ?? lanes[i - 1]!);
    // a type made on the way is made, not called
    const label = s.note?.startsWith('made by') ? `new ${s.name}` : `${s.name}()`;
    // numbered by its place on the whole path, so a step left out shows as a gap in the numbers
    return { from, to: lanes[i]!, label, step: shown[i]! + 1 };
  });
  if (messages.filter((m) => m.from !== m.to).length < 2) return null;
  const drawn = new Set(shown.slice(0, lanes.length));
  const leftOut = path.map((_, i) => i).filter((i) => !drawn.has(i));
  if (!leftOut.length) return { lifelines, messages };
  return {
    lifelines,
    messages,
    of: path.length,
    left: {
      labels: leftOut.map((i) => `${path[i]!.name}()`),
      atEnd: leftOut.every((i) => i > Math.max(...drawn)),
    },
  };
}

export function sequenceSvg(model: SequenceModel, title: string): string {
  const fontSize = 12;
  const margin = 24;
  const top = 64;
  const headH = 34;
  const rowH = 34;
  const labels = model.lifelines.map((l) => truncate(l.label, 22));
  const headW = labels.map((l) => Math.max(96, textWidth(l, fontSize) + 20));
  // a column is as wide as its head and the longest arrow label that starts or ends in it
  const colW = headW.map((w, i) =>
    Math.max(
      w,
      ...model.messages
        .filter((m) => Math.min(m.from, m.to) === i && m.from !== m.to)
        .map(
          (m) =>
            (textWidth(`${m.step}. ${truncate(m.label, 30)}`, fontSize) + 24) /
            Math.max(1, Math.abs(m.to - m.from)),
        ),
      ...model.messages
        .filter((m) => m.from === m.to && m.from === i)
        .map((m) => textWidth(`${m.step}. ${truncate(m.label, 30)}`, fontSize) + 40),
    ),
  );
  const xs: number[] = [];
  let x = margin;
  for (const w of colW) {
    xs.push(x + w / 2);
    x += w + 16;
  }
  // a loop's label runs to the right of its lifeline, past the column when the column is the last
  const loopEnds = model.messages
    .filter((m) => m.from === m.to)
    .map((m) => xs[m.from]! + 28 + textWidth(`${m.step}. ${truncate(m.label, 30)}`, fontSize));
  const width = Math.max(560, Math.round(Math.max(x - 16, ...loopEnds) + margin));
  const bodyTop = top + headH + 16;
  const height = Math.round(bodyTop + model.messages.length * rowH + margin);
  const out: string[] = [];
  model.lifelines.forEach((l, i) => {
    const w = headW[i]!;
    const cx = xs[i]!;
    out.push(
      `<line x1="${cx}" y1="${top + headH}" x2="${cx}" y2="${height - margin / 2}" stroke="#cbd5e1" stroke-dasharray="4 3"/>`,
      `<rect x="${cx - w / 2}" y="${top}" width="${w}" height="${headH}" rx="6" fill="${l.external ? '#f8fafc' : '#eff6ff'}" stroke="${l.external ? '#94a3b8' : '#2563eb'}" stroke-width="1.2"/>`,
      `<text x="${cx}" y="${top + 21}" text-anchor="middle" font-size="${fontSize}" fill="#111827">${esc(labels[i]!)}</text>`,
    );
  });
  model.messages.forEach((m, r) => {
    const y = bodyTop + r * rowH + rowH / 2;
    const label = esc(`${m.step}. ${truncate(m.label, 30)}`);
    if (m.from === m.to) {
      // a call within one lifeline: a loop to the right of it
      const cx = xs[m.from]!;
      out.push(
        `<path d="M${cx},${y - 8} h22 v14 h-18" fill="none" stroke="#475569" stroke-width="1.2" marker-end="url(#seq-arrow)"/>`,
        `<text x="${cx + 28}" y="${y + 3}" font-size="${fontSize}" fill="#111827">${label}</text>`,
      );
      return;
    }
    const x1 = xs[m.from]!;
    const x2 = xs[m.to]!;
    const dir = x2 > x1 ? 1 : -1;
    out.push(
      `<line x1="${x1}" y1="${y}" x2="${x2 - dir * 3}" y2="${y}" stroke="#475569" stroke-width="1.2" marker-end="url(#seq-arrow)"/>`,
      `<text x="${(x1 + x2) / 2}" y="${y - 6}" text-anchor="middle" font-size="${fontSize}" fill="#111827">${label}</text>`,
    );
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${esc(FONT_FAMILY)}">`,
    '<defs><marker id="seq-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#475569"/></marker></defs>',
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${margin}" y="32" font-size="18" font-weight="bold" fill="#111827">${esc(title)}</text>`,
    `<text x="${margin}" y="52" font-size="13" fill="#6b7280">${esc(`${model.messages.length} steps, in the order they run; grey lifelines are outside the product`)}</text>`,
    ...out,
    '</svg>',
  ].join('\n');
}
