import { useState, type ComponentType } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router';
import logo from '../../assets/logo.svg';
import { useAuth } from '../../lib/auth';
import { PlusIcon } from '../ui/icons';
import { Avatar } from '../ui/avatar';

/** A modal a feature plugs into the header's add-item icon (issue 5: the add-item modal). */
export type HeaderModal = ComponentType<{ show: boolean; onHide: () => void }>;

/**
 * What features plug into the signed-in header: the add-item modal (collections), the bell with
 * its modal (notifications) and the search box (search). Shared chrome cannot import features.
 */
export type HeaderSlots = {
  addItemModal?: HeaderModal | undefined;
  notifications?: ComponentType | undefined;
  search?: ComponentType | undefined;
};

function Brand({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <Navbar.Brand
      as={Link}
      to={signedIn ? '/profile' : '/'}
      className="d-flex align-items-center gap-2 fw-bold"
      aria-label={t(signedIn ? 'common.nav.logoHomeSignedIn' : 'common.nav.logoHomeSignedOut')}
    >
      <img src={logo} alt="" width={32} height={32} />
      <span>{t('common.productName')}</span>
    </Navbar.Brand>
  );
}

function VisitorNav() {
  const { t } = useTranslation();
  return (
    <>
      <Nav className="me-auto">
        <Nav.Link as={Link} to="/#sobre">
          {t('common.nav.about')}
        </Nav.Link>
        <Nav.Link as={NavLink} to="/help">
          {t('common.nav.support')}
        </Nav.Link>
        <Nav.Link as={NavLink} to="/contact">
          {t('common.nav.contact')}
        </Nav.Link>
      </Nav>
      <div className="d-flex flex-column flex-lg-row gap-2 py-2 py-lg-0">
        <Link to="/login" className="btn btn-outline-primary">
          {t('common.nav.login')}
        </Link>
        <Link to="/register" className="btn btn-primary">
          {t('common.nav.register')}
        </Link>
      </div>
    </>
  );
}

function SignedInNav({ addItemModal: AddItemModal, notifications: Bell, search: Search }: HeaderSlots) {
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
      <Nav className="me-auto">
        {/* `end`: someone else's /profile/{id} is not "Início". */}
        <Nav.Link as={NavLink} to="/profile" end>
          {t('common.nav.home')}
        </Nav.Link>
        <Nav.Link as={NavLink} to="/feed">
          {t('common.nav.feed')}
        </Nav.Link>
      </Nav>
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

/** Visitor or signed-in header (spec section 2, shared chrome). */
export function SiteHeader(slots: HeaderSlots) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [expanded, setExpanded] = useState(false);
  // On small screens the menu closes once a link in it is followed.
  const closeOnLink = (event: React.MouseEvent) => {
    if ((event.target as HTMLElement).closest('a')) setExpanded(false);
  };
  return (
    <Navbar
      expand="lg"
      className="site-header border-bottom bg-body"
      sticky="top"
      expanded={expanded}
      onToggle={setExpanded}
    >
      <div className="container">
        <Brand signedIn={Boolean(user)} />
        <Navbar.Toggle aria-controls="site-nav" label={t('common.nav.toggle')} />
        <Navbar.Collapse id="site-nav" onClick={closeOnLink}>
          <nav
            className="d-flex flex-column flex-lg-row flex-grow-1 align-items-lg-center"
            aria-label={t('common.nav.main')}
          >
            {user ? <SignedInNav {...slots} /> : <VisitorNav />}
          </nav>
        </Navbar.Collapse>
      </div>
    </Navbar>
  );
}
