// The LLM writer and reviewer loop for one section: draft from the evidence → deterministic checks
// (citations against the files, numbers against the analysis, placeholders, claims that contradict
// the analysis or an accepted section) plus the reviewer
// model's JSON verdict → sent back ONCE with the problems listed → a draft that still fails the
// deterministic checks is replaced by the offline writer's section, and the trace says so.

import { extractCitations, knownFiles } from '../../citations.ts';
import { EngineError } from '../../errors.ts';
import type { ModelSession } from '../../llm/client.ts';
import {
  consistencyProblems,
  describeContradiction,
  describeQuotedConflict,
  findContradictions,
  type ShownFiles,
} from '../prose-claims.ts';
import { offlineRoles } from '../roles.ts';
import type { AgentDeps, Finding, SectionDraft, WriterInput } from '../types.ts';
import {
  citationProblems,
  faithfulnessProblems,
  knownNumbers,
  numberProblems,
  textProblems,
} from './checks.ts';
import { centreExcerpts, factsBlock, findingsText, linesOf, snippets } from './evidence.ts';
import { centreCap, moduleOf, REPOSITORY, SNIPPET_TOKENS, WRITER_MODULES } from './reading.ts';
import { topicRanks } from './topic.ts';
import { relevantSummaries, type Reading } from './summaries.ts';
import { reviewClaims } from './review.ts';
import { dataBlock, shownLines, SYSTEM } from './prompts.ts';

export interface SectionOutcome {
  draft: SectionDraft;
  source: 'model' | 'model-revised' | 'offline-fallback';
  /** Problems found in the first draft (and the second, when it was sent back). */
  problems: string[][];
  reason?: string;
  /**
   * The lines of each file the writer was shown (its numbered excerpts), for the final review: a
   * claim the file it cites there backs stays even where the analysis says otherwise.
   */
  shown?: ShownFiles;
  /** What the model was given for the section: summaries, findings and excerpts (for the trace). */
  evidence?: {
    repositorySummary: boolean;
    modules: string[];
    findings: number;
    /** The files the section's topic ranking started from (topic.ts), the first dozen. */
    topicSeeds: string[];
    excerpts: string[];
    /**
     * Where a quoted file contradicts a fact: flagged by the writer, or found by the consistency
     * check in a claim whose cited excerpt backs it (the claim is kept).
     */
    conflicts?: string[];
  };
}

/** Model output as a section body: no surrounding fence, no repeated heading. */
/** The conflicts a writer flagged (`<!-- conflict: … -->`), for the trace; the section keeps none. */
export function takeConflicts(md: string): { md: string; conflicts: string[] } {
  const conflicts: string[] = [];
  const out = md.replace(/<!--\s*conflict:([^>]*)-->\n?/gi, (_m, what: string) => {
    conflicts.push(what.trim());
    return '';
  });
  return { md: out.trim(), conflicts };
}

