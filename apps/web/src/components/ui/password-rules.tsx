import { PASSWORD_MIN, passwordLength } from '@acervo/contract/auth';
import { isCommonPassword } from '@acervo/contract/common-passwords';
import { useTranslation } from 'react-i18next';

/** The spec's security hint starts at 15 characters: a password that long is strong. */
const STRONG_LENGTH = 15;

type Rule = 'length' | 'letter' | 'digit' | 'uncommon';

/** The contract's password rules (auth.ts), one by one, so the person sees which are met. */
function checkRules(password: string): Record<Rule, boolean> {
  return {
    length: passwordLength(password) >= PASSWORD_MIN,
    letter: /\p{L}/u.test(password),
    digit: /\p{Nd}/u.test(password),
    uncommon: password.length > 0 && !isCommonPassword(password),
  };
}

const LEVEL_STYLE = { weak: 'bg-danger', fair: 'bg-warning', strong: 'bg-success' } as const;

/**
 * The live strength meter of a new password (issue 9): which rules are met, as it is typed. Made of
 * spans, as it sits in a field's hint (a `small`) and is read through the field's description.
 */
export function PasswordRules({ password }: { password: string }) {
  const { t } = useTranslation();
  const rules = checkRules(password);
  const met = Object.values(rules).filter(Boolean).length;
  const allMet = met === Object.keys(rules).length;
  const level = !allMet ? 'weak' : passwordLength(password) >= STRONG_LENGTH ? 'strong' : 'fair';
  const levelText = t(`common.passwordRules.levels.${level}`);
  // Four rules and the extra length share the bar: each is a fifth of it.
  const filled = (met + (level === 'strong' ? 1 : 0)) * 20;

  return (
    <span className="d-block password-rules" data-testid="password-rules">
      <span className="d-block progress mt-2" style={{ height: '0.375rem' }} aria-hidden="true">
        <span className={`d-block progress-bar ${LEVEL_STYLE[level]}`} style={{ width: `${filled}%` }} />
      </span>
      {/* The spaces between the lines keep the words apart where the description is read out. */}
      <span className="d-block mt-1">{t('common.passwordRules.strength', { level: levelText })}</span>{' '}
      <span className="d-block">{t('common.passwordRules.title')}</span>{' '}
      {(Object.keys(rules) as Rule[]).map((rule) => (
        <span key={rule}>
          <span className={`d-block ${rules[rule] ? 'text-success' : ''}`}>
            <span aria-hidden="true">{rules[rule] ? '✓' : '○'}</span> {t(`common.passwordRules.${rule}`)}{' '}
            <span className="visually-hidden">
              ({t(rules[rule] ? 'common.passwordRules.met' : 'common.passwordRules.notMet')})
            </span>
          </span>{' '}
        </span>
      ))}
    </span>
  );
}
