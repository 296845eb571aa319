// The reference wallet's HTTP server (`shoe wallet`; docs/operations.md, "The reference wallet and
// reconciliation"): POST /transactions for the settlement feed (./transaction-route.ts), GET /balances and
// GET /ledger for tests and integrators, and GET, POST and DELETE /faults, the fault injection's control.
// The control has no credential: the wallet is a tool for tests, listening on 127.0.0.1 unless told.
import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { applyFaultRequest } from '../../app/wallet/wallet-fault-spec.js';
import { refusalBody, walletReason } from '../../app/wallet/wallet-reasons.js';
import { answerJson, parseJson, readBody } from './http-answers.js';
import { transactionRoute, type TransactionRouteOptions } from './transaction-route.js';

export type WalletServerOptions = TransactionRouteOptions;

export interface WalletServer {
  readonly server: Server;
  /** Listens; resolves with the wallet's address (`http://host:port`). */
  listen(port: number, host: string): Promise<string>;
  /** Stops listening and drops every connection (a held call included). */
  close(): Promise<void>;
}

export function createWalletServer(options: WalletServerOptions): WalletServer {
  const server = createServer((req, res) => {
    route(req, res, options).catch((err: unknown) => {
      options.logger.error({ err }, 'the wallet failed to answer a request (a fault of the program, please report it)');
      if (!res.headersSent) answerJson(res, 500, { ok: false, reason: 'internal error' });
      else res.destroy();
    });
  });
  return {
    server,
    listen: (port, host) => new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        const address = server.address() as AddressInfo;
        resolve(`http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`);
      });
    }),
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

async function route(req: IncomingMessage, res: ServerResponse, options: WalletServerOptions): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://wallet').pathname;
  const method = req.method ?? 'GET';
  if (path === '/transactions' && method === 'POST') return transactionRoute(req, res, options);
  if (path === '/balances' && method === 'GET') {
    const { book } = options;
    return answerJson(res, 200, { currency: book.options.currency, openingBalance: book.options.openingBalance, balances: book.balances(), ...book.tally });
  }
  if (path === '/ledger' && method === 'GET') {
    // The lines written so far: appends are synchronous, so the file ends at a line's end here.
    const size = options.ledger.size;
    res.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'content-length': size });
    if (size === 0) res.end();
    else createReadStream(options.ledger.path, { start: 0, end: size - 1 }).pipe(res);
    return;
  }
  if (path === '/faults') return faultControl(req, res, method, options);
  await readBody(req);
  answerJson(res, 404, refusalBody(walletReason('noRoute', { method, path })));
}

async function faultControl(req: IncomingMessage, res: ServerResponse, method: string, options: WalletServerOptions): Promise<void> {
  const { faults, logger } = options;
  if (method === 'GET') return answerJson(res, 200, faults.view());
  if (method === 'DELETE') {
    faults.clear();
    logger.info('fault injection: every fault cleared');
    return answerJson(res, 200, faults.view());
  }
  if (method !== 'POST') return answerJson(res, 404, refusalBody(walletReason('noRoute', { method, path: '/faults' })));
  const body = await readBody(req);
  const parsed = body === null ? { error: 'too large' } : parseJson(body);
  const refused = 'error' in parsed ? walletReason('walletFaultRequest') : applyFaultRequest(faults, parsed.value);
  if (refused) return answerJson(res, 400, refusalBody(refused));
  logger.info({ request: (parsed as { value: unknown }).value }, 'fault injection: faults set');
  answerJson(res, 200, faults.view());
}
