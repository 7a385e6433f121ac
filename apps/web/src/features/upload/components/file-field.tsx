// A template, images or logo field: the app's one file picker in its compact size, with the chosen file names.
import type { ReactNode } from 'react';
import { FilePicker } from '../../../components/ui/file-picker.tsx';

export function FileField({
  label,
  accept,
  multiple,
  onFiles,
  error,
  hint,
  chosen,
  name,
  onRemove,
}: {
  label: string;
  accept?: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
  error?: string;
  hint?: ReactNode;
  chosen?: string;
  name: string;
  /** When given, a Remove button clears the chosen file. */
  onRemove?: () => void;
}) {
  return (
    <FilePicker
      label={label}
      name={name}
      accept={accept}
      multiple={multiple}
      onFiles={onFiles}
      chosen={chosen}
      empty={multiple ? 'No files chosen' : 'No file chosen'}
      hint={hint}
      error={error}
      onRemove={onRemove}
      removeLabel={chosen ? `Remove ${label.toLowerCase()} ${chosen}` : undefined}
      testIds={{ chosen: `${name}-chosen`, empty: `${name}-chosen`, error: `${name}-error` }}
    />
  );
}
