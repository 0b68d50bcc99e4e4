// The message protocol between the benchmark runner and the servers it starts as child
// processes (so the load generator never shares an event loop with the server it measures).

export interface ReadyMessage {
  type: 'ready';
  url: string;
}

export interface CommandMessage {
  type: 'command';
  id: number;
  command: string;
  args?: unknown;
}

export interface ReplyMessage {
  type: 'reply';
  id: number;
  ok: boolean;
  value?: unknown;
  error?: string;
}

export type CommandHandlers = Record<string, (args: unknown) => unknown | Promise<unknown>>;

function send(message: ReadyMessage | ReplyMessage): void {
  if (!process.send) throw new Error('Run this script as a child process of bench/run.ts.');
  process.send(message);
}

/** Child side: tells the runner where the server listens. */
export function announceReady(url: string): void {
  send({ type: 'ready', url });
}

/** Child side: answers the runner's commands with the handlers' results. */
export function serveCommands(handlers: CommandHandlers): void {
  process.on('message', async (message: CommandMessage) => {
    if (message?.type !== 'command') return;
    const handler = handlers[message.command];
    try {
      if (!handler) throw new Error(`Unknown command "${message.command}".`);
      const value = await handler(message.args);
      send({ type: 'reply', id: message.id, ok: true, value });
    } catch (error) {
      send({ type: 'reply', id: message.id, ok: false, error: String(error) });
    }
  });
  // The runner going away ends the child too.
  process.on('disconnect', () => process.exit(0));
}
