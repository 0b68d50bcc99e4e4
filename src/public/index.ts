import { lazyScreen } from '../routing/lazyScreen';

// Every public page, each loaded on first use so the sign-in page stays small.

export const HomePage = lazyScreen(() => import('./HomePage'));
export const LoginPage = lazyScreen(() => import('./LoginPage'));
export const SharedDashboardPage = lazyScreen(() => import('./SharedDashboardPage'));
export const RegisterPage = lazyScreen(() => import('./RegisterPage'));
export const PricingPage = lazyScreen(() => import('./PricingPage'));
export const CreatePasswordPage = lazyScreen(() => import('./CreatePasswordPage'));
export const ForgotPasswordPage = lazyScreen(() => import('./ForgotPasswordPage'));
export const InfoPage = lazyScreen(() => import('./InfoPage'));
export const MessagePage = lazyScreen(() => import('./MessagePage'));
