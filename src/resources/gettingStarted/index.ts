import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';

// Getting started: the journey through the product for the signed-in role, and its checklist.
// Its one screen is in this chunk already (loaded after sign-in with the other sections).

export { default as list } from './GettingStarted';
export const icon = RocketLaunchIcon;
