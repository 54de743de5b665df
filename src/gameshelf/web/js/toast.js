// The toast: one short message at the foot of the page (errors from the
// server, "copied", …), for every page. Its own module so that pages can show
// one without importing app.js, which imports the pages (no import circle).

let timer = null;

/** Show `message` for four seconds; `kind` "error" colours it as a failure. */
export function toast(message, kind = "info") {
  const el = document.getElementById("toast");
  if (!el) return;
  el.className = `toast-${kind} show`;
  el.textContent = message;
  clearTimeout(timer);
  timer = setTimeout(() => {
    el.className = "";
  }, 4000);
}
