import { AdminScreen } from '../../features/safety/components/admin-screen';

/** /admin (issue 23): operators only; the API answers everyone else 403, and the page says so. */
export function AdminPage() {
  return <AdminScreen />;
}
