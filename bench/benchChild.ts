import { fork, type ChildProcess } from 'node:child_process';
import { requestedQuerySlots } from '../server/config';
import { withThreadPoolSize } from '../server/engines/duckdbThreadPool';
import type { CommandMessage, ReadyMessage, ReplyMessage } from './childProtocol';

// Runner side of the child-process protocol: start a server script under tsx, wait for its
// URL, send it commands, stop it.

export interface BenchChild {
  url: string;
  call: <T = unknown>(command: string, args?: unknown) => Promise<T>;
  stop: () => Promise<void>;
}

const START_TIMEOUT_MS = 120_000;

function waitForReady(child: ChildProcess, script: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} did not start in ${START_TIMEOUT_MS / 1000} s.`)),
      START_TIMEOUT_MS,
    );
    child.on('message', (message: ReadyMessage) => {
      if (message?.type !== 'ready') return;
      clearTimeout(timer);
      resolve(message.url);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with code ${code} before it was ready.`));
    });
  });
}

export async function startChild(script: string): Promise<BenchChild> {
  // The libuv pool sized as `npm start` sizes it (server/start.ts).
  const child = fork(script, [], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
    env: withThreadPoolSize(process.env, requestedQuerySlots(process.env)),
  });
  const url = await waitForReady(child, script);
  const pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (e: Error) => void }
  >();
  let nextId = 1;
  child.on('message', (message: ReplyMessage) => {
    if (message?.type !== 'reply') return;
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (message.ok) waiter?.resolve(message.value);
    else waiter?.reject(new Error(`${script}: ${message.error}`));
  });
  const call = <T>(command: string, args?: unknown) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      const message: CommandMessage = { type: 'command', id, command, args };
      child.send(message);
    });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await call('close').catch(() => undefined);
    child.disconnect();
    await exited;
  };
  return { url, call, stop };
}