export function cleanMarkdown(text: string, title: string): string {
  let md = text.trim();
  const fenced = /^```(?:markdown|md)?\n([\s\S]*?)\n```$/i.exec(md);
  if (fenced) md = fenced[1]!.trim();
  const lines = md.split('\n');
  while (
    lines.length &&
    /^#{1,6}\s/.test(lines[0]!) &&
    lines[0]!
      .replace(/^#+\s*/, '')
      .replace(/^[\d.]+\s*/, '')
      .trim()
      .toLowerCase() === title.trim().toLowerCase()
  )
    lines.shift();
  return lines.join('\n').trim();
}

function sectionFindings(input: WriterInput): Finding[] {
  const all = input.plan.hasChildren
    ? [...input.findings, ...input.children.flatMap((c) => (input.childFindings[c.id] ?? []).slice(0, 3))]
    : input.findings;
  // children of the same kind bring the same findings: each once
  const seen = new Set<string>();
  return all.filter((f) => !seen.has(f.statement) && !!seen.add(f.statement));
}

/**
 * Definitions to excerpt: the section's modules' first, then the best-ranked of the rest, so the
 * excerpts fill their share of the prompt whatever the findings cite.
 */
function definitions(
  reading: Reading,
  modules: string[],
  deps: AgentDeps,
  ranks: Map<string, number>,
): Finding[] {
  // the product's own files: a test, an example, a migration or a UI kit's primitive is named only
  // in the reading, and no fill excerpt either (a finding that cites one still shows it, labelled)
  const own = reading.plan.files.filter((f) => !f.role || f.role === 'product');
  const rank = new Map(own.map((f) => [f.path, ranks.get(f.path) ?? 0]));
  const inModules = new Set(modules);
  return deps.analysis.symbols
    .filter((s) => rank.has(s.path))
    .sort(
      (x, y) =>
        Number(inModules.has(moduleOf(y.path))) - Number(inModules.has(moduleOf(x.path))) ||
        (rank.get(y.path) ?? 0) - (rank.get(x.path) ?? 0) ||
        Number(y.exported) - Number(x.exported) ||
        x.path.localeCompare(y.path) ||
        x.line - y.line,
    )
    .slice(0, 120)
    .map((s) => ({ statement: `${s.kind} ${s.name}`, citations: [`${s.path}:${s.line}`] }))
    .concat(
      // where definitions are few (object literals, scripts), the heads of the best-ranked files
      [...own]
        .sort(
          (x, y) =>
            Number(inModules.has(y.module)) - Number(inModules.has(x.module)) ||
            rank.get(y.path)! - rank.get(x.path)!,
        )
        .slice(0, 20)
        .map((f) => ({ statement: f.path, citations: [f.path] })),
    );
}

export async function writeWithModel(
  session: ModelSession,
  input: WriterInput,
  deps: AgentDeps,
  reading?: Reading,
): Promise<SectionOutcome> {
  const { plan } = input;
  const signal = deps.signal ? { signal: deps.signal } : {};
  const findings = sectionFindings(input);
  const facts = factsBlock(deps.analysis, deps.projectName);
  const evidence = findingsText(findings);
  const repository = reading?.summaries.get(REPOSITORY);
  // the product ranked for this section: PageRank seeded by its findings' files and its topic's names
  const topic = reading ? topicRanks(reading.graph, deps.analysis, plan, findings) : undefined;
  const modules = reading ? relevantSummaries(reading, plan, findings, WRITER_MODULES, topic?.ranks) : [];
  // the centre first (the main path's definitions, the central types) for the sections that tell
  // what the product is and how it works; the cited and ranked excerpts fill the rest
  const tokens = (t: string) => session.countTokens(t, 'writer');
  const centre = reading
    ? await centreExcerpts(plan.kind, deps.workspace, deps.analysis, centreCap, tokens)
    : { excerpts: [], shown: undefined };
  const cited = await snippets(
    [
      ...findings,
      ...(reading
        ? definitions(
            reading,
            modules.map((m) => m.dir),
            deps,
            topic!.ranks,
          )
        : []),
    ],
    deps.workspace,
    deps.analysis,
    SNIPPET_TOKENS,
    tokens,
    undefined,
    centre.shown,
    plan.kind,
  );
  const excerpts = [...centre.excerpts, ...cited];
  const sent: NonNullable<SectionOutcome['evidence']> = {
    repositorySummary: !!repository?.text,
    modules: modules.map((m) => m.dir),
    findings: findings.length,
    topicSeeds: topic?.seeds.slice(0, 12) ?? [],
    excerpts: excerpts.map((e) => /^FILE (.*)$/m.exec(e)?.[1] ?? '').filter(Boolean),
  };
  const known = knownNumbers(deps.analysis, facts, evidence, excerpts.join('\n'));
  const context = [
    `Project: ${deps.projectName}. Section ${plan.id} "${plan.title}"${input.parent ? ` in chapter "${input.parent.title}"` : ''} (kind: ${plan.kind}${plan.focus ? `, focus: ${plan.focus}` : ''}).`,
    plan.hasChildren
      ? `This is the introduction of a part whose sections follow: ${input.children.map((c) => `"${c.title}"`).join(', ')}. Introduce them briefly; do not write their content.`
      : '',
    `Facts from the analysis (the only numbers you may state):\n${dataBlock('facts', facts)}`,
    repository?.text
      ? `What the project is, as read from its modules:\n${dataBlock('repository summary', repository.text)}`
      : '',
    modules.length
      ? `Summaries of the modules this section draws on:\n${modules.map((m) => dataBlock(`module ${m.dir}`, m.text)).join('\n\n')}`
      : '',
    `Evidence (findings with their citations):\n${dataBlock('evidence', evidence)}`,
    excerpts.length
      ? `Numbered excerpts of the cited files:\n${excerpts.map((e, i) => dataBlock(`excerpt ${i + 1}`, e)).join('\n\n')}`
      : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  const task = `Write the body of section "${plan.title}" in markdown, as long as the evidence carries (tables or lists where they help; one honest sentence when the evidence holds nothing for it), citing the evidence as \`path:line\`.`;

  // a claim whose cited excerpt says what it says is no problem: the file wins over the fact
  const shown = shownLines(excerpts.join('\n'));
  const contradictions = (md: string) =>
    consistencyProblems(md, deps.analysis, deps.claims, [deps.projectName], shown);
  const read = linesOf(deps.workspace);
  const check = async (md: string) => [
    ...textProblems(md),
    ...citationProblems(md, deps.analysis),
    ...(await faithfulnessProblems(md, deps.analysis, read)),
    ...numberProblems(md, deps.analysis, known),
    ...contradictions(md),
  ];
  // the model checks the claims against the lines they cite, not against the writer's whole context
  const review = (md: string) =>
    reviewClaims(
      session,
      plan.title,
      md,
      facts,
      knownFiles(deps.analysis.files.map((f) => f.path)),
      read,
      deps.signal,
    );

  // a conflict the writer flagged goes to the trace, never into the section, and is not a claim of
  // the section either: its words quote the fact the file contradicts, which the checks would hold
  // against the analysis and send back
  const conflicts: string[] = [];
  const draftOf = (text: string) => {
    const flagged = takeConflicts(cleanMarkdown(text, plan.title));
    for (const c of flagged.conflicts) if (!conflicts.includes(c)) conflicts.push(c);
    return flagged.md;
  };
  const first = draftOf(
    (
      await session.request({
        role: 'writer',
        system: SYSTEM.writer,
        prompt: `${context}\n\n${task}`,
        ...signal,
      })
    ).text,
  );
  const hard1 = await check(first);
  const soft1 = hard1.length ? [] : await review(first);
  const problems: string[][] = [[...hard1, ...soft1]];
  let md = first;
  let source: SectionOutcome['source'] = 'model';
  if (hard1.length || soft1.length) {
    const prompt = `${context}\n\nYour previous draft of this section:\n${dataBlock('previous draft', first)}\n\nThe reviewer found these problems:\n${[...hard1, ...soft1].map((p) => `- ${p}`).join('\n')}\n\n${task} Fix every problem listed; remove any statement you cannot back with the evidence.`;
    const second = draftOf(
      (await session.request({ role: 'writer', system: SYSTEM.writer, prompt, ...signal })).text,
    );
    const hard2 = await check(second);
    problems.push(hard2);
    if (conflicts.length) sent.conflicts = conflicts;
    if (hard2.length)
      return {
        ...(await fallback(input, deps, `the draft failed review twice: ${hard2.join(' ')}`, problems)),
        evidence: sent,
      };
    md = second;
    source = 'model-revised';
  }
  // a contradiction the model fixed when sent back is still a change the trace must show
  const fixed =
    source === 'model-revised'
      ? findContradictions(first, deps.analysis, deps.claims, [deps.projectName], shown)
          .filter((x) => !x.quoted)
          .map(describeContradiction)
      : [];
  // a claim kept because its quoted file backs it: the conflict goes to the trace
  for (const x of findContradictions(md, deps.analysis, deps.claims, [deps.projectName], shown))
    if (x.quoted && !conflicts.includes(describeQuotedConflict(x))) conflicts.push(describeQuotedConflict(x));
  if (conflicts.length) sent.conflicts = conflicts;
  const draft: SectionDraft = {
    id: plan.id,
    level: plan.level,
    title: plan.title,
    kind: plan.kind,
    markdown: md,
    citations: extractCitations(md, knownFiles(deps.analysis.files.map((f) => f.path))),
    ...(fixed.length
      ? {
          reviewNotes: [
            `Sent back once for contradicting the analysis; the revised draft agrees: ${fixed.join('; ')}.`,
          ],
        }
      : {}),
  };
  return { draft, source, problems, evidence: sent, shown };
}

/** The offline writer's section in place of a model draft, with the reason in its review notes. */
export async function fallback(
  input: WriterInput,
  deps: AgentDeps,
  reason: string,
  problems: string[][] = [],
): Promise<SectionOutcome> {
  const draft = await offlineRoles.write(input, deps);
  return {
    draft: {
      ...draft,
      reviewNotes: [...(draft.reviewNotes ?? []), `Replaced by the offline writer's section: ${reason}`],
    },
    source: 'offline-fallback',
    problems,
    reason,
  };
}

/** Errors that must stop the report rather than fall back: cancellation only (a budget refusal falls back). */
export function isFatal(e: unknown): boolean {
  return e instanceof EngineError && e.kind === 'cancelled';
}
