// The ZIP source: the app's one file picker in its large size, a drop zone that takes the first .zip dropped.
import { FilePicker } from '../../../components/ui/file-picker.tsx';
import { formatFileSize } from '../../../lib/format.ts';

export function ZipDropZone({
  file,
  onFile,
  error,
}: {
  file: File | null;
  onFile: (file: File) => void;
  error?: string;
}) {
  return (
    <FilePicker
      label="Project ZIP file"
      name="projectFile"
      accept=".zip,application/zip,application/x-zip-compressed"
      size="large"
      onFiles={(files) => {
        const zip = files.find((f) => f.name.toLowerCase().endsWith('.zip')) ?? files[0];
        if (zip) onFile(zip);
      }}
      chosen={
        file ? (
          <>
            {file.name} <span className="font-normal text-slate-600">({formatFileSize(file.size)})</span>
          </>
        ) : undefined
      }
      empty="Drag and drop your project ZIP here, or"
      error={error}
      testIds={{ area: 'zip-drop-zone', chosen: 'zip-chosen', error: 'zip-error' }}
    />
  );
}
