// The public API of the server (issue 18), and nothing else. A view is used
// as the server declares it (schemas.View in /openapi.json): no field is
// renamed or guessed here.
import { lang } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message || code || `HTTP ${status}`);
    this.status = status;
    this.code = code;
  }
}

async function call(method, path, { token, body } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const sep = path.includes("?") ? "&" : "?";
  const res = await fetch(`${path}${sep}lang=${lang()}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const detail = data && (data.detail ?? data.error ?? data);
    const code = detail && typeof detail === "object" ? detail.code : undefined;
    const message = detail && typeof detail === "object" ? detail.message || detail.msg : detail;
    throw new ApiError(res.status, code, typeof message === "string" ? message : undefined);
  }
  return data;
}

export const api = {
  games: () => call("GET", "/api/games"),
  tables: () => call("GET", "/api/tables"),
  table: (id) => call("GET", `/api/tables/${encodeURIComponent(id)}`),
  create: (body) => call("POST", "/api/tables", { body }),
  join: (id, seat, body, token) =>
    call("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/join`, { body, token }),
  leave: (id, seat, token) =>
    call("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/leave`, { token }),
  view: (id, token) => call("GET", `/api/tables/${encodeURIComponent(id)}/view`, { token }),
  move: (id, token, after, action) =>
    call("POST", `/api/tables/${encodeURIComponent(id)}/moves`, { token, body: { after, action } }),
  undo: (id, token, after) =>
    call("POST", `/api/tables/${encodeURIComponent(id)}/undo`, { token, body: { after } }),
  record: (id) => call("GET", `/api/tables/${encodeURIComponent(id)}/record`),
  hint: (id, token, after) =>
    call("POST", `/api/tables/${encodeURIComponent(id)}/hint`, { token, body: { after } }),
};

// -- seat tokens kept in this browser (hot-seat keeps several per table) -----
const KEY = "gameshelf.seats";
function allTokens() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
}
export function tokensFor(tableId) {
  return allTokens()[tableId] || {};
}
/** Every table this browser holds a seat token of, oldest saved first. */
export function allTableIds() {
  return Object.keys(allTokens());
}
export function saveToken(tableId, seat, token) {
  const all = allTokens();
  all[tableId] = { ...(all[tableId] || {}), [seat]: token };
  localStorage.setItem(KEY, JSON.stringify(all));
}
