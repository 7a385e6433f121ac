// The engine's view of the report template parser, which lives in the shared package so the upload form checks a
// template with the same rules and messages as the server: its refusals become EngineError('template').
import {
  TEMPLATE_LIMITS,
  TemplateError,
  checkHeadingLimit as checkSharedHeadingLimit,
  countHeadings,
  parseTemplate as parseSharedTemplate,
  type ParseTemplateOptions,
  type ReportTemplate,
} from '@atr/shared/template';
import { EngineError } from '../errors.ts';
import { DEFAULT_WORK_LIMITS } from '../types.ts';

export { TEMPLATE_LIMITS, countHeadings, type ParseTemplateOptions };

function asEngineError<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof TemplateError) throw new EngineError('template', e.message);
    throw e;
  }
}

/** Throws EngineError('template') naming the count and the limit when a template has too many headings. */
export function checkHeadingLimit(
  template: Pick<ReportTemplate, 'chapters'>,
  maxHeadings: number = DEFAULT_WORK_LIMITS.maxTemplateHeadings,
): void {
  asEngineError(() => checkSharedHeadingLimit(template, maxHeadings));
}

/** Parses template text into a validated ReportTemplate or throws EngineError('template', 'Line N: …'). */
export function parseTemplate(text: string, options: ParseTemplateOptions = {}): ReportTemplate {
  return asEngineError(() =>
    parseSharedTemplate(text, {
      maxHeadings: options.maxHeadings ?? DEFAULT_WORK_LIMITS.maxTemplateHeadings,
    }),
  );
}
