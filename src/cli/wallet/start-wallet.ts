// The reference wallet put together (docs/operations.md, "The reference wallet and reconciliation"): its
// ledger opened and reloaded into its books, its faults from the SPEC with their seeded dice, its server
// listening. `shoe wallet` (../wallet-command.ts) runs it in the process; tests run it beside theirs.
import type { Logger } from 'pino';
import { mulberry32 } from '../../random/prng.js';
import { LedgerFile } from '../../adapters/wallet/ledger-file.js';
import { LedgerFormatError } from '../../app/wallet/ledger-entry.js';
import { reloadLedger } from '../../app/wallet/reload-ledger.js';
import { WalletBook } from '../../app/wallet/wallet-book.js';
import { applyWalletFaultSpec, type WalletFaultSpec } from '../../app/wallet/wallet-fault-spec.js';
import { WalletFaultPlan } from '../../app/wallet/wallet-faults.js';
import { OperatorError } from '../operator-error.js';
import { createWalletServer, type WalletServer } from './wallet-server.js';
import type { TransactionRouteOptions } from './transaction-route.js';

export interface WalletSettings {
  readonly port: number;
  readonly host: string;
  readonly ledger: string;
  readonly secretEnv: string;
  readonly openingBalance: number;
  readonly currency: string;
  readonly faults: WalletFaultSpec;
  readonly holdMs: number;
}

export interface WalletWorld {
  readonly secret: string;
  readonly logger: Logger;
  readonly setTimer: TransactionRouteOptions['setTimer'];
  /** The `restart` fault: the wallet's runner stops it and exits. */
  readonly restart: () => void;
}

export interface RunningWallet {
  readonly url: string;
  readonly book: WalletBook;
  readonly faults: WalletFaultPlan;
  readonly server: WalletServer;
  /** Stops the server and closes the ledger (once; again does nothing). */
  close(): Promise<void>;
}

export async function startWallet(settings: WalletSettings, world: WalletWorld): Promise<RunningWallet> {
  const { logger } = world;
  const book = new WalletBook({ openingBalance: settings.openingBalance, currency: settings.currency });
  const { file: ledger, contents } = LedgerFile.open(settings.ledger);
  try {
    try {
      reloadLedger(book, contents.lines);
    } catch (err) {
      if (err instanceof LedgerFormatError) throw new OperatorError(`${settings.ledger}:${err.line}: ${err.message}`);
      throw err;
    }
    if (contents.cutTail !== null) {
      logger.warn({ ledger: settings.ledger, cut: contents.cutTail.slice(0, 200) }, `the ledger ${settings.ledger} ended in a line cut short (the wallet stopped while writing it): cut off; that transaction was never answered, so the feed sends it again`);
    }
    const faults = new WalletFaultPlan(mulberry32(settings.faults.seed));
    applyWalletFaultSpec(faults, settings.faults);
    const server = createWalletServer({ book, ledger, faults, secret: world.secret, secretEnv: settings.secretEnv, logger, holdMs: settings.holdMs, setTimer: world.setTimer, restart: world.restart });
    const url = await server.listen(settings.port, settings.host);
    const { applied } = book.tally;
    logger.info({ url, ledger: settings.ledger, transactions: applied, players: Object.keys(book.balances()).length, currency: settings.currency },
      `wallet listening at ${url}: the feed POSTs to ${url}/transactions; ${applied} transactions reloaded from ${settings.ledger}`);
    let closed = false;
    return {
      url, book, faults, server,
      close: async () => {
        if (closed) return;
        closed = true;
        await server.close();
        ledger.close();
      },
    };
  } catch (err) {
    ledger.close();
    throw err;
  }
}
