// A branded confirmation (an alert dialog) in place of the browser's confirm(): the question, a safe choice that
// has the focus first, and the action. Escape, the backdrop and the close button all mean "no".
import { useId } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, in the spec's words where it has them. */
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: 'default' | 'danger';
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'danger',
  loading,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const messageId = useId();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      tone={tone}
      role="alertdialog"
      describedBy={messageId}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} data-autofocus="">
            {cancelLabel}
          </Button>
          <Button variant={tone === 'danger' ? 'danger' : 'primary'} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p id={messageId}>{message}</p>
    </Dialog>
  );
}
