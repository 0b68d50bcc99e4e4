import { useLayoutEffect, useState, type RefObject } from 'react';

// The height that takes an element from where it starts on the page down to the bottom of the
// window (less a margin), as a result grid in Superset's SQL Lab fills the space below the
// editor. Measured again when the window or the page's content changes size (the editor
// resized by its handle, a message appearing above).

export function useFillHeight(
  ref: RefObject<HTMLElement | null>,
  { min = 280, bottomGap = 32 }: { min?: number; bottomGap?: number } = {},
): number {
  const [height, setHeight] = useState(min);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      const fill = Math.floor(window.innerHeight - top - bottomGap);
      setHeight(Math.max(min, fill));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [ref, min, bottomGap]);

  return height;
}
