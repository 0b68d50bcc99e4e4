import type { ReactNode } from 'react';
import { AppLayout } from '../layout/AppLayout';
import { RequireSignIn } from './RequireSignIn';

/** react-admin's layout for every protected section: the sign-in gate, then the app frame. */
export function ProtectedLayout({ children }: { children?: ReactNode }) {
  return (
    <RequireSignIn>
      <AppLayout>{children}</AppLayout>
    </RequireSignIn>
  );
}
