import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import logo from '../../assets/logo.svg';
import { useAuth } from '../../lib/auth';
import type { HeaderSlots } from './header-slots';

// Signed-in only, with the user menu's Dropdown (and Popper): a visitor's pages never load it.
const SignedInNav = lazy(() => import('./signed-in-nav').then((m) => ({ default: m.SignedInNav })));

function Brand({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to={signedIn ? '/profile' : '/'}
      className="navbar-brand d-flex align-items-center gap-2 fw-bold"
      aria-label={t(signedIn ? 'common.nav.logoHomeSignedIn' : 'common.nav.logoHomeSignedOut')}
    >
      <img src={logo} alt="" width={32} height={32} />
      <span>{t('common.productName')}</span>
    </Link>
  );
}

function VisitorNav() {
  const { t } = useTranslation();
  return (
    <>
      <div className="navbar-nav me-auto">
        <Link className="nav-link" to="/#sobre">
          {t('common.nav.about')}
        </Link>
        <NavLink className="nav-link" to="/help">
          {t('common.nav.support')}
        </NavLink>
        <NavLink className="nav-link" to="/contact">
          {t('common.nav.contact')}
        </NavLink>
      </div>
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

/**
 * Visitor or signed-in header (spec section 2, shared chrome). Bootstrap's navbar classes with our
 * own toggle: react-bootstrap's Navbar brings its Offcanvas, Modal and Collapse transition (about
 * 12 KB gzip) to every page, for a menu that only shows and hides (decision 034).
 */
export function SiteHeader({ reminder: Reminder, ...slots }: HeaderSlots) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [expanded, setExpanded] = useState(false);
  // On small screens the menu closes once a link in it is followed.
  const closeOnLink = (event: React.MouseEvent) => {
    if ((event.target as HTMLElement).closest('a')) setExpanded(false);
  };
  return (
    <nav className="site-header navbar navbar-expand-lg navbar-light border-bottom bg-body sticky-top">
      {/* Wrapping: the e-mail reminder takes a line of its own below, instead of squeezing the menu. */}
      <div className="container flex-wrap">
        <Brand signedIn={Boolean(user)} />
        <button
          type="button"
          className={expanded ? 'navbar-toggler' : 'navbar-toggler collapsed'}
          aria-controls="site-nav"
          aria-expanded={expanded}
          aria-label={t('common.nav.toggle')}
          onClick={() => setExpanded(!expanded)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div
          id="site-nav"
          className={expanded ? 'navbar-collapse collapse show' : 'navbar-collapse collapse'}
          onClick={closeOnLink}
        >
          <nav
            className="d-flex flex-column flex-lg-row flex-grow-1 align-items-lg-center"
            aria-label={t('common.nav.main')}
          >
            {user ? (
              <Suspense fallback={null}>
                <SignedInNav {...slots} />
              </Suspense>
            ) : (
              <VisitorNav />
            )}
          </nav>
        </div>
        {user && Reminder ? <Reminder /> : null}
      </div>
    </nav>
  );
}
