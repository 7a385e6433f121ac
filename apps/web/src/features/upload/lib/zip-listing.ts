// The ZIP's listing for the cost estimate: each file's path and uncompressed size, read from the
// archive's central directory in the browser (only its last bytes are read, not the whole file).
import { MAX_ESTIMATE_FILES } from '@atr/shared';

export type Listing = [path: string, size: number][];

/** The files the archive lists, or null when it cannot be read (the estimate then uses its size). */
export async function readZipListing(file: Blob): Promise<Listing | null> {
  try {
    const { unzipRaw } = await import('unzipit');
    const { entries } = await unzipRaw(file);
    const files = entries.filter((e) => !e.isDirectory).map((e): [string, number] => [e.name, e.size]);
    return files.length && files.length <= MAX_ESTIMATE_FILES ? files : null;
  } catch {
    return null; // not a ZIP the reader understands: the server says so when it is uploaded
  }
}
