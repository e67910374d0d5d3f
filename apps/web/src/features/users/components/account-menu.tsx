import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { Avatar } from '../../../components/ui/avatar';

/** The account area's side menu (spec section 2): Home, Perfil, Segurança, Sair. */
export function AccountMenu() {
  const { t } = useTranslation();
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const logout = async () => {
    await signOut();
    await navigate('/login');
  };
  const linkClass = ({ isActive }: { isActive: boolean }) => `account-menu-link${isActive ? ' active' : ''}`;
  return (
    <nav className="account-menu card border-0 shadow-sm" aria-label={t('users.account.menuLabel')}>
      <div className="card-body p-3">
        <div className="d-flex align-items-center gap-3 p-2 mb-2">
          <Avatar name={user?.userName ?? '?'} picture={user?.userPicture || null} />
          <div className="min-w-0">
            <div className="fw-semibold text-truncate">{user?.userName}</div>
            <div className="small text-body-secondary">{t('users.account.menuTitle')}</div>
          </div>
        </div>
        <ul className="list-unstyled mb-0">
          <li>
            <Link to="/profile" className="account-menu-link">
              {t('users.account.home')}
            </Link>
          </li>
          <li>
            <NavLink to="/account/profile" className={linkClass}>
              {t('users.account.profile')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/account/security" className={linkClass}>
              {t('users.account.security')}
            </NavLink>
          </li>
          <li>
            <button type="button" className="account-menu-link" onClick={() => void logout()}>
              {t('users.account.logout')}
            </button>
          </li>
        </ul>
      </div>
    </nav>
  );
}
