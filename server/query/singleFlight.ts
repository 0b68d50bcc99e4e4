// Identical work in flight runs once: later callers with the same key share the first
// caller's execution. Each caller may go away (its signal aborts) and only detaches; the
// execution itself is aborted once every caller has gone.

interface Flight<T> {
  promise: Promise<T>;
  controller: AbortController;
  waiters: number;
}

export class AbortedError extends Error {
  constructor() {
    super('The request was cancelled.');
    this.name = 'AbortError';
  }
}

export class SingleFlight<T> {
  private readonly flights = new Map<string, Flight<T>>();

  /** Number of distinct executions in flight. */
  get size(): number {
    return this.flights.size;
  }

  run(key: string, execute: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(new AbortedError());
    let flight = this.flights.get(key);
    if (!flight) flight = this.start(key, execute);
    flight.waiters += 1;
    return this.wait(key, flight, signal);
  }

  private start(key: string, execute: (signal: AbortSignal) => Promise<T>): Flight<T> {
    const controller = new AbortController();
    const flight: Flight<T> = {
      controller,
      waiters: 0,
      promise: Promise.resolve().then(() => execute(controller.signal)),
    };
    this.flights.set(key, flight);
    const settle = () => {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    };
    flight.promise.then(settle, settle);
    return flight;
  }

  private wait(key: string, flight: Flight<T>, signal?: AbortSignal): Promise<T> {
    if (!signal) return flight.promise;
    return new Promise<T>((resolve, reject) => {
      const detach = () => {
        flight.waiters -= 1;
        reject(new AbortedError());
        if (flight.waiters === 0) {
          // Nobody wants the answer any more: stop the work, and let the next caller start
          // afresh instead of joining an execution being cancelled.
          if (this.flights.get(key) === flight) this.flights.delete(key);
          flight.controller.abort();
        }
      };
      signal.addEventListener('abort', detach, { once: true });
      flight.promise.then(
        (value) => {
          signal.removeEventListener('abort', detach);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', detach);
          reject(error);
        },
      );
    });
  }
}
