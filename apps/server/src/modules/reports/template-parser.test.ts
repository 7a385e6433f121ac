// The template reader: the same answers as the synchronous parser, a hard time limit after which the
// thread is ended (and replaced), and a full queue refused rather than grown.
import { afterEach, describe, expect, it } from 'vitest';
import { EngineError, parseTemplate } from '@atr/engine';
import { engineMessages } from '@atr/shared';
import { MANY_LONG_KEYS } from './hostile-template.fixture.ts';
import {
  TEMPLATE_QUEUE_MAX,
  TemplateReaderBusyError,
  createTemplateParser,
  readUploadedTemplate,
  type TemplateParser,
} from './template-parser.ts';
import { TEMPLATE_YAML } from './test-helpers.ts';

const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(EngineError);
  return (e as EngineError).message;
};

describe('template reader', () => {
  let parser: TemplateParser | undefined;
  afterEach(async () => parser?.close());

  it('answers as the synchronous parser does: the template, its warnings, and its refusals word for word', async () => {
    parser = createTemplateParser({ timeoutMs: 10_000 });
    const withWarning = `${TEMPLATE_YAML}colour: blue\n`;
    expect(await parser.parse(withWarning, { maxHeadings: 300 })).toEqual(
      parseTemplate(withWarning, { maxHeadings: 300 }),
    );
    for (const bad of [
      'report_structure: 3\n',
      'a: 1\na: 2\n',
      `report_structure:\n${'  - x\n'.repeat(9)}`,
    ]) {
      let expected = '';
      try {
        parseTemplate(bad, { maxHeadings: 4 });
      } catch (e) {
        expected = (e as Error).message;
      }
      expect(expected).not.toBe('');
      expect(await refusal(parser.parse(bad, { maxHeadings: 4 }))).toBe(expected);
    }
  });

  it('ends a read at the time limit, names the limit, and reads the next template on a new thread', async () => {
    parser = createTemplateParser({ timeoutMs: 300, threads: 1 });
    await parser.parse(TEMPLATE_YAML, { maxHeadings: 300 }); // the thread is up
    const started = performance.now();
    expect(await refusal(parser.parse(MANY_LONG_KEYS, { maxHeadings: 300 }))).toBe(
      engineMessages.templateTooSlow(0.3),
    );
    expect(engineMessages.templateTooSlow(0.3)).toMatch(
      /^Line 1: the template took more than 0.3 seconds to read \(the limit\)/,
    );
    // the limit, plus generous slack for a loaded machine; the parse alone takes seconds
    expect(performance.now() - started).toBeLessThan(3300);
    expect((await parser.parse(TEMPLATE_YAML, { maxHeadings: 300 })).chapters.length).toBeGreaterThan(0);
  });

  it(`refuses reads beyond ${TEMPLATE_QUEUE_MAX} waiting as busy`, async () => {
    // a new reader's thread is still starting, so every read waits
    parser = createTemplateParser({ timeoutMs: 10_000, threads: 1 });
    const reads = Array.from({ length: TEMPLATE_QUEUE_MAX }, () =>
      parser!.parse(TEMPLATE_YAML, { maxHeadings: 300 }).then(() => 'read'),
    );
    await expect(parser.parse(TEMPLATE_YAML, { maxHeadings: 300 })).rejects.toBeInstanceOf(
      TemplateReaderBusyError,
    );
    // the ones queued are all read
    expect(new Set(await Promise.all(reads))).toEqual(new Set(['read']));
  });

  it('answers a refusal with 400 and a full queue with 503, each with its message', async () => {
    const failing = (err: Error): TemplateParser => ({
      parse: () => Promise.reject(err),
      close: async () => {},
    });
    const refused = failing(new EngineError('template', 'Line 3: chapter 1 needs a title (text).'));
    await expect(readUploadedTemplate(refused, 'x', { maxHeadings: 300 })).rejects.toMatchObject({
      statusCode: 400,
      message: 'Line 3: chapter 1 needs a title (text).',
    });
    await expect(
      readUploadedTemplate(failing(new TemplateReaderBusyError()), 'x', { maxHeadings: 300 }),
    ).rejects.toMatchObject({ statusCode: 503, message: engineMessages.templateReaderBusy });
  });
});
