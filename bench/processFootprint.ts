import { readdirSync, readFileSync } from 'node:fs';

// What the server process holds of the machine, read from /proc: resident memory, threads
// and open file descriptors (the three things an open warehouse costs).

export interface ProcessFootprint {
  rssMb: number;
  threads: number;
  descriptors: number;
}

export function processFootprint(): ProcessFootprint {
  const status = readFileSync('/proc/self/status', 'utf8');
  const threads = Number(/^Threads:\s+(\d+)/m.exec(status)?.[1] ?? 0);
  return {
    rssMb: Math.round(process.memoryUsage.rss() / 1024 / 1024),
    threads,
    descriptors: readdirSync('/proc/self/fd').length,
  };
}
