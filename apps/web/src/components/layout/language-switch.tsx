import { useTranslation } from 'react-i18next';
import brFlag from '../../assets/flags/br.svg';
import gbFlag from '../../assets/flags/gb.svg';
import { api } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { LANGUAGES, currentLanguage, type Language } from '../../lib/i18n';

const FLAGS: Record<Language, string> = { pt: brFlag, en: gbFlag };

/** The footer's flags (spec section 1): the active language is highlighted and pressed. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const active = currentLanguage();
  const choose = (language: Language) => {
    void i18n.changeLanguage(language);
    // Mails follow the chosen language too; the screen changes whether or not this reaches the API.
    if (user)
      void api.put(`/user/${encodeURIComponent(user.userId)}/locale`, { locale: language }).catch(() => {});
  };
  return (
    <div className="d-flex align-items-center gap-2" role="group" aria-label={t('common.footer.language')}>
      {LANGUAGES.map((language) => {
        const name = t(`common.languages.${language}`);
        return (
          <button
            key={language}
            type="button"
            lang={language === 'pt' ? 'pt-BR' : 'en'}
            className={`btn btn-sm language-flag${active === language ? ' active' : ''}`}
            aria-pressed={active === language}
            title={t('common.languages.switchTo', { language: name })}
            onClick={() => choose(language)}
          >
            <img src={FLAGS[language]} alt="" width={28} height={20} />
            <span className="ms-2">{name}</span>
          </button>
        );
      })}
    </div>
  );
}
