// Commands and reads with the page's credential (Authorization: Bearer).

/** A refusal as the API sends it (docs/web-api.md, "Refusals"); a command's answer has `ok`. */
export interface Answer {
  readonly ok?: boolean;
  readonly refused?: string;
  readonly reason?: string;
  readonly code?: string;
  readonly params?: Readonly<Record<string, unknown>>;
  /** An accepted command's word on what the table did besides its facts (docs/web-api.md, "Commands"). */
  readonly note?: { readonly reason?: string; readonly code?: string; readonly params?: Readonly<Record<string, unknown>> };
}

export interface Reply<T> {
  readonly status: number;
  readonly answer: T;
}

export async function postCommand(path: string, body: unknown, token: string): Promise<Reply<Answer>> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, answer: await response.json() as Answer };
}

/** A read: the answer is `T` when the status is 200, else a refusal. */
export async function getJson<T>(path: string, token: string): Promise<Reply<Partial<T> & Answer>> {
  const response = await fetch(path, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, answer: await response.json() as Partial<T> & Answer };
}
