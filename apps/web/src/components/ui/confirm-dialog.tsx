import Modal from 'react-bootstrap/Modal';
import { keepTabInside } from './keep-tab-inside';
import type { ReactNode } from 'react';

type ConfirmDialogProps = {
  show: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A yes/no question before something that cannot be undone (the spec's delete confirmations). */
export function ConfirmDialog({
  show,
  title,
  message,
  confirmLabel,
  cancelLabel,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      show={show}
      onHide={onCancel}
      centered
      aria-labelledby="confirm-title"
      aria-describedby="confirm-body"
      onKeyDown={keepTabInside}
    >
      <Modal.Header>
        <Modal.Title id="confirm-title" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body id="confirm-body">{message}</Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-light" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {confirmLabel}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
