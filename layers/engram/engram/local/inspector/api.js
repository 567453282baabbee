// The public HTTP API, called as the chosen user with a local `dev:<user>` token (ENGRAM_STAGE=local).
let currentUser = "";

export function setUser(user) { currentUser = user; }
export function getUser() { return currentUser; }

export class ApiError extends Error {
  constructor(status, body) {
    const detail = body && body.error ? `${body.error.code}: ${body.error.message}` : `HTTP ${status}`;
    super(detail);
    this.status = status;
  }
}

export async function api(method, path, body) {
  const headers = { Authorization: `Bearer dev:${currentUser}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

export function query(params) {
  const kept = Object.entries(params).filter(([, v]) => v !== "" && v !== null && v !== undefined);
  return kept.length ? "?" + new URLSearchParams(kept).toString() : "";
}
