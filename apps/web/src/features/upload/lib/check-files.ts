// The upload form's checks of the chosen files, made in the browser the moment a file is chosen (and again before
// sending), so an empty or fake ZIP or a broken template is refused at its field before anything is uploaded.
// The template is read by the server's own parser (`@atr/shared/template`), loaded only when a template is chosen.
import {
  DEFAULT_UPLOAD_MAX_ZIP_BYTES,
  formatLimit,
  messages,
  uploadFormMessages,
  uploadMessages,
  type UploadLimits,
} from '@atr/shared';
import { formatFileSize } from '../../../lib/format.ts';

/** A file's refusal, or null when it may be sent. */
export type FileCheck = string | null;

const LOCAL_FILE_HEADER = [0x50, 0x4b, 0x03, 0x04]; // "PK\x03\x04": the first entry of an archive
const END_OF_CENTRAL_DIRECTORY = [0x50, 0x4b, 0x05, 0x06]; // "PK\x05\x06" first: an archive with no entries

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** Checks the name, the size and the first bytes of a project ZIP (only those 4 bytes are read). */
export async function checkZip(file: File, maxBytes = DEFAULT_UPLOAD_MAX_ZIP_BYTES): Promise<FileCheck> {
  if (!file.name.toLowerCase().endsWith('.zip')) return messages.validation.zipType;
  if (file.size === 0) return uploadFormMessages.zipEmptyFile;
  if (file.size > maxBytes)
    return uploadFormMessages.zipTooLarge(formatFileSize(file.size), formatFileSize(maxBytes));
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  } catch {
    return uploadFormMessages.zipUnreadable;
  }
  if (startsWith(head, LOCAL_FILE_HEADER)) return null;
  if (startsWith(head, END_OF_CENTRAL_DIRECTORY)) return uploadFormMessages.zipNoFiles;
  return uploadFormMessages.zipNotZip;
}

/** A template's refusal, with the line it names (the server's words exactly), or its chapter count. */
export type TemplateCheck =
  { ok: true; chapters: number } | { ok: false; message: string; line: number | null };

/** Reads the template with the server's parser and rules, under the operator's size and heading limits. */
export async function checkTemplate(
  file: File,
  limits: Pick<UploadLimits, 'templateBytes' | 'templateHeadings'> | null = null,
): Promise<TemplateCheck> {
  if (!/\.ya?ml$/i.test(file.name))
    return { ok: false, message: messages.validation.templateType, line: null };
  if (limits && file.size > limits.templateBytes)
    return {
      ok: false,
      message: uploadMessages.templateTooLarge(formatLimit(limits.templateBytes)),
      line: null,
    };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, message: uploadFormMessages.templateUnreadable, line: null };
  }
  const { parseTemplate, templateErrorLine, TemplateError } = await import('@atr/shared/template');
  try {
    const options = limits ? { maxHeadings: limits.templateHeadings } : {};
    return { ok: true, chapters: parseTemplate(text, options).chapters.length };
  } catch (e) {
    if (e instanceof TemplateError)
      return { ok: false, message: e.message, line: templateErrorLine(e.message) };
    throw e;
  }
}

/** The text of one line of a file (1-based), trimmed to a readable length, for showing beside its error. */
export async function lineOf(file: File, line: number): Promise<string | null> {
  try {
    const text = (await file.text()).split(/\r?\n/)[line - 1];
    if (text === undefined) return null;
    return text.length > 120 ? `${text.slice(0, 120)}…` : text;
  } catch {
    return null;
  }
}

/** A logo's refusal by size, before it is sent; its content is checked by the server, which decodes it. */
export function checkLogoSize(file: File, limits: Pick<UploadLimits, 'logoBytes'> | null): FileCheck {
  return limits && file.size > limits.logoBytes
    ? uploadMessages.logoTooLarge(formatLimit(limits.logoBytes))
    : null;
}

/** The refusal of a set of chosen images: too many, or the first one over the size limit. */
export function checkImages(
  files: File[],
  limits: Pick<UploadLimits, 'imageBytes' | 'images'> | null,
): FileCheck {
  if (!limits) return null;
  if (files.length > limits.images) return uploadMessages.tooManyImages(limits.images);
  const big = files.find((f) => f.size > limits.imageBytes);
  return big ? uploadMessages.imageTooLarge(big.name.slice(0, 100), formatLimit(limits.imageBytes)) : null;
}
