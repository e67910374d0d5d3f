import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../lib/auth';

// The button's work and the account check load after the text: the text is in the first paint
// (from what the session said), so the page never moves down under it, and costs the pages of a
// visitor a few bytes only (their 110 KB budget).
const ReminderActions = lazy(async () => ({
  default: (await import('./email-reminder-actions')).ReminderActions,
}));
const ReminderSync = lazy(async () => ({
  default: (await import('./email-reminder-actions')).ReminderSync,
}));

/**
 * The header's quiet reminder while the signed-in person's e-mail is unverified (issue 23), with
 * "Reenviar". It cannot be dismissed: it goes away once the e-mail is verified.
 */
export function EmailReminder() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user || user.emailVerified === true) return null;
  if (user.emailVerified === undefined) {
    return (
      <Suspense fallback={null}>
        <ReminderSync />
      </Suspense>
    );
  }
  return (
    // A note, not a live region: it is there from the first paint (pages' own status messages
    // keep the 'status' role to themselves). What 'Reenviar' answers is announced.
    <div className="email-reminder w-100 small text-body-secondary border-top py-1">
      <div className="d-flex flex-wrap align-items-center gap-2" aria-live="polite">
        <span>{t('users.emailReminder.text')}</span>
        <Suspense
          fallback={
            <button type="button" className="btn btn-link btn-sm p-0 align-baseline" disabled>
              {t('users.emailReminder.resend')}
            </button>
          }
        >
          <ReminderActions />
        </Suspense>
      </div>
    </div>
  );
}
