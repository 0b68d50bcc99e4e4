import { Suspense, lazy, type ComponentType } from 'react';
import { TopProgressBar } from '../TopProgressBar';
import { reloadOnStaleChunk } from './staleChunk';

/**
 * A screen loaded on first use: its code is a separate chunk, and the top progress bar runs
 * while the chunk arrives. Sections' index files wrap their list/edit/create/show with this so
 * the sign-in page never downloads them. A chunk gone after a deploy reloads the page once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyScreen<P extends object = any>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  const Screen = lazy(reloadOnStaleChunk(load));
  function LazyScreen(props: P) {
    return (
      <Suspense fallback={<TopProgressBar />}>
        <Screen {...props} />
      </Suspense>
    );
  }
  return LazyScreen;
}
