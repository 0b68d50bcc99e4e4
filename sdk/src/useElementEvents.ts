import { useEffect, useRef, type RefObject } from 'react';

// The DOM events of an embed element as React callbacks: listened to once, each calling the
// latest callback of its event (a new function on every render re-subscribes nothing).

export type EventCallbacks = Record<string, ((detail: never) => void) | undefined>;

export function useElementEvents(ref: RefObject<HTMLElement | null>, callbacks: EventCallbacks) {
  const latest = useRef(callbacks);
  latest.current = callbacks;
  const types = Object.keys(callbacks).join(' ');
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const offs = types.split(' ').map((type) => {
      const listener = (event: Event) =>
        latest.current[type]?.((event as CustomEvent).detail as never);
      element.addEventListener(type, listener);
      return () => element.removeEventListener(type, listener);
    });
    return () => offs.forEach((off) => off());
  }, [ref, types]);
}
