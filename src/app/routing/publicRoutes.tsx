import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { RenderErrorBoundary } from '../layout/RenderErrorBoundary';
import {
  CreatePasswordPage,
  ForgotPasswordPage,
  InfoPage,
  LoginPage,
  MessagePage,
  PricingPage,
  RegisterPage,
  SharedDashboardPage,
  EmbedDashboardPage,
  EmbedChartPage,
} from '../../pages';
import { RootHostOnly, RootRoute } from './RootRoute';

// The public routes of the specification (§2), open to anonymous visitors. They are rendered
// outside the app frame and win over the protected sections that share their prefix (see
// ui/navigation/publicProtectedPrefixes.ts): `/info` alone is the protected list, so the public pattern `/info/*`
// is registered as `/info/:page/*`.

function publicPage(page: ReactNode) {
  return <RenderErrorBoundary>{page}</RenderErrorBoundary>;
}

export const publicRoutes = [
  <Route key="root" path="/" element={publicPage(<RootRoute />)} />,
  <Route key="home" path="/home" element={publicPage(<RootRoute />)} />,
  <Route
    key="register"
    path="/register"
    element={publicPage(
      <RootHostOnly>
        <RegisterPage />
      </RootHostOnly>,
    )}
  />,
  <Route key="login" path="/login" element={publicPage(<LoginPage />)} />,
  <Route
    key="share"
    path="/share/dashboards/:dashboardId/:token"
    element={publicPage(<SharedDashboardPage />)}
  />,
  <Route key="embed" path="/embed/dashboards/*" element={publicPage(<EmbedDashboardPage />)} />,
  <Route key="embed-chart" path="/embed/charts/*" element={publicPage(<EmbedChartPage />)} />,
  <Route key="message-id" path="/messages/:type/:id" element={publicPage(<MessagePage />)} />,
  <Route key="message" path="/messages/:type" element={publicPage(<MessagePage />)} />,
  <Route
    key="create-password"
    path="/create-password/:id"
    element={publicPage(<CreatePasswordPage />)}
  />,
  <Route
    key="forgot-password"
    path="/forgot-password"
    element={publicPage(<ForgotPasswordPage />)}
  />,
  <Route key="info" path="/info/:page/*" element={publicPage(<InfoPage />)} />,
  <Route key="pricing" path="/pricing/:token" element={publicPage(<PricingPage />)} />,
];
