// `shoe wallet` at work (the verb: verbs/wallet.ts): the reference wallet (./wallet/start-wallet.ts) runs
// until Ctrl-C or a `restart` fault, which exits with RESTART_EXIT for whoever runs it to start it again
// (docs/operations.md, "The reference wallet and reconciliation"). A secret that is not set, a ledger that
// does not read back: one line, exit 2.
import { LOG_LEVELS, type LogLevel } from '../config/runtime-config.js';
import { OperatorError } from './operator-error.js';
import { processLogger } from './process-logger.js';
import { startWallet, type WalletSettings } from './wallet/start-wallet.js';
import { realClock } from '../adapters/clock/real-clock.js';

/** The status `shoe wallet` exits with on a `restart` fault (EX_TEMPFAIL: start it again). */
export const RESTART_EXIT = 75;

function logLevelFromEnv(): LogLevel {
  const level = process.env['LOG_LEVEL'] ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new OperatorError(`environment variable LOG_LEVEL: expected one of ${LOG_LEVELS.join(', ')}, got "${level}"`);
  return level as LogLevel;
}

export async function walletCommand(settings: WalletSettings): Promise<number> {
  const secret = process.env[settings.secretEnv];
  if (secret === undefined || secret === '') throw new OperatorError(`environment variable ${settings.secretEnv} is not set: it holds the secret the table's feed signs its transactions with (--secret-env names it)`);
  const logger = processLogger({ level: logLevelFromEnv() });
  let exit: (code: number) => void = () => {};
  const stopped = new Promise<number>((resolve) => (exit = resolve));
  const clock = realClock();
  const wallet = await startWallet(settings, {
    secret, logger, restart: () => exit(RESTART_EXIT),
    setTimer: (run, ms) => {
      const timer = clock.setTimeout(run, ms);
      return { cancel: () => clock.clearTimeout(timer) };
    },
  });
  const onSignal = () => exit(0);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const code = await stopped;
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  if (code === RESTART_EXIT) logger.warn({ code }, `fault injection: the wallet exits (status ${code}) as asked; start it again with the same --ledger: it reloads every transaction it answered`);
  await wallet.close();
  return code;
}
