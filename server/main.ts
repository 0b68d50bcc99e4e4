import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

// `npm start` / `npm run serve`: one process serving the API and the built web app.

function signInHelp(port: number, password: string | null): string {
  const root = `http://localhost:${port}`;
  const acme = `http://acme.localhost:${port}`;
  const passwordLine = password
    ? `  Password of every demo user: ${password}`
    : '  Password of every demo user: the DEMO_PASSWORD you set';
  return [
    '',
    `Brandboard is running.`,
    `  Platform (root host): ${root}   sign in as admin (platform administrator)`,
    `  Demo tenant Acme:     ${acme}/login   sign in as admin, editor or viewer`,
    passwordLine,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  const showPassword = config.demoPasswordGenerated && app.seededOnStart;
  console.log(signInHelp(config.port, showPassword ? config.demoPassword : null));
  if (config.demoPasswordGenerated && !app.seededOnStart) {
    console.log('  (The demo password was generated and printed at the first start.)\n');
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0));
    });
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
