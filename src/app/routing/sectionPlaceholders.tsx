import type { ComponentType } from 'react';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import type { Section } from '../../../common/sections';
import { lazyScreen } from '../../ui/navigation/lazyScreen';

// Sections without a screens folder: getting-started, and the sections whose issue has not
// landed yet, which say so on their page (no fake data).

const NotAvailableYet = lazyScreen(() => import('./NotAvailableYet'));
const GettingStarted = lazyScreen(() => import('../../resources/gettingStarted/GettingStarted'));

export const sectionPlaceholders: Partial<
  Record<Section, { list: ComponentType; icon?: ComponentType }>
> = {
  'getting-started': { list: GettingStarted, icon: RocketLaunchIcon },
};

/** A section with neither screens nor a placeholder of its own says it is not available. */
export const notAvailableSection = { list: NotAvailableYet };
