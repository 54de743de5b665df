// The public API of the server (issue 18), and nothing else. Every response
// is normalised here so the pages do not depend on the exact field names.
import { lang } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, code, message) { super(message || code || `HTTP ${status}`); this.status = status; this.code = code; }
}

async function call(method, path, { token, body } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const sep = path.includes("?") ? "&" : "?";
  const res = await fetch(`${path}${sep}lang=${lang()}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) {
    const detail = data && (data.detail ?? data.error ?? data);
    const code = detail && typeof detail === "object" ? detail.code : undefined;
    const message = detail && typeof detail === "object" ? (detail.message || detail.msg) : detail;
    throw new ApiError(res.status, code, typeof message === "string" ? message : undefined);
  }
  return data;
}

export const api = {
  games: () => call("GET", "/api/games"),
  tables: () => call("GET", "/api/tables"),
  table: (id) => call("GET", `/api/tables/${encodeURIComponent(id)}`),
  create: (body) => call("POST", "/api/tables", { body }),
  join: (id, seat, body, token) => call("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/join`, { body, token }),
  leave: (id, seat, token) => call("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/leave`, { token }),
  view: async (id, token) => normaliseView(await call("GET", `/api/tables/${encodeURIComponent(id)}/view`, { token })),
  move: (id, token, after, action) => call("POST", `/api/tables/${encodeURIComponent(id)}/moves`, { token, body: { after, action } }),
  undo: (id, token, after) => call("POST", `/api/tables/${encodeURIComponent(id)}/undo`, { token, body: { after } }),
  record: (id) => call("GET", `/api/tables/${encodeURIComponent(id)}/record`),
};

/** The view in one shape: {state, seat, observation, legal:[{action,text}], canUndo, events:[{text}], toMove, over, result, clocks}. */
export function normaliseView(raw) {
  const v = raw || {};
  const legal = (v.legal ?? v.legal_actions ?? v.actions ?? []).map((item) =>
    item && typeof item === "object" && "action" in item ? { action: item.action, text: item.text ?? item.description ?? "" } : { action: item, text: "" });
  const events = (v.events ?? v.recent_events ?? []).map((e) => (typeof e === "string" ? { text: e } : { ...e, text: e.text ?? e.description ?? e.key ?? "" }));
  return {
    raw: v,
    state: v.state ?? v.state_number ?? v.seq ?? 0,
    seat: v.seat ?? null,
    observation: v.observation ?? v.obs ?? {},
    legal,
    canUndo: Boolean(v.can_undo),
    events,
    toMove: v.to_move ?? v.current_player ?? v.current ?? null,
    over: Boolean(v.over ?? v.is_over ?? v.finished ?? (v.status === "finished")),
    result: v.result ?? null,
    clocks: v.clocks ?? v.clock ?? null,
  };
}

// -- seat tokens kept in this browser (hot-seat keeps several per table) -----
const KEY = "gameshelf.seats";
function allTokens() { try { return JSON.parse(localStorage.getItem(KEY) || "{}"); } catch { return {}; } }
export function tokensFor(tableId) { return allTokens()[tableId] || {}; }
/** Every table this browser holds a seat token of, oldest saved first. */
export function allTableIds() { return Object.keys(allTokens()); }
export function saveToken(tableId, seat, token) {
  const all = allTokens();
  all[tableId] = { ...(all[tableId] || {}), [seat]: token };
  localStorage.setItem(KEY, JSON.stringify(all));
}
