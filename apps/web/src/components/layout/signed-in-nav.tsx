import { useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth';
import { Avatar } from '../ui/avatar';
import { PlusIcon } from '../ui/icons';
import type { HeaderSlots } from './header-slots';

/** The signed-in header's links, feature slots and user menu (loaded once someone signs in). */
export function SignedInNav({
  addItemModal: AddItemModal,
  notifications: Bell,
  search: Search,
}: HeaderSlots) {
  const { t } = useTranslation();
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [addingItem, setAddingItem] = useState(false);

  const logout = async () => {
    await signOut();
    await navigate('/login');
  };

  return (
    <>
      <div className="navbar-nav me-auto">
        {/* `end`: someone else's /profile/{id} is not "Início". */}
        <NavLink className="nav-link" to="/profile" end>
          {t('common.nav.home')}
        </NavLink>
        <NavLink className="nav-link" to="/feed">
          {t('common.nav.feed')}
        </NavLink>
      </div>
      {Search ? (
        <div className="header-search py-2 py-lg-0 me-lg-3">
          <Search />
        </div>
      ) : null}
      <div className="d-flex align-items-center gap-2 py-2 py-lg-0">
        {AddItemModal ? (
          <button
            type="button"
            className="btn btn-icon"
            title={t('common.nav.addItem')}
            onClick={() => setAddingItem(true)}
          >
            <PlusIcon />
            <span className="visually-hidden">{t('common.nav.addItem')}</span>
          </button>
        ) : null}
        {Bell ? <Bell /> : null}
        <Dropdown align="end">
          <Dropdown.Toggle variant="light" className="user-menu-toggle">
            <span className="visually-hidden">{t('common.nav.userMenu')}: </span>
            <Avatar name={user?.userName ?? '?'} picture={user?.userPicture || null} />
            <span className="ms-2 user-menu-name">{user?.userName}</span>
          </Dropdown.Toggle>
          <Dropdown.Menu>
            <Dropdown.Header>
              <div className="fw-semibold text-body">{user?.userName}</div>
              <div className="small">{user?.userEmail}</div>
            </Dropdown.Header>
            <Dropdown.Divider />
            <Dropdown.Item as={Link} to="/account/profile">
              <div>{t('common.nav.configuration')}</div>
              <div className="small text-body-secondary">{t('common.nav.configurationHint')}</div>
            </Dropdown.Item>
            <Dropdown.Divider />
            <Dropdown.Item as="button" type="button" onClick={() => void logout()}>
              {t('common.nav.logout')}
            </Dropdown.Item>
          </Dropdown.Menu>
        </Dropdown>
      </div>
      {AddItemModal ? <AddItemModal show={addingItem} onHide={() => setAddingItem(false)} /> : null}
    </>
  );
}
