// The ZIP source: a drop zone that takes the first .zip dropped, plus a keyboard-reachable file picker.
import { useId, useState } from 'react';
import { FileArchive, UploadCloud } from 'lucide-react';
import { formatFileSize } from '../../../lib/format.ts';
import { cn } from '../../../lib/cn.ts';

export function ZipDropZone({
  file,
  onFile,
  error,
}: {
  file: File | null;
  onFile: (file: File) => void;
  error?: string;
}) {
  const id = useId();
  const [over, setOver] = useState(false);
  return (
    <div>
      <span className="mb-1.5 block text-sm font-medium text-slate-700" id={`${id}-label`}>
        Project ZIP file
      </span>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          const files = Array.from(e.dataTransfer.files);
          const zip = files.find((f) => f.name.toLowerCase().endsWith('.zip')) ?? files[0];
          if (zip) onFile(zip);
        }}
        data-testid="zip-drop-zone"
        className={cn(
          'flex flex-col items-center justify-center rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
          over
            ? 'border-indigo-500 bg-indigo-50'
            : error
              ? 'border-rose-300 bg-rose-50/40'
              : 'border-slate-300 bg-slate-50',
        )}
      >
        {file ? (
          <FileArchive aria-hidden="true" className="size-8 text-indigo-600" />
        ) : (
          <UploadCloud aria-hidden="true" className="size-8 text-slate-400" />
        )}
        {file ? (
          <p className="mt-2 break-all text-sm font-medium text-slate-900" data-testid="zip-chosen">
            {file.name} <span className="font-normal text-slate-500">({formatFileSize(file.size)})</span>
          </p>
        ) : (
          <p className="mt-2 text-sm text-slate-600">Drag and drop your project ZIP here, or</p>
        )}
        <label
          htmlFor={id}
          className="mt-3 cursor-pointer rounded-lg bg-white px-3 py-2 text-sm font-semibold text-indigo-700 shadow-sm ring-1 ring-inset ring-slate-300 focus-within:ring-2 focus-within:ring-indigo-600 hover:bg-slate-50"
        >
          {file ? 'Choose another file' : 'Browse files'}
          <input
            id={id}
            name="projectFile"
            type="file"
            accept=".zip,application/zip,application/x-zip-compressed"
            className="sr-only"
            aria-labelledby={`${id}-label`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) onFile(f);
              e.target.value = '';
            }}
          />
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-xs font-medium text-rose-700" data-testid="zip-error">
          {error}
        </p>
      )}
    </div>
  );
}
