// Commands and reads with the page's credential (Authorization: Bearer).
export async function postCommand(path, body, token) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, answer: await response.json() };
}

export async function getJson(path, token) {
  const response = await fetch(path, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, answer: await response.json() };
}
