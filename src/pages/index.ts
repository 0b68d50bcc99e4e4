import { lazyScreen } from '../ui/navigation/lazyScreen';

// Every public page, each loaded on first use so the sign-in page stays small.

export const HomePage = lazyScreen(() => import('./home/HomePage'));
export const LoginPage = lazyScreen(() => import('./signIn/LoginPage'));
export const SharedDashboardPage = lazyScreen(
  () => import('./sharedDashboard/SharedDashboardPage'),
);
export const EmbedDashboardPage = lazyScreen(() => import('./embed/EmbedDashboardPage'));
export const EmbedChartPage = lazyScreen(() => import('./embed/EmbedChartPage'));
export const RegisterPage = lazyScreen(() => import('./register/RegisterPage'));
export const PricingPage = lazyScreen(() => import('./pricing/PricingPage'));
export const CreatePasswordPage = lazyScreen(() => import('./password/CreatePasswordPage'));
export const ForgotPasswordPage = lazyScreen(() => import('./password/ForgotPasswordPage'));
export const InfoPage = lazyScreen(() => import('./info/InfoPage'));
export const MessagePage = lazyScreen(() => import('./messages/MessagePage'));
