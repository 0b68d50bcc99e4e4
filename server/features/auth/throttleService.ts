// The sign-in throttle as other areas use it: changing a password counts failures and backs
// off as signing in does.

export { LoginThrottle, throttleOf } from './loginThrottle';
