import { useEffect, type RefObject } from 'react';
import { tellHost } from './embedMessages';

/**
 * Tells the host page, once the embedded content has `loaded`, that it has and how tall `main`
 * is, then each new height: the SDK's element sizes its iframe to it.
 */
export function useHostSizing(
  main: RefObject<HTMLElement | null>,
  loaded: boolean,
  origins: string[],
): void {
  useEffect(() => {
    if (!loaded || !main.current) return;
    const height = () => Math.ceil(main.current?.scrollHeight ?? 0);
    tellHost(origins, { type: 'loaded', height: height() });
    const observer = new ResizeObserver(() =>
      tellHost(origins, { type: 'resized', height: height() }),
    );
    observer.observe(main.current);
    return () => observer.disconnect();
  }, [main, loaded, origins]);
}
