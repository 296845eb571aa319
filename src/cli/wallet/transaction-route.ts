// POST /transactions: the reference wallet receiving the settlement feed (docs/operations.md, "The
// reference wallet and reconciliation"; the sender's contract: docs/web-api.md, "Settlement feed"). In
// order: the fault this call meets (an error or a timeout answers before anything is looked at), the
// signature of the exact body bytes (401), the body (400), the Idempotency-Key (400), then the books: a new
// transaction is written to the ledger and fsynced, then applied and answered 200; a repeat gets the first
// answer (200, `Idempotent-Replayed: true`); the same id with another body 409; another currency 422.
// A `lose` or `restart` fault applies the call, then drops the answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { SIGNATURE_HEADER, signatureVerifies } from '../../adapters/wallet/table-signature.js';
import type { LedgerFile } from '../../adapters/wallet/ledger-file.js';
import { checkTransaction } from '../../app/wallet/ledger-transaction.js';
import type { WalletBook } from '../../app/wallet/wallet-book.js';
import { DEFAULT_ERROR_STATUS, type Fault, type WalletFaultPlan } from '../../app/wallet/wallet-faults.js';
import { refusalBody, walletReason, type WalletReason } from '../../app/wallet/wallet-reasons.js';
import { answerJson, parseJson, readBody } from './http-answers.js';

export interface TransactionRouteOptions {
  readonly book: WalletBook;
  readonly ledger: LedgerFile;
  readonly faults: WalletFaultPlan;
  readonly secret: string;
  /** The name of the environment variable the secret came from, for the operator's words. */
  readonly secretEnv: string;
  readonly logger: Logger;
  /** How long a `timeout` fault holds a call before answering 504 (when the client is still there). */
  readonly holdMs: number;
  readonly setTimer: (run: () => void, ms: number) => { cancel(): void };
  /** The `restart` fault: the process exits (after this call's connection is dropped). */
  readonly restart: () => void;
}

type Outcome = { readonly status: number; readonly body: unknown; readonly headers?: Readonly<Record<string, string>> };

export async function transactionRoute(req: IncomingMessage, res: ServerResponse, options: TransactionRouteOptions): Promise<void> {
  const { faults, logger } = options;
  const body = await readBody(req);
  const fault = faults.nextCall();
  if (fault?.kind === 'error') {
    const status = fault.status ?? DEFAULT_ERROR_STATUS;
    logger.info({ fault: fault.kind, status }, `fault injection: a transaction call answered ${status} and not applied`);
    return answerJson(res, status, refusalBody(walletReason('walletInjected')));
  }
  if (fault?.kind === 'timeout') return hold(res, options);
  const outcome = body === null ? refused(options, 413, walletReason('bodyTooLarge')) : receive(req, body, options);
  if (fault !== null) return dropAnswer(res, fault, outcome, options);
  answerJson(res, outcome.status, outcome.body, outcome.headers);
}

function hold(res: ServerResponse, options: TransactionRouteOptions): void {
  options.logger.info({ fault: 'timeout', ms: options.holdMs }, `fault injection: a transaction call held ${options.holdMs} ms and not applied`);
  const timer = options.setTimer(() => answerJson(res, 504, refusalBody(walletReason('walletHeld', { ms: String(options.holdMs) }))), options.holdMs);
  res.on('close', () => timer.cancel());
}

function dropAnswer(res: ServerResponse, fault: Fault, outcome: Outcome, options: TransactionRouteOptions): void {
  const id = (outcome.body as { id?: unknown }).id;
  options.logger.info({ fault: fault.kind, status: outcome.status, id }, fault.kind === 'restart'
    ? `fault injection: a transaction call done (${outcome.status}), then the wallet exits without answering (start it again: it reloads its ledger)`
    : `fault injection: a transaction call done (${outcome.status}), then its connection dropped without an answer`);
  res.socket?.destroy();
  if (fault.kind === 'restart') options.restart();
}

function refused(options: TransactionRouteOptions, status: number, reason: WalletReason): Outcome {
  options.book.noteRefused();
  return { status, body: refusalBody(reason) };
}

function receive(req: IncomingMessage, body: Buffer, options: TransactionRouteOptions): Outcome {
  const { book, logger } = options;
  const signature = req.headers[SIGNATURE_HEADER];
  if (typeof signature !== 'string') {
    logger.warn({ path: req.url }, 'a transaction came without an X-Table-Signature header: refused 401; the feed signs every body, so this is not the table\'s feed, or a proxy strips the header');
    return refused(options, 401, walletReason('walletNoSignature'));
  }
  if (!signatureVerifies(options.secret, body, signature)) {
    logger.warn({ path: req.url }, `a transaction's signature does not verify: refused 401; give the table and this wallet the same secret (this wallet reads $${options.secretEnv})`);
    return refused(options, 401, walletReason('walletBadSignature'));
  }
  const parsed = parseJson(body);
  if ('error' in parsed) return refused(options, 400, walletReason('walletNotJson', { error: parsed.error }));
  const checked = checkTransaction(parsed.value);
  if ('reason' in checked) return refused(options, 400, checked.reason);
  const { transaction } = checked;
  const key = req.headers['idempotency-key'];
  if (typeof key !== 'string') return refused(options, 400, walletReason('walletNoKey'));
  if (key !== transaction.id) return refused(options, 400, walletReason('walletKeyMismatch', { key, id: transaction.id }));
  const receipt = book.receive(transaction);
  switch (receipt.kind) {
    case 'duplicate':
      logger.info({ id: transaction.id }, `transaction ${transaction.id} again: answered as the first time, nothing moved`);
      return { status: 200, body: receipt.answer, headers: { 'idempotent-replayed': 'true' } };
    case 'conflict':
      logger.warn({ id: transaction.id }, `transaction ${transaction.id} came again with another body: refused 409; the table's log and this ledger disagree: run \`shoe reconcile\` on the table's log and this ledger`);
      return { status: 409, body: refusalBody(receipt.reason) };
    case 'refused':
      logger.warn({ id: transaction.id, currency: transaction.currency }, `transaction ${transaction.id} is in ${transaction.currency}, this wallet keeps ${book.options.currency}: refused 422; start the wallet with the table's currency (--currency)`);
      return { status: 422, body: refusalBody(receipt.reason) };
    case 'new':
      try {
        options.ledger.append(JSON.stringify(transaction));
      } catch (err) {
        const error = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
        logger.error({ id: transaction.id, ledger: options.ledger.path, error }, `the ledger ${options.ledger.path} cannot be written (${error}): transaction ${transaction.id} not applied, answered 503 (the feed retries it); free disk space or make the file writable`);
        return { status: 503, body: refusalBody(walletReason('walletLedgerUnwritable', { error })) };
      }
      logger.debug({ id: transaction.id, player: transaction.player }, `transaction ${transaction.id} applied`);
      return { status: 200, body: receipt.apply() };
  }
}
