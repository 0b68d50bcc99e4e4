// A promise given a deadline, without being stopped by it: what a health check or a closing
// queue waits for at most.

export type Outcome = 'fulfilled' | 'rejected' | 'late';

/** How `promise` ends within `ms`: fulfilled, rejected, or late (still pending then). */
export async function outcomeWithin(promise: Promise<unknown>, ms: number): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  const settled = promise.then(
    (): Outcome => 'fulfilled',
    (): Outcome => 'rejected',
  );
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}
