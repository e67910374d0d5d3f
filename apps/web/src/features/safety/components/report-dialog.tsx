import '../texts';
import {
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  type ReportReason,
  type ReportTarget,
} from '@acervo/contract/safety';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { keepTabInside } from '../../../components/ui/keep-tab-inside';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useFormAlert } from '../../../hooks/use-form-alert';
import { safetyApi } from '../api/safety-api';

/** 'Denunciar': a reason from the contract's list and, optionally, a few words. */
function ReportDialog({
  target,
  show,
  onHide,
}: {
  target: { type: ReportTarget; id: string };
  show: boolean;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [sent, setSent] = useState(false);
  const alert = useFormAlert();
  const report = useMutation({ mutationFn: safetyApi.report });
  const close = () => {
    onHide();
    setSent(false);
    setReason(null);
    setDetails('');
    alert.show(null);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return alert.show('validation.reportReasonInvalid');
    void alert.attempt('report', async () => {
      await report.mutateAsync({
        target_type: target.type,
        target_id: target.id,
        reason,
        ...(details.trim() ? { details } : {}),
      });
      setSent(true);
    });
  };
  return (
    <Modal show={show} onHide={close} centered aria-labelledby={`${ids}-title`} onKeyDown={keepTabInside}>
      <Modal.Header closeButton closeLabel={t('safety.report.close')}>
        <Modal.Title id={`${ids}-title`} className="h5">
          {t('safety.report.title')}
        </Modal.Title>
      </Modal.Header>
      {sent ? (
        <>
          <Modal.Body>
            <p className="mb-0" role="status">
              {t('safety.report.sent')}
            </p>
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-primary" onClick={close}>
              {t('safety.report.close')}
            </button>
          </Modal.Footer>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Modal.Body>
            <FormAlert messageKey={alert.key} />
            <p>{t('safety.report.intro')}</p>
            <fieldset className="mb-3">
              <legend className="form-label fs-6">{t('safety.report.reasonLegend')}</legend>
              {REPORT_REASONS.map((value) => (
                <div key={value} className="form-check">
                  <input
                    className="form-check-input"
                    type="radio"
                    name={`${ids}-reason`}
                    id={`${ids}-${value}`}
                    checked={reason === value}
                    onChange={() => setReason(value)}
                  />
                  <label className="form-check-label" htmlFor={`${ids}-${value}`}>
                    {t(`safety.report.reasons.${value}`)}
                  </label>
                </div>
              ))}
            </fieldset>
            <label className="form-label" htmlFor={`${ids}-details`}>
              {t('safety.report.details')}
            </label>
            <textarea
              id={`${ids}-details`}
              className="form-control"
              rows={3}
              maxLength={REPORT_DETAILS_MAX}
              value={details}
              onChange={(event) => setDetails(event.target.value)}
            />
          </Modal.Body>
          <Modal.Footer>
            <SubmitButton busy={report.isPending}>{t('safety.report.submit')}</SubmitButton>
          </Modal.Footer>
        </form>
      )}
    </Modal>
  );
}

/** The 'Denunciar' button and its dialog, for a collection, an item or a person. */
export function ReportButton({
  type,
  id,
  size = 'md',
}: {
  type: ReportTarget;
  id: string;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`btn btn-outline-secondary${size === 'sm' ? ' btn-sm' : ''}`}
        onClick={() => setOpen(true)}
      >
        {t('safety.report.button')}
      </button>
      <ReportDialog target={{ type, id }} show={open} onHide={() => setOpen(false)} />
    </>
  );
}
